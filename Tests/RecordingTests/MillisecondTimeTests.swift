import Foundation
import Recording
import Testing

/// `t` in milliseconds (Docs/recording-format.md "Raw clock times"): the first 16 intervals' median
/// against the band of frame intervals counted in milliseconds, `750/fps … 4500/fps`, with `y`
/// moving.
@Suite("t in milliseconds")
struct MillisecondTimeTests {
    /// A session of `count` samples `interval` apart, `y` moving by `step` each.
    static func session(fps: Double?, interval: Double, step: Double = 2, count: Int = 40) -> String {
        let fpsKey = fps.map { "\"fps\":\($0)," } ?? ""
        var lines = ["{\"navrec\":1,\"session\":{\"id\":\"ms\",\(fpsKey)\"behaviors\":{\"largeTitle\":{}}}}"]
        for index in 0..<count {
            lines.append("{\"t\":\(Double(index) * interval),\"y\":\(Double(index) * step),\"phase\":\"drag\"}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// (fps, interval, refused)
    static let cases: [(Double, Double, Bool)] = [
        (120, 8.333, true), (120, 6.3, true), (120, 37.4, true), (120, 6.2, false), (120, 37.6, false),
        (60, 16.667, true), (60, 12.4, false), (60, 75.1, false), (10, 100, true),
        (120, 1.0 / 120, false), (60, 1, false), (60, 10, false), (10, 0.1, false),
    ]

    @Test("refused inside the band, read outside it", arguments: cases)
    func band(fps: Double, interval: Double, refused: Bool) throws {
        let directory = try TemporaryDirectory()
        let result = try readNDJSON(text: Self.session(fps: fps, interval: interval), in: directory)
        #expect((result.error != nil) == refused, "\(fps) fps, \(interval): \(result.error.map(String.init(describing:)) ?? "read")")
        if refused {
            // The 17th sample (line 18) completes the 16 intervals; its t is at column 6.
            #expect(result.error?.line == 18)
            #expect(result.error?.column == 6)
            #expect(result.error?.message.hasSuffix("divide every t by 1000") == true)
        }
    }

    @Test("without fps the 120 Hz and 60 Hz bands together: 6.25 … 75")
    func withoutFPS() throws {
        let directory = try TemporaryDirectory()
        for (interval, refused) in [(8.333, true), (16.667, true), (74, true), (6.2, false), (76, false), (0.0167, false)] {
            let result = try readNDJSON(text: Self.session(fps: nil, interval: interval), in: directory)
            #expect((result.error != nil) == refused, "\(interval)")
        }
    }

    @Test("a heartbeat at rest, 16 samples or fewer, and a session that slows down later do not trip it")
    func notMilliseconds() throws {
        let directory = try TemporaryDirectory()
        // 16.7 s apart but at rest: a heartbeat, not frames.
        #expect(try readNDJSON(text: Self.session(fps: 60, interval: 16.667, step: 0), in: directory).error == nil)
        // Too few intervals to tell.
        #expect(try readNDJSON(text: Self.session(fps: 60, interval: 16.667, count: 16), in: directory).error == nil)
        // The check decides once: a session that slows down later is read as it is.
        var text = Self.session(fps: 60, interval: 1.0 / 60, count: 20)
        text += (20..<40).map { "{\"t\":\(Double($0) * 16.667),\"y\":\($0),\"phase\":\"drag\"}\n" }.joined()
        #expect(try readNDJSON(text: text, in: directory).error == nil)
    }
}
