import Foundation
import Testing

/// Issue 10, class 7: the model flaps but the app, with a hysteresis of its own, does not.
@Suite("an app that is already stable, end to end")
struct StableAppTests {
    let directory = TemporaryDirectory()

    /// A drag from `start` to `threshold` over 1 s, 2.5 s hovering there (±2 pt at 2 Hz plus
    /// ±0.3 pt touch noise), then a drag on by 60 pt. The app switches with its own Schmitt band
    /// `appHysteresis`; `bar` writes its state from whether it is switched on.
    static func hover(_ id: String, behaviors: String, threshold: Double, appHysteresis: Double, start: Double = 0,
                      fps: Double = 120, bar: @escaping (Bool) -> String) -> AppRecording {
        var recording = AppRecording(id: id, behaviors: behaviors, fps: fps)
        var on = false
        let app = { (y: Double) -> String? in
            if y >= threshold + appHysteresis { on = true } else if y < threshold - appHysteresis { on = false }
            return bar(on)
        }
        recording.frames(Int(fps), y: { start + (threshold - start) * $0 }, bar: app)
        var index = 0
        recording.frames(Int(2.5 * fps), y: { t in
            index += 1
            return threshold + 2 * sin(2 * .pi * t * 2) + SwipeNoiseTests.touchNoise(index, seed: 11, amplitude: 0.3)
        }, bar: app)
        let onward = start > threshold ? -60.0 : 60
        recording.frames(Int(fps / 2), y: { threshold + onward * $0 / 0.5 }, bar: app)
        return recording
    }

    static func largeTitles(_ on: Bool) -> String {
        #""largeTitleAlpha":\#(on ? 0 : 1),"inlineTitleAlpha":\#(on ? 1 : 0)"#
    }

    static func blurTitles(_ on: Bool) -> String {
        #""background":"\#(on ? "default" : "transparent")","inlineTitleAlpha":\#(on ? 1 : 0),"contentTitleAlpha":\#(on ? 0 : 1)"#
    }

    @Test("an undeclared app hysteresis: a warning that says so, and --fail-on error passes")
    func undeclared() throws {
        let reported = try AppRecording.report([
            Self.hover("large-h3", behaviors: #"{"largeTitle":{}}"#, threshold: 52.5, appHysteresis: 3, bar: Self.largeTitles),
            Self.hover("blur-h4", behaviors: #"{"blurHeader":{}}"#, threshold: 84, appHysteresis: 4, bar: Self.blurTitles),
        ], in: directory)
        #expect(reported["large-h3"] == [
            "warning flapping inlineTitleVisible (computed): inlineTitleVisible flipped 15 times in 2.49 s with y 50.3–54.7 pt in navrec's model, but the app's inlineTitleVisible flipped 0 times: it appears to use a hysteresis of at least 2.2 pt; declare it in the header (largeTitle.hysteresis 2.5 removes the model's flapping)",
        ])
        #expect(reported["blur-h4"] == [
            "warning flapping background (computed): background flipped 15 times in 2.5 s with y 81.8–86.2 pt in navrec's model, but the app's background flipped 0 times: it appears to use a hysteresis of at least 2.2 pt; declare it in the header (blurHeader.hysteresis 2.5 removes the model's flapping)",
        ])
        #expect(reported.failOnErrorStatus == 0)
    }

    @Test("the title disagreements inside such a flap are that one finding")
    func comparisonsAreTheSameFault() throws {
        let recording = Self.hover("large-h3", behaviors: #"{"largeTitle":{}}"#, threshold: 52.5, appHysteresis: 3,
                                   bar: Self.largeTitles)
        // With flapping switched off, the same recording's disagreements show up one by one (and
        // the title alphas' jitter, which a flap finding otherwise stands for).
        let withoutFlapping = try AppRecording.report([recording], in: directory, extra: ["--set", "flapping.minToggles=100"])
        let comparisons = withoutFlapping["large-h3"].filter { $0.contains("title_mismatch") }
        #expect(comparisons.count > 1)
        #expect(comparisons.allSatisfy {
            $0.hasPrefix("warning title_mismatch/observed_vs_expected largeTitle+inlineTitle (comparison): the app shows largeTitle where the model shows inlineTitle")
        }, "\(comparisons)")
        let reported = try AppRecording.report([recording], in: TemporaryDirectory())
        #expect(reported["large-h3"].count == 1)
    }

    @Test("an app that stays collapsed while the model flaps, at 60 fps")
    func undeclaredFromAbove() throws {
        let reported = try AppRecording.report([
            Self.hover("large-above", behaviors: #"{"largeTitle":{}}"#, threshold: 52.5, appHysteresis: 3, start: 120,
                       fps: 60, bar: Self.largeTitles),
            Self.hover("blur-above", behaviors: #"{"blurHeader":{}}"#, threshold: 84, appHysteresis: 2.5, start: 200,
                       fps: 60, bar: Self.blurTitles),
        ], in: directory)
        #expect(reported["large-above"] == [
            "warning flapping inlineTitleVisible (computed): inlineTitleVisible flipped 13 times in 2.52 s with y 50.2–54.8 pt in navrec's model, but the app's inlineTitleVisible flipped 0 times: it appears to use a hysteresis of at least 2.2 pt; declare it in the header (largeTitle.hysteresis 2.5 removes the model's flapping)",
        ])
        #expect(reported["blur-above"] == [
            "warning flapping background (computed): background flipped 11 times in 2.27 s with y 81.7–86.3 pt in navrec's model, but the app's background flipped 0 times: it appears to use a hysteresis of at least 2.2 pt; declare it in the header (blurHeader.hysteresis 2.5 removes the model's flapping)",
        ])
        #expect(reported.failOnErrorStatus == 0)
    }

    @Test("the same app with its hysteresis declared in the header gives no finding")
    func declared() throws {
        let reported = try AppRecording.report([
            Self.hover("large-h3", behaviors: #"{"largeTitle":{"hysteresis":3}}"#, threshold: 52.5, appHysteresis: 3, bar: Self.largeTitles),
            Self.hover("blur-h4", behaviors: #"{"blurHeader":{"hysteresis":4}}"#, threshold: 84, appHysteresis: 4, bar: Self.blurTitles),
        ], in: directory)
        #expect(reported["large-h3"] == [])
        #expect(reported["blur-h4"] == [])
        #expect(reported.failOnErrorStatus == 0)
    }

    @Test("an app that flaps with the model still fails the gate")
    func appFlapsToo() throws {
        let reported = try AppRecording.report([
            Self.hover("large-h0", behaviors: #"{"largeTitle":{}}"#, threshold: 52.5, appHysteresis: 0, bar: Self.largeTitles),
        ], in: directory)
        #expect(reported["large-h0"] == [
            "error flapping inlineTitleVisible (computed): inlineTitleVisible flipped 15 times in 2.49 s with y 50.3–54.7 pt; hysteresis 2.5 pt removes it",
            "error flapping inlineTitleVisible (observed): inlineTitleVisible flipped 15 times in 2.49 s with y 50.3–54.7 pt",
        ])
        #expect(reported.failOnErrorStatus == 1)
    }
}
