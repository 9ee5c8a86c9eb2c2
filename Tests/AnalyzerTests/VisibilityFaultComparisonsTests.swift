@testable import Analyzer
import Simulation
import Testing

/// ``Analyzer/withoutComparisonsOfVisibilityFaults(_:tolerance:)`` tests the spans before the
/// titles' names and leaves a list it drops nothing from as it is: the same findings as the rule
/// that compares every comparison's set of names with every fault's.
@Suite("Comparisons absorbed by visibility faults, spans first")
struct VisibilityFaultComparisonsTests {
    /// The straightforward rule: the names of every fault and comparison as sets, for every pair.
    static func reference(_ findings: [Finding], tolerance: Double) -> [Finding] {
        let faults = findings.compactMap { fault -> (titles: Set<Substring>, start: Double, end: Double)? in
            guard fault.source == .observed, case .titleVisibility = fault.evidence else { return nil }
            return (Set(fault.signal.split(separator: "+")), fault.start - tolerance, fault.end + tolerance)
        }
        guard !faults.isEmpty else { return findings }
        return findings.filter { finding in
            switch finding.evidence {
            case .barHiddenComparison, .titleComparison: break
            default: return true
            }
            guard finding.signal != BinarySignal.barHidden.name else { return true }
            let titles = Set(finding.signal.split(separator: "+"))
            return !faults.contains { titles.isSubset(of: $0.titles) && $0.start <= finding.start && finding.end <= $0.end }
        }
    }

    static let names = [
        "largeTitle", "inlineTitle", "contentTitle", "largeTitle+inlineTitle", "inlineTitle+largeTitle", "contentTitle+inlineTitle",
        "largeTitle+inlineTitle+contentTitle", "barHidden",
    ]

    static func finding(_ signal: String, _ source: Finding.Source, _ start: Double, _ end: Double, _ evidence: Finding.Evidence) -> Finding {
        Finding(signal: signal, source: source, severity: .warning, start: start, end: end, message: signal, evidence: evidence)
    }

    static let fault = Finding.Evidence.titleVisibility(TitleVisibilityEvidence(bothVisible: true, alphas: [], duration: 1, tolerance: 0.1))
    static let comparison = Finding.Evidence.titleComparison(TitleComparisonEvidence(differences: [], duration: 1, tolerance: 0.1))
    static let hidden = Finding.Evidence.barHiddenComparison(
        BarHiddenComparisonEvidence(observedBarHidden: true, duration: 1, tolerance: 0.1))

    @Test("random lists on a coarse time grid: the same findings, in the same order, as the rule over every pair")
    func randomLists() {
        var random = SeededGenerator(seed: 61)
        let sources: [Finding.Source] = [.observed, .computed, .comparison]
        let evidences: [Finding.Evidence] = [Self.fault, Self.comparison, Self.hidden, .emptySubtitleVisible]
        var dropped = 0, kept = 0
        for _ in 0..<3000 {
            let list = (0..<Int.random(in: 0..<9, using: &random)).map { _ in
                let start = Double(Int.random(in: 0..<10, using: &random)) / 10
                return Self.finding(
                    Self.names.randomElement(using: &random)!, sources.randomElement(using: &random)!, start,
                    start + Double(Int.random(in: 0..<6, using: &random)) / 10, evidences.randomElement(using: &random)!)
            }
            let expected = Self.reference(list, tolerance: 0.1)
            #expect(Analyzer.withoutComparisonsOfVisibilityFaults(list, tolerance: 0.1) == expected)
            dropped += list.count - expected.count
            kept += expected.filter { if case .titleComparison = $0.evidence { true } else { false } }.count
        }
        #expect(dropped > 100)
        #expect(kept > 100)
    }

    @Test("counter-case: names in another order are the same titles (a comparison of the texts would keep it); a title the fault does not name is kept")
    func namesAsSets() {
        let findings = [
            Self.finding("largeTitle+inlineTitle", .observed, 1, 2, Self.fault),
            Self.finding("inlineTitle+largeTitle", .comparison, 1.2, 1.8, Self.comparison),
            Self.finding("contentTitle+inlineTitle", .comparison, 1.2, 1.8, Self.comparison),
            Self.finding("inlineTitle+largeTitle", .comparison, 2.05, 2.2, Self.comparison),
        ]
        let kept = Analyzer.withoutComparisonsOfVisibilityFaults(findings, tolerance: 0.1)
        #expect(kept.map { "\($0.signal) \($0.start)" } == [
            "largeTitle+inlineTitle 1.0", "contentTitle+inlineTitle 1.2", "inlineTitle+largeTitle 2.05",
        ])
        #expect(kept == Self.reference(findings, tolerance: 0.1))
    }
}
