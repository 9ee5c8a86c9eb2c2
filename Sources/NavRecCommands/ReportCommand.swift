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
            .value("db", "PATH", "Database (default: $NAVREC_DB, else ./navrec.sqlite)."),
            .value("format", ReportFormat.allCases.map(\.name).joined(separator: "|"), "Report format (default: text)."),
            .value("output", "FILE", "Write the report to FILE instead of standard output."),
            .value("fail-on", "warning|error", "Exit 1 when a finding at this severity or worse exists."),
            .value("set", "KEY=VALUE",
                   "A detector setting (flapping.window=0.5) or a behaviour parameter to replay with (blurHeader.hysteresis=1.5).",
                   repeatable: true),
        ],
        discussion: """
            Reports every session unless SESSION ids are given. Findings are stored in the database
            (table findings), replacing the session's earlier findings for the same --set settings.
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
    let failOn: Finding.Severity?
    let settings: AnalyzerSettings
    let settingsKey: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        sessionIDs = arguments.positionals
        let formatName = arguments.value("format") ?? "text"
        guard let format = ReportFormat(rawValue: formatName) else {
            let names = ReportFormat.allCases.map(\.name)
            throw UsageError(
                "unknown format '\(formatName)'; use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")",
                command: Self.spec.name)
        }
        self.format = format
        outputPath = arguments.value("output")
        if let name = arguments.value("fail-on") {
            guard let severity = Finding.Severity(rawValue: name) else {
                throw UsageError("--fail-on takes warning or error, not '\(name)'", command: Self.spec.name)
            }
            failOn = severity
        } else {
            failOn = nil
        }
        var settings = AnalyzerSettings()
        for assignment in arguments.all("set") {
            do { try settings.set(assignment) } catch { throw UsageError("--set \(assignment): \(error)", command: Self.spec.name) }
        }
        self.settings = settings
        settingsKey = arguments.all("set").sorted().joined(separator: ",")
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        let report: Report
        do {
            report = try Self.analyze(store: store, sessionIDs: sessionIDs, settings: settings, settingsKey: settingsKey,
                                      databasePath: databasePath, context: context)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.database(error, path: databasePath)
        }
        var options = ReportOptions(failOn: failOn ?? .error, toolVersion: NavRec.version)
        options.color = outputPath == nil && context.output.isTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
        if format == .sarif {
            do {
                options.locations = try Self.locations(of: report, in: store)
            } catch {
                throw CommandError.database(error, path: databasePath)
            }
        }
        output.write(format.render(report, options: options))
        output.flush()
        if let path = outputPath {
            let sessions = report.totals.sessions, findings = report.totals.findings
            context.errors.line("wrote \(path): \(sessions) session\(sessions == 1 ? "" : "s"), \(findings) finding\(findings == 1 ? "" : "s")")
        }
        if let failOn, let worst = report.worstSeverity, worst >= failOn { return .findings }
        return .success
    }

    /// Each session's recording, as a URI relative to the current directory (the repository root
    /// in CI), and the line of each finding's first sample.
    static func locations(of report: Report, in store: SessionStore) throws -> [String: RecordingLocation] {
        var locations: [String: RecordingLocation] = [:]
        for analysis in report.sessions {
            guard let session = try store.session(id: analysis.id), let uri = recordingURI(session.source) else { continue }
            let lines = try analysis.findings.map { finding in try store.recordingLine(of: session, at: finding.start) }
            locations[analysis.id] = RecordingLocation(uri: uri, findingLines: lines)
        }
        return locations
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

    /// Analyzes the named sessions (all when none), stores their findings and returns the report.
    static func analyze(
        store: SessionStore, sessionIDs: [String], settings: AnalyzerSettings, settingsKey: String, databasePath: String,
        context: CommandContext
    ) throws -> Report {
        var sessions = try store.sessions()
        if !sessionIDs.isEmpty {
            let known = Set(sessions.map(\.id))
            if let missing = sessionIDs.first(where: { !known.contains($0) }) {
                var message = "error: no session '\(missing)' in \(databasePath)"
                if let hint = closestName(to: missing, in: Array(known)) { message += " (did you mean '\(hint)'?)" }
                throw CommandError(.noInput, message + "; navrec sessions lists them")
            }
            let wanted = Set(sessionIDs)
            sessions = sessions.filter { wanted.contains($0.id) }
        }
        Interruption.install()
        let analyzer = Analyzer(settings: settings)
        var analyses: [SessionAnalysis] = []
        for (index, session) in sessions.enumerated() {
            try Interruption.check()
            context.progress("analysing \(index + 1)/\(sessions.count): \(session.id)")
            let description = SessionDescription(
                id: session.id, app: session.app, screen: session.screen, device: session.device, os: session.os,
                fps: session.fps, behaviors: try BehaviorSet(storedJSON: session.parametersJSON),
                events: try store.events(sessionKey: session.key).map(\.event),
                sampleCount: session.samples, duration: session.duration)
            var readers: [StoredFrameReader] = []
            let analysis = try analyzer.analyze(description) { samplesOnly in
                let reader = StoredFrameReader(try samplesOnly ? store.samples(of: session) : store.frames(of: session))
                readers.append(reader)
                return reader
            }
            if let error = readers.lazy.compactMap(\.cursor.error).first { throw error }
            try store.saveAnalysis(
                of: session, settings: settingsKey, hitchTimeRatio: analysis.hitchTimeRatio,
                frameJitter: analysis.frameJitter,
                findings: analysis.findings.map { finding in
                    StoredFinding(
                        kind: finding.kind.name, subkind: finding.subkind, signal: finding.signal,
                        source: finding.source.name, severity: finding.severity.name, start: finding.start,
                        end: finding.end, count: finding.count, yMin: finding.detail("yMin")?.number,
                        yMax: finding.detail("yMax")?.number,
                        suggestedHysteresis: finding.detail("suggestedHysteresis")?.number,
                        suggestedSwipeDistance: finding.detail("suggestedSwipeDistance")?.number, message: finding.message,
                        detailsJSON: finding.detailsJSON)
                })
            analyses.append(analysis)
        }
        context.endProgress()
        return Report(sessions: analyses)
    }
}
