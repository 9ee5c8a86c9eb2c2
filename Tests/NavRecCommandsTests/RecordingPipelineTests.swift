import BarModel
import Foundation
import NavRec
import Recording
import Testing

/// `RecordingPipeline` reads any `RecordingReader` the same way: no reader type is special.
@Suite("Recording pipeline")
struct RecordingPipelineTests {
    /// Every call a sink gets, in order.
    final class CollectingSink: SessionSink {
        enum Call: Equatable {
            case begin(String?)
            case sample(ScrollSample, computed: BarState, observed: BarState?, line: Int)
            case event(ScrollEvent)
            case end(String?, SessionSummary)
        }

        var calls: [Call] = []

        func begin(_ header: SessionHeader) throws -> Bool {
            calls.append(.begin(header.id))
            return header.id != "skipped"
        }

        func add(_ slot: inout RecordingSlot, model: inout BarEngine, line: @autoclosure () -> Int) throws {
            calls.append(.sample(slot.sample, computed: model.step(slot.sample), observed: slot.observedState, line: line()))
        }

        func add(_ event: ScrollEvent) throws { calls.append(.event(event)) }

        func end(_ header: SessionHeader, _ summary: SessionSummary, clock: SessionClock) throws {
            calls.append(.end(header.id, summary))
        }
    }

    static let recording = """
        {"navrec":1,"session":{"id":"one","behaviors":{"largeTitle":{}}}}
        {"t":0,"y":0,"phase":"drag","vy":0,"bar":{"barHeight":96.5,"largeTitleAlpha":1}}
        {"t":0.008,"y":12.5,"phase":"drag"}
        {"t":0.01,"event":"tap","target":"title"}
        {"t":0.016, "y":30,"bar":{"largeTitleAlpha":0.25,"barHeight":80}}
        {"navrec":1,"session":{"id":"skipped","behaviors":{"blurHeader":{}}}}
        {"t":0,"y":1}
        {"navrec":1,"session":{"behaviors":{"blurHeader":{}}}}
        {"t":5,"y":1,"frameDuration":0.008333}
        {"t":5.008,"y":-0,"bar":{"blurAlpha":0,"background":"transparent"}}

        """

    @Test("an NDJSON file and its items held in memory give the sink the same calls")
    func anyReader() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("session.ndjson")
        try Data(Self.recording.utf8).write(to: URL(fileURLWithPath: path))

        let fromFile = CollectingSink()
        try RecordingPipeline().run(try NDJSONReader(path: path, displayName: "session.ndjson"), into: fromFile)
        var items: [RecordingItem] = []
        let reader = try NDJSONReader(path: path, displayName: "session.ndjson")
        while let item = try reader.next() { items.append(item) }
        let fromMemory = CollectingSink()
        try RecordingPipeline().run(RecordingItemArrayReader(items), into: fromMemory)

        // Lines differ by design: items in memory are numbered by position.
        func withoutLines(_ calls: [CollectingSink.Call]) -> [CollectingSink.Call] {
            calls.map { call in
                if case .sample(let sample, let computed, let observed, _) = call {
                    return .sample(sample, computed: computed, observed: observed, line: 0)
                }
                return call
            }
        }
        #expect(withoutLines(fromFile.calls) == withoutLines(fromMemory.calls))
        let lines = fromFile.calls.compactMap { call -> Int? in
            if case .sample(_, _, _, let line) = call { line } else { nil }
        }
        #expect(lines == [2, 3, 5, 9, 10], "the skipped session's sample is not handed over")
        #expect(fromFile.calls.count == 12)
        let observed = fromFile.calls.compactMap { call -> BarState?? in
            if case .sample(_, _, let observed, _) = call { observed } else { nil }
        }
        #expect(observed[0] == BarState(barHeight: 96.5, largeTitleAlpha: 1))
        #expect(observed[1] == nil)
        #expect(observed[2] == BarState(barHeight: 80, largeTitleAlpha: 0.25))
        #expect(observed[4] == BarState(blurAlpha: 0, background: .transparent))
    }

    /// Sessions counting from 0 (one of them from just under the raw-clock threshold) and on raw
    /// clocks (one deciding its origin at an event), with times of many decimals.
    static let clocks = """
        {"navrec":1,"session":{"id":"zero","behaviors":{"largeTitle":{}}}}
        {"t":0,"y":0,"phase":"drag"}
        {"t":0.0083333333337,"y":1,"phase":"drag"}
        {"t":0.0166666666671,"y":2}
        {"navrec":1,"session":{"id":"raw","behaviors":{"largeTitle":{}}}}
        {"t":100000.123456789,"y":0,"phase":"drag"}
        {"t":100000.131790123,"y":1}
        {"t":100000.14,"event":"tap","target":"title"}
        {"t":100000.140123456789,"y":2}
        {"navrec":1,"session":{"id":"underThreshold","behaviors":{"largeTitle":{}}}}
        {"t":59.9999999,"y":0}
        {"t":60.0083333,"y":1}
        {"navrec":1,"session":{"id":"rawFromEvent","behaviors":{"largeTitle":{}}}}
        {"t":200000.5,"event":"tap","target":"title"}
        {"t":200000.5083333,"y":3}
        {"t":200000.516666666,"y":4}

        """

    @Test("sample times are the session clock's: kept from 0, rebased on a raw clock from its first sample or event")
    func sessionClockTimes() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("clocks.ndjson")
        try Data(Self.clocks.utf8).write(to: URL(fileURLWithPath: path))

        let sink = CollectingSink()
        try RecordingPipeline().run(try NDJSONReader(path: path, displayName: "clocks.ndjson"), into: sink)
        let times = sink.calls.compactMap { call -> UInt64? in
            if case .sample(let sample, _, _, _) = call { sample.t.bitPattern } else { nil }
        }
        // The rule, an item at a time: every sample's and event's time through its session's clock.
        var expected: [UInt64] = []
        var clock = SessionClock()
        let reader = try NDJSONReader(path: path, displayName: "clocks.ndjson")
        while let item = try reader.next() {
            switch item {
            case .header: clock = SessionClock()
            case .sample(let sample, _): expected.append(clock.time(sample.t).bitPattern)
            case .event(let event): _ = clock.time(event.t)
            case .endOfSession: break
            }
        }
        #expect(times == expected)
        #expect(times.count == 10)
        // Counter-cases: a raw clock's samples are rebased (its first at 0, the rest rounded to the
        // microsecond), the others keep every decimal.
        #expect(Double(bitPattern: times[1]) == 0.0083333333337)
        #expect(Double(bitPattern: times[3]) == 0)
        #expect(Double(bitPattern: times[4]) == 0.008333)
        #expect(Double(bitPattern: times[7]) == 60.0083333)
        #expect(Double(bitPattern: times[8]) == 0.008333)
    }
}
