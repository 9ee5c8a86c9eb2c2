import BarModel
import Foundation
import Recording
import Testing

/// The `Recording` library's ``ScrollRecorder`` end to end: what it writes for simulated motion is
/// imported and analysed like the simulator's own recording of that motion.
@Suite("ScrollRecorder recordings, end to end")
struct LibraryRecorderTests {
    let directory = TemporaryDirectory()

    /// Findings (kind, signal, severity) of `recording` through import + report.
    func findings(_ recording: String, name: String) throws -> [String] {
        let file = directory.path(name)
        try recording.write(toFile: file, atomically: true, encoding: .utf8)
        let db = directory.path(name + ".sqlite")
        let imported = try NavRecBinary.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let session = (json?["sessions"] as? [[String: Any]])?.first ?? [:]
        return (session["findings"] as? [[String: Any]] ?? []).map {
            "\($0["kind"] ?? "")/\($0["signal"] ?? "")/\($0["severity"] ?? "")"
        }.sorted()
    }

    @Test("simulate --recorder library gives the findings of the simulator's own display-link recording",
          arguments: [
            ["--behavior", "largeTitle", "--gesture", "fling"],
            ["--behavior", "largeTitle", "--behavior", "avatar", "--gesture", "drag", "--gesture", "bounce"],
            ["--behavior", "blurHeader", "--gesture", "hover", "--observed"],
            ["--behavior", "largeTitle", "--gesture", "fling", "--gesture", "wait", "--gesture", "top"],
            ["--behavior", "hideOnSwipe", "--gesture", "zigzag", "--refresh", "adaptive", "--fps", "120"],
            ["--behavior", "largeTitle", "--gesture", "fling", "--fault", "droppedFrames=0.05", "--fps", "120"],
          ])
    func libraryEqualsDisplayLink(options: [String]) throws {
        let own = try NavRecBinary.run(["simulate"] + options + ["--recorder", "display-link"])
        let library = try NavRecBinary.run(["simulate"] + options + ["--recorder", "library"])
        #expect(library.status == 0, "\(library.stderr)")
        #expect(try findings(library.stdout, name: "library.ndjson") == findings(own.stdout, name: "own.ndjson"))
    }

    /// A 120 Hz scroll view fed to a recorder, frame by frame.
    struct FakeDisplayLink {
        let recorder: ScrollRecorder
        var time = 5000.0
        var y = 0.0

        mutating func frame(to newY: Double, dragging: Bool = false, decelerating: Bool = false, late: Double = 0) {
            time += 1.0 / 120 + late
            y = newY
            recorder.tick(RecorderTick(timestamp: time, targetTimestamp: time + 1.0 / 120, contentOffsetY: y - 91,
                                       insetTop: 91, contentHeight: 5000, boundsHeight: 844,
                                       isTracking: dragging, isDragging: dragging, isDecelerating: decelerating))
        }
    }

    func recorded(_ body: (inout FakeDisplayLink) -> Void) throws -> String {
        let sink = MemorySinkE2E()
        let recorder = ScrollRecorder(
            header: SessionHeader(id: "e2e", metadata: SessionMetadata(fps: 120, screenScale: 3),
                                  behaviors: try BehaviorSet([("largeTitle", [])])),
            sink: sink)
        var link = FakeDisplayLink(recorder: recorder)
        body(&link)
        try recorder.finish()
        return sink.text
    }

    @Test("a 50 ms freeze inside a programmatic animated scroll is a hitch; the animation itself is not")
    func freezeInsideProgrammaticScroll() throws {
        func animation(freeze: Bool) throws -> String {
            try recorded { link in
                link.frame(to: 0)
                // setContentOffset(animated:) to 400 pt in 0.5 s, ease in-out. The animation follows
                // the clock, so after a freeze the content is where the time says.
                let start = link.time
                var i = 0
                while link.time - start < 0.5 {
                    i += 1
                    let p = min(1, (link.time + 1.0 / 120 + (freeze && i == 30 ? 0.05 : 0) - start) / 0.5)
                    link.frame(to: (400 * (p < 0.5 ? 2 * p * p : 1 - pow(-2 * p + 2, 2) / 2) * 1000).rounded() / 1000,
                               late: freeze && i == 30 ? 0.05 : 0)
                }
                link.frame(to: 400)
            }
        }
        let clean = try animation(freeze: false)
        #expect(clean.contains(#""phase":"animate""#))
        #expect(try findings(clean, name: "clean.ndjson").filter { $0.hasPrefix("hitch") }.isEmpty)
        let frozen = try findings(try animation(freeze: true), name: "frozen.ndjson")
        #expect(frozen.filter { $0.hasPrefix("hitch/frames") }.count == 1, "\(frozen)")
    }

    @Test("frames the recorder dropped are a gap, never a hitch, and import keeps the event")
    func droppedFramesAreAGap() throws {
        let text = """
            {"navrec":1,"session":{"id":"drops","fps":120,"behaviors":{"largeTitle":{}}}}
            {"t":0,"y":0,"phase":"drag","frameDuration":0.008333}
            {"t":0.008333,"y":2,"phase":"drag","frameDuration":0.008333}
            {"t":0.016667,"y":4,"phase":"drag","frameDuration":0.008333}
            {"t":0.02,"event":"dropped","samples":30}
            {"t":0.275,"y":64,"phase":"drag","frameDuration":0.008333}
            {"t":0.283333,"y":66,"phase":"drag","frameDuration":0.008333}

            """
        #expect(try findings(text, name: "drops.ndjson").isEmpty)
        let db = directory.path("drops.ndjson.sqlite")
        let events = try NavRecBinary.run(["query", "--db", db, "--format", "csv", "select kind, samples from events"])
        #expect(events.stdout.contains("dropped,30"), "\(events.stdout)")
        let missing = try NavRecBinary.run(["analyze", "-"], stdin: Data("""
            {"navrec":1,"session":{"behaviors":{"largeTitle":{}}}}
            {"t":0.02,"event":"dropped"}

            """.utf8))
        #expect(missing.stdout.contains("missing required key 'samples'"), "\(missing.stdout)")
    }
}

/// Collects a recorder's output in memory.
final class MemorySinkE2E: RecordingSink, @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""
    func begin(sessionID id: String) throws {}
    func write(_ text: String) throws { lock.withLock { collected += text } }
    func end() throws {}
    var text: String { lock.withLock { collected } }
}
