import Foundation
import Testing

/// The corpus of recordings written the way real apps write them (`Tests/Corpus/`, made by an
/// independent generator, not by `navrec simulate`): healthy apps must pass a `--fail-on error`
/// gate, and the glitches in the corpus must still be found.
@Suite("Real-app corpus, end to end")
struct CorpusTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("corpus.sqlite") }

    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Corpus")

    static func file(_ name: String) -> String { corpus.appending(path: name).path }

    /// Imports `names` into a fresh database and returns the exit code and the JSON report.
    func report(_ names: [String], failOn: String = "error") throws -> (status: Int32, sessions: [[String: Any]]) {
        let imported = try NavRecBinary.run(["import"] + names.map(Self.file) + ["--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json", "--fail-on", failOn])
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        return (report.status, json?["sessions"] as? [[String: Any]] ?? [])
    }

    static let healthy = [
        "h01_inbox_callbacks_pauses.ndjson", "h02_album_displaylink_background.ndjson",
        "h03_settings_duplicate_callbacks.ndjson", "h04_profile_media_time.ndjson",
        "h05_feed_hide_on_swipe_noise.ndjson", "h06_scroll_to_top.ndjson", "h07_long_bursts_20min.ndjson",
        "h08_app_hysteresis_undeclared.ndjson", "h09_deliberate_scrolling.ndjson",
        "h10_rest_on_threshold.ndjson", "h11_idle_heartbeat_60hz.ndjson",
    ]

    @Test("a healthy app passes the CI gate: no error, no hitch", arguments: healthy)
    func healthyAppPasses(name: String) throws {
        let (status, sessions) = try report([name])
        #expect(status == 0, "\(name): exit \(status)")
        let session = try #require(sessions.first)
        let findings = session["findings"] as? [[String: Any]] ?? []
        #expect(!findings.contains { $0["severity"] as? String == "error" }, "\(name): \(findings)")
        #expect(!findings.contains { $0["kind"] as? String == "hitch" }, "\(name): \(findings)")
        #expect((session["hitchTimeRatio"] as? Double ?? 99) < 5, "\(name): \(session["hitchTimeRatio"] ?? "nil")")
    }

    @Test("finding kinds of the glitches in the corpus", arguments: [
        ("f01_dropped_frames_fling.ndjson", "hitch", "frames"),
        ("f02_hover_flapping.ndjson", "flapping", "background"),
        ("f03_wrong_title.ndjson", "title_mismatch", "observed_vs_expected"),
        ("f04_bar_hidden_disagrees.ndjson", "title_mismatch", "barHidden"),
    ])
    func glitchesAreFound(name: String, kind: String, what: String) throws {
        let (status, sessions) = try report([name], failOn: "warning")
        #expect(status == 1, "\(name): exit \(status)")
        let findings = sessions.first?["findings"] as? [[String: Any]] ?? []
        #expect(findings.contains {
            $0["kind"] as? String == kind && ($0["signal"] as? String == what || $0["subkind"] as? String == what)
        }, "\(name): \(findings)")
    }

    @Test("the hitch in a ProMotion fling costs its 50 ms, and nothing else is late")
    func droppedFramesAreTheOnlyHitch() throws {
        let (_, sessions) = try report(["f01_dropped_frames_fling.ndjson"])
        let findings = sessions.first?["findings"] as? [[String: Any]] ?? []
        let hitch = try #require(findings.first { $0["kind"] as? String == "hitch" })
        #expect(hitch["count"] as? Int == 1, "\(hitch)")
    }

    @Test("one wrong title is one finding per disagreement, not one per title")
    func wrongTitleIsReportedOnce() throws {
        let (_, sessions) = try report(["f03_wrong_title.ndjson"])
        let findings = sessions.first?["findings"] as? [[String: Any]] ?? []
        let mismatches = findings.filter { $0["subkind"] as? String == "observed_vs_expected" }
        // The app is wrong on the way up and on the way down: two disagreements.
        #expect(mismatches.count == 2, "\(mismatches)")
    }

    @Test("two launches that reuse a session id are both kept")
    func reusedIdsKeepBothLaunches() throws {
        let imported = try NavRecBinary.run(
            ["import", Self.file("r01_launch1.ndjson"), Self.file("r01_launch2.ndjson"), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let sessions = try NavRecBinary.run(["sessions", "--db", db, "--format", "json"])
        let rows = try JSONSerialization.jsonObject(with: Data(sessions.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rows.count == 2, "\(sessions.stdout)")
        let again = try NavRecBinary.run(["import", Self.file("r01_launch2.ndjson"), "--db", db])
        #expect(again.status == 0)
        let after = try NavRecBinary.run(["sessions", "--db", db, "--format", "json"])
        #expect((try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [Any])?.count == 2)
    }

    @Test("raw CACurrentMediaTime stamps are shown from the session's start")
    func mediaTimeIsShownFromTheStart() throws {
        let (_, sessions) = try report(["h04_profile_media_time.ndjson"])
        let duration = try #require(sessions.first?["duration"] as? Double)
        #expect(duration < 60)
        let text = try NavRecBinary.run(["report", "--db", db])
        #expect(!text.stdout.contains("183456"), "\(text.stdout)")
    }

    @Test("the committed corpus is what the generator writes")
    func corpusMatchesGenerator() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.file("generate.py"), "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
