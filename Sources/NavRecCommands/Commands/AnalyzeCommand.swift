internal import Analyzer
internal import ArgumentKit
internal import Foundation
internal import NavRec
internal import Recording

/// `navrec analyze [FILE...|-]`: runs the models and detectors over recordings without a database
/// and prints one JSON line per session as each session ends.
struct AnalyzeCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "analyze",
        abstract: "Analyse recordings without a database: one JSON line per session.",
        arguments: "[FILE...]",
        options: RecordingOptions.all + [
            AnalyzerOptions.settings.spec,
            Options.rows.spec,
            Options.timeline.spec,
            Options.timelineFile.spec,
        ],
        discussion: """
            Reads NDJSON (or CSV) like import, and prints each session's id, metadata, metrics and
            findings as one JSON line as soon as the session ends; the findings are those import +
            report give. FILE defaults to '-', standard input. Nothing is stored.

            A session with a bad line prints {"id":…,"app":…,"startedAt":…,"error":"FILE:LINE:COL: error: …"}
            instead, and reading goes on at the next session header; the exit code is then 65 (some
            sessions failed), after every other session's line.

            --rows reads standard input as the Spark job writes it (Integrations/spark): one row a
            line, KEY<TAB>SOURCE<TAB>FIRST_LINE<TAB>NDJSON, SOURCE and NDJSON in base64 (so every
            byte arrives as recorded), or NDJSON as #LENGTH with its LENGTH bytes as they are
            right after the line (what the job sends). Each row is read as its own file named SOURCE whose first
            line is FIRST_LINE; each output line is KEY<TAB>JSON, and a session's JSON adds its
            stored columns (recordingId, parameters, observedSamples, events, ignoredKeys,
            tOrigin). A session with an id of its own is not hashed: the job takes its content id
            from the landing's session key.

            --timeline (with --rows) also prints, after each session's line, its rows of the
            database's timeline view: KEY<TAB>SOURCE<TAB>SEQ<TAB>T<TAB>Y<TAB>PHASE<TAB>FIELDS…<TAB>FRAME_DURATION,
            SOURCE computed or observed, the fields in the view's order, \\N for NULL
            (Integrations/spark/analyze_timeline_schema.ddl).

            --timeline-file FILE (with --rows) writes those rows to FILE instead, as little-endian
            columns, one block per session (Docs/fleet.md "The timeline file"): what the Spark job
            reads, with no text to print or parse. FILE is replaced only once every row was read.

            EXAMPLES:
              navrec analyze sessions.ndjson
              navrec simulate --behavior blurHeader --gesture hover | navrec analyze
              navrec analyze - --set flapping.window=0.5 < fleet.ndjson
            """,
        positionals: [.files])

    let context: CommandContext
    let inputs: RecordingInputs
    let settings: AnalyzerSettings
    let readsRows: Bool
    let printsTimeline: Bool
    let timelinePath: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        inputs = try RecordingInputs(arguments, command: Self.spec.name, standardInputByDefault: true)
        settings = try arguments.analyzerSettings(command: Self.spec.name).settings
        readsRows = arguments.has(Options.rows)
        printsTimeline = arguments.has(Options.timeline)
        timelinePath = arguments.value(Options.timelineFile)
        if printsTimeline || timelinePath != nil, !readsRows {
            throw UsageError("navrec analyze \(printsTimeline ? "--timeline" : "--timeline-file") needs --rows")
        }
        if printsTimeline, timelinePath != nil {
            throw UsageError("navrec analyze: --timeline prints the rows as text, --timeline-file writes them to a file: give one")
        }
        if readsRows, inputs.files != ["-"] {
            throw UsageError("navrec analyze --rows reads standard input only (no FILE)")
        }
    }

    func run() throws -> ExitCode {
        try inputs.checkFilesExist()
        Interruption.install()
        let sink = AnalyzeSink(analyzer: Analyzer(settings: settings, timelineBuckets: 0), output: context.output)
        sink.printsTimeline = printsTimeline
        let pipeline = RecordingPipeline(onProgress: { _ in try Interruption.check(.analyzing) })
        var exitCode = ExitCode.success
        if readsRows {
            let timelineFile = try timelinePath.map { path throws(CommandError) in try Output(path: path) }
            sink.timelineFile = timelineFile
            try analyzeRows(into: sink, pipeline: pipeline, exitCode: &exitCode)
            try timelineFile?.finish()
            return exitCode
        }
        for file in inputs.files {
            try analyze(try inputs.reader(for: file, legacyContentIDs: false, namedSessionContentIDs: false), into: sink, pipeline: pipeline, exitCode: &exitCode)
            context.output.flush()
        }
        return exitCode
    }

    /// Every session of `source`; a failed one prints its error line and sets `exitCode`. A bad
    /// line costs its session only; reading goes on at the next header (``AnalyzingSink``).
    private func analyze(_ source: any RecordingReader, into sink: AnalyzeSink, pipeline: RecordingPipeline, exitCode: inout ExitCode) throws {
        var code = exitCode
        try sink.analyze(source, pipeline: pipeline) { error in
            if code != .noInput { code = error.kind == .unreadable ? .noInput : .dataError }
        }
        exitCode = code
    }

    /// The largest `--rows` FIRST_LINE (2⁵³, where doubles still count lines exactly).
    static let maximumFirstLine = 1 << 53

    /// `--rows`: each line of standard input is one landing row, read as a file of its own, so a
    /// row's bad line, over-long line or unfinished header never reaches the next row. A row is
    /// read from memory, where it already is (a scratch file cost the kernel a write and a read of
    /// every byte), so only a session long enough to spill needs a temporary directory.
    private func analyzeRows(into sink: AnalyzeSink, pipeline: RecordingPipeline, exitCode: inout ExitCode) throws {
        let input = StandardInput()
        var lineNumber = 0
        while let line = input.readLine() {
            lineNumber += 1
            let fields = Self.tabSeparatedFields(line)
            // FIRST_LINE up to 2⁵³: the row's lines are added to it (near 2⁶³ that overflowed).
            // A SOURCE that is not UTF-8 is named with U+FFFD in errors (it was exit 64, and every
            // later row was lost).
            guard fields.count == 4, let firstLine = Int(fields[2]), firstLine >= 1, firstLine <= Self.maximumFirstLine,
                  let sourceBytes = Data(base64Encoded: fields[1]), case let source = String(decoding: sourceBytes, as: UTF8.self)
            else {
                throw CommandError(.usage, Self.rowsFraming, at: "<stdin>:\(lineNumber):1")
            }
            let bytes: [UInt8]
            if fields[3].hasPrefix("#") {
                // #LENGTH: the NDJSON's bytes follow the line as they are (the Spark job's framing:
                // base64 cost navrec more than its start-ups, and the worker its encoding).
                guard let length = Int(fields[3].dropFirst()), length >= 0 else {
                    throw CommandError(.usage, Self.rowsFraming, at: "<stdin>:\(lineNumber):1")
                }
                guard input.read(length) else {
                    throw CommandError(.usage, "a --rows row of #\(length) bytes: standard input ends after \(input.bytes.count)", at: "<stdin>:\(lineNumber):1")
                }
                lineNumber += input.newlines
                bytes = input.bytes
            } else {
                guard let session = Data(base64Encoded: fields[3]) else {
                    throw CommandError(.usage, Self.rowsFraming, at: "<stdin>:\(lineNumber):1")
                }
                bytes = Array(session)
            }
            sink.rowKey = fields[0]
            let reader = NDJSONReader(bytes: bytes, displayName: source, firstLine: firstLine)
            reader.legacyContentIDs = false
            // The landing's session_key is the content hash (the job's content_id and `ID~HASH`
            // come from it): SHA-256 here would compute a value the job already has.
            reader.namedSessionContentIDs = false
            try analyze(reader, into: sink, pipeline: pipeline, exitCode: &exitCode)
            context.output.flush()
        }
    }

    static let rowsFraming = "a --rows line is KEY<TAB>SOURCE<TAB>FIRST_LINE<TAB>NDJSON, SOURCE in base64, NDJSON in base64 or #LENGTH followed by its LENGTH bytes, FIRST_LINE a number from 1 to 2^53"

    /// `line`'s tab-separated fields (empty ones kept), found with `memchr` in its UTF-8 bytes:
    /// splitting the String by Character compared every character of the ~100 KB row as a
    /// grapheme, most of `--rows`' work, and a generic split of its bytes still costs more than
    /// the session's analysis. A tab is always a grapheme of
    /// its own, so the fields are the same.
    static func tabSeparatedFields(_ line: String) -> [String] {
        var line = line
        return line.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [""] }
            var fields: [String] = []
            var start = 0
            while let tab = memchr(base + start, Int32(UInt8(ascii: "\t")), bytes.count - start) {
                let end = base.distance(to: tab.assumingMemoryBound(to: UInt8.self))
                fields.append(String(decoding: bytes[start..<end], as: UTF8.self))
                start = end + 1
            }
            fields.append(String(decoding: bytes[start...], as: UTF8.self))
            return fields
        }
    }

    enum Options {
        static let rows = Option<Bool>.flag(
            "rows", "Read landing rows from standard input (the Spark job's framing): KEY, SOURCE, FIRST_LINE, NDJSON per line.")
        static let timeline = Option<Bool>.flag(
            "timeline", "With --rows: also print each session's timeline rows (computed and observed), tab-separated.")
        static let timelineFile = Option<String>.value(
            "timeline-file", "FILE", "With --rows: write each session's timeline rows to FILE as binary columns (Docs/fleet.md).")
    }
}
