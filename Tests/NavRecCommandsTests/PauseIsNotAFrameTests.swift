import BarModel
import Foundation
import Recording
import Testing

/// Issue 34: recordings written the way UIKit and navrec's own `ScrollRecorder` write them — offsets
/// on the pixel grid at @2x and @3x, 60 and 120 Hz, the recorder's default options, bar changes at
/// rest — give no hitch and no title finding when the app is healthy, with the recorder's header
/// declaration and without it (the inference must reach the same verdict). Next to each case, the
/// real glitch planted in it is still found, once, at its time. Each through the built binary.
@Suite("a pause is not a frame: recorder recordings, end to end")
struct PauseIsNotAFrameTests {
    let directory = TemporaryDirectory()

    struct Configuration: Sendable, CustomTestStringConvertible {
        var fps: Double
        var scale: Double
        /// Whether the header keeps the recorder's `recorder` declaration (else the rule infers).
        var declared: Bool
        var testDescription: String { "\(Int(fps)) Hz @\(Int(scale))x, \(declared ? "declared" : "undeclared")" }
    }

    static let configurations = [60.0, 120].flatMap { fps in
        [2.0, 3].flatMap { scale in [true, false].map { Configuration(fps: fps, scale: scale, declared: $0) } }
    }

    /// What `report --format json --fail-on error` says of a recording.
    struct Verdict {
        var findings: [String]
        var hitchTimeRatio: Double
        var hitches: [[String: Any]]
        var status: Int32
    }

    func verdict(_ recording: String, _ name: String) throws -> Verdict {
        let file = directory.path(name + ".ndjson")
        try recording.write(toFile: file, atomically: true, encoding: .utf8)
        let db = directory.path(name + ".sqlite")
        let imported = try NavRecBinary.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json", "--fail-on", "error"])
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let session = (json?["sessions"] as? [[String: Any]])?.first ?? [:]
        let findings = session["findings"] as? [[String: Any]] ?? []
        return Verdict(
            findings: findings.map { "\($0["kind"] ?? "")/\($0["subkind"] as? String ?? $0["signal"] as? String ?? "")/\($0["severity"] ?? "")" },
            hitchTimeRatio: session["hitchTimeRatio"] as? Double ?? -1,
            hitches: findings.filter { $0["kind"] as? String == "hitch" }, status: report.status)
    }

    /// A recording of `body` through a ScrollRecorder; without the header's declaration unless `declared`.
    func record(
        _ configuration: Configuration, behaviors: [(String, [(String, ParameterValue)])] = [("largeTitle", [])],
        options: ScrollRecorder.Options = .init(), _ body: (inout UIKitScrollView) -> Void
    ) throws -> (text: String, view: UIKitScrollView) {
        let sink = MemorySinkE2E()
        var view = UIKitScrollView(
            fps: configuration.fps, scale: configuration.scale,
            behaviors: try BehaviorSet(behaviors.map { ($0.0, $0.1.map { ($0.0, $0.1) }) }), options: options, sink: sink)
        body(&view)
        try view.recorder.finish()
        var text = sink.text
        if !configuration.declared {
            text = text.replacingOccurrences(of: #","recorder":\{[^}]*\}"#, with: "", options: .regularExpression)
            #expect(!text.contains("recorder"))
        } else {
            #expect(text.contains(#""recorder":{"moving":"everyFrame","atRest":"#))
        }
        return (text, view)
    }

    /// The healthy sessions of the issue's first class, each a few gestures with reading pauses.
    enum Healthy: String, CaseIterable, Sendable {
        case flings, scrollToTop, deepLink, pullOnShortContent, pullToRefresh, cancelledPop, combinedBehaviours, pushFromCollapsed

        var behaviors: [(String, [(String, ParameterValue)])] {
            switch self {
            case .combinedBehaviours: [("largeTitle", []), ("avatar", []), ("hideOnSwipe", [])]
            default: [("largeTitle", [])]
            }
        }

        func play(_ view: inout UIKitScrollView) {
            view.rest(0.5)
            switch self {
            case .flings, .combinedBehaviours:
                for distance in [60.0, 140, -90, 30, 200] {
                    view.flick(by: distance)
                    view.rest(1.6)
                }
            case .scrollToTop:
                view.flick(by: 300)
                view.rest(1.5)
                view.animate(to: 0)
                view.rest(1.5)
                view.flick(by: 80)
                view.rest(1)
            case .deepLink:
                view.jump(to: 1200)
                view.rest(1.5)
                view.flick(by: -60)
                view.rest(1)
            case .pullOnShortContent:
                view.pull(120)
                view.rest(1.5)
                view.pull(60)
                view.rest(1)
            case .pullToRefresh:
                view.pull(200, springingTo: -60)
                view.rest(1.5)
                view.animate(to: 0)
                view.rest(1.2)
                view.flick(by: 90)
                view.rest(1)
            case .cancelledPop:
                view.flick(by: 120)
                view.rest(1)
                view.cancelledPop(toward: BarState(barHeight: 96.5, largeTitleAlpha: 1, inlineTitleAlpha: 0))
                view.rest(1.5)
                view.flick(by: -40)
                view.rest(1)
            case .pushFromCollapsed:
                view.flick(by: 150)
                view.rest(1.2)
                view.leave(toward: BarState(barHeight: 96.5, largeTitleAlpha: 1, inlineTitleAlpha: 0))
            }
        }
    }

    @Test("healthy recorder sessions: no hitch, no title finding, --fail-on error passes", arguments: Healthy.allCases, configurations)
    func healthy(_ scenario: Healthy, _ configuration: Configuration) throws {
        let (text, _) = try record(configuration, behaviors: scenario.behaviors) { scenario.play(&$0) }
        let verdict = try verdict(text, "\(scenario)")
        #expect(verdict.findings == [], "\(scenario) \(configuration.testDescription)")
        #expect(verdict.hitchTimeRatio == 0)
        #expect(verdict.status == 0)
    }

    @Test("a 60 ms freeze inside the scroll-to-top animation is one hitch at its time", arguments: configurations)
    func freezeInsideAnimation(_ configuration: Configuration) throws {
        var frozeAt = 0.0
        let (text, view) = try record(configuration) { view in
            view.rest(0.5)
            view.flick(by: 300)
            view.rest(1.5)
            view.freezeAtFrame = view.frame + 10
            view.freezeSeconds = 0.06
            view.animate(to: 0)
            view.rest(1)
        }
        frozeAt = view.frozeAt ?? 0
        let verdict = try verdict(text, "freeze")
        #expect(verdict.hitches.count == 1, "\(verdict.findings)")
        let hitch = try #require(verdict.hitches.first)
        let origin = 4000.0 + 1 / configuration.fps
        let expectedEnd = frozeAt - origin
        #expect(abs((hitch["end"] as? Double ?? 0) - expectedEnd) < 1e-3, "\(hitch)")
        let details = hitch["details"] as? [String: Any] ?? [:]
        // 60 ms late: the frame took 60 ms + a frame, of which one frame was due.
        #expect(abs((details["hitchTime"] as? Double ?? 0) - 60) < 6, "\(details)")
    }

    @Test("a touch-down hitch is found when the recorder logs every frame at rest; the pause before it never",
          arguments: configurations)
    func touchDownHitch(_ configuration: Configuration) throws {
        let options = ScrollRecorder.Options(writesIdleFrames: true)
        func session(late: Bool) throws -> String {
            try record(configuration, options: options) { view in
                view.rest(0.5)
                view.flick(by: 100)
                view.rest(2)
                if late {
                    view.freezeAtFrame = view.frame + 1
                    view.freezeSeconds = 0.1
                }
                view.flick(by: 100)
                view.rest(1)
            }.text
        }
        let clean = try verdict(try session(late: false), "idle-clean")
        #expect(clean.findings == [])
        let hitched = try verdict(try session(late: true), "idle-late")
        #expect(hitched.hitches.count == 1, "\(hitched.findings)")
        let details = hitched.hitches.first?["details"] as? [String: Any] ?? [:]
        #expect(abs((details["hitchTime"] as? Double ?? 0) - 100) < 10, "\(details)")
    }

    @Test("a cancelled pop that leaves both titles visible is still found, once", arguments: configurations)
    func stuckTitlesAfterCancelledPop(_ configuration: Configuration) throws {
        let (text, _) = try record(configuration) { view in
            view.rest(0.5)
            view.flick(by: 120)
            view.rest(1)
            view.cancelledPop(toward: BarState(barHeight: 96.5, largeTitleAlpha: 1, inlineTitleAlpha: 0), stuck: true)
            view.rest(1)
        }
        let verdict = try verdict(text, "stuck")
        #expect(verdict.findings == ["title_mismatch/both_visible/error"], "\(verdict.findings)")
        #expect(verdict.hitchTimeRatio == 0)
    }

    @Test("a scrollViewDidScroll recorder: skipped callbacks of a slow deceleration are not late frames")
    func skippedCallbacks() throws {
        // A five-minute reading session of flicks through the ScrollRecorder, then written again as
        // a scrollViewDidScroll recorder writes it: a sample only when the offset changed.
        for scale in [2.0, 3] {
            let (text, _) = try record(Configuration(fps: 120, scale: scale, declared: true)) { view in
                for index in 0..<60 {
                    view.flick(by: [40.0, -25, 70, -15][index % 4])
                    view.rest(2.5)
                }
            }
            var lines = text.split(separator: "\n").map(String.init)
            let header = lines.removeFirst()
            var callbacks: [String] = []
            var lastY: String?
            for line in lines where line.contains(#""phase":"drag""#) || line.contains(#""phase":"decelerate""#) {
                let y = line.firstMatch(of: /"y":([-0-9.e]+)/).map { String($0.1) }
                guard y != lastY else { continue }
                lastY = y
                callbacks.append(line.replacingOccurrences(of: #","phase":"[a-z]+""#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #","frameDuration":[0-9.e-]+"#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #","bar":\{[^}]*\}"#, with: "", options: .regularExpression))
            }
            for declaration in [#""recorder":{"moving":"offsetChanges","atRest":"nothing"}"#, nil] {
                let head = header.replacingOccurrences(
                    of: #""recorder":\{[^}]*\}"#, with: declaration ?? #""x":0"#, options: .regularExpression)
                let verdict = try verdict(([head] + callbacks).joined(separator: "\n") + "\n", "callbacks-\(scale)-\(declaration != nil)")
                #expect(verdict.findings == [], "@\(scale)x \(declaration ?? "undeclared")")
                #expect(verdict.hitchTimeRatio < 0.5, "@\(scale)x \(declaration ?? "undeclared")")
            }
        }
    }
}
