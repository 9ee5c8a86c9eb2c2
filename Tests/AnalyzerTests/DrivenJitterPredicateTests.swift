@testable import Analyzer
import BarModel
import Simulation
import Testing

/// The session's jitter findings are made only for the episodes no reported flap drives
/// (``Analyzer/isDrivenJitter(_:source:start:end:flaps:behaviors:)``, asked per episode before its
/// message is built): the same findings as making them all and then dropping, from the whole
/// list, each jitter finding a flapping finding drives.
@Suite("Driven jitter, decided per episode")
struct DrivenJitterPredicateTests {
    /// The straightforward rule over a session's whole list of findings.
    static func withoutDrivenJitter(_ findings: [Finding], behaviors: BehaviorSet) -> [Finding] {
        let flaps = findings.filter { $0.kind == .flapping }
        guard !flaps.isEmpty else { return findings }
        return findings.filter { finding in
            guard finding.kind == .jitter, let signal = ContinuousSignal(rawValue: finding.signal) else { return true }
            var drivers: Set<String> = []
            var next = signal.driver
            while let driver = next, drivers.insert(driver.name).inserted { next = driver.driver(in: behaviors) }
            return !flaps.contains {
                $0.source == finding.source && drivers.contains($0.signal) && $0.start <= finding.end && finding.start <= $0.end
            }
        }
    }

    /// What the session keeps, asked episode by episode, given its flapping findings only or with
    /// the other findings too (only the flapping ones may drive).
    static func keptPerEpisode(_ findings: [Finding], flaps: [Finding], behaviors: BehaviorSet) -> [Finding] {
        findings.filter { finding in
            guard finding.kind == .jitter, let signal = ContinuousSignal(rawValue: finding.signal) else { return true }
            return !Analyzer.isDrivenJitter(
                signal, source: finding.source, start: finding.start, end: finding.end, flaps: flaps, behaviors: behaviors)
        }
    }

    static let behaviorSets: [[String]] = [
        ["largeTitle"], ["largeTitle", "avatar"], ["customTitle"], ["blurHeader"], ["hideOnSwipe"],
        ["blurHeader", "hideOnSwipe"], ["largeTitle", "dropdownTitle"], ["customTitle", "hideOnSwipe"],
    ]

    static func finding(signal: String, source: Finding.Source, start: Double, end: Double, evidence: Finding.Evidence) -> Finding {
        Finding(signal: signal, source: source, severity: .warning, start: start, end: end, count: 4, message: signal, evidence: evidence)
    }

    @Test("random findings on a coarse time grid (touching spans common): per episode as over the whole list")
    func randomSessions() throws {
        var random = SeededGenerator(seed: 38)
        var dropped = 0, kept = 0
        for trial in 0..<2000 {
            let behaviors = try BehaviorSet(Self.behaviorSets[trial % Self.behaviorSets.count].map { ($0, []) })
            func span() -> (Double, Double) {
                let start = Double(Int.random(in: 0..<12, using: &random)) / 2
                return (start, start + Double(Int.random(in: 0..<4, using: &random)) / 2)
            }
            func source() -> Finding.Source { Bool.random(using: &random) ? .computed : .observed }
            var findings: [Finding] = []
            for _ in 0..<Int.random(in: 0..<6, using: &random) {
                let (start, end) = span()
                findings.append(Self.finding(
                    signal: ContinuousSignal.allCases.randomElement(using: &random)!.name, source: source(), start: start, end: end,
                    evidence: .jitter(JitterEvidence(inputReversals: 0, amplitude: 1))))
            }
            var flaps: [Finding] = []
            for _ in 0..<Int.random(in: 0..<4, using: &random) {
                let (start, end) = span()
                flaps.append(Self.finding(
                    signal: BinarySignal.allCases.randomElement(using: &random)!.name, source: source(), start: start, end: end,
                    evidence: .flapping(FlappingEvidence(yMin: 0, yMax: 1))))
            }
            // A title finding named like a binary signal drives nothing.
            let (start, end) = span()
            let other = Self.finding(
                signal: BinarySignal.allCases.randomElement(using: &random)!.name, source: source(), start: start, end: end,
                evidence: .emptySubtitleVisible)
            let all = findings + [other] + flaps
            let expected = Self.withoutDrivenJitter(all, behaviors: behaviors)
            #expect(Self.keptPerEpisode(all, flaps: flaps, behaviors: behaviors) == expected)
            #expect(Self.keptPerEpisode(all, flaps: all, behaviors: behaviors) == expected)
            dropped += all.count - expected.count
            kept += expected.filter { $0.kind == .jitter }.count
        }
        #expect(dropped > 50)
        #expect(kept > 100)
    }

    @Test("edges: a jitter that only touches the flap is driven; another stream's flap, or one that ends before it, is not")
    func edges() throws {
        let behaviors = try BehaviorSet([("customTitle", [])])
        let flap = Self.finding(
            signal: "inlineTitleVisible", source: .computed, start: 1, end: 2, evidence: .flapping(FlappingEvidence(yMin: 0, yMax: 1)))
        func driven(_ source: Finding.Source, _ start: Double, _ end: Double) -> Bool {
            Analyzer.isDrivenJitter(.inlineTitleAlpha, source: source, start: start, end: end, flaps: [flap], behaviors: behaviors)
        }
        #expect(driven(.computed, 2, 3))
        #expect(driven(.computed, 0, 1))
        #expect(!driven(.computed, 2.000001, 3))
        #expect(!driven(.observed, 1, 2))
        #expect(!Analyzer.isDrivenJitter(.inlineTitleAlpha, source: .computed, start: 1, end: 2, flaps: [], behaviors: behaviors))
    }

    @Test("counter-case: largeTitle's large-title alpha is driven by the inline title's flap, through the chain, not its own signal's")
    func driverChain() throws {
        let behaviors = try BehaviorSet([("largeTitle", [])])
        let inlineFlap = Self.finding(
            signal: "inlineTitleVisible", source: .computed, start: 1, end: 2, evidence: .flapping(FlappingEvidence(yMin: 0, yMax: 1)))
        // A check of the alpha's own driver (largeTitleVisible) alone would keep it.
        #expect(ContinuousSignal.largeTitleAlpha.driver != .inlineTitleVisible)
        #expect(Analyzer.isDrivenJitter(.largeTitleAlpha, source: .computed, start: 1.5, end: 3, flaps: [inlineFlap], behaviors: behaviors))
        // blurAlpha follows y, whatever flaps.
        #expect(!Analyzer.isDrivenJitter(.blurAlpha, source: .computed, start: 1.5, end: 3, flaps: [inlineFlap], behaviors: behaviors))
    }
}
