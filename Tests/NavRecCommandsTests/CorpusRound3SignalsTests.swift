import Foundation
import Testing

/// Issue 20, classes 1, 3 and 9, end to end through the built binary on the corpus's `vs*`
/// recordings (`Tests/Corpus/gen_verdict_signals.py`): pixel rounding is not jitter, jitter counts
/// `y` over the same span and leaves 0/1 switches and the model's own functions of `y` alone, and
/// one fault is one finding. Each file's findings are listed exactly, as
/// `severity kind[/subkind] signal source count`.
@Suite("Real-app corpus, round 3: signal verdicts")
struct CorpusRound3SignalsTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("signals.sqlite") }

    /// Imports `name` into a fresh database; the `--fail-on error` exit code and the findings.
    func report(_ name: String) throws -> (status: Int32, findings: [[String: Any]]) {
        let imported = try NavRecBinary.run(["import", CorpusTests.file(name), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json", "--fail-on", "error"])
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let sessions = json?["sessions"] as? [[String: Any]] ?? []
        return (report.status, sessions.first?["findings"] as? [[String: Any]] ?? [])
    }

    static func line(_ finding: [String: Any]) -> String {
        let kind = (finding["kind"] as? String ?? "") + ((finding["subkind"] as? String).map { "/" + $0 } ?? "")
        let count = (finding["count"] as? Int).map(String.init) ?? "-"
        return [finding["severity"] as? String ?? "", kind, finding["signal"] as? String ?? "",
                finding["source"] as? String ?? "", count].joined(separator: " ")
    }

    /// Healthy apps: no finding at all, and the CI gate passes.
    static let clean = [
        // Class 1: a finger resting mid-collapse with a 0.3 pt tremor; one pixel of rounding.
        "vs01_rest_2x_scale.ndjson", "vs01_rest_2x_noscale.ndjson", "vs01_rest_3x_scale.ndjson",
        "vs01_rest_3x_noscale.ndjson", "vs01_rest_1x_scale.ndjson",
        "vs02_fling_2x.ndjson", "vs02_fling_3x.ndjson",
        // Class 3: clamped and unclamped followers of y, declared hysteresis; deliberate ±25 pt at 2 Hz.
        "vs04_tremor_clamped_2x.ndjson", "vs04_tremor_clamped_3x.ndjson", "vs04_tremor_clamped_2x_observed.ndjson",
        "vs04_tremor_unclamped_2x_observed.ndjson",
        "vs05_deliberate_2hz_largeTitle.ndjson", "vs05_deliberate_2hz_largeTitle_observed.ndjson",
        "vs05_deliberate_2hz_blurHeader_observed.ndjson",
    ]

    @Test("a healthy app has no finding and passes --fail-on error", arguments: clean)
    func healthy(name: String) throws {
        let (status, findings) = try report(name)
        #expect(findings.map(Self.line) == [], "\(name)")
        #expect(status == 0, "\(name)")
    }

    /// Real glitches: exactly these findings, and the CI gate fails.
    static let glitches: [(String, [String])] = [
        // A real avatar wobble of 1.5 pt (3 @2x pixels) is still found, with and without the scale.
        ("vs03_avatar_wobble_2x_scale.ndjson", ["error jitter avatarTy observed 23"]),
        ("vs03_avatar_wobble_2x_noscale.ndjson", ["error jitter avatarTy observed 23"]),
        ("vs03_avatar_wobble_3x_scale.ndjson", ["error jitter avatarTy observed 47"]),
        // A stuck or missing title: the visibility error only, not also a disagreement.
        ("vs06_stuck_title_3x.ndjson", ["error title_mismatch/both_visible largeTitle+inlineTitle observed -"]),
        ("vs06_stuck_title_2x.ndjson", ["error title_mismatch/both_visible largeTitle+inlineTitle observed -"]),
        ("vs06_missing_title_3x.ndjson", ["error title_mismatch/none_visible largeTitle+inlineTitle observed -"]),
        // Two ringing alphas, a bar height with the avatar following it: one finding each.
        ("vs07_ringing_titles.ndjson", ["error jitter largeTitleAlpha observed 54"]),
        ("vs08_bar_height_fight.ndjson", ["error jitter barHeight observed 47"]),
        ("vs09_hitch_without_bar.ndjson", ["error hitch frames recording 1"]),
        ("vs09_hitch_with_bar.ndjson", ["error hitch frames recording 1"]),
    ]

    @Test("a real glitch is found, exactly once", arguments: glitches)
    func glitch(name: String, expected: [String]) throws {
        let (status, findings) = try report(name)
        #expect(findings.map(Self.line) == expected, "\(name)")
        #expect(status == 1, "\(name)")
    }

    @Test("one fault, one finding: the finding names the signals that moved with it",
          arguments: [("vs07_ringing_titles.ndjson", "; inlineTitleAlpha reversed with it"),
                      ("vs08_bar_height_fight.ndjson", "; avatarTy reversed with it")])
    func namesTheOthers(name: String, suffix: String) throws {
        let message = try report(name).findings.first?["message"] as? String ?? ""
        #expect(message.hasSuffix(suffix), "\(message)")
    }

    @Test("a hitch is about the recorded frames: the text report names no stream for it",
          arguments: ["vs09_hitch_without_bar.ndjson", "vs09_hitch_with_bar.ndjson"])
    func hitchNamesNoStream(name: String) throws {
        _ = try report(name)
        let text = try NavRecBinary.run(["report", "--db", db])
        let line = try #require(text.stdout.split(separator: "\n").first { $0.contains("hitch frames") })
        #expect(line.contains("hitch frames: 1 late frame"), "\(line)")
        #expect(!text.stdout.contains("(observed)"), "\(text.stdout)")
    }
}
