import BarModel
import Foundation
@testable import NavRecCommands
import Testing

/// The JSON-lines schema of `navrec analyze` (Docs/commands.md) and its Spark DDL
/// (`Integrations/spark/analyze_schema.ddl`), checked against real output: every key of every line
/// is in the DDL with a matching JSON type, and every DDL field appears in the lines.
@Suite("navrec analyze's JSON-lines schema and Spark DDL")
struct AnalyzeSchemaTests {
    let directory = TemporaryDirectory()

    /// A DDL field: its name and type (`STRING`, `BIGINT`, `DOUBLE`, `ARRAY<…>`, `STRUCT<…>`).
    struct Field: Equatable {
        var name: String
        var type: String
    }

    /// Splits `text` at the commas outside angle brackets.
    static func topLevel(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// The fields of a DDL list (`name TYPE, …` or a STRUCT's `name: TYPE, …`).
    static func fields(_ text: Substring) -> [Field] {
        topLevel(text).map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let separator = trimmed.firstIndex(where: { $0 == " " || $0 == ":" })!
            let name = trimmed[..<separator].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let type = trimmed[trimmed.index(after: separator)...].trimmingCharacters(in: CharacterSet(charactersIn: " :"))
            return Field(name: name, type: type)
        }
    }

    static func ddl(_ name: String = "analyze_schema.ddl") throws -> [Field] {
        let text = try String(contentsOf: QueryTests.packageRoot.appending(path: "Integrations/spark/\(name)"), encoding: .utf8)
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.isEmpty }.joined(separator: " ")
        return fields(Substring(body))
    }

    /// Whether a JSON value fits a DDL type; `details` is an object that Spark keeps as JSON text.
    static func fits(_ value: Any, _ field: Field) -> Bool {
        if value is NSNull { return true }
        switch field.type {
        case "STRING": return value is String || (field.name == "details" && value is [String: Any])
        case "BIGINT":
            guard let number = value as? NSNumber else { return false }
            return number.doubleValue == number.doubleValue.rounded()
        case "DOUBLE": return value is NSNumber
        case "ARRAY<STRING>": return (value as? [Any])?.allSatisfy { $0 is String } == true
        default:
            guard field.type.hasPrefix("ARRAY<STRUCT<"), let items = value as? [[String: Any]] else { return false }
            let inner = fields(field.type.dropFirst("ARRAY<STRUCT<".count).dropLast(2))
            return items.allSatisfy { item in
                Set(item.keys) == Set(inner.map(\.name))
                    && inner.allSatisfy { fits(item[$0.name] as Any, $0) }
            }
        }
    }

    @Test("every line of real output, sessions and failures, fits the DDL; the DDL has no field the output lacks")
    func ddlMatchesOutput() throws {
        let ddl = try Self.ddl()
        #expect(ddl.map(\.name) == [
            "id", "app", "screen", "device", "os", "startedAt", "scale", "appVersion", "build", "recorderMoving", "recorderAtRest", "behaviors", "samples", "duration", "fps",
            "hitchTimeRatio", "frameJitter", "gaps", "gapTime", "movingTime", "overrunP50", "overrunP90", "overrunP99",
            "hangsPerMinute", "flappingEpisodesPerMinute", "flappingTogglesPerMinute", "titleDisagreementPerMinute",
            "jitterFindingsPerMinute", "gapFraction", "findings", "error",
        ])
        let bad = #"{"navrec":1,"session":{"id":"broken","app":"Music","startedAt":"2026-11-02T09:00:00Z","behaviors":{"blurHeader":{}}}}"#
            + "\n" + #"{"t":"late","y":1}"# + "\n"
        let file = directory.path("fleet.ndjson")
        try (try SimulatedFleet.fleet(count: 40) + bad + SimulatedFleet.demo()).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try NavRecBinary.run(["analyze", file])
        #expect(result.status == 65)
        let lines = try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(lines.count == 40 + 1 + 14)
        var seen: Set<String> = []
        for line in lines {
            for (key, value) in line {
                guard let field = ddl.first(where: { $0.name == key }) else {
                    Issue.record("'\(key)' is not in the DDL")
                    continue
                }
                #expect(Self.fits(value, field), "\(key): \(value) is not \(field.type)")
                seen.insert(key)
            }
            if line["error"] != nil {
                #expect(Set(line.keys) == ["id", "app", "startedAt", "error"])
            } else {
                #expect(Set(line.keys) == Set(ddl.map(\.name)).subtracting(["error"]))
            }
        }
        #expect(seen == Set(ddl.map(\.name)))
        let failure = lines.first { $0["error"] != nil }
        #expect(failure?["id"] as? String == "broken")
        #expect(failure?["app"] as? String == "Music")
        #expect(failure?["error"] as? String == "\(file):\(try SimulatedFleet.fleet(count: 40).split(separator: "\n").count + 2):6: error: 't' must be a number, found a string")
    }

    /// One `--rows` line: KEY, SOURCE and NDJSON (base64) and FIRST_LINE, tab-separated.
    static func row(_ key: String, _ source: String, _ firstLine: Int, _ ndjson: Data) -> String {
        "\(key)\t\(Data(source.utf8).base64EncodedString())\t\(firstLine)\t\(ndjson.base64EncodedString())\n"
    }

    @Test("--rows: each row is a file of its own named by the row; lines carry the key and the stored columns of analyze_rows_schema.ddl")
    func rowsMatchOutput() throws {
        let ddl = try Self.ddl() + Self.ddl("analyze_rows_schema.ddl")
        #expect(try Self.ddl("analyze_rows_schema.ddl").map(\.name) == [
            "recordingId", "parameters", "observedSamples", "events", "ignoredKeys", "tOrigin"])
        let fleet = try SimulatedFleet.fleet(count: 3)
        let bad = #"{"navrec":1,"session":{"id":"broken","app":"Music","behaviors":{"blurHeader":{}}}}"# + "\n" + #"{"t":"late","y":1}"# + "\n"
        var utf8 = Data(#"{"navrec":1,"session":{"id":"latin1","screen":"Caf"#.utf8)
        utf8 += Data([0xE9]) + Data(#"","behaviors":{"blurHeader":{}}}}"#.utf8) + Data("\n".utf8)
        let input = Self.row("k1", "a.ndjson", 1, Data(fleet.utf8)) + Self.row("k2", "b.ndjson", 7, Data(bad.utf8))
            + Self.row("k3", "c.ndjson", 12, utf8)
        let result = try NavRecBinary.run(["analyze", "--rows"], stdin: Data(input.utf8))
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.map { $0.split(separator: "\t")[0] } == ["k1", "k1", "k1", "k2", "k3"])
        let objects = try lines.map {
            try JSONSerialization.jsonObject(with: Data($0.split(separator: "\t")[1].utf8)) as? [String: Any] ?? [:]
        }
        for object in objects.prefix(3) {
            #expect(Set(object.keys) == Set(ddl.map(\.name)).subtracting(["error"]))
            for field in ddl { if let value = object[field.name] { #expect(Self.fits(value, field), "\(field.name): \(value)") } }
        }
        let plain = try NavRecBinary.run(["analyze", "-"], stdin: Data(fleet.utf8)).stdout.split(separator: "\n")
        #expect(lines.prefix(3).map { $0.split(separator: "\t")[1].hasPrefix(plain[lines.firstIndex(of: $0)!].dropLast()) } == [true, true, true])
        #expect(objects[3]["error"] as? String == "b.ndjson:8:6: error: 't' must be a number, found a string")
        #expect(objects[4]["error"] as? String == "c.ndjson:12:51: error: invalid UTF-8 in a string (byte 0xE9 followed by 0x22)")

        let malformed = try NavRecBinary.run(["analyze", "--rows"], stdin: Data("k1\tnot a frame\n".utf8))
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("<stdin>:1:1: error: a --rows line is KEY<TAB>SOURCE<TAB>FIRST_LINE<TAB>NDJSON"))
    }

    /// One `--rows` row as the Spark job sends it: KEY, SOURCE (base64), FIRST_LINE and #LENGTH,
    /// then the NDJSON's LENGTH bytes as they are.
    static func rawRow(_ key: String, _ source: String, _ firstLine: Int, _ ndjson: Data) -> Data {
        Data("\(key)\t\(Data(source.utf8).base64EncodedString())\t\(firstLine)\t#\(ndjson.count)\n".utf8) + ndjson
    }

    @Test("--rows with #LENGTH: the NDJSON's bytes follow the line as they are, the output is base64's; a short or wrong length exits 64 at its line")
    func rawRows() throws {
        let fleet = Data(try SimulatedFleet.fleet(count: 2).utf8)
        let bad = Data((#"{"navrec":1,"session":{"id":"broken","app":"Music","behaviors":{"blurHeader":{}}}}"# + "\n" + #"{"t":"late","y":1}"# + "\n").utf8)
        let noNewline = Data(#"{"navrec":1,"session":{"id":"last","behaviors":{"blurHeader":{}}}}"#.utf8)
        let encoded = Data((Self.row("k1", "a.ndjson", 1, fleet) + Self.row("k2", "b.ndjson", 7, bad) + Self.row("k3", "c.ndjson", 3, noNewline)).utf8)
        let raw = Self.rawRow("k1", "a.ndjson", 1, fleet) + Self.rawRow("k2", "b.ndjson", 7, bad) + Self.rawRow("k3", "c.ndjson", 3, noNewline)
        let expected = try NavRecBinary.run(["analyze", "--rows"], stdin: encoded)
        let result = try NavRecBinary.run(["analyze", "--rows"], stdin: raw)
        #expect(expected.status == 65 && result.status == 65)
        #expect(result.stdout == expected.stdout)
        #expect(result.stdout.contains("b.ndjson:8:6: error: 't' must be a number, found a string"))
        #expect(result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }.last == "k3")
        // Both framings in one input, and an empty session.
        let mixed = try NavRecBinary.run(["analyze", "--rows"], stdin: Self.rawRow("k1", "a.ndjson", 1, fleet)
            + Data(Self.row("k2", "b.ndjson", 7, bad).utf8) + Self.rawRow("k4", "d.ndjson", 1, Data()))
        #expect(mixed.stdout == expected.stdout.split(separator: "\n").filter { !$0.hasPrefix("k3") }.map { $0 + "\n" }.joined())

        // A header after raw bytes is numbered by stdin's lines: the fleet's lines, then line 2 + them.
        let lines = fleet.count { $0 == UInt8(ascii: "\n") }
        for (header, message) in [("k2\tYg==\t1\t#x\n", "a --rows line is"), ("k2\tYg==\t1\t#-1\n", "a --rows line is"),
                                  ("k2\tYg==\t1\t#100\nshort", "a --rows row of #100 bytes: standard input ends after 5")] {
            let failed = try NavRecBinary.run(["analyze", "--rows"], stdin: Self.rawRow("k1", "a.ndjson", 1, fleet) + Data(header.utf8))
            #expect(failed.status == 64, "\(header)")
            #expect(failed.stderr.contains("<stdin>:\(lines + 2):1: error: \(message)"), "\(failed.stderr)")
        }
    }

    /// `--rows` hashes only a session without an id of its own, whose id is its content id (the
    /// job takes every other session's from the landing's session_key, the same SHA-256).
    @Test("--rows: a named session keeps its header's id and carries no content id; one without an id is named by its content, as analyze and import name it")
    func rowsContentIDs() throws {
        // A simulated recording has no id; the same recording named "named-1".
        let unnamed = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--gesture", "fling"]).stdout
        let lines = unnamed.split(separator: "\n")
        let first = try #require(lines.first)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        var session = try #require(object["session"] as? [String: Any])
        #expect(session["id"] == nil)
        let headerID = "named-1"
        session["id"] = headerID
        object["session"] = session
        let named = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
            + lines.dropFirst().joined(separator: "\n") + "\n"
        let result = try NavRecBinary.run(["analyze", "--rows"], stdin: Self.rawRow("k1", "a.ndjson", 1, Data(named.utf8))
            + Self.rawRow("k2", "b.ndjson", 1, Data(unnamed.utf8)))
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.split(separator: "\t")[1].utf8)) as? [String: Any])
        }
        #expect(rows.count == 2)
        #expect(rows[0]["id"] as? String == headerID && rows[0]["recordingId"] as? String == headerID)
        #expect(rows.allSatisfy { $0["contentId"] == nil })
        #expect(rows[1]["recordingId"] is NSNull)
        let plain = try NavRecBinary.run(["analyze", "-"], stdin: Data(unnamed.utf8)).stdout
        let plainLine = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        let plainID = try #require(plainLine["id"] as? String)
        #expect(plainID.hasPrefix("auto-") && plainID.count == 37)
        #expect(rows[1]["id"] as? String == plainID)
    }

    /// A `--timeline` line: `start` (key, source, seq, t, y, phase), the fields in `values`, `\N`
    /// for every other ``BarStateField``, then `frameDuration`.
    static func timelineLine(_ start: String, _ values: [BarStateField: String], _ frameDuration: String) -> String {
        ([start] + BarStateField.allCases.map { values[$0] ?? "\\N" } + [frameDuration]).joined(separator: "\t")
    }

    /// What blurHeader computes above its image: the full bar, transparent, the header's title shown.
    static func blurHeaderComputed(blurAlpha: String) -> [BarStateField: String] {
        [.barHeight: "66.0", .inlineTitleAlpha: "0.0", .contentTitleAlpha: "1.0", .blurAlpha: blurAlpha, .background: "transparent"]
    }

    @Test("--rows --timeline: after a session's line, its timeline rows as the view gives them, in analyze_timeline_schema.ddl's order")
    func timelineRows() throws {
        let ddl = try Self.ddl("analyze_timeline_schema.ddl")
        #expect(
            ddl.map(\.name) == ["source", "seq", "t", "y", "phase"] + BarStateField.allCases.map(\.columnName) + ["frame_duration"],
            "Integrations/spark/analyze_timeline_schema.ddl must list every BarStateField's column, in case order: run `swift run navrec-schema --schema`")
        let session = """
            {"navrec":1,"session":{"id":"small","fps":60,"behaviors":{"blurHeader":{"imageHeight":150,"navBarHeight":66,"hysteresis":0}}}}
            {"t":0,"y":0,"phase":"drag"}
            {"t":0.0166667,"y":12.5,"phase":"drag","frameDuration":0.0166667,"bar":{"background":"default","blurAlpha":0.25,"barHeight":60}}
            {"t":0.033,"y":-3}

            """
        let bad = #"{"navrec":1,"session":{"id":"broken","behaviors":{"blurHeader":{}}}}"# + "\n" + #"{"t":"late","y":1}"# + "\n"
        let input = Self.row("k1", "a.ndjson", 1, Data(session.utf8)) + Self.row("k2", "b.ndjson", 1, Data(bad.utf8))
        let result = try NavRecBinary.run(["analyze", "--rows", "--timeline"], stdin: Data(input.utf8))
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix("k1\t{\"id\": \"small\""))
        #expect(Array(lines[1...4]) == [
            Self.timelineLine("k1\tcomputed\t0\t0.0\t0.0\tdrag", Self.blurHeaderComputed(blurAlpha: "0.0"), "\\N"),
            Self.timelineLine("k1\tcomputed\t1\t0.016667\t12.5\tdrag", Self.blurHeaderComputed(blurAlpha: "0.1488095238095238"), "0.016667"),
            Self.timelineLine(
                "k1\tobserved\t1\t0.016667\t12.5\tdrag", [.barHeight: "60.0", .blurAlpha: "0.25", .background: "default"], "0.016667"),
            Self.timelineLine("k1\tcomputed\t2\t0.033\t-3.0\t\\N", Self.blurHeaderComputed(blurAlpha: "0.0"), "\\N"),
        ])
        #expect(lines[1...4].allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 1 + ddl.count })
        // A session that fails prints its error line only: import stores no timeline for it.
        #expect(lines[5] == "k2\t" + #"{"id": "broken", "app": null, "startedAt": null, "error": "b.ndjson:2:6: error: 't' must be a number, found a string"}"#)
        #expect(lines[6] == "")

        let rowsOnly = try NavRecBinary.run(["analyze", "--rows"], stdin: Data(input.utf8))
        #expect(rowsOnly.stdout == lines[0] + "\n" + lines[5] + "\n")
        let plain = try NavRecBinary.run(["analyze", "--timeline", "-"], stdin: Data(session.utf8))
        #expect(plain.status == 64)
        #expect(plain.stderr.contains("navrec analyze --timeline needs --rows"))
        #expect(plain.stdout.isEmpty)
    }

    @Test("--rows --timeline-file: the session lines as --rows prints them, the timeline as a header and blocks in FILE; without --rows, or with --timeline, exit 64")
    func timelineFile() throws {
        let session = #"{"navrec":1,"session":{"id":"small","behaviors":{"blurHeader":{}}}}"# + "\n" + #"{"t":0,"y":0}"# + "\n" + #"{"t":0.1,"y":5}"# + "\n"
        let bad = #"{"navrec":1,"session":{"id":"broken","behaviors":{"blurHeader":{}}}}"# + "\n" + #"{"t":"late","y":1}"# + "\n"
        let input = Data((Self.row("k1", "a.ndjson", 1, Data(session.utf8)) + Self.row("k2", "b.ndjson", 1, Data(bad.utf8))).utf8)
        let path = directory.path("timeline.bin")
        let result = try NavRecBinary.run(["analyze", "--rows", "--timeline-file", path], stdin: input)
        #expect(result.status == 65)
        let rowsOnly = try NavRecBinary.run(["analyze", "--rows"], stdin: input)
        #expect(result.stdout == rowsOnly.stdout)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let header = TimelineColumns.header
        #expect(Array(bytes.prefix(header.count)) == header)
        // One block, k1's two computed rows; the failed session has none.
        #expect(bytes[header.count] == 2 && bytes[header.count + 8] == 2)
        #expect(Array(bytes[(header.count + 16)..<(header.count + 18)]) == Array("k1".utf8))

        let empty = try NavRecBinary.run(["analyze", "--rows", "--timeline-file", path], stdin: Data())
        let emptyFile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(empty.status == 0 && emptyFile == header)
        let plain = try NavRecBinary.run(["analyze", "--timeline-file", path, "-"], stdin: Data(session.utf8))
        #expect(plain.status == 64 && plain.stderr.contains("navrec analyze --timeline-file needs --rows"))
        let both = try NavRecBinary.run(["analyze", "--rows", "--timeline", "--timeline-file", path], stdin: input)
        #expect(both.status == 64 && both.stdout.isEmpty)
        let unwritable = try NavRecBinary.run(["analyze", "--rows", "--timeline-file", directory.path("missing/timeline.bin")], stdin: input)
        #expect(unwritable.status == 74 && unwritable.stdout.isEmpty)
    }
}
