import Foundation
import Testing

/// The HTML report at fleet size (issue 21 item 6, issue 27 item 5): streamed, so its memory does
/// not grow with the sessions' analyses, only by its index rows (about 100 bytes a session).
@Suite("HTML report over many sessions, end to end")
struct HTMLFleetTests {
    let directory = TemporaryDirectory()

    /// `count` five-sample sessions; every hundredth flaps (one warning), the others scroll cleanly.
    func tinySessions(_ count: Int, db name: String) throws -> String {
        var lines: [String] = []
        for index in 0..<count {
            lines.append(String(format: #"{"navrec":1,"session":{"id":"tiny-%06d","app":"Music","fps":60,"behaviors":{"blurHeader":{}}}}"#, index))
            let ys = index % 100 == 0 ? ["82.0", "85.0", "83.0", "86.0", "82.5"] : ["10.0", "12.0", "14.0", "16.0", "18.0"]
            for (t, y) in zip(["0.000", "0.017", "0.033", "0.050", "0.067"], ys) {
                lines.append(#"{"t":\#(t),"y":\#(y),"phase":"drag"}"#)
            }
        }
        let db = directory.path(name)
        let imported = try NavRecBinary.run(["import", try directory.write("\(name).ndjson", lines), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    @Test("report --format html: peak memory flat in session count (200 vs 1,200 tiny sessions), every session indexed")
    func flatMemory() throws {
        let small = try tinySessions(200, db: "small.sqlite")
        let large = try tinySessions(1_200, db: "large.sqlite")
        let few = try PeakMemory.run(["report", "--db", small, "--format", "html", "--jobs", "1"], in: directory)
        let many = try PeakMemory.run(["report", "--db", large, "--format", "html", "--jobs", "1"], in: directory)
        #expect(few.status == 0 && many.status == 0, "\(few.stderr) \(many.stderr)")
        #expect(many.stdout.contains("1200 sessions, 12 findings"))
        #expect(many.stdout.components(separatedBy: "<section class=\"session\"").count - 1 == 12)
        #expect(many.stdout.components(separatedBy: "<div class=\"row").count - 3 == 1_200)
        // Collected, 1,000 more sessions took ~105 MB (~105 KB an analysis); streamed, the index rows
        // and the page's index text (~400 bytes a session) are all that grows.
        let growth = many.peakBytes - few.peakBytes
        #expect(growth < 12 << 20, "peak \(few.peakBytes >> 20) MB for 200 sessions, \(many.peakBytes >> 20) MB for 1,200")
    }

    @Test("sessions without findings only: no section, an index row each, a whole page")
    func cleanOnly() throws {
        let db = try tinySessions(3, db: "three.sqlite")
        let report = try NavRecBinary.run(["report", "tiny-000001", "tiny-000002", "--db", db, "--format", "html"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("<p class=\"clean\">✔ No findings in any session.</p>"))
        #expect(!report.stdout.contains("<section"))
        #expect(report.stdout.contains("<span>✔ tiny-000001</span>") && report.stdout.contains("<span>✔ tiny-000002</span>"))
        #expect(report.stdout.hasSuffix("</html>\n"))
    }
}
