import BarModel
import Testing
@testable import Analyzer

/// The replay search steps a group's candidates only up to its last episode's end, and reads the
/// samples only up to the last end of a group that needs them: a toggle at an episode's end still
/// counts, one after it does not, and another group's later episode changes no suggestion.
@Suite("replay search ends")
struct ReplaySearchEndTests {
    /// A session's frames, counting the rows a reader gave out.
    final class CountingReader: SessionFrameReader {
        let reader: FrameArrayReader
        var rows = 0
        init(_ frames: [SessionFrame]) { reader = FrameArrayReader(frames) }
        func read(into columns: FrameColumns) throws -> Bool {
            let more = reader.read(into: columns)
            rows += columns.count
            return more
        }
    }

    /// The times at which `barHidden` toggles when `fixture` is replayed with `distance`.
    static func toggleTimes(_ fixture: Fixture, distance: Double) throws -> [Double] {
        var behaviors = fixture.behaviors
        try behaviors.set("hideOnSwipe", "swipeDistance", to: .number(distance))
        var engine = ReplayEngine(behaviors: behaviors, events: fixture.events)
        var last: Bool?, times: [Double] = []
        for frame in fixture.frames {
            let value = engine.step(frame.sample).barHidden
            if let value, let last, last != value { times.append(frame.sample.t) }
            last = value ?? last
        }
        return times
    }

    @Test("a toggle at the episode's end counts while another group's episode runs later; one after it does not")
    func toggleAtTheEnd() throws {
        // One zigzag drag of 30 pt legs, then 10 s held: swipeDistance 25 toggles in every leg,
        // 30 in none (a swipe must travel more than the distance).
        var samples = SuggestedSwipeDistanceTests.zigzag([30, 30, 30, 30, 30, 30])
        let dragEnd = samples.last!.0
        samples += (1...600).map { (dragEnd + Double($0) / 60, samples.last!.1) }
        let fixture = try Fixture(["customTitle", "hideOnSwipe"], samples: samples)
        let times = try Self.toggleTimes(fixture, distance: 25)
        try #require(times.count >= 4)
        let settings = AnalyzerSettings().flapping
        let search = HysteresisSearch(behaviors: fixture.behaviors, events: fixture.events, settings: settings)
        func swipeRequest(end: Double) -> HysteresisSearch.Request {
            HysteresisSearch.Request(
                signal: .barHidden, behavior: "hideOnSwipe", parameter: "swipeDistance", start: times[0], end: end, yMin: 200, yMax: 230)
        }
        // customTitle's inline title over the held end of the session: another group, stepped to 11 s.
        let late = HysteresisSearch.Request(
            signal: .inlineTitleVisible, behavior: "customTitle", start: dragEnd + 9, end: dragEnd + 10, yMin: 200, yMax: 230)
        let logs = HysteresisLogs(behaviors: fixture.behaviors, settings: settings)
        // Ending at 25's third toggle, the episode holds three of them: 25 fails, 30 is the fix.
        // Ending just before it, two: 25 is.
        for (end, expected) in [(times[2], 30.0), (times[2] - 0.5 / 60, 25.0)] {
            // A fresh reader for each pass, as the search asks; the rows of all passes counted.
            var aloneReaders: [CountingReader] = [], togetherReaders: [CountingReader] = []
            let first = try search.run([swipeRequest(end: end)], logs: logs) {
                aloneReaders.append(CountingReader(fixture.frames))
                return aloneReaders.last!
            }
            let both = try search.run([swipeRequest(end: end), late], logs: logs) {
                togetherReaders.append(CountingReader(fixture.frames))
                return togetherReaders.last!
            }
            #expect(first == [expected])
            #expect(both.first == expected)
            // Alone, the samples are read up to the episode's end (a block past it at most), once
            // where 25 fixes the episode and twice where 30 must be stepped too.
            #expect(aloneReaders.count == (expected == 25 ? 1 : 2))
            #expect(aloneReaders.allSatisfy { $0.rows < samples.count / 2 })
            #expect(togetherReaders.reduce(0) { $0 + $1.rows } > samples.count / 2)
        }
    }
}
