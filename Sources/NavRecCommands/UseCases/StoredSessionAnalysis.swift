internal import Analyzer
internal import Foundation
internal import BarModel
internal import Reports
internal import Store
internal import TextTools

/// Analyzes stored sessions and stores their findings: the use-case behind `navrec report`,
/// `navrec export` and `navrec demo`.
struct StoredSessionAnalysis {
    let store: SessionStore
    /// Names the database in errors; `--jobs` workers open their own connections to it.
    let databasePath: String
    let settings: AnalyzerSettings
    /// The key the findings are stored under: the changed settings' assignments, sorted and joined (`''` for the defaults).
    let settingsKey: String
    /// Sessions analysed at once, each on its own connection; nil for as many as pay (``workers(_:sessions:samples:cores:)``).
    var jobs: Int? = 1
    /// What the analysis is for, which Ctrl-C's message names (`export` sets ``InterruptedWork/exporting``).
    var work = InterruptedWork.reporting
    /// Whether the analyses carry the timeline digest that charts draw (``Analyzer/timelineBuckets``):
    /// HTML reports and the Perfetto export read it; it is not stored.
    var charts = true
    /// Shows each session stored and the notes at the end.
    let reporter: any ProgressReporting

    /// How many sessions are read from the database at a time: enough to make the reads cheap, few
    /// enough that memory stays flat however many sessions there are.
    static let sessionPage = 256

    /// Analyzes the named sessions (all when none) in import order, stores their findings (in
    /// batches, ``AnalysisBatch``) and hands each analysis to `each` as soon as it and every one
    /// before it are done; nothing is kept. With `jobs` above 1 the sessions are analysed on that
    /// many threads (``SessionWorkPool``), which only read.
    func run(sessionIDs: [String], each: (SessionAnalysis) throws -> Void) throws {
        var named: [StoredSession]?
        if !sessionIDs.isEmpty {
            var found: [Int64: StoredSession] = [:]
            for id in sessionIDs {
                guard let session = try store.session(id: id) else {
                    // Escaped here, not only when printed: a line break in the id stays on this line.
                    throw UseCaseError(.missingInput, "no session '\(TerminalText.escaped(id))' in \(databasePath)"
                        + didYouMean(id, in: try store.sessionIDs()) + "; navrec sessions lists them")
                }
                found[session.key] = session
            }
            named = found.values.sorted { $0.key < $1.key }
        }
        Interruption.install()
        let analyzer = charts ? Analyzer(settings: settings) : Analyzer(settings: settings, timelineBuckets: 0)
        let behaviorSets = StoredBehaviorSets()
        // Every analysis is written here, on this thread and connection, in batches: the workers
        // only read, so they never wait for each other's write lock.
        let batch = store.beginAnalysisBatch()
        var done = 0
        var vanished: [String] = []
        func receive(_ analyzed: (session: StoredSession, analysis: SessionAnalysis?)) throws {
            // Deleted or replaced since the page of sessions was read: only it is skipped.
            guard let analysis = analyzed.analysis else {
                vanished.append(analyzed.session.id)
                return
            }
            done += 1
            try Self.save(analysis, of: analyzed.session, settingsKey: settingsKey, in: batch)
            reporter.progress("analysed \(done): \(analysis.id)")
            try each(analysis)
        }
        let databasePath = databasePath
        let totals = try named.map { ($0.count, $0.reduce(0) { $0 + $1.samples }) } ?? store.sessionTotals()
        let jobs = Self.workers(jobs, sessions: totals.0, samples: totals.1)
        let pool = jobs > 1 ? SessionWorkPool<(session: StoredSession, analysis: SessionAnalysis?)>(
            path: databasePath, workers: jobs, during: work
        ) {
            // Each worker its own behaviour sets: no lock between them.
            let behaviorSets = StoredBehaviorSets()
            return { session, connection in
                (session, try Self.analyze(session, store: connection, databasePath: databasePath, analyzer: analyzer, behaviorSets: behaviorSets))
            }
        } : nil
        defer { pool?.close() }
        do {
            var lastKey: Int64 = 0
            while true {
                let page = try named ?? store.sessions(after: lastKey, limit: Self.sessionPage)
                if let pool {
                    for session in page {
                        try Interruption.check(work)
                        try pool.submit(session, receive: receive)
                    }
                } else {
                    var next = page.startIndex
                    while next < page.endIndex {
                        try analyzeGroup(of: page, from: &next, analyzer: analyzer, behaviorSets: behaviorSets, receive: receive)
                    }
                }
                guard named == nil, let last = page.last, page.count == Self.sessionPage else { break }
                lastKey = last.key
            }
            try pool?.finish(receive: receive)
        } catch {
            // The sessions analysed before the error (or Ctrl-C) keep their findings.
            try? batch.finish()
            throw error
        }
        try batch.finish()
        reporter.endProgress()
        for id in vanished + batch.vanishedSessions {
            reporter.note("session '\(TerminalText.escaped(id))' was deleted or replaced while this ran; its analysis was not stored")
        }
    }

    /// Work a worker must have, in instructions, for its own connection to pay: opening one
    /// (SQLite parses the schema's views) is ~12 M, so a worker with less work than this adds a
    /// few percent of CPU or more instead of saving time.
    static let workPerWorker = 200_000_000

    /// The workers for `jobs` over `sessions` sessions of `samples` samples: no more than the
    /// cores (one more only waits for a core, with its own connection opened and parsed) nor the
    /// sessions; by default (`jobs` nil) also no more than the work pays for (``workPerWorker``; a
    /// session costs ~150 k instructions and a sample ~2 k). 1 means the calling thread analyses alone.
    static func workers(_ jobs: Int?, sessions: Int, samples: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        let paid = (150_000 * sessions + 2_000 * samples) / workPerWorker
        return max(1, min(jobs ?? paid, cores, sessions))
    }

    /// Analyzes the sessions of `page` from `next` on, as many as ``SessionWorkPool`` puts in a
    /// group, in one read transaction (each statement's own would be a large share of a short
    /// session), then hands them to `receive` in order;
    /// moves `next` past them. Ctrl-C is checked before each session, and it or an error stops the
    /// group there, after the sessions analysed before it are handed on, as one at a time did.
    private func analyzeGroup(
        of page: [StoredSession], from next: inout Int, analyzer: Analyzer, behaviorSets: StoredBehaviorSets,
        receive: ((session: StoredSession, analysis: SessionAnalysis?)) throws -> Void
    ) throws {
        typealias Pool = SessionWorkPool<(session: StoredSession, analysis: SessionAnalysis?)>
        var analysed: [(session: StoredSession, analysis: SessionAnalysis?)] = []
        var stop: (any Error)?
        var samples = 0
        try store.readingTogether {
            while next < page.endIndex, analysed.count < Pool.groupSessions, samples < Pool.groupSamples {
                let session = page[next]
                do {
                    try Interruption.check(work)
                    analysed.append((session, try Self.analyze(
                        session, store: store, databasePath: databasePath, analyzer: analyzer, behaviorSets: behaviorSets)))
                } catch {
                    stop = error
                    return
                }
                next += 1
                samples += session.samples
            }
        }
        for item in analysed { try receive(item) }
        if let stop { throw stop }
    }

    /// Analyzes one session (its findings are saved by the caller, in order); `nil` when the
    /// session was deleted or replaced since its row was read (a concurrent `DELETE` or `import
    /// --replace`): its frames are gone, which is no damage (issue 39: it was exit 74, "damaged").
    private static func analyze(
        _ session: StoredSession, store: SessionStore, databasePath: String, analyzer: Analyzer, behaviorSets: StoredBehaviorSets
    ) throws -> SessionAnalysis? {
        do {
            return try analyzeStored(session, store: store, databasePath: databasePath, analyzer: analyzer, behaviorSets: behaviorSets)
        } catch {
            // Asked on the same connection and snapshot the frames were read in.
            if (try? store.hasSession(key: session.key)) == false { return nil }
            throw error
        }
    }

    private static func analyzeStored(
        _ session: StoredSession, store: SessionStore, databasePath: String, analyzer: Analyzer, behaviorSets: StoredBehaviorSets
    ) throws -> SessionAnalysis {
        let description = SessionDescription(
            id: session.id, recordingID: session.recordingID, metadata: session.metadata,
            behaviors: try behaviorSets.behaviors(of: session, in: databasePath),
            // The import stores a session's event count with its events: with none, the query
            // is skipped, a visible share of a short session.
            events: session.events > 0 ? try store.events(sessionKey: session.key).map(\.event) : [],
            sampleCount: session.samples, duration: session.duration)
        // The cursors are released when the analysis returns, which resets their statements: one
        // left mid-session would keep a read transaction on an old snapshot, and a later write on
        // this connection would then fail (SQLITE_BUSY_SNAPSHOT) once another connection has written.
        return try analyzer.analyze(description) { samplesOnly in
            try samplesOnly ? store.samples(of: session) : store.frames(of: session)
        }
    }

    /// Queues the analysis and findings of `session` in `batch`.
    private static func save(_ analysis: SessionAnalysis, of session: StoredSession, settingsKey: String, in batch: AnalysisBatch) throws {
        let metrics = analysis.metrics
        try batch.save(
            of: session, settings: settingsKey, hitchTimeRatio: analysis.hitchTimeRatio,
            frameJitter: analysis.frameJitter, gaps: analysis.gaps, gapTime: analysis.gapTime,
            // In the `analyses` columns' order (``StoredMetrics/columns``).
            metrics: StoredMetrics([
                metrics.movingTime, metrics.overrunP50, metrics.overrunP90, metrics.overrunP99, metrics.hangsPerMinute,
                metrics.flappingEpisodesPerMinute, metrics.flappingTogglesPerMinute, metrics.titleDisagreementPerMinute,
                metrics.jitterFindingsPerMinute, metrics.gapFraction,
            ]),
            findings: analysis.findings.map { finding in
                StoredFinding(
                    kind: finding.kind.name, subkind: finding.subkind, signal: finding.signal,
                    source: finding.source.name, severity: finding.severity.name, start: finding.start,
                    end: finding.end, count: finding.count, yMin: finding.flapping?.yMin, yMax: finding.flapping?.yMax,
                    suggestedHysteresis: finding.flapping?.suggestedHysteresis,
                    suggestedSwipeDistance: finding.flapping?.suggestedSwipeDistance, message: finding.message,
                    detailsJSON: finding.detailsJSON)
            })
    }
}
