@testable import Analyzer
import BarModel
import Testing

@Suite("ANALYSIS.md's worked example")
struct WorkedExampleTests {
    static func hover84() throws -> Fixture {
        var fixture = try Fixture(["blurHeader"], samples: [(0, 82), (0.017, 85), (0.033, 83), (0.05, 86), (0.067, 82.5)])
        fixture.id = "hover-84"
        return fixture
    }

    @Test("hover-84 yields exactly the one flapping finding of the example")
    func workedExample() throws {
        let analysis = try Self.hover84().analyze()
        #expect(analysis.findings.count == 1)
        let finding = try #require(analysis.findings.first)
        #expect(finding.kind == .flapping)
        #expect(finding.subkind == nil)
        #expect(finding.signal == "background")
        #expect(finding.source == .computed)
        #expect(finding.severity == .warning)
        #expect(finding.start == 0.017)
        #expect(finding.end == 0.067)
        #expect(finding.count == 4)
        #expect(finding.message == "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it")
        #expect(finding.flapping == FlappingEvidence(yMin: 82.5, yMax: 86, suggestedHysteresis: 1))
        #expect(finding.evidence.fields.map(\.key) == ["yMin", "yMax", "suggestedHysteresis"])
        #expect(analysis.hitchTimeRatio == 0)
        #expect(analysis.sampleCount == 5)
        #expect(analysis.id == "hover-84")
    }

    @Test("replaying hover-84 with the suggested hysteresis removes the flapping, half a step less does not")
    func suggestionHoldsUnderReplay() throws {
        let fixture = try Self.hover84()
        #expect(try fixture.analyze(["blurHeader.hysteresis=1.0"]).findings.isEmpty)
        let half = try fixture.analyze(["blurHeader.hysteresis=0.5"])
        #expect(half.replayed == ["blurHeader.hysteresis=0.5"])
        #expect(half.findings.map(\.count) == [4])
        #expect(half.findings.first?.flapping?.suggestedHysteresis == 1)
    }
}
