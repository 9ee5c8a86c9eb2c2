import BarModel

extension Analyzer {
    /// `findings` with one jitter finding per part of the bar and stream at a time.
    ///
    /// One title switch moves every title's alpha, and a wobbling bar height moves the avatar's
    /// transform with it: jitter findings on one stream whose signals draw one ``BarPart`` and
    /// whose spans overlap are one fault. The one with the most reversals (then the earliest
    /// signal in field order) stays and names the others ("…; largeTitleAlpha reversed with it").
    ///
    /// - Complexity: O(j²) for j jitter findings.
    static func withoutRepeatedJitter(_ findings: [Finding]) -> [Finding] {
        let grouped = findings.indices.filter { findings[$0].kind == .jitter && part(of: findings[$0]) != nil }
        guard grouped.count > 1 else { return findings }
        let fieldOrder = ContinuousSignal.allCases.map(\.name)
        let strongestFirst = grouped.sorted { a, b in
            let x = findings[a], y = findings[b]
            if x.count != y.count { return (x.count ?? 0) > (y.count ?? 0) }
            return (fieldOrder.firstIndex(of: x.signal) ?? 0) < (fieldOrder.firstIndex(of: y.signal) ?? 0)
        }
        var kept: [Int] = []
        var alsoReversed: [Int: [String]] = [:]
        var dropped: Set<Int> = []
        for index in strongestFirst {
            let finding = findings[index]
            if let keeper = kept.first(where: { sameFault(findings[$0], finding) }) {
                dropped.insert(index)
                alsoReversed[keeper, default: []].append(finding.signal)
            } else {
                kept.append(index)
            }
        }
        return findings.indices.compactMap { index in
            guard !dropped.contains(index) else { return nil }
            var finding = findings[index]
            if let others = alsoReversed[index] {
                let names = others.sorted { (fieldOrder.firstIndex(of: $0) ?? 0) < (fieldOrder.firstIndex(of: $1) ?? 0) }
                finding.message += "; \(names.joined(separator: ", ")) reversed with it"
            }
            return finding
        }
    }

    private static func part(of finding: Finding) -> BarPart? {
        ContinuousSignal(rawValue: finding.signal)?.part
    }

    private static func sameFault(_ a: Finding, _ b: Finding) -> Bool {
        a.source == b.source && part(of: a) == part(of: b) && a.start <= b.end && b.start <= a.end
    }

    /// `findings` without the title `observed_vs_expected` findings that an observed
    /// `both_visible` or `none_visible` finding already is.
    ///
    /// A stuck title shows in the app beside the one the model shows: the observed stream has two
    /// titles at once, and the app shows a title the model hides, over the same span. The
    /// visibility finding (the error) stays; the comparison is dropped when every title it names
    /// is one the visibility finding names and it lies within that finding's span widened by the
    /// title tolerance `tolerance` on each side (the streams switch a sample or an animation apart).
    ///
    /// - Complexity: O(c × v) for c comparison and v visibility findings.
    static func withoutComparisonsOfVisibilityFaults(_ findings: [Finding], tolerance: Double) -> [Finding] {
        // The subkinds read from the evidence's case: `subkind` builds a string each time.
        let faults = findings.compactMap { fault -> (signal: String, start: Double, end: Double)? in
            guard fault.source == .observed, case .titleVisibility = fault.evidence else { return nil }
            return (fault.signal, fault.start - tolerance, fault.end + tolerance)
        }
        guard !faults.isEmpty else { return findings }
        // The spans first, the names only where a fault's span holds the comparison: a session whose
        // app flickers has hundreds of comparisons, and splitting each one's and each fault's
        // names into sets for every pair cost more than the rest of its analysis.
        let dropped = findings.indices.filter { index in
            let finding = findings[index]
            switch finding.evidence {
            case .barHiddenComparison, .titleComparison: break
            default: return false
            }
            guard finding.signal != BinarySignal.barHidden.name else { return false }
            return faults.contains {
                $0.start <= finding.start && finding.end <= $0.end
                    && Set(finding.signal.split(separator: "+")).isSubset(of: Set($0.signal.split(separator: "+")))
            }
        }
        guard !dropped.isEmpty else { return findings }
        var kept: [Finding] = []
        kept.reserveCapacity(findings.count - dropped.count)
        var next = 0
        for index in dropped {
            kept += findings[next..<index]
            next = index + 1
        }
        kept += findings[next...]
        return kept
    }
}
