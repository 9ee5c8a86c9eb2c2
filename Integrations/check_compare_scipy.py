#!/usr/bin/env python3
"""Cross-checks `navrec compare`'s statistics against SciPy (Docs/comparing-builds.md).

Writes two `navrec analyze`-shaped JSON-lines files with synthetic metric values (groups sized for
the exact distribution, for the normal approximation with and without ties, shifted ones, mostly-zero
ones, and groups over several device models and OSs with different levels and mixes), runs
`navrec compare BASE HEAD --format json --with-values --min-sessions 1`, and re-computes from the
values navrec dumps, for every row (a group's, and each stratum's own):
  - median, one stratum: U and the two-sided p-value with scipy.stats.mannwhitneyu(head, base) using
    the method navrec names ('exact' -> method='exact', 'normal' -> method='asymptotic',
    use_continuity=True); 'exact-ties' (exact given the ties) with scipy.stats.permutation_test of U,
    permutation_type='independent', n_resamples=np.inf (every split) where there are at most 200,000
    splits, else by enumerating how many of each tie group the head holds (exact integers, every
    composition, where there are at most 10^6), else permutation_test with 200,000 random splits
    (within 5 standard errors); Tarone's smallest attainable p of 'exact-ties' in closed form (the
    head holding the largest values: 2 C(t, r) / C(m + n, n), r of the boundary's tie group of t);
    the Hodges-Lehmann shift as numpy's median of every head - base difference;
    the interval's ends as the sorted differences at the critical value c, where c comes from SciPy:
    the largest u with P(U <= u) <= alpha/2, P read from mannwhitneyu(alternative='less',
    method='exact') on data arranged to have U = u (exact), or from scipy.stats.norm (normal);
  - median, several strata (van Elteren): each stratum's U from scipy.stats.mannwhitneyu, its tie
    counts from numpy.unique, z and p from scipy.stats.norm; the shift as the strata's numpy medians
    of differences weighted by size;
  - mean, one stratum: Welch's t, p and the confidence interval from scipy.stats.ttest_ind(head, base,
    equal_var=False) and its confidence_interval(); several strata: the size-weighted difference, its
    variance and Welch-Satterthwaite degrees of freedom, p and interval from scipy.stats.t;
  - share of sessions above 0, one stratum: scipy.stats.fisher_exact; several: the Cochran-Mantel-
    Haenszel statistic without continuity correction and scipy.stats.chi2 (and statsmodels'
    StratifiedTable.test_null_odds(correction=False) when statsmodels is installed);
  - the adjusted p-values of every test of the run, hierarchical (Benjamini-Bogomolov): each group x
    metric a family, its Simes p the smallest of scipy.stats.false_discovery_control within it,
    false_discovery_control across the families' Simes p-values (R of M at or below alpha), and
    each test's adjusted p max(its family's q, its within-family q * M / R).
Exits 1 on any disagreement beyond 1e-9 relative (1e-6 for p-values), printing each.

  python3 Integrations/check_compare_scipy.py --navrec .build/debug/navrec
"""
import argparse
import json
from fractions import Fraction
from math import comb
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from scipy import stats

METRICS = ["hitchTimeRatio", "overrunP50", "overrunP90", "overrunP99", "hangsPerMinute",
           "flappingEpisodesPerMinute", "flappingTogglesPerMinute", "titleDisagreementPerMinute",
           "jitterFindingsPerMinute", "gapFraction"]

# (screen, base size, head size, kind, head shift); one device and OS
GROUPS = [("exact-small", 6, 9, "continuous", 0.0), ("exact-shifted", 12, 10, "continuous", 2.5),
          ("exact-limit", 50, 50, "continuous", 0.3), ("ties", 60, 70, "integers", 0.0),
          ("ties-shifted", 45, 40, "integers", 1.0), ("normal", 300, 280, "continuous", 0.0),
          ("normal-shifted", 120, 150, "continuous", 0.8), ("zeros", 40, 40, "zeros", 0.0),
          ("zeros-minority", 60, 60, "zeros", 0.3), ("ties-small", 7, 9, "integers", 1.0),
          ("zeros-small", 10, 9, "zeros", 0.4), ("one-above-zero", 50, 50, "one", 1.0),
          ("sparse", 50, 60, "sparse", 0.04)]
# (screen, kind, [(device, os, base size, head size, level, head shift)]): stratified groups, the
# strata at different levels and in different mixes on the two sides; one stratum with one session
# on a side (left out of the group's tests).
STRATIFIED = [
    ("strata-mix", "continuous", [("iPhone12,1", "iOS 17.5", 8, 40, 4.0, 0.0), ("iPhone16,1", "iOS 18.2", 40, 8, 0.0, 0.0),
                                  ("iPhone15,2", "iOS 18.1", 20, 20, 1.0, 0.0)]),
    ("strata-one-device", "integers", [("iPhone12,1", "iOS 17.5", 15, 15, 2.0, 1.5), ("iPhone14,5", "iOS 17.5", 15, 16, 1.0, 0.0),
                                       ("iPhone15,2", "iOS 18.1", 14, 15, 0.0, 0.0), ("iPhone16,1", "iOS 18.2", 1, 12, 0.0, 0.0)]),
    ("strata-zeros", "zeros", [("iPhone12,1", "iOS 17.5", 30, 25, 0.0, 0.3), ("iPhone14,5", "iOS 17.5", 25, 30, 0.0, 0.0),
                               ("iPhone14,5", "iOS 18.1", 10, 12, 0.0, 0.2)]),
]


def values(rng, kind, count, shift, level=0.0):
    if kind == "integers":
        return [float(rng.randint(0, 5) + level + (1 if shift and rng.random() < shift / 2 else 0)) for _ in range(count)]
    if kind == "one":
        # Issue 35's heavy ties: one session above 0 on the shifted side (the head), none on the other.
        return [0.0] * (count - 1) + [1.5] if shift else [0.0] * count
    if kind == "sparse":
        # A few sessions above 0 (2 %, the head 2 % + shift), some of them at the same value.
        return [float(rng.choice([1, 2, 2, 3.5])) if rng.random() < 0.02 + shift else 0.0 for _ in range(count)]
    if kind == "zeros":
        # Mostly zeros, as per-session event rates are; `shift` more sessions above 0 on the head.
        return [round(rng.expovariate(0.2) + level, 6) if rng.random() < 0.1 + shift else 0.0 for _ in range(count)]
    return [round(rng.gauss(5 + level + shift, 2), 6) for _ in range(count)]


def write_side(path, rng, side):
    with open(path, "w") as out:
        def write(screen, count, kind, shift, device, os_name, level):
            columns = {m: values(rng, kind, count, shift if side == "head" else 0.0, level) for m in METRICS}
            for i in range(count):
                line = {"id": f"{side}-{screen}-{device}-{os_name}-{i}", "app": "Check", "screen": screen,
                        "device": device, "os": os_name, "behaviors": ["largeTitle"], "error": None}
                line.update({m: columns[m][i] for m in METRICS})
                out.write(json.dumps(line) + "\n")
        for screen, base_n, head_n, kind, shift in GROUPS:
            write(screen, base_n if side == "base" else head_n, kind, shift, "iPhone15,2", "iOS 18.1", 0.0)
        for screen, kind, strata in STRATIFIED:
            for device, os_name, base_n, head_n, level, shift in strata:
                write(screen, base_n if side == "base" else head_n, kind, shift, device, os_name, level)


def exact_cdf(u, m, n):
    """P(U <= u) for the U of an m-sample against an n-sample, from SciPy's exact distribution."""
    # y = 0..n-1; each x sits just above k of them, so U(x) = sum of the k.
    ks, left = [], u
    for _ in range(m):
        k = min(n, left)
        ks.append(k)
        left -= k
    x = [k - 0.5 for k in ks]
    y = list(range(n))
    return stats.mannwhitneyu(x, y, alternative="less", method="exact").pvalue


def critical_value(m, n, alpha, method):
    if method == "exact":
        # P(U <= u) grows with u: bisect for the last u at or below alpha / 2.
        low, high = -1, m * n
        while low < high:
            middle = (low + high + 1) // 2
            if exact_cdf(middle, m, n) <= alpha / 2:
                low = middle
            else:
                high = middle - 1
        return low if low >= 0 else None
    sigma = (m * n * (m + n + 1) / 12) ** 0.5
    c = int(np.floor(m * n / 2 - 0.5 - stats.norm.isf(alpha / 2) * sigma))
    return c if c >= 0 else None


def van_elteren(strata, with_z=False):
    """Van Elteren's stratified Wilcoxon test: two-sided p (and z), normal, tie-corrected."""
    statistic = variance = 0.0
    for x, y in strata:
        m, n = len(x), len(y)
        size = m + n
        u = float(stats.mannwhitneyu(y, x).statistic)
        _, counts = np.unique(np.concatenate([x, y]), return_counts=True)
        ties = float(np.sum(counts.astype(float) ** 3 - counts))
        weight = 1 / (size + 1)
        statistic += weight * (u - m * n / 2)
        variance += weight ** 2 * m * n / 12 * ((size + 1) - ties / (size * (size - 1)))
    z = statistic / variance ** 0.5 if variance > 0 else 0.0
    p = float(2 * stats.norm.sf(abs(z))) if variance > 0 else 1.0
    return (p, z) if with_z else p


def mann_whitney_p(x, y, method):
    if len(np.unique(np.concatenate([x, y]))) == 1:
        return 1.0
    return float(stats.mannwhitneyu(y, x, method="exact" if method == "exact" else "asymptotic", use_continuity=True).pvalue)


def u_statistic(y, x, axis=-1):
    return stats.mannwhitneyu(y, x, axis=axis).statistic


def twice_u_counts(x, y, limit=10**6):
    """The head's 2U given the ties, {2U: number of splits}, by enumerating how many of each tie group
    the head holds (C(t_1, c_1) ... C(t_G, c_G) splits each; exact integers); None past `limit` compositions."""
    values, counts = np.unique(np.concatenate([x, y]), return_counts=True)
    groups = [int(c) for c in counts]
    m, n = len(x), len(y)
    if np.prod([min(t, n) + 1.0 for t in groups]) > limit:
        return None
    rest = [sum(groups[g:]) for g in range(len(groups) + 1)]
    distribution = {}

    def visit(g, taken, before, twice_u, ways):
        if g == len(groups):
            distribution[twice_u] = distribution.get(twice_u, 0) + ways
            return
        t = groups[g]
        # Each head value of the group is above the base values before it and ties with the group's others.
        for c in range(max(0, n - taken - rest[g + 1]), min(t, n - taken) + 1):
            visit(g + 1, taken + c, before + t, twice_u + c * (2 * (before - taken) + (t - c)), ways * comb(t, c))
    visit(0, 0, 0, 0, 1)
    assert sum(distribution.values()) == comb(m + n, n), "every split counted once"
    return distribution


def two_sided(distribution, observed):
    """min(1, 2 min(P(X <= observed), P(X >= observed))) of {value: count}, exact up to the last division."""
    total = sum(distribution.values())
    at_most = sum(count for value, count in distribution.items() if value <= observed)
    at_least = sum(count for value, count in distribution.items() if value >= observed)
    return min(1.0, 2 * min(at_most, at_least) / total)


def compositions_p(x, y, limit=10**6):
    """The exact two-sided p of the head's U given the ties (twice_u_counts); None past `limit` compositions."""
    distribution = twice_u_counts(x, y, limit)
    return None if distribution is None else two_sided(distribution, int(round(2 * float(u_statistic(y, x)))))


def exact_ties_p(x, y, seed):
    """Navrec's 'exact-ties' p recomputed: (p, tolerance, how)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if comb(len(x) + len(y), len(y)) <= 200_000:
        test = stats.permutation_test((y, x), u_statistic, permutation_type="independent", n_resamples=np.inf, vectorized=True)
        return float(test.pvalue), 1e-9, "permutation_test, every split"
    p = compositions_p(x, y)
    if p is not None:
        return p, 1e-9, "every composition of the tie groups"
    resamples = 200_000
    test = stats.permutation_test((y, x), u_statistic, permutation_type="independent", n_resamples=resamples,
                                  vectorized=True, rng=np.random.default_rng(seed))
    p = float(test.pvalue)
    return p, 5 * (max(p * (1 - p), 1 / resamples) / resamples) ** 0.5 + 2 / resamples, "permutation_test, random splits"


def extreme_splits(x, y):
    """For the head holding the largest and the smallest values: the share of splits that reach
    that U: only those with r of the boundary's t tied values in the head, C(t, r) / C(m + n, n)."""
    pooled = np.sort(np.concatenate([x, y]))
    n, total = len(y), len(pooled)
    shares = []
    for part, boundary in ((pooled[total - n:], pooled[total - n]), (pooled[:n], pooled[n - 1])):
        t, r = int(np.sum(pooled == boundary)), int(np.sum(part == boundary))
        shares.append(Fraction(comb(t, r), comb(total, n)))
    return shares


def exact_ties_min_p(x, y):
    """Tarone's smallest attainable p of the test given the ties (the head holding the largest or the
    smallest values), in closed form."""
    return float(min(1, 2 * min(extreme_splits(x, y))))


def min_attainable(strata, test):
    """Tarone's rule: the smallest p the test gives with each stratum's pooled values rearranged so
    that the head holds its largest (or smallest), the sides' sizes kept."""
    best = 1.0
    for head_highest in (True, False):
        arranged = []
        for x, y in strata:
            pooled = np.sort(np.concatenate([x, y]))
            split = len(x) if head_highest else len(y)
            low, high = pooled[:split], pooled[split:]
            arranged.append((low, high) if head_highest else (high, low))
        best = min(best, test(arranged))
    return best


def cmh(tables, parts=False, correction=0.0):
    """Cochran-Mantel-Haenszel p (continuity correction `correction`, capped at |O - E| as R's mantelhaen.test);
    tables [[head above 0, head at 0], [base above 0, base at 0]] per stratum."""
    observed = expected = variance = 0.0
    for (a, b), (c, d) in tables:
        n = a + b + c + d
        if n < 2:
            continue
        observed += a
        expected += (a + b) * (a + c) / n
        variance += (a + b) * (c + d) * (a + c) * (b + d) / (n * n * (n - 1))
    statistic = max(0.0, abs(observed - expected) - correction) ** 2 / variance if variance > 0 else 0.0
    p = float(stats.chi2.sf(statistic, 1)) if variance > 0 else 1.0
    return (p, observed, expected, variance) if parts else p


def close(a, b, rtol):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= rtol * max(1.0, abs(a), abs(b))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as work:
        base, head = Path(work, "base.jsonl"), Path(work, "head.jsonl")
        write_side(base, rng, "base")
        write_side(head, rng, "head")
        run = subprocess.run([args.navrec, "compare", str(base), str(head), "--format", "json", "--with-values",
                              "--min-sessions", "1"], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
            sys.exit(f"navrec compare exited {run.returncode}")
        report = json.loads(run.stdout)
    alpha = 1 - report["confidence"]
    confidence = report["confidence"]
    problems, checked, methods, kinds, tied_checks = [], 0, set(), set(), {}
    tested = []  # (row, key of p, key of adjusted p)

    def corrected(r, key, adjusted_key, informative):
        # Tests whose pooled values are all alike (p = 1 whatever the sides) stay out of the correction.
        if informative and r["p"] is not None:
            tested.append((r, key, adjusted_key))
        elif r[adjusted_key] is not None:
            problems.append(f'{r["group"]} {r["metric"]}: {adjusted_key} {r[adjusted_key]} for a test without information')
    for r in report["results"]:
        where = f'{r["group"]} {r["metric"]}'
        strata = [(np.array(s["baseValues"]), np.array(s["headValues"])) for s in r["strataValues"]]
        if len(strata) > 1:
            kinds.add("van-elteren")
            total = sum(len(x) + len(y) for x, y in strata)
            shift = sum((len(x) + len(y)) / total * float(np.median(np.subtract.outer(y, x).ravel())) for x, y in strata)
            if not close(r["shift"], shift, 1e-9):
                problems.append(f"{where}: stratified shift {r['shift']} vs numpy {shift}")
            if r["p"] is not None:
                p, z = van_elteren(strata, with_z=True)
                checked += 1
                if not close(r["z"], z, 1e-9) or not close(r["p"], p, 1e-6):
                    problems.append(f"{where}: van Elteren z {r['z']} p {r['p']} vs SciPy {z} {p}")
                corrected(r, "p", "adjustedP", len(np.unique(np.concatenate([np.concatenate(s) for s in strata]))) > 1
                          and min_attainable(strata, van_elteren) <= alpha)
        else:
            x, y = strata[0]
            differences = np.sort(np.subtract.outer(y, x).ravel())
            if len(differences) and not close(r["shift"], float(np.median(differences)), 1e-9):
                problems.append(f"{where}: shift {r['shift']} vs numpy {np.median(differences)}")
            if r["p"] is not None:
                checked += 1
                methods.add(r["method"])
                scipy_method = "exact" if r["method"] == "exact" else "asymptotic"
                test = stats.mannwhitneyu(y, x, method=scipy_method, use_continuity=True)
                if not close(r["u"], float(test.statistic), 1e-9):
                    problems.append(f"{where}: U {r['u']} vs SciPy {test.statistic}")
                if r["method"] == "exact-ties":
                    p, tolerance, how = exact_ties_p(x, y, seed=checked)
                    tied_checks[how] = tied_checks.get(how, 0) + 1
                    if abs(r["p"] - p) > tolerance:
                        problems.append(f"{where}: p {r['p']} (exact-ties) vs {p} ({how}, tolerance {tolerance:.2g})")
                elif not close(r["p"], float(test.pvalue), 1e-6):
                    problems.append(f"{where}: p {r['p']} ({r['method']}) vs SciPy {test.pvalue}")
                c = critical_value(len(x), len(y), alpha, r["method"])
                low = None if c is None else float(differences[c])
                high = None if c is None else float(differences[len(differences) - 1 - c])
                if not (close(r["shiftLow"], low, 1e-9) and close(r["shiftHigh"], high, 1e-9)):
                    problems.append(f"{where}: interval [{r['shiftLow']}, {r['shiftHigh']}] vs [{low}, {high}] (c = {c})")
                smallest = exact_ties_min_p(x, y) if r["method"] == "exact-ties" else \
                    min_attainable(strata, lambda s: mann_whitney_p(s[0][0], s[0][1], r["method"]))
                corrected(r, "p", "adjustedP", len(np.unique(np.concatenate([x, y]))) > 1 and smallest <= alpha)
        # The mean: Welch within strata.
        if r["meanP"] is not None and r["p"] is not None:
            checked += 1
            if len(strata) == 1:
                kinds.add("welch")
                x, y = strata[0]
                test = stats.ttest_ind(y, x, equal_var=False)
                interval = test.confidence_interval(confidence)
                expected = (float(np.mean(y) - np.mean(x)), float(interval.low), float(interval.high), float(test.pvalue),
                            float(test.statistic), float(test.df))
            else:
                kinds.add("welch-strata")
                total = sum(len(x) + len(y) for x, y in strata)
                shift = variance = denominator = 0.0
                for x, y in strata:
                    w = (len(x) + len(y)) / total
                    shift += w * (np.mean(y) - np.mean(x))
                    tx, ty = w * w * np.var(x, ddof=1) / len(x), w * w * np.var(y, ddof=1) / len(y)
                    variance += tx + ty
                    denominator += tx * tx / (len(x) - 1) + ty * ty / (len(y) - 1)
                df = variance ** 2 / denominator
                q = stats.t.isf(alpha / 2, df)
                expected = (float(shift), float(shift - q * variance ** 0.5), float(shift + q * variance ** 0.5),
                            float(2 * stats.t.sf(abs(shift) / variance ** 0.5, df)), float(shift / variance ** 0.5), float(df))
            got = (r["meanShift"], r["meanLow"], r["meanHigh"], r["meanP"], r["meanT"], r["meanDF"])
            tolerances = (1e-9, 1e-7, 1e-7, 1e-6, 1e-9, 1e-9)
            if not all(close(a, b, t) for a, b, t in zip(got, expected, tolerances)):
                problems.append(f"{where}: mean (shift, low, high, p, t, df) {got} vs SciPy {expected}")
        # The share of sessions above 0: Fisher, or Cochran-Mantel-Haenszel across strata.
        if r["shareP"] is not None and r["p"] is not None:
            checked += 1
            tables = [[[int(np.sum(y > 0)), int(np.sum(y <= 0))], [int(np.sum(x > 0)), int(np.sum(x <= 0))]] for x, y in strata]
            if len(strata) == 1:
                kinds.add("fisher")
                p = float(stats.fisher_exact(tables[0]).pvalue)
            else:
                kinds.add("cmh")
                p, observed, expected, variance = cmh(tables, parts=True)
                try:
                    from statsmodels.stats.contingency_tables import StratifiedTable
                    if variance == 0:
                        raise ImportError
                    other = StratifiedTable([np.array(t, dtype=float) for t in tables]).test_null_odds(correction=False).pvalue
                    if not close(p, float(other), 1e-6):
                        problems.append(f"{where}: CMH by formula {p} vs statsmodels {other}")
                    kinds.add("cmh-statsmodels")
                except ImportError:
                    pass
            total = sum(len(x) + len(y) for x, y in strata)
            shift = sum((len(x) + len(y)) / total * (np.mean(y > 0) - np.mean(x > 0)) for x, y in strata)
            if not close(r["shareP"], p, 1e-6) or not close(r["shareShift"], float(shift), 1e-9):
                problems.append(f"{where}: share p {r['shareP']} shift {r['shareShift']} vs SciPy {p} {shift}")
            # Tarone's rule: only a test whose most lopsided tables (margins kept) reach alpha is corrected.
            lopsided = []
            for most in (True, False):
                extreme = []
                for (a, b), (c, d) in tables:
                    k, head_n, base_n = a + c, a + b, c + d
                    x = min(head_n, k) if most else max(0, k - base_n)
                    extreme.append([[x, head_n - x], [k - x, base_n - (k - x)]])
                lopsided.append(float(stats.fisher_exact(extreme[0]).pvalue) if len(extreme) == 1 else cmh(extreme))
            positives = sum(t[0][0] + t[1][0] for t in tables)
            informative = 0 < positives < sum(len(x) + len(y) for x, y in strata) and min(lopsided) <= alpha
            corrected(r, "shareP", "shareAdjustedP", informative)
    # Hierarchical: a family per group x metric (a stratum's row belongs to its group's family).
    families = {}
    for index, (r, key, _) in enumerate(tested):
        group = r["group"][: -len(" · " + r["stratum"])] if r["stratum"] else r["group"]
        families.setdefault((group, r["metric"]), []).append(index)
    within, simes = [1.0] * len(tested), []
    for members in families.values():
        q = stats.false_discovery_control([tested[i][0][tested[i][1]] for i in members], method="bh")
        for i, value in zip(members, q):
            within[i] = float(value)
        simes.append(float(np.min(q)))
    stage1 = stats.false_discovery_control(simes, method="bh") if simes else []
    selected = max(1, int(np.sum(np.asarray(stage1) <= alpha)))
    family_q = {family: float(q) for family, q in zip(families, stage1)}
    for family, members in families.items():
        for i in members:
            r, _, adjusted_key = tested[i]
            expected = max(family_q[family], min(1.0, within[i] * len(families) / selected))
            if not close(r[adjusted_key], expected, 1e-6):
                problems.append(f'{r["group"]} {r["metric"]}: {adjusted_key} {r[adjusted_key]} vs SciPy {expected}')
    if sum(1 for q in stage1 if q <= alpha) < 2 or len(families) < 3:
        problems.append("expected several families, some of them selected")
    if not {"van-elteren", "welch", "welch-strata", "fisher", "cmh"} <= kinds:
        problems.append(f"expected every kind of test, got {sorted(kinds)}")
    if methods != {"exact", "exact-ties", "normal"}:
        problems.append(f"expected the three methods among the tests, got {sorted(methods)}")
    if not {"permutation_test, every split", "every composition of the tie groups"} <= set(tied_checks):
        problems.append(f"expected exact p-values given the ties checked by every split and every composition, got {tied_checks}")
    for problem in problems:
        print("disagreement: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    import scipy
    print(f"navrec compare agrees with SciPy {scipy.__version__} on {checked} tests "
          f"({len(report['results'])} rows; Mann-Whitney exact, exact given the ties "
          f"({', '.join(f'{count} by {how}' for how, count in sorted(tied_checks.items()))}) and normal, {', '.join(sorted(kinds))}; "
          f"Benjamini-Hochberg within and across {len(families)} group x metric families, {sum(1 for q in stage1 if q <= alpha)} selected)")


if __name__ == "__main__":
    main()
