internal import Analyzer
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
            .database(),
            .choice("format", ReportFormat.self, "Report format (default: text)."),
            .value("output", "FILE", "Write the report to FILE instead of standard output."),
            .flag("all", "Text: list every session, also those without findings (default: one line for them)."),
            .value("jobs", "N", "Sessions analysed at once, each on its own connection (default: the number of cores)."),
            .choice("fail-on", Finding.Severity.self, "Exit 1 when a finding at this severity or worse exists."),
            .value("set", "KEY=VALUE",
                   "A detector setting (flapping.window=0.5) or a behaviour parameter to replay with (blurHeader.hysteresis=1.5).",
                   repeatable: true),
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
            """)

    let context: CommandContext
    let databasePath: String
    let sessionIDs: [String]
    let format: ReportFormat
    let outputPath: String?
    let listAll: Bool
    let jobs: Int
    let failOn: Finding.Severity?
    let settings: AnalyzerSettings
    let settingsKey: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        sessionIDs = arguments.positionals
        format = try arguments.choice("format", default: .text, command: Self.spec.name)
        outputPath = arguments.value("output")
        listAll = arguments.has("all")
        if let text = arguments.value("jobs") {
            guard let count = Int(text), count >= 1 else {
                throw UsageError("--jobs takes a whole number of at least 1, not '\(text)'", command: Self.spec.name)
            }
            jobs = count
        } else {
            jobs = ProcessInfo.processInfo.activeProcessorCount
        }
        failOn = try arguments.choice("fail-on", command: Self.spec.name)
        (settings, settingsKey) = try arguments.analyzerSettings(command: Self.spec.name)
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        var options = ReportOptions(failOn: failOn ?? .error, toolVersion: NavRec.version)
        options.color = outputPath == nil && context.output.isTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
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
                    sarifSessions.append(analysis)
                    if let location = try Self.location(of: analysis, in: store) { options.locations[analysis.id] = location }
                } else {
                    output.write(renderer.session(analysis))
                }
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.database(error, path: databasePath)
        }
        output.write(format == .sarif ? format.render(Report(sessions: sarifSessions), options: options) : renderer.end(totals))
        output.flush()
        if let path = outputPath {
            let sessions = totals.sessions, findings = totals.findings
            context.errors.line("wrote \(path): \(sessions) session\(sessions == 1 ? "" : "s"), \(findings) finding\(findings == 1 ? "" : "s")")
        }
        if let failOn, let worst = totals.worstSeverity, worst >= failOn { return .findings }
        return .success
    }

    /// A session's recording, as a URI relative to the current directory (the repository root in
    /// CI), and the line of each finding's first sample; `nil` when it has no file.
    static func location(of analysis: SessionAnalysis, in store: SessionStore) throws -> RecordingLocation? {
        guard let session = try store.session(id: analysis.id), let uri = recordingURI(session.source) else { return nil }
        let lines = try analysis.findings.map { finding in try store.recordingLine(of: session, at: finding.start) }
        return RecordingLocation(uri: uri, findingLines: lines)
    }

    /// `source` (the path the session was imported from) as a SARIF artifact URI: relative paths
    /// stay as they are (imported from the repository root), absolute ones under the current
    /// directory become relative, others a `file://` URI; standard input and `navrec demo`'s
    /// built-in sessions have no file.
    static func recordingURI(_ source: String) -> String? {
        if source == "-" || source.hasPrefix("demo:") { return nil }
        var path = source
        let root = FileManager.default.currentDirectoryPath
        if path.hasPrefix("/") {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard path.hasPrefix(prefix) else {
                return "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
            }
            path.removeFirst(prefix.count)
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
