internal import Analyzer
internal import ArgumentKit
internal import BarModel
internal import Reports
internal import Store

/// `navrec export [SESSION...] --format perfetto`: the sessions as a trace for Perfetto UI.
struct ExportCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write sessions as a Chrome JSON trace for ui.perfetto.dev and chrome://tracing.",
        arguments: "[SESSION...]",
        options: [
            DatabaseOptions.database.spec,
            Options.format.spec,
            OutputOptions.output.help("Write the trace to FILE instead of standard output.").spec,
            AnalyzerOptions.settings.help("A detector setting or behaviour parameter, as for navrec report.").spec,
            Options.maxSessions.spec,
        ],
        discussion: """
            Exports every session unless SESSION ids are given: per session a process with counter
            tracks (y, bar height, alphas, avatar transform, blur; computed and observed), title
            visibility as slices, late frames as instants and findings as async slices carrying the
            evidence and the fix. Sessions lie on one time line: each starts at its startedAt,
            counted in microseconds from the earliest one exported (0 for a session without one).
            The sessions are analysed as by navrec report, and their findings stored the same way.

            A trace viewer loads a few hundred sessions at a time: more than --max-sessions
            (default \(defaultMaxSessions)) is refused; name the sessions to export instead.

            EXAMPLES:
              navrec export --format perfetto --output navrec.trace.json
              navrec export demo-blur-hover --output hover.json
              navrec export $(navrec query worst_sessions --format csv | tail -n +2 | cut -d, -f1 | head -20)
            """,
        positionals: [.sessions])

    let context: CommandContext
    let databasePath: String
    let sessionIDs: [String]
    let outputPath: String?
    let settings: AnalyzerSettings
    let settingsKey: String
    let maxSessions: Int
    /// Sessions a trace holds unless --max-sessions says otherwise: 2,000 fleet sessions made a
    /// 73 MB trace that ui.perfetto.dev had not loaded after 5 minutes (Docs/reports.md "Perfetto").
    static let defaultMaxSessions = 200

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        sessionIDs = arguments.positionals
        // One format today; read so that a wrong one is an error rather than ignored.
        let _: ExportFormat = try arguments.choice(Options.format, default: .perfetto, command: Self.spec.name)
        outputPath = arguments.value(OutputOptions.output)
        (settings, settingsKey) = try arguments.analyzerSettings(command: Self.spec.name)
        if let text = arguments.value(Options.maxSessions) {
            guard let number = Int(text), number > 0 else {
                throw UsageError("--max-sessions takes a whole number above 0 (e.g. 500), not '\(text)'", command: Self.spec.name)
            }
            maxSessions = number
        } else {
            maxSessions = Self.defaultMaxSessions
        }
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        // The trace's 0 is the earliest start of the sessions it holds; too many for a viewer are refused.
        let stored: [StoredSession]
        do {
            stored = try store.sessions()
        } catch {
            throw CommandError.database(error, path: databasePath, during: .exporting)
        }
        let wanted = Set(sessionIDs)
        let selected = sessionIDs.isEmpty ? stored : stored.filter { wanted.contains($0.id) }
        guard selected.count <= maxSessions else {
            throw UsageError(
                "\(selected.count) sessions are more than one trace holds (--max-sessions \(maxSessions)); "
                    + "name the sessions to export (navrec export SESSION...), or raise --max-sessions",
                command: Self.spec.name)
        }
        let origin = selected.compactMap { $0.metadata.startedAt.flatMap(PerfettoTraceWriter.epochMicroseconds) }.min()
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        do {
            var writer = PerfettoTraceWriter { output.write($0) }
            writer.begin(origin: origin)
            var count = 0
            var analysis = StoredSessionAnalysis(
                store: store, databasePath: databasePath, settings: settings, settingsKey: settingsKey, reporter: context)
            analysis.work = .exporting
            try analysis.run(sessionIDs: sessionIDs) { analysis in
                guard let session = try store.session(id: analysis.id) else { return }
                count += 1
                try writer.session(analysis, pid: count, frames: try store.frames(of: session))
            }
            writer.end()
            try output.finish()
            if let path = outputPath {
                context.errors.line("wrote \(TerminalText.escaped(path)): \(count) session\(count == 1 ? "" : "s")")
            }
        } catch {
            throw CommandError.database(error, path: databasePath, during: .exporting)
        }
        return .success
    }
}

extension ExportCommand {
    /// The options only `navrec export` takes.
    enum Options {
        static let format: Option<ExportFormat> = OutputOptions.format("Export format (default: perfetto).")
        static let maxSessions = Option<String>.value(
            "max-sessions", "N", "Refuse to export more sessions than N (default: \(defaultMaxSessions)): a bigger trace does not load in a viewer.")
    }
}
