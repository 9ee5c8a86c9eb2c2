import Foundation
import Testing

/// Issue 10, class 8: scrolling back and forth across a threshold on purpose is not flapping.
@Suite("deliberate scrolling across a threshold, end to end")
struct DeliberateScrollingTests {
    let directory = TemporaryDirectory()

    /// 1 s of drag to `threshold`, then 8 s scrolling ±`amplitude` across it, crossing every
    /// 0.8 s, with touch noise; the app reports the state the model computes (no hysteresis).
    static func scrolling(_ id: String, behaviors: String, threshold: Double, amplitude: Double, fps: Double,
                          noise: Double, seed: UInt64, bar: @escaping (Double) -> String) -> AppRecording {
        var recording = AppRecording(id: id, behaviors: behaviors, fps: fps)
        recording.frames(Int(fps), y: { threshold * $0 }, bar: bar)
        var index = 0
        recording.frames(Int(8 * fps), y: { t in
            index += 1
            return threshold + amplitude * sin(.pi * t / 0.8)
                + SwipeNoiseTests.touchNoise(index, seed: seed, amplitude: noise)
        }, bar: bar)
        return recording
    }

    static func largeTitles(_ y: Double) -> String {
        let on = y >= 52.5
        return #""barHeight":\#(max(44, 96.5 - y)),"largeTitleAlpha":\#(on ? 0 : 1),"inlineTitleAlpha":\#(on ? 1 : 0)"#
    }

    static func blurTitles(_ y: Double) -> String {
        let on = y > 84
        return #""background":"\#(on ? "default" : "transparent")","inlineTitleAlpha":\#(on ? 1 : 0),"contentTitleAlpha":\#(on ? 0 : 1)"#
    }

    /// customTitle's label in the content; the toolbar title fades, so the app reports the label only.
    static func contentTitle(_ y: Double) -> String {
        #""contentTitleAlpha":\#(22 * 1.4 + 16 - 5 - y > 0 ? 1 : 0)"#
    }

    @Test("±25 pt across the threshold every 0.8 s gives no finding on either stream", arguments: [
        ("large-120", #"{"largeTitle":{},"avatar":{}}"#, 52.5, 120.0, 0.2, UInt64(21)),
        ("large-60", #"{"largeTitle":{}}"#, 52.5, 60.0, 0.4, UInt64(22)),
        ("blur-120", #"{"blurHeader":{}}"#, 84.0, 120.0, 0.2, UInt64(23)),
        ("blur-60", #"{"blurHeader":{}}"#, 84.0, 60.0, 0.4, UInt64(24)),
        ("custom-120", #"{"customTitle":{}}"#, 22 * 1.4 + 16 - 5, 120.0, 0.2, UInt64(26)),
    ])
    func deliberate(id: String, behaviors: String, threshold: Double, fps: Double, noise: Double, seed: UInt64) throws {
        let bar = threshold == 84 ? Self.blurTitles : threshold == 52.5 ? Self.largeTitles : Self.contentTitle
        let recording = Self.scrolling(id, behaviors: behaviors, threshold: threshold, amplitude: 25, fps: fps,
                                       noise: noise, seed: seed, bar: bar)
        let reported = try AppRecording.report([recording], in: directory)
        #expect(reported[id] == [])
        #expect(reported.failOnErrorStatus == 0)
    }

    @Test("the limit is the hysteresis search's range: widened to 30 pt, ±25 pt is a flap it can fix")
    func widerSearch() throws {
        let recording = Self.scrolling("large-25", behaviors: #"{"largeTitle":{}}"#, threshold: 52.5, amplitude: 25,
                                       fps: 60, noise: 0.4, seed: 22, bar: Self.largeTitles)
        let reported = try AppRecording.report([recording], in: directory, extra: ["--set", "flapping.maxHysteresis=30"])
        #expect(reported["large-25"] == [
            "error flapping inlineTitleVisible (computed): inlineTitleVisible flipped 10 times in 7.18 s with y 27.3–77.8 pt; hysteresis 25.5 pt removes it",
            "error flapping inlineTitleVisible (observed): inlineTitleVisible flipped 10 times in 7.18 s with y 27.3–77.8 pt",
        ])
    }

    @Test("±8 pt across the threshold is still a flap, with the hysteresis that removes it")
    func small() throws {
        let recording = Self.scrolling("large-8", behaviors: #"{"largeTitle":{}}"#, threshold: 52.5, amplitude: 8,
                                       fps: 60, noise: 0.4, seed: 25, bar: Self.largeTitles)
        let reported = try AppRecording.report([recording], in: directory)
        #expect(reported["large-8"] == [
            "error flapping inlineTitleVisible (computed): inlineTitleVisible flipped 10 times in 7.2 s with y 44.1–60.8 pt; hysteresis 8.5 pt removes it",
            "error flapping inlineTitleVisible (observed): inlineTitleVisible flipped 10 times in 7.2 s with y 44.1–60.8 pt",
        ])
        #expect(reported.failOnErrorStatus == 1)
    }
}
