internal import Analyzer
internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Reports
internal import Store

/// `navrec report [SESSION...]`: replays sessions through the detectors, stores the findings and
/// prints the report.
struct ReportCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Find flapping, jitter, hitches and title mismatches; print and store the findings.",
        arguments: "[SESSION...]",
        options: [
            DatabaseOptions.database.spec,
            Options.format.spec,
            OutputOptions.output.help("Write the report to FILE instead of standard output.").spec,
            Options.color.spec,
            Options.all.spec,
            Options.jobs.spec,
            Options.failOn.spec,
            Options.allowEmpty.spec,
            AnalyzerOptions.settings.spec,
            Options.sourceRoot.spec,
            Options.stdinName.spec,
        ],
        discussion: """
            Reports every session unless SESSION ids are given, in import order. The text report lists
            the sessions with findings and sums up the others in one line (--all lists them too).
            Sessions are analysed --jobs at a time and written in order as they finish, so memory
            does not grow with their number (text, JSON and HTML, whose index comes last in the file
            and first on the page; the other formats are assembled at the end). Findings are stored in the database (table findings), replacing the session's
            earlier findings for the same --set settings.
            A behaviour parameter in --set replays the session's models with it, without changing
            the stored recording: use it to prove a fix (e.g. a hysteresis) removes a finding.

            EXAMPLES:
              navrec report
              navrec report --format json --fail-on error > report.json
              navrec report demo-blur-hover --set blurHeader.hysteresis=1.5
              navrec report --format html --output report.html
              navrec report --format junit --output navrec-junit.xml
              navrec report --format sarif --output navrec.sarif
            """,
        positionals: [.sessions])

    let context: CommandContext
    let databasePath: String
    let sessionIDs: [String]
    let format: ReportFormat
    let outputPath: String?
    let listAll: Bool
    let color: ColorChoice
    /// The `--set` assignments as given, echoed by the report.
    let assignments: [String]
    let jobs: Int
    let failOn: Finding.Severity?
    let allowEmpty: Bool
    let settings: AnalyzerSettings
    let settingsKey: String
    /// Absolute and standardized: where SARIF paths are relative to.
    let sourceRoot: String
    /// Percent-encoded, relative: the SARIF path of sessions read from standard input.
    let stdinURI: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        sessionIDs = arguments.positionals
        format = try arguments.choice(Options.format, default: .text, command: Self.spec.name)
        outputPath = arguments.value(OutputOptions.output)
        listAll = arguments.has(Options.all)
        color = try arguments.choice(Options.color, default: .auto, command: Self.spec.name)
        assignments = arguments.all(AnalyzerOptions.settings)
        if let text = arguments.value(Options.jobs) {
            guard let count = Int(text), count >= 1 else {
                throw UsageError("--jobs takes a whole number of at least 1, not '\(text)'", command: Self.spec.name)
            }
            // Bounded by the machine here and by the sessions in StoredSessionAnalysis: --jobs
            // 100000 started 100,000 threads for 14 sessions, and Int.max overflowed.
            jobs = min(count, ParallelJobs.maximumThreads)
        } else {
            jobs = ProcessInfo.processInfo.activeProcessorCount
        }
        failOn = try arguments.choice(Options.failOn, command: Self.spec.name)
        allowEmpty = arguments.has(Options.allowEmpty)
        if allowEmpty, failOn == nil {
            throw UsageError("--allow-empty only changes --fail-on: add --fail-on error or --fail-on warning", command: Self.spec.name)
        }
        (settings, settingsKey) = try arguments.analyzerSettings(command: Self.spec.name)
        sourceRoot = Self.absolute(arguments.value(Options.sourceRoot) ?? ".")
        if let name = arguments.value(Options.stdinName) {
            let segments = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("://"), !segments.contains(".."), !segments.contains("")
            else {
                throw UsageError("--stdin-name takes a path relative to the repository root (no leading '/', no '..'), not '\(name)'",
                                 command: Self.spec.name)
            }
            stdinURI = RecordingLocation.percentEncoded(name.hasPrefix("./") ? String(name.dropFirst(2)) : name, keepingSlashes: true)
        } else {
            stdinURI = nil
        }
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        var options = ReportOptions(failOn: failOn ?? .error, toolVersion: NavRec.version)
        options.color = color.colors(toTerminal: outputPath == nil && context.output.isTerminal, environment: context.environment)
        options.settings = assignments
        var renderer = format.renderer(listAll: listAll, options: options)
        var totals = Report.Totals()
        // SARIF locates each finding in its recording, which only the store knows: its sessions are
        // kept with their locations and rendered at the end, as the other collecting formats are.
        var sarifSessions: [SessionAnalysis] = []
        output.write(renderer.begin())
        do {
            let analysis = StoredSessionAnalysis(
                store: store, databasePath: databasePath, settings: settings, settingsKey: settingsKey, jobs: jobs,
                context: context)
            try analysis.run(sessionIDs: sessionIDs) { analysis in
                totals.add(analysis)
                if format == .sarif {
                    sarifSessions.append(analysis.withoutCharts)
                    if let location = try location(of: analysis, in: store) { options.locations[analysis.id] = location }
                } else {
                    output.write(renderer.session(analysis))
                }
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.database(error, path: databasePath, during: .reporting)
        }
        output.write(format == .sarif ? format.render(Report(sessions: sarifSessions), options: options) : renderer.end(totals))
        try output.finish()
        if let path = outputPath {
            let sessions = totals.sessions, findings = totals.findings
            context.errors.line("wrote \(path): \(sessions) session\(sessions == 1 ? "" : "s"), \(findings) finding\(findings == 1 ? "" : "s")")
        }
        if let failOn {
            // A gate that saw nothing has checked nothing: an empty database, an import step that
            // stored no session or a --db pointing elsewhere must not turn the CI step green.
            if totals.sessions == 0, !allowEmpty {
                throw CommandError(.noInput, "--fail-on \(failOn.name): no session in \(databasePath) to check, "
                    + "so the gate cannot pass (import recordings first, or add --allow-empty to pass on none)")
            }
            if let worst = totals.worstSeverity, worst >= failOn { return .findings }
        }
        return .success
    }

    /// A session's recording, as a URI relative to the source root, and the line of each finding's
    /// first sample; `nil` (the renderer's placeholder) when it has no file there.
    func location(of analysis: SessionAnalysis, in store: SessionStore) throws -> RecordingLocation? {
        guard let session = try store.session(id: analysis.id), let uri = recordingURI(session.source) else { return nil }
        let lines = try analysis.findings.map { finding in try store.recordingLine(of: session, at: finding.start) }
        return RecordingLocation(uri: uri, findingLines: lines)
    }

    /// `source` (the path the session was imported from) as a SARIF artifact URI relative to the
    /// source root: a relative path is taken from the current directory (import and report run
    /// from the same checkout), `.` and `..` resolved; standard input is `--stdin-name`. A file
    /// outside the root, standard input without `--stdin-name` and `navrec demo`'s built-in
    /// sessions have none (`nil`): a URI GitHub cannot resolve in the repository (`file://`,
    /// `../`) would attach the alert to nothing.
    func recordingURI(_ source: String) -> String? {
        if source == "-" { return stdinURI }
        if source.hasPrefix("demo:") { return nil }
        let path = Self.absolute(source)
        let prefix = sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return RecordingLocation.percentEncoded(String(path.dropFirst(prefix.count)), keepingSlashes: true)
    }

    /// `path` made absolute from the current directory, with `.` and `..` resolved (symbolic
    /// links are not: paths are compared as written).
    static func absolute(_ path: String) -> String {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
    }
}

extension ReportCommand {
    /// The options only `navrec report` takes.
    enum Options {
        static let format: Option<ReportFormat> = OutputOptions.format("Report format (default: text).")
        static let color = Option<ColorChoice>.choice("color", "Text: colour severities (default: auto, on a terminal unless NO_COLOR is set or TERM=dumb).")
        static let all = Option<Bool>.flag("all", "Text: list every session, also those without findings (default: one line for them).")
        static let jobs = Option<String>.value("jobs", "N", "Sessions analysed at once, each on its own connection (default: the number of cores).")
        static let failOn = Option<Finding.Severity>.choice("fail-on", "Exit 1 when a finding at this severity or worse exists; exit 66 when no session was reported.")
        static let allowEmpty = Option<Bool>.flag("allow-empty", "With --fail-on: pass (exit 0) when there is no session to report.")
        static let sourceRoot = Option<String>.value("source-root", "DIR", "SARIF: the repository root recording paths are made relative to (default: the current directory).")
        static let stdinName = Option<String>.value("stdin-name", "PATH", "SARIF: the repository path of what was imported from standard input (default: navrec-sessions/ID.ndjson).")
    }
}
