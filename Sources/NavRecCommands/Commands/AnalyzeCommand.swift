internal import Analyzer
internal import ArgumentKit
internal import Recording

/// `navrec analyze [FILE...|-]`: runs the models and detectors over recordings without a database
/// and prints one JSON line per session as each session ends.
struct AnalyzeCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "analyze",
        abstract: "Analyse recordings without a database: one JSON line per session.",
        arguments: "[FILE...]",
        options: RecordingInputs.options + [
            .value("set", "KEY=VALUE",
                   "A detector setting (flapping.window=0.5) or a behaviour parameter to replay with (blurHeader.hysteresis=1.5).",
                   repeatable: true),
        ],
        discussion: """
            Reads NDJSON (or CSV) like import, and prints each session's id, metadata, metrics and
            findings as one JSON line as soon as the session ends; the findings are those import +
            report give. FILE defaults to '-', standard input. Nothing is stored.

            A session with a bad line prints {"id":…,"app":…,"startedAt":…,"error":"FILE:LINE:COL: error: …"}
            instead, and reading goes on at the next session header; the exit code is then 65 (some
            sessions failed), after every other session's line.

            EXAMPLES:
              navrec analyze sessions.ndjson
              navrec simulate --behavior blurHeader --gesture hover | navrec analyze
              navrec analyze - --set flapping.window=0.5 < fleet.ndjson
            """,
        positionals: [.files])

    let context: CommandContext
    let inputs: RecordingInputs
    let settings: AnalyzerSettings

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        inputs = try RecordingInputs(arguments, command: Self.spec.name, standardInputByDefault: true)
        settings = try arguments.analyzerSettings(command: Self.spec.name).settings
    }

    func run() throws -> ExitCode {
        try inputs.checkFilesExist()
        Interruption.install()
        let sink = AnalyzeSink(analyzer: Analyzer(settings: settings), output: context.output)
        let pipeline = RecordingPipeline(onProgress: { _ in try Interruption.check(.analyzing) })
        var exitCode = ExitCode.success
        for file in inputs.files {
            let source = try inputs.reader(for: file)
            reading: while true {
                do {
                    try pipeline.run(source, into: sink)
                    break reading
                } catch let error as RecordingError {
                    if exitCode != .noInput { exitCode = error.kind == .unreadable ? .noInput : .dataError }
                    sink.fail(error)
                    // A bad line costs its session only; reading goes on at the next header. An
                    // unreadable file, or a CSV file (one session), has nothing left to read.
                    guard error.kind == .invalidInput, let ndjson = source as? NDJSONReader, ndjson.resumeAtNextHeader()
                    else { break reading }
                }
            }
            context.output.flush()
        }
        return exitCode
    }
}
