internal import BarModel
internal import Foundation
internal import Recording
internal import Store

/// `navrec import FILE...`: reads recordings, runs the bar models and stores everything.
struct ImportCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import NDJSON or CSV recordings into the database.",
        arguments: "FILE...",
        options: [
            .database(),
        ] + RecordingInputs.options + [
            .flag("replace", "Re-import sessions that are already stored; overwrite a different recording with the same id."),
        ],
        discussion: """
            FILE may be '-' for standard input. Each session is stored in one transaction: a bad line
            prints FILE:LINE:COL: error: … and stores nothing of that session (exit 65). Importing the
            same recording again is a no-op that says so. A session whose id is already taken by a
            different recording is kept under ID~HASH (printed). --replace re-imports a recording
            where it is stored, and one not stored yet over the recording stored under its id.
            Times on a raw clock (a first t of 60 s or more, e.g. CACurrentMediaTime()) are stored
            from the session's first timestamp, the offset in sessions.t_origin.

            EXAMPLES:
              navrec import session.ndjson
              navrec simulate --behavior blurHeader --gesture hover | navrec import -
              navrec import scroll.csv --behavior largeTitle --behavior avatar --param largeTitle.hysteresis=1
            """,
        positionals: [.files])

    let context: CommandContext
    let inputs: RecordingInputs
    let databasePath: String
    let replace: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        inputs = try RecordingInputs(arguments, command: "import")
        databasePath = context.databasePath(arguments)
        replace = arguments.has("replace")
    }

    func run() throws -> ExitCode {
        // A missing input is reported before the database is created or touched.
        try inputs.checkFilesExist()
        let store = try context.openStore(databasePath, creating: true)
        do { try store.makeImportsDurable() } catch { throw CommandError.database(error, path: databasePath) }
        Interruption.install()
        var importer = Importer(store: store, replace: replace)
        let progressContext = context
        importer.onProgress = { samples in
            try Interruption.check()
            progressContext.progress("importing: \(samples) samples")
        }
        for file in inputs.files {
            let displayName = RecordingInputs.displayName(of: file)
            let summary: ImportSummary
            do {
                summary = try importer.importAll(from: try inputs.reader(for: file), displayName: displayName, sourcePath: file)
            } catch let error as RecordingError {
                context.endProgress()
                throw error
            } catch let error as CommandError {
                context.endProgress()
                throw error
            } catch {
                context.endProgress()
                throw CommandError.database(error, path: databasePath)
            }
            context.endProgress()
            context.output.line(summary.line)
        }
        return .success
    }
}
