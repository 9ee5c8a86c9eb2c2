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
            .value("db", "PATH", "Database (default: $NAVREC_DB, else ./navrec.sqlite)."),
            .value("format", "ndjson|csv", "Input format (default: from the file extension; stdin is NDJSON)."),
            .value("behavior", "NAME", "CSV: a behaviour the screen uses.", repeatable: true),
            .value("param", "NAME.KEY=VALUE", "CSV: a behaviour parameter.", repeatable: true),
            .value("session-id", "ID", "CSV: the session's id (default: derived from the content)."),
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
            """)

    enum Format: String { case ndjson, csv }

    let context: CommandContext
    let files: [String]
    let databasePath: String
    let format: Format?
    let csvBehaviors: BehaviorSet?
    let sessionID: String?
    let replace: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        files = arguments.positionals
        guard !files.isEmpty else { throw UsageError("missing FILE (a recording, or '-' for standard input)", command: "import") }
        databasePath = context.databasePath(arguments)
        if let text = arguments.value("format") {
            guard let format = Format(rawValue: text) else {
                throw UsageError("unknown format '\(text)'; use ndjson or csv", command: "import")
            }
            self.format = format
        } else {
            format = nil
        }
        replace = arguments.has("replace")
        sessionID = arguments.value("session-id")
        let names = arguments.all("behavior")
        let parameters = arguments.all("param")
        let explicit = format
        let anyCSV = files.contains { Self.format(of: $0, explicit: explicit) == .csv }
        if !anyCSV, !names.isEmpty || !parameters.isEmpty || sessionID != nil {
            throw UsageError("--behavior, --param and --session-id describe CSV input; NDJSON recordings carry them in their header", command: "import")
        }
        if anyCSV {
            guard !names.isEmpty else {
                throw UsageError("CSV input needs its behaviours: add --behavior NAME (e.g. --behavior largeTitle)", command: "import")
            }
            csvBehaviors = try Self.behaviors(names: names, parameters: parameters, command: "import")
            let explicit = format
            if sessionID != nil, files.count(where: { Self.format(of: $0, explicit: explicit) == .csv }) > 1 {
                throw UsageError("--session-id names one session, but several CSV files were given", command: "import")
            }
        } else {
            csvBehaviors = nil
        }
    }

    /// A validated set from `--behavior` names and `--param NAME.KEY=VALUE` assignments.
    static func behaviors(names: [String], parameters: [String], command: String) throws(UsageError) -> BehaviorSet {
        var behaviors = BehaviorSet()
        do {
            for name in names { try behaviors.add(name) }
            for assignment in parameters {
                guard let equals = assignment.firstIndex(of: "="),
                      let dot = assignment[..<equals].firstIndex(of: ".")
                else { throw UsageError("--param takes NAME.KEY=VALUE (e.g. blurHeader.hysteresis=1.5), not '\(assignment)'", command: command) }
                let behavior = String(assignment[..<dot])
                let key = String(assignment[assignment.index(after: dot)..<equals])
                let value = ParameterValue(commandLine: String(assignment[assignment.index(after: equals)...]))
                if !behaviors.contains(behavior), BehaviorSet.names.contains(behavior) {
                    throw UsageError("--param \(assignment): add --behavior \(behavior) first", command: command)
                }
                try behaviors.set(behavior, key, to: value)
            }
            try behaviors.validate()
        } catch let error as UsageError {
            throw error
        } catch let error as BehaviorError {
            throw UsageError(error.description, command: command)
        } catch {
            throw UsageError("\(error)", command: command)
        }
        return behaviors
    }

    static func format(of file: String, explicit: Format?) -> Format {
        if let explicit { return explicit }
        return file.lowercased().hasSuffix(".csv") ? .csv : .ndjson
    }

    func run() throws -> ExitCode {
        // A missing input is reported before the database is created or touched.
        for file in files where file != "-" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw CommandError(.noInput, "error: \(file): no such file")
            }
        }
        let store = try context.openStore(databasePath)
        Interruption.install()
        var importer = Importer(store: store, replace: replace)
        let progressContext = context
        importer.onProgress = { samples in
            try Interruption.check()
            progressContext.progress("importing: \(samples) samples")
        }
        for file in files {
            let displayName = file == "-" ? "<stdin>" : file
            let summary: ImportSummary
            do {
                switch Self.format(of: file, explicit: format) {
                case .ndjson:
                    let reader = try NDJSONReader(path: file, displayName: displayName)
                    summary = try importer.importAll(from: reader, displayName: displayName, sourcePath: file)
                case .csv:
                    let header = SessionHeader(id: sessionID, behaviors: csvBehaviors ?? BehaviorSet())
                    let reader = try CSVReader(path: file, displayName: displayName, header: header)
                    summary = try importer.importAll(from: reader, displayName: displayName, sourcePath: file)
                }
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
