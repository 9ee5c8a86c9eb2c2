internal import Analyzer
internal import ArgumentKit
internal import BarModel
internal import Comparison
internal import Foundation
internal import Reports
internal import Store
internal import TextTools

extension ComparisonFormat: CommandLineChoice {}

/// `navrec compare BASE HEAD`: did the head build make the bars worse? Per group of like sessions
/// and per metric, a Mann–Whitney test, a Hodges–Lehmann shift with its interval, Benjamini–
/// Hochberg across all tests and a verdict (Docs/comparing-builds.md); stores the run.
struct CompareCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Compare two builds' sessions: regressed, improved, unchanged or inconclusive, per group and metric.",
        arguments: "[BASE HEAD]",
        options: [
            DatabaseOptions.database.help("Database for --base/--head/--by, and where runs are stored (default: $NAVREC_DB, else ./navrec.sqlite).").spec,
            Options.base.spec,
            Options.head.spec,
            Options.by.spec,
            Options.groupBy.spec,
            Options.strata.spec,
            Options.confidence.spec,
            Options.minEffect.spec,
            Options.minShare.spec,
            Options.minSessions.spec,
            Options.format.spec,
            OutputOptions.output.spec,
            Options.failOn.spec,
            Options.withValues.spec,
        ],
        discussion: """
            BASE and HEAD are each a navrec database (its sessions' stored analyses, as `navrec
            report` leaves them; sessions without one are analysed and stored first) or a `navrec
            analyze` JSON-lines file. Or, in one database, select the sides with --base and --head,
            or --by build (the two newest builds, the newer one is the head).

            Within a group, sessions are compared stratum by stratum (--strata, default device,os)
            and the strata combined, so a fleet with more old phones is no regression; a group with
            several strata also gets a row per stratum with enough sessions.

            Metrics (lower is better; default minimum effect): \(ComparedMetric.all.map { "\($0.name) (\(ComparisonText.value($0.minimumEffect, $0)))" }.joined(separator: ", ")).

            Three tests per group × metric: median (Mann–Whitney, van Elteren across strata;
            Hodges–Lehmann shift), mean (Welch's t within strata; reported) and, where 0 means none,
            share of sessions above 0 (Fisher, Cochran–Mantel–Haenszel across strata). The median
            and share tests of each group × metric are a family of a hierarchical Benjamini–Hochberg
            correction. Verdicts at the confidence C (α = 1 − C): regressed when the median or
            share test's adjusted p ≤ α and that test's shift ≥ its minimum effect (--min-effect;
            --min-share for the share) and no test says improved; improved likewise downwards; unchanged when the median
            and mean intervals lie within ± the minimum effect; inconclusive otherwise, and always
            with fewer than --min-sessions sessions a side.
            Runs are stored in comparison_runs and comparison_results (the database compared, or
            --db for two files).

            EXAMPLES:
              navrec compare base.sqlite head.sqlite
              navrec compare --db fleet.sqlite --by build --fail-on regression
              navrec compare --base "build = '512'" --head "build = '513'" --format markdown
              navrec compare base.jsonl head.jsonl --format junit --output compare.xml
            """)

    /// Where a side's sessions come from.
    enum Side {
        case file(String)
        case selection(String)
    }

    let context: CommandContext
    let databasePath: String
    let explicitDatabase: Bool
    let sides: (base: Side, head: Side)?
    let by: String?
    let groupBy: [String]
    /// The fields sessions are stratified by within a group (those of --strata not in --group-by).
    let strata: [String]
    let rules: BuildComparison
    let metrics: [ComparedMetric]
    let format: ComparisonFormat
    let outputPath: String?
    let failOnRegression: Bool
    let withValues: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        func fail(_ message: String) -> UsageError { UsageError(message, command: Self.spec.name) }
        self.context = context
        databasePath = context.databasePath(arguments)
        explicitDatabase = arguments.value(DatabaseOptions.database) != nil
        let positionals = arguments.positionals
        let base = arguments.value(Options.base), head = arguments.value(Options.head)
        by = arguments.value(Options.by)
        if let by, !["build", "app-version"].contains(by) {
            throw fail("--by takes build or app-version, not '\(by)'" + didYouMean(by, in: ["build", "app-version"]))
        }
        switch (positionals.count, base, head, by) {
        case (2, nil, nil, nil): sides = (.file(positionals[0]), .file(positionals[1]))
        case (0, let base?, let head?, nil): sides = (.selection(base), .selection(head))
        case (0, nil, nil, _?): sides = nil
        case (0, nil, nil, nil): throw fail("give BASE HEAD, --base SQL --head SQL, or --by build")
        case (0, _, _, nil): throw fail("--base and --head go together")
        case (_, _, _, _?) where positionals.isEmpty: throw fail("--by selects both sides; drop --base/--head")
        default: throw fail("give either BASE HEAD (two databases or analyze files) or --base/--head/--by, not both; got \(positionals.count) file\(positionals.count == 1 ? "" : "s")")
        }

        /// A comma-separated list of ``ComparisonGrouping/fields``, or `none`.
        func fields(_ option: Option<String>, default defaults: [String]) throws(UsageError) -> [String] {
            guard let text = arguments.value(option) else { return defaults }
            let fields = text == "none" ? [] : text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for field in fields where !ComparisonGrouping.fields.contains(field) {
                throw fail("--\(option.name) takes \(ComparisonGrouping.fields.joined(separator: ", ")) or none, not '\(field)'"
                    + didYouMean(field, in: ComparisonGrouping.fields))
            }
            return fields
        }
        let groupBy = try fields(Options.groupBy, default: ComparisonGrouping.defaultFields)
        self.groupBy = groupBy
        strata = try fields(Options.strata, default: ComparisonGrouping.defaultStrata).filter { !groupBy.contains($0) }

        var rules = BuildComparison()
        if let text = arguments.value(Options.confidence) {
            let number = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard var value = Double(number), value.isFinite else { throw fail("--confidence takes a percentage such as 99%, not '\(text)'") }
            if value > 1 || text.hasSuffix("%") { value /= 100 }
            guard value >= 0.5, value < 1 else { throw fail("--confidence must be from 50% to below 100%, not '\(text)'") }
            rules.confidence = value
        }
        if let text = arguments.value(Options.minSessions) {
            guard let value = Int(text), value >= 1 else { throw fail("--min-sessions takes a whole number of at least 1, not '\(text)'") }
            rules.minimumSessions = value
        }
        if let text = arguments.value(Options.minShare) {
            let number = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard var value = Double(number), value.isFinite, value >= 0 else {
                throw fail("--min-share takes a percentage such as 10%, not '\(text)'")
            }
            if value > 1 || text.hasSuffix("%") { value /= 100 }
            guard value <= 1 else { throw fail("--min-share must be from 0% to 100%, not '\(text)'") }
            rules.minimumShareEffect = value
        }
        self.rules = rules
        var metrics = ComparedMetric.all
        for assignment in arguments.all(Options.minEffect) {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value >= 0 else {
                throw fail("--min-effect takes METRIC=VALUE with a non-negative VALUE, not '\(assignment)'")
            }
            guard let index = metrics.firstIndex(where: { $0.name == parts[0] }) else {
                throw fail("--min-effect: unknown metric '\(parts[0])'; known: \(ComparedMetric.all.map(\.name).joined(separator: ", "))"
                    + didYouMean(parts[0], in: ComparedMetric.all.map(\.name)))
            }
            metrics[index] = metrics[index].with(minimumEffect: value)
        }
        self.metrics = metrics
        format = try arguments.choice(Options.format, default: .text, command: Self.spec.name)
        outputPath = arguments.value(OutputOptions.output)
        if let text = arguments.value(Options.failOn), text != "regression" {
            throw fail("--fail-on takes regression, not '\(text)'")
        }
        failOnRegression = arguments.value(Options.failOn) != nil
        withValues = arguments.has(Options.withValues)
    }

    func run() throws -> ExitCode {
        let started = ContinuousClock.now
        var samples = ComparisonSamples(metrics: metrics)
        let labels: (base: String, head: String)
        var storePath: String?
        do {
            switch sides {
            case let (base, head)?:
                labels = (Self.label(base), Self.label(head))
                try read(base, as: .base, into: &samples)
                try read(head, as: .head, into: &samples)
                switch (base, head) {
                case (.selection, _): storePath = databasePath
                case (_, .file(let path)) where ComparisonInputFile.isDatabase(path): storePath = path
                default: storePath = explicitDatabase ? databasePath : nil
                }
            case nil:
                let column = by == "app-version" ? "app_version" : "build"
                let store = try context.openStore(databasePath)
                let newest = try store.newestValues(of: column, limit: 2)
                let field = by ?? "build"
                guard newest.count == 2 else {
                    throw CommandError(.dataError, newest.isEmpty
                        ? "no session in \(databasePath) records a \(field) (the recording header's `\(column == "build" ? "build" : "appVersion")`, e.g. navrec simulate --\(field) 513)"
                        : "every session in \(databasePath) has \(field) '\(newest[0])'; --by \(field) needs two")
                }
                let quoted = { (value: String) in "\(column) = '" + value.replacingOccurrences(of: "'", with: "''") + "'" }
                labels = ("\(field) \(newest[1])", "\(field) \(newest[0])")
                try read(.selection(quoted(newest[1])), as: .base, into: &samples, label: labels.base)
                try read(.selection(quoted(newest[0])), as: .head, into: &samples, label: labels.head)
                storePath = databasePath
            }
        }
        let results = rules.run(&samples)
        var report = ComparisonReport(
            base: labels.base, head: labels.head, groupBy: groupBy, strata: strata, rules: rules, baseSessions: samples.baseSessions,
            headSessions: samples.headSessions, results: results,
            wallSeconds: (ContinuousClock.now - started).seconds)
        if withValues {
            report.values = results.map { result in
                let index = metrics.firstIndex(of: result.metric)!
                let group = samples.groups[result.groupKey]!
                return result.comparedStrata.map { key in
                    (key, group.strata[key]!.base[index], group.strata[key]!.head[index])
                }
            }
        }
        if let storePath { try save(report, to: storePath) }
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        output.write(format.render(report))
        // finish() puts a file given by --output in place (a flush alone left it a temporary file).
        try output.finish()
        if let path = outputPath { context.errors.line("wrote \(TerminalText.escaped(path))") }
        guard failOnRegression, report.count(.regressed) > 0 else { return .success }
        // The CI log says why, whatever the format and wherever the report went.
        let regressed = report.results.filter { $0.verdict == .regressed }
        context.errors.line("--fail-on regression: \(regressed.count) regressed:")
        for result in regressed { context.errors.line("  " + ComparisonText.gateLine(result)) }
        return .findings
    }

    static func label(_ side: Side) -> String {
        switch side {
        case .file(let path): path
        case .selection(let condition): "where: \(condition)"
        }
    }

    /// Adds one side's sessions; a side without sessions, or whose sessions have no analysis with
    /// the metrics, is an error (65).
    private func read(_ side: Side, as role: ComparisonSide, into samples: inout ComparisonSamples, label: String? = nil) throws {
        let name = label ?? Self.label(side)
        var sessions = 0
        var unanalysed = 0
        func add(_ row: ComparisonRow) {
            sessions += 1
            guard row.analysed else {
                unanalysed += 1
                return
            }
            samples.add(
                group: ComparisonGrouping.key(row, fields: groupBy),
                stratum: strata.isEmpty ? "" : ComparisonGrouping.key(row, fields: strata), side: role, values: row.values)
        }
        var database: String?
        switch side {
        case .file(let path) where ComparisonInputFile.isDatabase(path):
            database = path
            let store = try context.openStore(path)
            do {
                try analyseMissing(in: store, path: path, where: nil, role: role)
                try store.comparisonRows(where: nil, columns: metrics.map(\.column), each: add)
            } catch { throw CommandError.database(error, path: path, during: .comparing) }
        case .file(let path):
            guard path == "-" || FileManager.default.fileExists(atPath: path) else {
                throw CommandError(.noInput, "\(path): no such file (give a database or a `navrec analyze` JSON-lines file)")
            }
            try ComparisonInputFile(path: path, keys: metrics.map(\.name)).read(each: add)
        case .selection(let condition):
            database = databasePath
            // Migrate first (a writable open), then read through a read-only connection: the
            // condition is the user's SQL.
            let store = try context.openStore(databasePath)
            let reader = try context.openStore(databasePath, readOnly: true)
            do {
                try analyseMissing(in: store, path: databasePath, where: (condition, reader), role: role)
                try reader.comparisonRows(where: condition, columns: metrics.map(\.column), each: add)
            } catch let error as DatabaseError {
                throw CommandError(.usage, "\(role.rawValue) selection '\(condition)': \(error.message)")
            } catch {
                throw CommandError.database(error, path: databasePath, during: .comparing)
            }
        }
        guard sessions > 0 else {
            throw CommandError(.dataError, "the \(role.rawValue) side (\(name)) has no sessions")
        }
        if unanalysed == sessions, let database {
            throw CommandError(.dataError,
                "none of the \(sessions) \(role.rawValue) sessions (\(name)) has an analysis with the comparison metrics;"
                    + " run `navrec report --db \(database)` first (it stores them)")
        }
        if unanalysed > 0 {
            context.errors.line("warning: \(unanalysed) of \(sessions) \(role.rawValue) sessions have no analysis with the comparison metrics and are left out (navrec report stores them)")
        }
    }

    /// Analyses (with the default settings) and stores the sessions of a database side that have no
    /// stored analysis with the comparison metrics, as `navrec report` would, so a freshly imported
    /// database compares; says so on standard error. The selection's condition runs on `reader`,
    /// a read-only connection (it is the user's SQL).
    private func analyseMissing(in store: SessionStore, path: String, where selection: (condition: String, reader: SessionStore)?, role: ComparisonSide) throws {
        let missing = "session_key NOT IN (SELECT session_key FROM analyses WHERE settings = '' AND moving_time IS NOT NULL)"
        let ids = try selection.map { try $0.reader.sessionIDs(where: "(\($0.condition)\n) AND \(missing)") } ?? store.sessionIDs(where: missing)
        guard !ids.isEmpty else { return }
        let analysis = StoredSessionAnalysis(
            store: store, databasePath: path, settings: AnalyzerSettings(), settingsKey: "",
            jobs: nil, charts: false, reporter: context)
        try analysis.run(sessionIDs: ids) { _ in }
        context.errors.line("analysed \(ids.count) \(role.rawValue) session\(ids.count == 1 ? "" : "s") of \(path) that had no stored analysis (stored, as navrec report does)")
    }

    private func save(_ report: ComparisonReport, to path: String) throws {
        let store = try context.openStore(path)
        do {
            try store.saveComparisonRun(StoredComparisonRun(
                base: report.base, head: report.head, groupBy: report.groupBy.joined(separator: ","),
                confidence: report.rules.confidence, correction: report.correction, baseSessions: report.baseSessions,
                headSessions: report.headSessions, wallSeconds: report.wallSeconds,
                results: report.results.map { result in
                    StoredComparisonRun.Result(
                        group: result.group, metric: result.metric.name, unit: result.metric.unit, baseCount: result.baseCount,
                        headCount: result.headCount, baseMedian: result.baseMedian, headMedian: result.headMedian,
                        shift: result.shift, shiftLow: result.shiftLow, shiftHigh: result.shiftHigh, p: result.p,
                        adjustedP: result.adjustedP, method: result.method?.rawValue, minimumEffect: result.metric.minimumEffect,
                        verdict: result.verdict.rawValue, meanShift: result.mean?.shift, meanLow: result.mean?.low,
                        meanHigh: result.mean?.high, meanP: result.mean?.p, shareShift: result.share?.shift, shareP: result.share?.p,
                        shareAdjustedP: result.shareAdjustedP, decidedBy: result.decidedBy?.rawValue)
                }))
        } catch { throw CommandError.database(error, path: path, during: .comparing) }
    }
}

extension CompareCommand {
    /// The options only `navrec compare` takes.
    enum Options {
        static let base = Option<String>.value("base", "SQL", "The base sessions: an SQL condition on the sessions table (with --head).")
        static let head = Option<String>.value("head", "SQL", "The head sessions: an SQL condition on the sessions table (with --base).")
        static let by = Option<String>.value("by", "FIELD", "Compare the two newest values of FIELD: build or app-version.")
            .completing(["build", "app-version"])
        static let groupBy = Option<String>.value("group-by", "FIELDS", "Comma-separated: screen, behaviors, device, os, app, or none (default: screen,behaviors).")
            .completing(ComparisonGrouping.fields + ["none"])
        static let strata = Option<String>.value("strata", "FIELDS", "Within a group, compare like with like by these fields and combine: device, os, screen, behaviors, app, or none (default: device,os).")
            .completing(ComparisonGrouping.fields + ["none"])
        static let minShare = Option<String>.value("min-share", "PERCENT", "The smallest change in the share of sessions above 0 that matters (default: 10%).")
        static let confidence = Option<String>.value("confidence", "PERCENT", "Confidence of every verdict (default: 95%).")
        static let minEffect = Option<[String]>.repeatable("min-effect", "METRIC=VALUE", "The smallest shift of METRIC that matters, in its unit.")
        static let minSessions = Option<String>.value("min-sessions", "N", "Sessions a side below which a group is inconclusive (default: 5).")
        static let format: Option<ComparisonFormat> = OutputOptions.format("Output format (default: text).")
        static let failOn = Option<String>.value("fail-on", "regression", "Exit 1 when any group × metric regressed.")
            .completing(["regression"])
        static let withValues = Option<Bool>.flag("with-values", "JSON: include each result's session values (for an independent re-test).")
    }
}
