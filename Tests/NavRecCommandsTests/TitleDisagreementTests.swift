import Foundation
import Testing

/// Issue 10, class 6: one disagreement between the app's titles and the model's is one finding.
@Suite("one disagreement, one observed_vs_expected finding, end to end")
struct TitleDisagreementTests {
    let directory = TemporaryDirectory()

    /// The titles a UIKit large-title bar shows, as its recorder reports them.
    static func titles(large: Double, inline: Double, height: Double) -> String {
        #""barHeight":\#(height),"largeTitleAlpha":\#(large),"inlineTitleAlpha":\#(inline)"#
    }

    /// A drag from 0 to 120 pt over 3 s; the app collapses its title once `y` reaches `collapseAt`.
    static func drag(_ id: String, collapseAt: Double, fps: Double = 120) -> AppRecording {
        var recording = AppRecording(id: id, behaviors: #"{"largeTitle":{}}"#, fps: fps)
        recording.frames(Int(3 * fps), y: { 120 * $0 / 3 }) { y in
            let collapsed = y >= collapseAt
            return titles(large: collapsed ? 0 : 1, inline: collapsed ? 1 : 0, height: max(44, 96.5 - y))
        }
        return recording
    }

    /// At rest with the large title showing, the device turns to landscape for `seconds` and back:
    /// the app shows only the inline title in compact height, the two alphas cross-fading over
    /// four frames, the inline one starting two frames later (as a rotation animation does).
    static func rotation(_ id: String, seconds: Double, at y: Double = 0) -> AppRecording {
        var recording = AppRecording(id: id, behaviors: #"{"largeTitle":{}}"#, fps: 60)
        let portrait = titles(large: 1, inline: 0, height: 96.5 - y)
        recording.frames(60, phase: "idle", y: { _ in y }) { _ in portrait }
        let landscapeFrames = Int(seconds * 60)
        var frame = 0
        recording.frames(landscapeFrames + 12, phase: "idle", y: { _ in y }) { _ in
            frame += 1
            // 0…1 into landscape over frames 1–4 (large) and 3–6 (inline); back out likewise.
            let into = { (delay: Int) in min(1, max(0, Double(frame - delay) / 4)) }
            let outOf = { (delay: Int) in min(1, max(0, Double(frame - landscapeFrames - delay) / 4)) }
            let large = 1 - into(0) + outOf(2)
            let inline = into(2) - outOf(0)
            return titles(large: large, inline: inline, height: 32)
        }
        recording.frames(60, phase: "idle", y: { _ in y }) { _ in portrait }
        return recording
    }

    @Test("an app that follows the model gives no finding")
    func clean() throws {
        let reported = try AppRecording.report([Self.drag("follows", collapseAt: 52.5)], in: directory)
        #expect(reported["follows"] == [])
    }

    @Test("an app that collapses its title 12.5 pt early: one finding for both titles")
    func earlyCollapse() throws {
        let reported = try AppRecording.report(
            [Self.drag("early-120", collapseAt: 40), Self.drag("early-60", collapseAt: 40, fps: 60)], in: directory)
        #expect(reported["early-120"] == [
            "warning title_mismatch/observed_vs_expected largeTitle+inlineTitle (comparison): the app shows inlineTitle where the model shows largeTitle for 0.31 s (tolerance 0.1 s)",
        ])
        #expect(reported["early-60"] == [
            "warning title_mismatch/observed_vs_expected largeTitle+inlineTitle (comparison): the app shows inlineTitle where the model shows largeTitle for 0.32 s (tolerance 0.1 s)",
        ])
    }

    @Test("a rotation to landscape: one finding for both titles, at rest and scrolled")
    func rotation() throws {
        let reported = try AppRecording.report(
            [Self.rotation("rotate-rest", seconds: 1), Self.rotation("rotate-scrolled", seconds: 2, at: 20),
             Self.rotation("rotate-brief", seconds: 0.05)],
            in: directory)
        #expect(reported["rotate-rest"] == [
            "warning title_mismatch/observed_vs_expected largeTitle+inlineTitle (comparison): the app shows inlineTitle where the model shows largeTitle for 1.02 s (tolerance 0.1 s)",
        ])
        #expect(reported["rotate-scrolled"] == [
            "warning title_mismatch/observed_vs_expected largeTitle+inlineTitle (comparison): the app shows inlineTitle where the model shows largeTitle for 2.02 s (tolerance 0.1 s)",
        ])
        // A landscape glance shorter than the tolerance is no finding.
        #expect(reported["rotate-brief"] == [])
    }
}
