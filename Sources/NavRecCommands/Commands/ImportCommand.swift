internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Recording
internal import Reports
internal import Store

/// `navrec import FILE...`: reads recordings, runs the bar models and stores everything.
struct ImportCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import NDJSON or CSV recordings into the database.",
        arguments: "FILE...",
        options: [
            DatabaseOptions.database.spec,
        ] + RecordingOptions.all + [
            Options.replace.spec,
            Options.eachFile.spec,
        ],
        discussion: """
            FILE may be '-' for standard input. Each session is stored whole: a bad line prints
            FILE:LINE:COL: error: … and stores nothing of that session; the import goes on at the
            next session and the next files, and exits 65 when any session failed. One summary line
            per file (up to \(perFileLineLimit) files, or all with --each-file), then the total of every
            file when there are several. Importing the
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
    let eachFile: Bool

    /// Up to this many files, each gets its summary line; beyond it only the total is printed
    /// (a CI job importing 2,000 recordings wants one line, and every bad session's error).
    static let perFileLineLimit = 10

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        inputs = try RecordingInputs(arguments, command: "import")
        databasePath = context.databasePath(arguments)
        replace = arguments.has(Options.replace)
        eachFile = arguments.has(Options.eachFile)
    }

    func run() throws -> ExitCode {
        // A missing input is reported before the database is created or touched.
        try inputs.checkFilesExist()
        let store = try context.openStore(databasePath, creating: true)
        do { try store.makeImportsDurable() } catch { throw CommandError.database(error, path: databasePath, during: .importing) }
        Interruption.install()
        var importer = Importer(store: store, replace: replace)
        let progressContext = context
        importer.onProgress = { samples in
            try Interruption.check(.importing)
            progressContext.progress("importing: \(samples) samples")
        }
        importer.onFailure = { error in
            progressContext.endProgress()
            progressContext.output.flush()
            progressContext.errors.line(TerminalText.escaped(error.description))
            progressContext.errors.flush()
        }
        let printsEachFile = eachFile || inputs.files.count <= Self.perFileLineLimit
        var total = ImportSummary(file: "total, \(inputs.files.count) files")
        for file in inputs.files {
            let displayName = RecordingInputs.displayName(of: file)
            var summary: ImportSummary
            do {
                do {
                    summary = try importer.importAll(from: try inputs.reader(for: file, legacyContentIDs: true), displayName: displayName, sourcePath: file)
                } catch let error as RecordingError {
                    // The file cannot be opened: it counts as one failed session, and the next files go on.
                    importer.onFailure(error)
                    summary = ImportSummary(file: displayName, sessionsFailed: 1, unreadable: true)
                }
            } catch {
                context.endProgress()
                throw CommandError.database(error, path: databasePath, during: .importing)
            }
            context.endProgress()
            if printsEachFile { context.output.line(TerminalText.escaped(summary.line)) }
            total.add(summary)
        }
        if inputs.files.count > 1 { context.output.line(TerminalText.escaped(total.line)) }
        if total.unreadable { return .noInput }
        return total.sessionsFailed > 0 ? .dataError : .success
    }
}

extension ImportCommand {
    /// The options only `navrec import` takes.
    enum Options {
        static let replace = Option<Bool>.flag("replace", "Re-import sessions that are already stored; overwrite a different recording with the same id.")
        static let eachFile = Option<Bool>.flag("each-file", "Print every file's summary line, however many files (default: up to \(perFileLineLimit) files, beyond that only the total).")
    }
}
