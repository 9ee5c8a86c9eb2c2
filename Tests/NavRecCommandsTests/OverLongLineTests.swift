import Foundation
import Testing

/// A line over the 64 MiB line limit costs only its session (issue 25 item 3): `analyze` prints its
/// error line and goes on at the next header, `import` stores the sessions around it.
@Suite("an over-long line fails its session only, end to end")
struct OverLongLineTests {
    let directory = TemporaryDirectory()

    static func header(_ id: String) -> String { #"{"navrec":1,"session":{"id":"\#(id)","behaviors":{"largeTitle":{}}}}"# }
    static let samples = [#"{"t":0.0,"y":0}"#, #"{"t":0.1,"y":5}"#]

    /// Sessions a, b, c; b's third line is a sample padded to 65 MiB. Generated here, never committed.
    func recording() throws -> String {
        let path = directory.path("poison.ndjson")
        let before = ([Self.header("a")] + Self.samples + [Self.header("b"), Self.samples[0]]).joined(separator: "\n") + "\n"
        let after = "\n" + ([Self.samples[1], Self.header("c")] + Self.samples).joined(separator: "\n") + "\n"
        var bytes = Data(before.utf8)
        bytes.append(Data(#"{"t":0.05,"y":1,"pad":""#.utf8))
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: 65 << 20))
        bytes.append(Data(#""}"#.utf8))
        bytes.append(Data(after.utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("analyze prints the over-long line's session as an error line and analyses the sessions after it; exit 65")
    func analyzeResumes() throws {
        let path = try recording()
        let result = try NavRecBinary.run(["analyze", path])
        #expect(result.status == 65, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix(#"{"id": "a", "#) == true)
        #expect(lines.dropFirst().first == #"{"id": "b", "app": null, "startedAt": null, "error": "\#(path):6:67108865: error: line is longer than 64 MiB"}"#)
        #expect(lines.last?.hasPrefix(#"{"id": "c", "#) == true)
        #expect(lines.last?.contains(#""samples": 2"#) == true)
    }

    @Test("import stores the sessions before and after the over-long line's session, reports it and exits 65")
    func importResumes() throws {
        let path = try recording()
        let db = directory.path("poison.sqlite")
        let result = try NavRecBinary.run(["import", path, "--db", db])
        #expect(result.status == 65)
        #expect(result.stderr == "\(path):6:67108865: error: line is longer than 64 MiB\n")
        #expect(result.stdout.contains("2 sessions stored, 1 failed (nothing of it stored)"), "\(result.stdout)")
        let stored = try NavRecBinary.run(["query", "select id, samples from sessions order by id", "--db", db, "--format", "csv"])
        #expect(stored.stdout == "id,samples\r\na,2\r\nc,2\r\n")
    }
}
