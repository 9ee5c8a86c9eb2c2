internal import Analyzer
internal import ArgumentKit
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
        ],
        discussion: """
            Exports every session unless SESSION ids are given: per session a process with counter
            tracks (y, bar height, alphas, avatar transform, blur; computed and observed), title
            visibility as slices, late frames as instants and findings as async slices carrying the
            evidence and the fix. Times are microseconds from each session's start. The sessions
            are analysed as by navrec report, and their findings stored the same way.

            EXAMPLES:
              navrec export --format perfetto --output navrec.trace.json
              navrec export demo-blur-hover --output hover.json
            """,
        positionals: [.sessions])

    let context: CommandContext
    let databasePath: String
    let sessionIDs: [String]
    let outputPath: String?
    let settings: AnalyzerSettings
    let settingsKey: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        sessionIDs = arguments.positionals
        // One format today; read so that a wrong one is an error rather than ignored.
        let _: ExportFormat = try arguments.choice(Options.format, default: .perfetto, command: Self.spec.name)
        outputPath = arguments.value(OutputOptions.output)
        (settings, settingsKey) = try arguments.analyzerSettings(command: Self.spec.name)
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        do {
            var writer = PerfettoTraceWriter { output.write($0) }
            writer.begin()
            var count = 0
            var analysis = StoredSessionAnalysis(
                store: store, databasePath: databasePath, settings: settings, settingsKey: settingsKey, context: context)
            analysis.work = .exporting
            try analysis.run(sessionIDs: sessionIDs) { analysis in
                guard let session = try store.session(id: analysis.id) else { return }
                count += 1
                try writer.session(analysis, pid: count, frames: try store.frames(of: session))
            }
            writer.end()
            try output.finish()
            if let path = outputPath {
                context.errors.line("wrote \(path): \(count) session\(count == 1 ? "" : "s")")
            }
        } catch let error as CommandError {
            throw error
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
    }
}
