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
            Options.baseline.spec,
        ],
        discussion: """
            Reports every session unless SESSION ids are given, in import order. The text report lists
            the sessions with findings and sums up the others in one line (--all lists them too).
            Sessions are analysed --jobs at a time and written in order as they finish, so memory
            does not grow with their number (text, JSON and HTML, whose index comes last in the file
            and first on the page and lists the worst 10,000 sessions; the other formats are
            assembled at the end). Findings are stored in the database (table findings), replacing the session's
            earlier findings for the same --set settings.
            A behaviour parameter in --set replays the session's models with it, without changing
            the stored recording: use it to prove a fix (e.g. a hysteresis) removes a finding.
            --baseline BASE.sqlite (the base branch's database) shows what changed, by finding
            identity (screen, kind, signal, source): Markdown lists new, fixed and still-present
            findings, SARIF marks results new or unchanged, JUnit fails only the new ones, and
            --fail-on gates only on new findings.

            EXAMPLES:
              navrec report
              navrec report --format json --fail-on error > report.json
              navrec report demo-blur-hover --set blurHeader.hysteresis=1.5
              navrec report --format html --output report.html
              navrec report --format junit --output navrec-junit.xml
              navrec report --format sarif --output navrec.sarif
              navrec report --baseline base.sqlite --format markdown --output comment.md --fail-on error
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
    /// `--jobs`; nil for the default (``StoredSessionAnalysis/workers(_:sessions:samples:cores:)``).
    let jobs: Int?
    let failOn: Finding.Severity?
    let allowEmpty: Bool
    let settings: AnalyzerSettings
    let settingsKey: String
    /// Absolute and standardized: where SARIF paths are relative to.
    let sourceRoot: String
    /// Percent-encoded, relative: the SARIF path of sessions read from standard input.
    let stdinURI: String?
    /// `--baseline`: the base's database.
    let baselinePath: String?

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
            jobs = nil
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
        baselinePath = arguments.value(Options.baseline)
        if baselinePath != nil, format == .json || format == .html {
            throw UsageError("--baseline shows changes in text, markdown, junit and sarif, not \(format.name)", command: Self.spec.name)
        }
    }

    /// Failing findings a gate names on standard error at most.
    static let gateLines = 20

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        var options = ReportOptions(failOn: failOn ?? .error, toolVersion: NavRec.version)
        let baseline = try baselinePath.map { path in try self.baseline(path) }
        options.baseline = baseline
        // With a base, the gate sees only the findings it lacks.
        var worstNew: Finding.Severity?
        options.color = color.colors(toTerminal: outputPath == nil && context.output.isTerminal, environment: context.environment)
        options.settings = assignments
        var renderer = format.renderer(listAll: listAll, options: options)
        var totals = Report.Totals()
        // SARIF locates each finding in its recording, which only the store knows: its sessions are
        // kept with their locations and rendered at the end, as the other collecting formats are.
        var sarifSessions: [SessionAnalysis] = []
        // What fails the gate, for standard error: the first few findings at or above --fail-on.
        var failing: [String] = []
        var failingCount = 0
        output.write(renderer.begin())
        do {
            let analysis = StoredSessionAnalysis(
                store: store, databasePath: databasePath, settings: settings, settingsKey: settingsKey, jobs: jobs,
                charts: format.drawsCharts, reporter: context)
            try analysis.run(sessionIDs: sessionIDs) { analysis in
                totals.add(analysis)
                // With a baseline only new findings gate (and are named); without one, every finding.
                let subject = baseline == nil ? nil : FindingIdentity.subject(of: analysis)
                for finding in analysis.findings {
                    if let baseline, let subject, baseline.contains(FindingIdentity(finding, subject: subject)) { continue }
                    if baseline != nil { worstNew = max(worstNew ?? finding.severity, finding.severity) }
                    if let failOn, finding.severity >= failOn {
                        failingCount += 1
                        if failing.count < Self.gateLines { failing.append(ReportText.gateLine(finding, session: analysis.id)) }
                    }
                }
                if format == .sarif {
                    sarifSessions.append(analysis.withoutCharts)
                    if let location = try location(of: analysis, in: store) { options.locations[analysis.id] = location }
                } else {
                    output.write(renderer.session(analysis))
                }
            }
        } catch {
            throw CommandError.database(error, path: databasePath, during: .reporting)
        }
        if format == .sarif {
            let sarif = SARIFRenderer(locations: options.locations, toolVersion: options.toolVersion, baseline: baseline)
                .rendered(Report(sessions: sarifSessions))
            output.write(sarif.text)
            // The upload must not lose findings silently: say how many, which and why.
            if let message = sarif.leftOutMessage { context.errors.line(message) }
        } else {
            output.write(renderer.end(totals))
        }
        try output.finish()
        if let path = outputPath {
            let sessions = totals.sessions, findings = totals.findings
            context.errors.line("wrote \(TerminalText.escaped(path)): \(sessions) session\(sessions == 1 ? "" : "s"), \(findings) finding\(findings == 1 ? "" : "s")")
        }
        if let failOn {
            // A gate that saw nothing has checked nothing: an empty database, an import step that
            // stored no session or a --db pointing elsewhere must not turn the CI step green.
            if totals.sessions == 0, !allowEmpty {
                throw CommandError(.noInput, "--fail-on \(failOn.name): no session in \(databasePath) to check, "
                    + "so the gate cannot pass (import recordings first, or add --allow-empty to pass on none)")
            }
            if let worst = baseline == nil ? totals.worstSeverity : worstNew, worst >= failOn {
                // The CI log says why, even when the report went to a file.
                let new = baseline == nil ? "" : "new "
                context.errors.line("--fail-on \(failOn.name): \(failingCount) \(new)finding\(failingCount == 1 ? "" : "s") at \(failOn.name) or worse"
                    + (failingCount > failing.count ? " (the first \(failing.count) below)" : "") + ":")
                for line in failing { context.errors.line("  " + line) }
                return .findings
            }
        }
        return .success
    }

    /// The findings of the base's sessions (`--baseline`), analysed with the same `--set` settings
    /// and stored there as `navrec report --db BASE` would.
    func baseline(_ path: String) throws -> FindingBaseline {
        let store = try context.openStore(path)
        var baseline = FindingBaseline(name: path)
        do {
            let analysis = StoredSessionAnalysis(
                store: store, databasePath: path, settings: settings, settingsKey: settingsKey, jobs: jobs, charts: false,
                reporter: context)
            try analysis.run(sessionIDs: []) { baseline.add($0) }
        } catch {
            throw CommandError.database(error, path: path, during: .reporting)
        }
        return baseline
    }

    /// A session's recording, as a URI relative to the source root, and the line of each finding's
    /// first sample; `nil` (the renderer's placeholder) when it has no file there.
    func location(of analysis: SessionAnalysis, in store: SessionStore) throws -> RecordingLocation? {
        guard let session = try store.session(id: analysis.id), let uri = recordingURI(session.source) else { return nil }
        let lines = try store.recordingLines(of: session, at: analysis.findings.map(\.start))
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
        static let jobs = Option<String>.value("jobs", "N", "Sessions analysed at once, each on its own connection, at most one per core (default: one per core, fewer when the sessions are too few to pay for them).")
        static let failOn = Option<Finding.Severity>.choice("fail-on", "Exit 1 when a finding at this severity or worse exists; exit 66 when no session was reported.")
        static let allowEmpty = Option<Bool>.flag("allow-empty", "With --fail-on: pass (exit 0) when there is no session to report.")
        static let sourceRoot = Option<String>.value("source-root", "DIR", "SARIF: the repository root recording paths are made relative to (default: the current directory).")
        static let baseline = Option<String>.value("baseline", "BASE", "A navrec database of the base build: show new, fixed and still-present findings; --fail-on gates only on new ones.")
        static let stdinName = Option<String>.value("stdin-name", "PATH", "SARIF: the repository path of what was imported from standard input (default: navrec-sessions/ID.ndjson).")
    }
}
