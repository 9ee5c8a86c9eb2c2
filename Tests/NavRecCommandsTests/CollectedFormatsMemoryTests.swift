import Foundation
import Testing

/// Markdown, JUnit and SARIF keep every session until the end (issue 27 item 5): without their
/// charts, so 1,000 more tiny sessions cost their findings and metrics (a few KB each), not the
/// ~300 KB of an analysis with its timeline digest (~300 MB, which ran 100,000 sessions out of memory).
@Suite("Collected report formats over many sessions, end to end")
struct CollectedFormatsMemoryTests {
    let directory = TemporaryDirectory()

    @Test("peak memory of markdown, junit and sarif grows by the sessions' findings, not their charts",
          arguments: ["markdown", "junit", "sarif"])
    func flatMemory(format: String) throws {
        let fleet = HTMLFleetTests()
        let small = try fleet.tinySessions(200, db: "small-\(format).sqlite")
        let large = try fleet.tinySessions(1_200, db: "large-\(format).sqlite")
        let few = try PeakMemory.run(["report", "--db", small, "--format", format, "--jobs", "1"], in: directory)
        let many = try PeakMemory.run(["report", "--db", large, "--format", format, "--jobs", "1"], in: directory)
        #expect(few.status == 0 && many.status == 0, "\(few.stderr) \(many.stderr)")
        let growth = many.peakBytes - few.peakBytes
        #expect(growth < 16 << 20, "\(format): peak \(few.peakBytes >> 20) MB for 200 sessions, \(many.peakBytes >> 20) MB for 1,200")
    }
}
