internal import Analyzer
internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Reports
internal import Store
internal import TextTools

/// `navrec tune BEHAVIOUR.PARAMETER`: replays the selected sessions with each candidate value and
/// prints the trade-off between flapping and delay, with a recommendation; stores the run.
struct TuneCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "tune",
        abstract: "Choose a bar parameter from the sessions: flapping left against switch delay, per value.",
        arguments: "BEHAVIOUR.PARAMETER [SESSION...]",
        options: [
            DatabaseOptions.database.spec,
            Options.values.spec,
            Options.reference.spec,
            Options.selection.spec,
            Options.maxFlappingSessions.spec,
            Options.maxDelay.spec,
            Options.noticeableDelay.spec,
            Options.format.spec,
            OutputOptions.output.spec,
            Options.threads.spec,
            AnalyzerOptions.settings.help("A detector setting (flapping.window=0.5).").spec,
        ],
        discussion: """
            Replays every selected session that uses the behaviour once per value, with the value
            set exactly as `navrec report --set BEHAVIOUR.PARAMETER=VALUE` sets it, and measures:
            sessions still flapping, flapping episodes and toggles (computed stream, the flaps the
            parameter governs), title mismatches added and removed against the reference value, and
            the delay of each switch against the reference (median and p95, in ms and points); for
            fades (customTitle.fadeDuration, hideOnSwipe.duration) the time to settle instead.
            Values no other value beats on flapping sessions, toggles, added mismatches and p95
            delay are marked Pareto-optimal. The recommendation is the smallest value within the
            rule that adds no title mismatch to the model (the model replayed with the value
            against the model at the reference; disagreements with the recorded app do not count).
            A note follows it when its p95 delay is over --noticeable-delay (100 ms) or it is the
            largest (or smallest, above 0) value tried. On a terminal the table drops columns to
            fit its width. Each run is stored in the tables tuning_runs and tuning_values.

            Tunable: \(TunedParameter.supported.map(\.name).joined(separator: ", ")).

            EXAMPLES:
              navrec tune blurHeader.hysteresis --values 0:6:0.5
              navrec tune largeTitle.hysteresis --max-flapping-sessions 2% --max-delay 50ms
              navrec tune hideOnSwipe.swipeDistance --values 10,20,30,40 --where "app = 'Music'"
              navrec tune customTitle.hysteresis --format html --output tune.html
            """,
        positionals: [.words(TunedParameter.supported.map(\.name)), .sessions])

    let context: CommandContext
    let databasePath: String
    let parameter: TunedParameter
    let sessionIDs: [String]
    let condition: String?
    let values: [Double]
    let reference: Double
    let rule: TuningRule
    let format: TuningFormat
    let outputPath: String?
    let threads: Int
    let settings: AnalyzerSettings
    let settingsKey: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        func fail(_ message: String) -> UsageError { UsageError(message, command: Self.spec.name) }
        self.context = context
        databasePath = context.databasePath(arguments)
        guard let name = arguments.positionals.first else {
            throw fail("missing BEHAVIOUR.PARAMETER; tunable: \(TunedParameter.supported.map(\.name).joined(separator: ", "))")
        }
        do { parameter = try TunedParameter(name) } catch { throw fail(error.description) }
        sessionIDs = Array(arguments.positionals.dropFirst())
        condition = arguments.value(Options.selection)
        if condition != nil, !sessionIDs.isEmpty { throw fail("give SESSION ids or --where, not both") }

        values = try Self.parseValues(arguments.value(Options.values) ?? parameter.defaultCandidates, fail: fail)
        if let text = arguments.value(Options.reference) {
            guard let value = Double(text), value.isFinite else { throw fail("--reference takes a number, not '\(text)'") }
            reference = value
        } else {
            reference = parameter.defaultValue
        }
        var rule = TuningRule()
        if let text = arguments.value(Options.maxFlappingSessions) {
            let number = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let percent = Double(number), percent.isFinite, percent >= 0, percent <= 100 else {
                throw fail("--max-flapping-sessions takes a percentage from 0% to 100%, not '\(text)'")
            }
            rule.maxFlappingSessions = percent / 100
        }
        func time(_ option: Option<String>) throws(UsageError) -> Double? {
            guard let text = arguments.value(option) else { return nil }
            let (number, scale) = text.hasSuffix("ms") ? (String(text.dropLast(2)), 0.001)
                : text.hasSuffix("s") ? (String(text.dropLast()), 1.0) : (text, 1.0)
            guard let delay = Double(number), delay.isFinite, delay >= 0 else {
                throw fail("--\(option.name) takes a time such as 50ms or 0.05s, not '\(text)'")
            }
            return delay * scale
        }
        rule.maxDelay = try time(Options.maxDelay)
        if let noticeable = try time(Options.noticeableDelay) { rule.noticeableDelay = noticeable }
        self.rule = rule
        format = try arguments.choice(Options.format, default: .text, command: Self.spec.name)
        outputPath = arguments.value(OutputOptions.output)
        if let text = arguments.value(Options.threads) {
            guard let count = Int(text), count >= 1 else { throw fail("--threads takes a whole number of at least 1, not '\(text)'") }
            threads = min(count, ParallelJobs.maximumThreads)
        } else {
            threads = ProcessInfo.processInfo.activeProcessorCount
        }
        (settings, settingsKey) = try arguments.analyzerSettings(command: Self.spec.name)
        guard settings.replay.isEmpty else {
            throw fail("--set takes detector settings here; tune sets \(parameter.name) itself (and no other behaviour parameter)")
        }
    }

    /// `A:B:STEP` (A to B inclusive) or `V1,V2,…`, ascending without duplicates.
    static func parseValues(_ text: String, fail: (String) -> UsageError) throws(UsageError) -> [Double] {
        var values: [Double] = []
        if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 3, let start = parts[0], let end = parts[1], let step = parts[2],
                start.isFinite, end.isFinite, step.isFinite, step > 0, end >= start
            else { throw fail("--values A:B:STEP needs numbers with A ≤ B and STEP > 0, not '\(text)'") }
            // Counted as a Double first: 0:1e20:1 is more values than an Int holds.
            let steps = ((end - start) / step + 1e-9).rounded(.down)
            guard steps.isFinite, steps < 1000 else {
                throw fail("--values '\(text)' gives \(steps.isFinite ? "\(steps + 1)" : "too many") values; at most 1000")
            }
            let count = Int(steps) + 1
            // From the start by whole steps, rounded to nine decimals so 0.1 steps do not drift.
            values = (0..<count).map { rounded(start + Double($0) * step, 9) }
        } else {
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = Double(part.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                    throw fail("--values takes A:B:STEP or V1,V2,…; '\(part)' is not a number")
                }
                values.append(value)
            }
        }
        return Array(Set(values)).sorted()
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        let tuned: TuningRun
        do {
            tuned = try tune(store)
            let recommended = tuned.recommendation.value
            try store.saveTuningRun(StoredTuningRun(
                behavior: parameter.behavior, parameter: parameter.parameter, referenceValue: reference,
                selection: condition.map { "where: \($0)" } ?? sessionIDs.joined(separator: ","), sessions: tuned.sessions,
                skippedSessions: tuned.skippedSessions, samples: tuned.samples, settings: settingsKey,
                maxFlappingSessions: rule.maxFlappingSessions, maxDelay: rule.maxDelay, recommendedValue: recommended,
                reason: ([tuned.recommendation.reason] + tuned.recommendation.notes).joined(separator: "; note: "), wallSeconds: tuned.wallSeconds, threads: tuned.threads,
                values: tuned.results.map { result in
                    StoredTuningRun.Value(
                        value: result.value, flappingSessions: result.flappingSessions, flappingEpisodes: result.flappingEpisodes,
                        toggles: result.toggles, mismatchesIntroduced: result.mismatchesIntroduced,
                        mismatchesRemoved: result.mismatchesRemoved, pairedSwitches: result.pairedSwitches,
                        delayMedian: result.delayMedian, delayP95: result.delayP95, delayMedianPoints: result.delayMedianPoints,
                        delayP95Points: result.delayP95Points, replaySeconds: result.replaySeconds, pareto: result.isPareto,
                        recommended: result.value == recommended)
                }))
        } catch let error as UsageError {
            throw error
        } catch {
            throw CommandError.database(error, path: databasePath, during: .tuning)
        }
        output.write(format.render(tuned, width: outputPath == nil ? context.terminalWidth : nil))
        try output.finish()
        let rate = tuned.samplesTimesValuesPerSecond
        context.errors.line(
            "replayed \(tuned.sessions) session\(tuned.sessions == 1 ? "" : "s") × \(tuned.results.count) values (\(tuned.samples * tuned.results.count) samples × values)"
                + " in \(decimalText(tuned.wallSeconds, digits: 2)) s on \(tuned.threads) thread\(tuned.threads == 1 ? "" : "s"):"
                + " \(decimalText(rate / 1e6, digits: 2)) M samples × values/s")
        if let path = outputPath { context.errors.line("wrote \(TerminalText.escaped(path))") }
        return .success
    }

    /// Reads the selected sessions once each and replays them with every value, a batch of
    /// sessions at a time on `threads` threads.
    private func tune(_ store: SessionStore) throws -> TuningRun {
        let started = ContinuousClock.now
        let sessions = try selectSessions(store)
        let tuner = ParameterTuner(parameter: parameter, settings: settings)
        let values = values, reference = reference
        var accumulator = TuningAccumulator(parameter: parameter, values: values, reference: reference)
        var skipped = 0
        var batch: [TuningSession] = []
        var batchSamples = 0
        let jobs = ParallelJobs(threads: threads)
        // Every value of a session, and its reference unless it is one of the values.
        let referenceIndex = values.firstIndex(of: reference)
        let perSession = values.count + (referenceIndex == nil ? 1 : 0)

        func flush() throws {
            guard !batch.isEmpty else { return }
            try Interruption.check(.tuning)
            let work = batch
            let results = jobs.run(work.count * perSession) { job in
                Result { () throws -> (TuningOutcome, Double) in
                    let session = work[job / perSession], slot = job % perSession
                    let clock = ContinuousClock.now
                    let outcome = try tuner.evaluate(session, value: slot < values.count ? values[slot] : reference)
                    return (outcome, (ContinuousClock.now - clock).seconds)
                }
            }
            for (index, session) in work.enumerated() {
                let own = try results[(index * perSession)..<((index + 1) * perSession)].map { try $0.get() }
                let referenceOutcome = own[referenceIndex ?? values.count].0
                accumulator.add(
                    samples: session.samples.count, reference: referenceOutcome,
                    outcomes: own.prefix(values.count).map(\.0), seconds: own.prefix(values.count).map(\.1))
            }
            batch.removeAll()
            batchSamples = 0
        }

        Interruption.install()
        let block = FrameColumns()
        for (index, session) in sessions.enumerated() {
            try Interruption.check(.tuning)
            context.progress("tuning \(index + 1)/\(sessions.count): \(session.id)")
            let description = SessionDescription(
                id: session.id, metadata: session.metadata,
                behaviors: try BehaviorSet(of: session, in: databasePath),
                events: try store.events(sessionKey: session.key).map(\.event),
                sampleCount: session.samples, duration: session.duration)
            guard tuner.applies(to: description) else {
                skipped += 1
                continue
            }
            for value in values + [reference] {
                do { try tuner.validate(value, for: description) } catch { throw UsageError(error.description, command: Self.spec.name) }
            }
            var tuning = TuningSession(description)
            let cursor = try store.frames(of: session)
            while try cursor.read(into: block) { tuning.append(block) }
            batch.append(tuning)
            batchSamples += tuning.samples.count
            // Enough work for both threads, few enough samples held at once.
            if batchSamples >= 500_000 || batch.count >= 64 { try flush() }
        }
        try flush()
        context.endProgress()
        guard accumulator.sessionCount > 0 else {
            throw CommandError(.dataError, "none of the \(sessions.count) selected sessions uses \(parameter.behavior)")
        }
        return accumulator.finish(
            rule: rule, skippedSessions: skipped, wallSeconds: (ContinuousClock.now - started).seconds,
            threads: max(1, threads))
    }

    /// The sessions named, matched by `--where`, or all, in import order.
    private func selectSessions(_ store: SessionStore) throws -> [StoredSession] {
        let all = try store.sessions()
        if let condition {
            // A read-only connection: the condition is the user's SQL.
            let reader = try context.openStore(databasePath, readOnly: true)
            let ids: [String]
            do { ids = try reader.sessionIDs(where: condition) } catch {
                throw CommandError(.dataError, "--where \(condition): \(error.message)")
            }
            let wanted = Set(ids)
            return all.filter { wanted.contains($0.id) }
        }
        guard !sessionIDs.isEmpty else { return all }
        let known = Set(all.map(\.id))
        if let missing = sessionIDs.first(where: { !known.contains($0) }) {
            throw CommandError(.noInput, "no session '\(TerminalText.escaped(missing))' in \(databasePath)"
                + didYouMean(missing, in: Array(known)) + "; navrec sessions lists them")
        }
        let wanted = Set(sessionIDs)
        return all.filter { wanted.contains($0.id) }
    }
}

extension TuneCommand {
    /// The options only `navrec tune` takes.
    enum Options {
        static let values = Option<String>.value("values", "A:B:STEP|V1,V2,...", "Candidate values (default: 0:6:0.5 for hysteresis, 10:60:5 for swipeDistance, 0:0.5:0.05 for fades).")
        static let reference = Option<String>.value("reference", "VALUE", "The value delays are measured against (default: the parameter's default).")
        static let selection = Option<String>.value("where", "SQL", "Select sessions by an SQL condition on the sessions table (instead of SESSION ids).")
        static let maxFlappingSessions = Option<String>.value("max-flapping-sessions", "PERCENT", "Rule: sessions allowed to keep flapping (default: 1%).")
        static let maxDelay = Option<String>.value("max-delay", "TIME", "Rule: largest p95 switch delay, e.g. 50ms or 0.05s (default: none).")
        static let noticeableDelay = Option<String>.value("noticeable-delay", "TIME", "A p95 delay above this gets a note on the recommendation: users notice it (default: 100ms).")
        static let format: Option<TuningFormat> = OutputOptions.format("Output format (default: text).")
        static let threads = Option<String>.value("threads", "N", "Threads to replay on (default: the processor count).")
    }
}
