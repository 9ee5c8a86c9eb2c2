import Foundation
import Testing

/// The header's `scale`, `appVersion` and `build` (Docs/recording-format.md): written by
/// `navrec simulate`, stored by `import`, shown in `session_summary`, carried by `analyze`.
@Suite("Header fields: screen scale and build, end to end")
struct HeaderFieldsTests {
    let directory = TemporaryDirectory()

    @Test("simulate writes them, import stores them, session_summary and analyze show them")
    func roundTrip() throws {
        let simulated = try NavRecBinary.run([
            "simulate", "--behavior", "largeTitle", "--gesture", "fling", "--scale", "3",
            "--app-version", "5.12", "--build", "513", "--session-id", "mail-1",
        ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let header = try #require(simulated.stdout.split(separator: "\n").first)
        #expect(header.contains(#""scale":3,"appVersion":"5.12","build":"513""#), "\(header)")

        let db = directory.path("h.sqlite")
        let imported = try NavRecBinary.run(["import", "-", "--db", db], stdin: Data(simulated.stdout.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        let summary = try NavRecBinary.run([
            "query", "--db", db, "--format", "csv", "select session_id, screen_scale, app_version, build from session_summary",
        ])
        #expect(summary.stdout.contains("mail-1,3.0,5.12,513"), "\(summary.stdout)")

        let analyzed = try NavRecBinary.run(["analyze", "-"], stdin: Data(simulated.stdout.utf8))
        #expect(analyzed.stdout.contains(#""scale": 3, "appVersion": "5.12", "build": "513""#), "\(analyzed.stdout)")
    }

    @Test("a scale that is not a screen's is an error at its position")
    func badScale() throws {
        let file = directory.path("bad.ndjson")
        try #"{"navrec":1,"session":{"scale":0.5,"behaviors":{"largeTitle":{}}}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try NavRecBinary.run(["import", file, "--db", directory.path("b.sqlite")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.ndjson:1:32: error: 'session.scale' must be the screen's pixels per point"), "\(result.stderr)")
    }
}
