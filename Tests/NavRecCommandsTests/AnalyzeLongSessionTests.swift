import Foundation
import NavRec
import Recording
import Testing

/// `navrec analyze` runs a session's main pass while the session is read and keeps only the
/// samples of what it saw for the replay search: its findings still equal `import` + `report`'s
/// (and the library's on the same lines given as items, which it analyses after the last one),
/// wherever a session's events fall — before, among and after its samples, at a block's last
/// time, only at its end — and at the spool's spill threshold.
@Suite("navrec analyze: a session longer than memory, its main pass run while it is read")
struct AnalyzeLongSessionTests {
    let directory = TemporaryDirectory()

    /// The spool's in-memory frames (``FrameSpool/memoryBlocks`` blocks of 64).
    static let threshold = 16_384

    /// A blurHeader and hideOnSwipe session at 60 fps of `count` samples from t = 1: `y` swings
    /// across the background's threshold (84 pt) with a ripple, and for 4 s a minute by 30 pt twice
    /// a second, so the model flaps, and the replay search of a swipe distance reads the samples
    /// back; the app reports a background with a band of its own; every 500
    /// samples the content freezes mid-motion for 0.2 s (a hitch, or a gap where a lifecycle
    /// event falls inside); every 3,008th sample (a block's first) repeats the time before.
    /// Each event goes after the samples at or before its time.
    static func session(id: String, count: Int, events: [(t: Double, name: String)]) -> String {
        var lines = [#"{"navrec":1,"session":{"id":"\#(id)","fps":60,"behaviors":{"blurHeader":{"imageHeight":150,"navBarHeight":66,"hysteresis":0},"hideOnSwipe":{}}}}"#]
        var pending = events.sorted { $0.t < $1.t }[...]
        var t = 1.0
        var shown = false
        for seq in 0..<count {
            if seq > 0 {
                if seq % 500 == 250 { t += 0.2 }
                if seq % 3_008 != 0 { t += 1.0 / 60 }
            }
            let stamp = (t * 1_000_000).rounded() / 1_000_000
            while let event = pending.first, event.t < stamp {
                lines.append(#"{"t":\#(event.t),"event":"\#(event.name)"}"#)
                pending.removeFirst()
            }
            let swipes = Int(t) % 60 < 4 ? 15 * sin(2 * Double.pi * t) : 0
            let y = 84 + 12 * sin(2 * Double.pi * t / 5) + 2 * sin(2 * Double.pi * t * 1.3) + swipes
            // Where y is far below the band, the app's background flips every other frame up to
            // block 281's last (18,047; past the first spill), whose time sample 18,048 repeats:
            // three flips before it, a fourth at it.
            if (18_040...18_048).contains(seq) {
                if seq % 2 == 1 { shown.toggle() }
            } else if y > 86 {
                shown = true
            } else if y < 82 {
                shown = false
            }
            lines.append(#"{"t":\#(stamp),"y":\#(y),"phase":"drag","bar":{"background":"\#(shown ? "default" : "transparent")"}}"#)
        }
        for event in pending { lines.append(#"{"t":\#(event.t),"event":"\#(event.name)"}"#) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The time of sample `seq` of ``session(id:count:events:)``.
    static func time(_ seq: Int) -> Double {
        var t = 1.0
        for index in stride(from: 1, through: seq, by: 1) {
            if index % 500 == 250 { t += 0.2 }
            if index % 3_008 != 0 { t += 1.0 / 60 }
        }
        return (t * 1_000_000).rounded() / 1_000_000
    }

    /// Events before, among (inside freezes, at a block's last frame's time, a transition) and after
    /// the samples of a session of `count` samples. A transition starts at block 281's last time,
    /// after sample 18,048 at that time: the app's flap there leaves out its flip at that time
    /// only if block 281 waits for it (the main pass runs while the session is read from its
    /// first spill, block 256, on).
    static func spreadEvents(count: Int) -> [(t: Double, name: String)] {
        [
            (0.5, "foreground"),
            (time(250) - 0.1, "background"), (time(250) + 0.05, "foreground"),
            (time(64 * 100 - 1), "disappear"), (time(64 * 140 - 1), "appear"),
            (time(3_007), "background"), (time(3_007) + 0.001, "foreground"),
            (time(18_047), "disappear"), (time(18_100), "appear"),
            (time(64 * 300 - 1), "disappear"), (time(3 * 3_008 - 1), "appear"),
            (time(count / 2 + 250) - 0.05, "background"), (time(count / 2 + 250), "foreground"),
            (time(count - 1), "background"), (time(count - 1) + 3, "foreground"),
        ]
    }

    /// Writes `text`, analyses it, and expects each line to equal import + report's session and the
    /// library's analysis of the same lines as items; returns analyze's lines.
    @discardableResult
    func expectAgreement(_ text: String, name: String) throws -> [[String: Any]] {
        let file = directory.path("\(name).ndjson")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let report = AnalyzeTests()  // a database of its own
        let lines = try report.analyze([file])
        report.expectSame(lines, try report.importAndReport(file))
        let reader = NDJSONReader(bytes: Array(text.utf8), displayName: file)
        var items: [RecordingItem] = []
        while let item = try reader.next() { items.append(item) }
        let analyzer = RecordingAnalyzer()
        #expect(try analyzer.analyze(.items(items, name: file)).sessions == analyzer.analyze(.file(URL(filePath: file))).sessions)
        return lines
    }

    @Test("lifecycle events before, among (inside freezes, at a block's last time) and after the samples: analyze equals import + report")
    func eventsEverywhere() throws {
        let count = 3 * Self.threshold + 1_000
        let lines = try expectAgreement(Self.session(id: "long", count: count, events: Self.spreadEvents(count: count)), name: "long")
        #expect(lines.first?["samples"] as? Int == count)
        let findings = lines.first?["findings"] as? [[String: Any]] ?? []
        let appFlaps = findings.filter { $0["source"] as? String == "observed" }.map { ($0["start"] as? Double ?? 0, $0["end"] as? Double ?? 0) }
        #expect(appFlaps.contains { $0.0 <= Self.time(18_045) && Self.time(18_045) <= $0.1 }, "the app flaps there")
        #expect(!appFlaps.contains { $0.1 == Self.time(18_047) }, "the transition at block 281's last time hides its flip at that time")
        #expect(findings.contains { ($0["details"] as? [String: Any])?["suggestedSwipeDistance"] != nil }, "the replay search read the samples")
        // The counter-case: without the events inside its freezes the same session has fewer gaps,
        // so where they fall decides what analyze reports.
        let without = try expectAgreement(Self.session(id: "without", count: count, events: []), name: "without")
        #expect((lines.first?["gaps"] as? Int ?? 0) > (without.first?["gaps"] as? Int ?? 0))
        #expect(lines.first?["hitchTimeRatio"] as? Double != without.first?["hitchTimeRatio"] as? Double)
    }

    @Test("events only at the end, at and after the last sample's time: analyze equals import + report")
    func eventsAtTheEnd() throws {
        let count = 2 * Self.threshold + 64 * 5
        let last = Self.time(count - 1)
        try expectAgreement(
            Self.session(id: "end", count: count, events: [(last, "disappear"), (last, "background"), (last + 1, "foreground")]),
            name: "end")
    }

    @Test("exactly at the spill threshold, and one sample past it: analyze equals import + report",
          arguments: [threshold, threshold + 1])
    func atTheThreshold(count: Int) throws {
        let lines = try expectAgreement(Self.session(id: "edge", count: count, events: Self.spreadEvents(count: count)), name: "edge")
        #expect(lines.first?["samples"] as? Int == count)
    }

    @Test("--rows --timeline past the threshold: every frame's rows, in order, after the same session line as --rows alone")
    func timelinePastTheThreshold() throws {
        let count = Self.threshold + 2_000
        let text = Self.session(id: "rows", count: count, events: Self.spreadEvents(count: count))
        let input = Data(AnalyzeSchemaTests.row("k", "rows.ndjson", 1, Data(text.utf8)).utf8)
        let withTimeline = try NavRecBinary.run(["analyze", "--rows", "--timeline"], stdin: input)
        #expect(withTimeline.status == 0, "\(withTimeline.stderr)")
        let plain = try NavRecBinary.run(["analyze", "--rows"], stdin: input)
        let lines = withTimeline.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first.map { $0 + "\n" } == plain.stdout)
        let computed = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }.filter { $0[1] == "computed" }
        #expect(computed.map { Int($0[2]) } == (0..<count).map { $0 })
        #expect(computed.last.map { Double($0[3]) } == Self.time(count - 1))
        // The counter-case: observed rows come too, one for each sample (each reports its bar).
        #expect(lines.count == 1 + 2 * count)
    }

    /// A blurHeader session at 60 fps: `flaps` samples whose `y` crosses the background's threshold
    /// (84 pt) by 1 pt every frame (each changes the log's smallest candidates), then 40 hovers of
    /// 20 frames crossing it by 1.5 to 7.5 pt, each after 400 frames well below it: 16,800 samples,
    /// more than memory holds, so hovers past a stopped log's end are spilled.
    static func hover(id: String, flaps: Int) -> String {
        var lines = [#"{"navrec":1,"session":{"id":"\#(id)","fps":60,"behaviors":{"blurHeader":{"imageHeight":150,"navBarHeight":66,"hysteresis":0}}}}"#]
        for seq in 0..<(flaps + 40 * 420) {
            let hover = (seq - flaps) % 420 - 400
            let swing = seq < flaps ? 1.0 : hover < 0 ? -40 : 1.5 + Double((seq - flaps) / 420 % 7)
            let y = 84 + (seq % 2 == 0 || swing < 0 ? swing : -swing)
            lines.append(#"{"t":\#(Double(seq) / 60),"y":\#(y),"phase":"drag"}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a hysteresis-only session: its toggle log stops past its bound (more than 65,536 changes) and the replay reads the samples spilled after the stop, or it stays whole and nothing is spilled; analyze equals import + report either way",
          arguments: [70_000, 20_000])
    func hysteresisOnly(flaps: Int) throws {
        let lines = try expectAgreement(Self.hover(id: "hover", flaps: flaps), name: "hover")
        let findings = lines.first?["findings"] as? [[String: Any]] ?? []
        let suggested = findings.filter { $0["signal"] as? String == "background" }.map { ($0["details"] as? [String: Any])?["suggestedHysteresis"] as? Double }
        // The hovers, past the stop of the longer session's log, need hysteresis by their own
        // swings: each suggestion comes from its own samples.
        #expect(suggested.count > 40)
        #expect(Set(suggested.suffix(40)).count == 7)
    }
}
