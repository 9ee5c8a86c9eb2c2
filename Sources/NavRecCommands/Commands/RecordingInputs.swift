internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Recording
internal import TextTools

/// The recordings a command reads and how (`navrec import`, `navrec analyze`): the files, their
/// format, and for CSV the session's behaviours and id from the command line.
struct RecordingInputs {
    enum Format: String, CommandLineChoice { case ndjson, csv }

    let files: [String]
    let format: Format?
    let csvBehaviors: BehaviorSet?
    let sessionID: String?

    /// Validates the inputs of `command`; throws ``UsageError`` for a wrong command line. Without
    /// files, `standardInputByDefault` reads `-`, else it is an error.
    init(_ arguments: ParsedArguments, command: String, standardInputByDefault: Bool = false) throws(UsageError) {
        files = arguments.positionals.isEmpty && standardInputByDefault ? ["-"] : arguments.positionals
        guard !files.isEmpty else { throw UsageError("missing FILE (a recording, or '-' for standard input)", command: command) }
        format = try arguments.choice(RecordingOptions.format, command: command)
        sessionID = arguments.value(RecordingOptions.sessionID)
        let names = arguments.all(RecordingOptions.behavior)
        let parameters = arguments.all(RecordingOptions.parameter)
        let explicit = format
        let csvFiles = files.count { Self.format(of: $0, explicit: explicit) == .csv }
        if csvFiles == 0, !names.isEmpty || !parameters.isEmpty || sessionID != nil {
            throw UsageError("--behavior, --param and --session-id describe CSV input; NDJSON recordings carry them in their header", command: command)
        }
        if csvFiles > 0 {
            guard !names.isEmpty else {
                throw UsageError("CSV input needs its behaviours: add --behavior NAME (e.g. --behavior largeTitle)", command: command)
            }
            csvBehaviors = try Self.behaviors(names: names, parameters: parameters, command: command)
            if sessionID != nil, csvFiles > 1 {
                throw UsageError("--session-id names one session, but several CSV files were given", command: command)
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
                guard let parsed = KeyAssignment(assignment) else {
                    throw UsageError("--param takes NAME.KEY=VALUE (e.g. blurHeader.hysteresis=1.5), not '\(assignment)'", command: command)
                }
                let behavior = parsed.name
                let key = parsed.key
                let value = ParameterValue(commandLine: parsed.value)
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

    /// Throws exit 66 for the first input that is missing or a directory, or for `-` when standard
    /// input is closed (`<&-`), before any work starts: a closed descriptor 0 would otherwise be
    /// taken by the next file opened (SQLite puts /dev/null there) and read as an empty recording.
    func checkFilesExist() throws(CommandError) {
        if files.contains("-"), fcntl(0, F_GETFD) == -1 {
            throw CommandError(.noInput, "standard input is closed: nothing to read for '-' (pipe a recording in, or give a FILE)")
        }
        for file in files where file != "-" {
            var status = stat()
            guard stat(FileName.cString(file), &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
                throw CommandError(.noInput, "\(file): no such file")
            }
        }
    }

    /// The name a file goes by in messages (`<stdin>` for `-`).
    static func displayName(of file: String) -> String { file == "-" ? "<stdin>" : file }

    /// Opens `file` with the reader of its format; `legacyContentIDs`: whether an NDJSON reader's
    /// session summaries carry the content id of navrec before SHA-256 (only `import` uses it);
    /// `namedSessionContentIDs`: whether they carry a content id where the header names the
    /// session (``NDJSONReader/namedSessionContentIDs``).
    func reader(for file: String, legacyContentIDs: Bool, namedSessionContentIDs: Bool = true) throws(RecordingError) -> any RecordingReader {
        let displayName = Self.displayName(of: file)
        switch Self.format(of: file, explicit: format) {
        case .ndjson:
            let reader = try NDJSONReader(path: file, displayName: displayName)
            reader.legacyContentIDs = legacyContentIDs
            reader.namedSessionContentIDs = namedSessionContentIDs
            return reader
        case .csv:
            let header = SessionHeader(id: sessionID, behaviors: csvBehaviors ?? BehaviorSet())
            return try CSVReader(path: file, displayName: displayName, header: header)
        }
    }
}
