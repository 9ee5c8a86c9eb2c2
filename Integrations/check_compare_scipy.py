#!/usr/bin/env python3
"""Cross-checks `navrec compare`'s statistics against SciPy (Docs/comparing-builds.md).

Writes two `navrec analyze`-shaped JSON-lines files with synthetic metric values (groups sized for
the exact distribution, for the normal approximation with and without ties, and shifted ones), runs
`navrec compare BASE HEAD --format json --with-values --min-sessions 1`, and re-computes from the
values navrec dumps:
  - U and the two-sided p-value with scipy.stats.mannwhitneyu(head, base) using the method navrec
    names ('exact' -> method='exact', 'normal' -> method='asymptotic', use_continuity=True);
  - the Hodges-Lehmann shift as numpy's median of every head - base difference;
  - the interval's ends as the sorted differences at the critical value c, where c comes from
    SciPy: the largest u with P(U <= u) <= alpha/2, P read from mannwhitneyu(alternative='less',
    method='exact') on data arranged to have U = u (exact), or from scipy.stats.norm (normal);
  - the adjusted p-values with scipy.stats.false_discovery_control (Benjamini-Hochberg).
Exits 1 on any disagreement beyond 1e-9 relative (1e-6 for p-values), printing each.

  python3 Integrations/check_compare_scipy.py --navrec .build/debug/navrec
"""
import argparse
import json
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

# (screen, base size, head size, kind, head shift)
GROUPS = [("exact-small", 6, 9, "continuous", 0.0), ("exact-shifted", 12, 10, "continuous", 2.5),
          ("exact-limit", 50, 50, "continuous", 0.3), ("ties", 60, 70, "integers", 0.0),
          ("ties-shifted", 45, 40, "integers", 1.0), ("normal", 300, 280, "continuous", 0.0),
          ("normal-shifted", 120, 150, "continuous", 0.8)]


def values(rng, kind, count, shift):
    if kind == "integers":
        return [float(rng.randint(0, 5) + (1 if shift and rng.random() < shift / 2 else 0)) for _ in range(count)]
    return [round(rng.gauss(5 + shift, 2), 6) for _ in range(count)]


def write_side(path, rng, side):
    with open(path, "w") as out:
        for screen, base_n, head_n, kind, shift in GROUPS:
            count = base_n if side == "base" else head_n
            columns = {m: values(rng, kind, count, shift if side == "head" else 0.0) for m in METRICS}
            for i in range(count):
                line = {"id": f"{side}-{screen}-{i}", "app": "Check", "screen": screen, "behaviors": ["largeTitle"],
                        "error": None}
                line.update({m: columns[m][i] for m in METRICS})
                out.write(json.dumps(line) + "\n")


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
    problems, checked, methods = [], 0, set()
    tested = [r for r in report["results"] if r["p"] is not None]
    for r in report["results"]:
        x, y = np.array(r["baseValues"]), np.array(r["headValues"])
        where = f'{r["group"]} {r["metric"]}'
        differences = np.sort(np.subtract.outer(y, x).ravel())
        if not close(r["shift"], float(np.median(differences)), 1e-9):
            problems.append(f"{where}: shift {r['shift']} vs numpy {np.median(differences)}")
        if r["p"] is None:
            continue
        checked += 1
        methods.add(r["method"])
        scipy_method = "exact" if r["method"] == "exact" else "asymptotic"
        test = stats.mannwhitneyu(y, x, method=scipy_method, use_continuity=True)
        if not close(r["u"], float(test.statistic), 1e-9):
            problems.append(f"{where}: U {r['u']} vs SciPy {test.statistic}")
        if not close(r["p"], float(test.pvalue), 1e-6):
            problems.append(f"{where}: p {r['p']} ({r['method']}) vs SciPy {test.pvalue}")
        c = critical_value(len(x), len(y), alpha, r["method"])
        low = None if c is None else float(differences[c])
        high = None if c is None else float(differences[len(differences) - 1 - c])
        if not (close(r["shiftLow"], low, 1e-9) and close(r["shiftHigh"], high, 1e-9)):
            problems.append(f"{where}: interval [{r['shiftLow']}, {r['shiftHigh']}] vs [{low}, {high}] (c = {c})")
    adjusted = stats.false_discovery_control([r["p"] for r in tested], method="bh")
    for r, q in zip(tested, adjusted):
        if not close(r["adjustedP"], float(q), 1e-6):
            problems.append(f'{r["group"]} {r["metric"]}: adjusted p {r["adjustedP"]} vs SciPy {q}')
    if methods != {"exact", "normal"}:
        problems.append(f"expected both methods among the tests, got {sorted(methods)}")
    for problem in problems:
        print("disagreement: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    import scipy
    print(f"navrec compare agrees with SciPy {scipy.__version__} on {checked} tests "
          f"({len(report['results'])} shifts, both methods, Benjamini-Hochberg)")


if __name__ == "__main__":
    main()
