@testable import Analyzer
import BarModel
import Simulation
import Testing

/// The hysteresis search replays largeTitle's and blurHeader's candidates as bits of one Schmitt
/// state (``SchmittCandidates``), inside the main pass when it can (``SchmittToggleLog``); these
/// tests hold both to the models' own rules and to the search without them.
@Suite("Schmitt replay")
struct SchmittReplayTests {
    /// `behavior` alone with each of `values` as its hysteresis.
    static func engines(_ behavior: String, _ values: [Double], parameters: [(String, Double)] = []) throws -> [BehaviorSet] {
        try values.map { value in
            var set = BehaviorSet()
            try set.add(behavior)
            for (name, number) in parameters { try set.set(behavior, name, to: .number(number)) }
            try set.set(behavior, "hysteresis", to: .number(value))
            return set
        }
    }

    @Test("largeTitle: on at the on edge, off below the off edge, else kept; the first sample changes nothing")
    func largeTitleMasks() throws {
        // collapseDistance 96.5 − 44 = 52.5; hysteresis 0.5, 1, 2.
        var candidates = try #require(SchmittCandidates(
            behavior: LargeTitle.name, engines: Self.engines(LargeTitle.name, [0.5, 1, 2]), signals: [.inlineTitleVisible]))
        #expect(candidates.count == 3)
        #expect(candidates.step(60) == 0)  // the first value: all on, no toggle
        #expect(candidates.state == 0b111)
        #expect(candidates.step(52.5) == 0)  // inside every band
        #expect(candidates.step(51.9) == 0b001)  // below 52.5 − 0.5 − 1e-6 only
        #expect(candidates.state == 0b110)
        #expect(candidates.step(50.4) == 0b110)  // below every off edge
        #expect(candidates.step(53.5) == 0b011)  // at 52.5 + 1: on for 0.5 and 1
        #expect(candidates.step(54.5) == 0b100)  // at 52.5 + 2, included
        #expect(candidates.state == 0b111)
        #expect(candidates.step(.nan) == 0)  // no comparison holds: every state kept
    }

    @Test("blurHeader: strictly above the default edge, strictly below the transparent one")
    func blurHeaderEdges() throws {
        let engines = try Self.engines(BlurHeader.name, [1])
        let blur = try #require(engines[0].blurHeader)
        var candidates = try #require(SchmittCandidates(behavior: BlurHeader.name, engines: engines, signals: [.background]))
        #expect(candidates.step(blur.threshold) == 0)
        #expect(candidates.state == 0)
        #expect(candidates.step(blur.defaultEdge) == 0)  // exactly on the edge keeps it
        #expect(candidates.step(blur.defaultEdge.nextUp) == 1)
        #expect(candidates.step(blur.transparentEdge) == 0)
        #expect(candidates.step(blur.transparentEdge.nextDown) == 1)
    }

    @Test("every candidate's state is the model's own, sample for sample", arguments: [LargeTitle.name, BlurHeader.name])
    func agreesWithTheModels(_ behavior: String) throws {
        let values = (1...40).map { Double($0) * 0.5 }
        let engines = try Self.engines(behavior, values)
        var candidates = try #require(SchmittCandidates(behavior: behavior, engines: engines, signals: []))
        var models = engines.map { BarEngine(behaviors: $0) }
        let threshold = try #require(HysteresisSearch.threshold(of: behavior, in: engines[0]))
        var random = SeededGenerator(seed: 5)
        var previous: [Bool]?
        for index in 0..<5000 {
            let y = threshold + Double.random(in: -25...25, using: &random)
            let changed = candidates.step(y)
            let states = models.indices.map { model in
                let state = models[model].step(ScrollSample(t: Double(index) / 60, y: y))
                return behavior == LargeTitle.name ? state.inlineTitleAlpha == 1 : state.background == .default
            }
            for (bit, on) in states.enumerated() {
                #expect((candidates.state >> UInt64(bit)) & 1 == (on ? 1 : 0))
                if let previous { #expect((changed >> UInt64(bit)) & 1 == (previous[bit] != on ? 1 : 0)) }
            }
            previous = states
        }
    }

    @Test("only a behaviour alone, its own signals, at most 64 values")
    func eligibility() throws {
        let alone = try Self.engines(LargeTitle.name, [0.5, 1])
        #expect(SchmittCandidates(behavior: LargeTitle.name, engines: alone, signals: [.barHidden]) == nil)
        #expect(SchmittCandidates(behavior: BlurHeader.name, engines: alone, signals: []) == nil)
        var withAvatar = alone
        for index in withAvatar.indices { try withAvatar[index].add(Avatar.name) }
        #expect(SchmittCandidates(behavior: LargeTitle.name, engines: withAvatar, signals: []) == nil)
        #expect(SchmittCandidates(behavior: LargeTitle.name, engines: [], signals: []) == nil)
        let many = try Self.engines(LargeTitle.name, (1...65).map { Double($0) * 0.5 })
        #expect(SchmittCandidates(behavior: LargeTitle.name, engines: Array(many.prefix(64)), signals: []) != nil)
        #expect(SchmittCandidates(behavior: LargeTitle.name, engines: many, signals: []) == nil)
    }

    @Test("a block holds every state only when each value is past the outermost edge on the side all candidates are on")
    func blockHolds() throws {
        let block = FrameColumns()
        func fill(_ values: [Double]) -> FrameColumn<Double> {
            for (row, value) in values.enumerated() { block.y[row] = value }
            return block.y
        }
        // largeTitle, hysteresis 0.5 and 1: on from 52.5 + 1 (at it included), off below 52.5 − 1 − 1e-6.
        var large = try #require(SchmittCandidates(
            behavior: LargeTitle.name, engines: Self.engines(LargeTitle.name, [0.5, 1]), signals: [.inlineTitleVisible]))
        #expect(!large.holds(fill([60, 60]), count: 2))  // nothing stepped yet: no prefix stands
        _ = large.step(60)
        #expect(large.holds(fill([60, 53.5, 70]), count: 3))  // at the on edge, included
        #expect(!large.holds(fill([60, 53.5.nextDown, 70]), count: 3))
        #expect(!large.holds(fill([60, .nan]), count: 2))  // a comparison with NaN holds nothing
        #expect(large.holds(fill([60, 0]), count: 1))  // only the first `count` values
        _ = large.step(0)
        let off = 52.5 - 1 - RestTolerance.points
        #expect(large.holds(fill([0, off.nextDown]), count: 2))
        #expect(!large.holds(fill([0, off]), count: 2))
        // blurHeader: on strictly above its outermost default edge.
        let engines = try Self.engines(BlurHeader.name, [1, 2])
        var blur = try #require(SchmittCandidates(behavior: BlurHeader.name, engines: engines, signals: [.background]))
        let edge = try #require(engines[1].blurHeader).defaultEdge
        _ = blur.step(edge + 10)
        #expect(blur.holds(fill([edge.nextUp, edge + 5]), count: 2))
        #expect(!blur.holds(fill([edge, edge + 5]), count: 2))
    }

    @Test("the log taken a block at a time equals the log taken a sample at a time")
    func blockLogEqualsSampleLog() throws {
        var behaviors = BehaviorSet()
        try behaviors.add(BlurHeader.name)
        let settings = AnalyzerSettings.Flapping()
        var blocks = try #require(SchmittToggleLog(behavior: BlurHeader.name, behaviors: behaviors, settings: settings))
        var samples = blocks
        let threshold = try #require(behaviors.blurHeader).threshold
        var random = SeededGenerator(seed: 11)
        var y = threshold
        let block = FrameColumns()
        for number in 0..<200 {
            // Long stretches far from the threshold (whole blocks hold), and crossings of it.
            let far = number % 5 < 3
            for row in 0..<64 {
                y = far ? threshold + (number % 2 == 0 ? 40 : -40) + Double.random(in: -5...5, using: &random)
                    : threshold + Double.random(in: -25...25, using: &random)
                block.t[row] = Double(number * 64 + row) / 60
                block.y[row] = y
                samples.observe(t: block.t[row], y: y)
            }
            blocks.observe(count: 64, t: block.t, y: block.y)
        }
        #expect(!blocks.times.isEmpty)
        #expect(blocks.times == samples.times)
        #expect(blocks.changes == samples.changes)
    }

    @Test("the log: the values the search can try, the samples that changed a state, stopped past its capacity, the candidates kept as they stood")
    func log() throws {
        var behaviors = BehaviorSet()
        try behaviors.add(LargeTitle.name)
        try behaviors.add(Avatar.name)
        var settings = AnalyzerSettings.Flapping()
        var log = try #require(SchmittToggleLog(behavior: LargeTitle.name, behaviors: behaviors, settings: settings))
        #expect(log.values == (1...40).map { Double($0) * 0.5 })
        #expect(SchmittToggleLog(behavior: BlurHeader.name, behaviors: behaviors, settings: settings) == nil)
        log.observe(t: 0, y: 0)
        log.observe(t: 1, y: 52.5)
        log.observe(t: 2, y: 53.6)  // on for 0.5 and 1
        log.observe(t: 3, y: 100)  // on for the rest
        #expect(log.times == [2, 3])
        #expect(log.changes == [0b11, ((1 << 40) - 1) & ~0b11])
        #expect(log.isComplete)
        for index in 0..<SchmittToggleLog.minimumCapacity {
            log.observe(t: Double(4 + index), y: index % 2 == 0 ? 0 : 100)
        }
        // The change past the bound is the last logged; the candidates stand after it.
        #expect(!log.isComplete)
        #expect(log.times.count == SchmittToggleLog.minimumCapacity + 1)
        #expect(log.times.last == Double(2 + SchmittToggleLog.minimumCapacity))
        #expect(log.stop?.seq == 3 + SchmittToggleLog.minimumCapacity)
        #expect(log.stop?.candidates.state == 0)
        log.observe(t: 1e6, y: 100)
        #expect(log.times.count == SchmittToggleLog.minimumCapacity + 1)
        let logs = HysteresisLogs(behaviors: behaviors, settings: settings)
        #expect(logs.log(of: LargeTitle.name) != nil)
        #expect(logs.log(of: BlurHeader.name) == nil)
        settings.maxHysteresis = 40  // 80 values
        #expect(SchmittToggleLog(behavior: LargeTitle.name, behaviors: behaviors, settings: settings) == nil)
    }

    @Test("suggestions from the main pass's log equal those of a replay from the samples", arguments: [LargeTitle.name, BlurHeader.name])
    func logEqualsReplay(_ behavior: String) throws {
        var behaviors = BehaviorSet()
        try behaviors.add(behavior)
        let threshold = try #require(HysteresisSearch.threshold(of: behavior, in: behaviors))
        let samples = ManyEpisodeSuggestionTests.hovers(threshold: threshold, episodes: 30, seed: 11, maxAmplitude: 6)
        let fixture = try Fixture([behavior], samples: samples)
        let analysis = try fixture.analyze()
        let signal: BinarySignal = behavior == LargeTitle.name ? .inlineTitleVisible : .background
        let requests = analysis.findings.filter { $0.kind == .flapping && $0.signal == signal.name }.map { finding in
            HysteresisSearch.Request(
                signal: signal, behavior: behavior, start: finding.start, end: finding.end,
                yMin: finding.flapping!.yMin, yMax: finding.flapping!.yMax)
        }
        #expect(requests.count >= 20)
        let settings = AnalyzerSettings.Flapping()
        var logs = HysteresisLogs(behaviors: behaviors, settings: settings)
        // In blocks of 64 columns, as the main pass reads them.
        let times = fixture.frames.map(\.sample.t), ys = fixture.frames.map(\.sample.y)
        let block = FrameColumns()
        for start in stride(from: 0, to: times.count, by: 64) {
            let count = min(64, times.count - start)
            for row in 0..<count {
                block.t[row] = times[start + row]
                block.y[row] = ys[start + row]
            }
            logs.observe(count: count, t: block.t, y: block.y)
        }
        let search = HysteresisSearch(behaviors: behaviors, events: [], settings: settings)
        var reads = 0
        let logged = try search.run(requests, logs: logs) {
            reads += 1
            return FrameArrayReader(fixture.frames)
        }
        #expect(reads == 0)
        let replayed = try search.run(requests, logs: HysteresisLogs(behaviors: BehaviorSet(), settings: settings)) {
            reads += 1
            return FrameArrayReader(fixture.frames)
        }
        #expect(reads == 1)
        #expect(logged == replayed)
        #expect(logged.contains { $0 != nil })
        #expect(logged.contains { $0 != 0.5 })
    }

    /// Samples of (t, y) read a block at a time from arrays: a long session without a ``SessionFrame`` each.
    final class SampleReader: SessionFrameReader {
        let times: [Double], ys: [Double]
        var next = 0
        init(times: [Double], ys: [Double]) { (self.times, self.ys) = (times, ys) }
        func read(into columns: FrameColumns) -> Bool {
            columns.reset()
            while columns.count < FrameColumns.capacity, next < times.count {
                columns.append(seq: next, sample: ScrollSample(t: times[next], y: ys[next]), computed: BarState(), observed: nil)
                next += 1
            }
            return columns.count > 0
        }
    }

    /// A largeTitle session of `episodes` hovers of 20 frames alternating across its threshold at a
    /// random amplitude, each after `rest` frames well below it; `rest` 0 flaps on every frame.
    /// Returns its samples and one search request per hover.
    static func hoverSession(episodes: Int, rest: Int, seed: UInt64) throws -> (times: [Double], ys: [Double], behaviors: BehaviorSet, requests: [HysteresisSearch.Request]) {
        var behaviors = BehaviorSet()
        try behaviors.add(LargeTitle.name)
        let threshold = try #require(HysteresisSearch.threshold(of: LargeTitle.name, in: behaviors))
        var random = SeededGenerator(seed: seed)
        var times: [Double] = [], ys: [Double] = []
        var requests: [HysteresisSearch.Request] = []
        for _ in 0..<episodes {
            for _ in 0..<rest {
                times.append(Double(times.count) / 60)
                ys.append(threshold - 40)
            }
            let amplitude = Double.random(in: 0.3...8, using: &random)
            let start = Double(times.count) / 60
            var (low, high) = (Double.infinity, -Double.infinity)
            for frame in 0..<20 {
                let y = threshold + (frame % 2 == 0 ? -1 : 1) * Double.random(in: 0.05...amplitude, using: &random)
                times.append(Double(times.count) / 60)
                ys.append(y)
                (low, high) = (min(low, y), max(high, y))
            }
            requests.append(HysteresisSearch.Request(signal: .inlineTitleVisible, behavior: LargeTitle.name, start: start,
                                                     end: times[times.count - 1], yMin: low, yMax: high))
        }
        return (times, ys, behaviors, requests)
    }

    @Test("past the old 65,536 changes the log is kept while it has at most one change per 8 samples, and past that stops, and the search replays the samples after the stop only: either way its suggestions equal a replay from the samples",
          arguments: [(rest: 200, logged: true), (rest: 0, logged: false)])
    func longSessionLog(rest: Int, logged: Bool) throws {
        // 5,000 hovers of 20 frames, ~15 changes each: more than 65,536 changes either way, in
        // 1.1 M samples with rests (within one change per 8 samples), in 100,000 without.
        let session = try Self.hoverSession(episodes: 5_000, rest: rest, seed: 23)
        let settings = AnalyzerSettings.Flapping()
        var logs = HysteresisLogs(behaviors: session.behaviors, settings: settings)
        let block = FrameColumns()
        for start in stride(from: 0, to: session.times.count, by: 64) {
            let count = min(64, session.times.count - start)
            for row in 0..<count {
                block.t[row] = session.times[start + row]
                block.y[row] = session.ys[start + row]
            }
            logs.observe(count: count, t: block.t, y: block.y)
        }
        let log = try #require(logs.log(of: LargeTitle.name))
        #expect(log.isComplete == logged)
        #expect(log.times.count > SchmittToggleLog.minimumCapacity)
        if let stop = log.stop {
            #expect(log.times.count == max(SchmittToggleLog.minimumCapacity, stop.seq / SchmittToggleLog.samplesPerChange) + 1)
        } else {
            #expect(log.times.count <= session.times.count / SchmittToggleLog.samplesPerChange)
        }
        let search = HysteresisSearch(behaviors: session.behaviors, events: [], settings: settings)
        var reads = 0
        let suggested = try search.run(session.requests, logs: logs) {
            reads += 1
            return SampleReader(times: session.times, ys: session.ys)
        }
        #expect(reads == (logged ? 0 : 1))
        let replayed = try search.run(session.requests, logs: HysteresisLogs(behaviors: BehaviorSet(), settings: settings)) {
            SampleReader(times: session.times, ys: session.ys)
        }
        #expect(suggested == replayed)
        #expect(Set(suggested.compactMap { $0 }).count > 3)
        guard let stop = log.stop else { return }
        let threshold = try #require(HysteresisSearch.threshold(of: LargeTitle.name, in: session.behaviors))
        // Samples before the stop are not read: a session whose samples there are anything gets
        // the same suggestions; the counter-case: changing the sample at the stop changes them.
        var ys = session.ys
        for index in 0..<stop.seq { ys[index] = threshold + (index % 2 == 0 ? 20 : -20) }
        #expect(try search.run(session.requests, logs: logs) { SampleReader(times: session.times, ys: ys) } == suggested)
        ys = session.ys
        for index in stop.seq..<min(stop.seq + 200, ys.count) { ys[index] = threshold + (index % 2 == 0 ? 20 : -20) }
        #expect(try search.run(session.requests, logs: logs) { SampleReader(times: session.times, ys: ys) } != suggested)
    }
}
