import Foundation

/// An NDJSON recording written the way an app's display-link recorder writes one: a header, then
/// one sample per frame at the session's refresh rate, with the bar state the app showed.
struct AppRecording {
    let id: String
    let fps: Double
    private(set) var lines: [String]
    /// Seconds from the session start of the next sample.
    private(set) var t = 0.0

    /// `behaviors` is the header's JSON object, e.g. `{"largeTitle":{"hysteresis":1}}`.
    init(id: String, behaviors: String, fps: Double = 120) {
        self.id = id
        self.fps = fps
        lines = [#"{"navrec":1,"session":{"id":"\#(id)","app":"Mail","screen":"Inbox","device":"iPhone16,1","os":"iOS 18.1","fps":\#(Int(fps)),"behaviors":\#(behaviors)}}"#]
    }

    /// Appends one frame's sample at `y` (written with every digit, so ulp-level noise survives)
    /// and, when given, the bar state the app reported as a JSON object's members.
    mutating func frame(y: Double, phase: String = "drag", bar: String? = nil) {
        let time = (t * 1e6).rounded() / 1e6
        var line = #"{"t":\#(time),"y":\#(y),"phase":"\#(phase)""#
        if let bar { line += #","bar":{\#(bar)}"# }
        lines.append(line + "}")
        t += 1 / fps
    }

    /// `frames` frames whose `y` is `position(seconds since the first of them)`.
    mutating func frames(_ count: Int, phase: String = "drag", y position: (Double) -> Double,
                         bar: ((Double) -> String?)? = nil) {
        let start = t
        for _ in 0..<count {
            let y = position(t - start)
            frame(y: y, phase: phase, bar: bar?(y))
        }
    }

    /// Imports `recordings` into a fresh database in `directory` and reports them.
    static func report(_ recordings: [AppRecording], in directory: TemporaryDirectory,
                       extra: [String] = []) throws -> ReportedFindings {
        let db = directory.path("app.sqlite")
        var files: [String] = []
        for recording in recordings {
            files.append(try directory.write("\(recording.id).ndjson", recording.lines))
        }
        let imported = try NavRecBinary.run(["import"] + files + ["--db", db])
        guard imported.status == 0 else { throw ReportedFindings.Failure(message: imported.stderr) }
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json"] + extra)
        guard report.status == 0 else { throw ReportedFindings.Failure(message: report.stderr) }
        let gate = try NavRecBinary.run(["report", "--db", db, "--fail-on", "error"] + extra)
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        var bySession: [String: [String]] = [:]
        for session in json?["sessions"] as? [[String: Any]] ?? [] {
            let findings = session["findings"] as? [[String: Any]] ?? []
            bySession[session["id"] as? String ?? ""] = findings.map(ReportedFindings.line)
        }
        return ReportedFindings(bySession: bySession, failOnErrorStatus: gate.status, database: db)
    }
}

/// What `navrec report` found, one line per finding: `severity kind[/subkind] signal (source): message`.
struct ReportedFindings {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    var bySession: [String: [String]]
    /// The exit status of `navrec report --fail-on error` over every session.
    var failOnErrorStatus: Int32
    var database: String

    subscript(id: String) -> [String] { bySession[id] ?? ["no session \(id)"] }

    static func line(_ finding: [String: Any]) -> String {
        let kind = finding["kind"] as? String ?? "?"
        let subkind = (finding["subkind"] as? String).map { "/" + $0 } ?? ""
        return "\(finding["severity"] as? String ?? "?") \(kind)\(subkind) \(finding["signal"] as? String ?? "?")"
            + " (\(finding["source"] as? String ?? "?")): \(finding["message"] as? String ?? "")"
    }

    /// Runs a read-only SQL query on the database and returns its CSV rows without the header.
    func query(_ sql: String) throws -> [String] {
        let result = try NavRecBinary.run(["query", "--db", database, sql, "--format", "csv"])
        guard result.status == 0 else { throw Failure(message: result.stderr) }
        // RFC 4180 CSV: CRLF line ends, which Swift reads as one Character.
        return Array(result.stdout.split(whereSeparator: \.isNewline).dropFirst().map(String.init))
    }
}
