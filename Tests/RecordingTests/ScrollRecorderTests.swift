import BarModel
import Foundation
import Recording
import Testing

/// ``ScrollRecorder``: the calling thread only buffers; a writer thread writes whole lines, flushes
/// on background, records drops; files per session.
@Suite("ScrollRecorder: a recorder apps drop in")
struct ScrollRecorderTests {
    static let header = SessionHeader(
        id: "album-1", metadata: SessionMetadata(app: "Music", screen: "Album", fps: 120, screenScale: 3, build: "513"),
        behaviors: try! BehaviorSet([("largeTitle", [])]))

    /// A fling: 60 frames of deceleration from y = 0, then rest.
    static func fling(into recorder: ScrollRecorder, from frame: Int = 0) {
        for i in 0..<80 {
            let y = 300 * (1 - pow(0.95, Double(min(i, 59))))
            recorder.tick(ScrollSamplerTests.tick(frame + i, y: y.rounded(toPlaces: 3), dragging: i < 5, decelerating: i >= 5 && i < 60))
        }
    }

    @Test("what it writes reads back as one session with a sample per moving frame and one at rest")
    func writesARecording() throws {
        let sink = MemorySink()
        let recorder = ScrollRecorder(header: Self.header, sink: sink)
        Self.fling(into: recorder)
        try recorder.finish()
        let lines = sink.lines
        #expect(lines.first == #"{"navrec":1,"session":{"id":"album-1","app":"Music","screen":"Album","fps":120,"scale":3,"build":"513","recorder":{"moving":"everyFrame","atRest":"changes"},"behaviors":{"largeTitle":{"largeHeight":96.5,"smallHeight":44,"hysteresis":0}}}}"#)
        #expect(lines.count == 1 + 61)
        #expect(lines[1] == #"{"t":0,"y":0,"phase":"drag","frameDuration":0.008333}"#)
        #expect(lines.last?.contains(#""phase":"idle""#) == true)
        #expect(recorder.droppedFrames == 0)
    }

    @Test("finish from two threads at once ends the recording once, and a later finish does nothing")
    func finishTwice() async throws {
        let sink = MemorySink()
        let recorder = ScrollRecorder(header: Self.header, sink: sink)
        Self.fling(into: recorder)
        // The recorder crosses into the tasks as a checked Sendable (no @unchecked left in it).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 { group.addTask { try recorder.finish() } }
            try await group.waitForAll()
        }
        try recorder.finish()
        #expect(sink.sessions.map(\.id) == ["album-1"])
        #expect(sink.lines.count == 1 + 61)
        // The counter-case: ticks after finish reach no writer, and the recording stays as it was.
        Self.fling(into: recorder, from: 200)
        #expect(sink.lines.count == 1 + 61)
    }

    @Test("background hands everything to the sink at once, before the next flush is due")
    func backgroundFlushes() throws {
        let sink = MemorySink()
        let recorder = ScrollRecorder(header: Self.header, sink: sink, options: .init(flushInterval: 60))
        Self.fling(into: recorder)
        recorder.record(.background(at: 1001))
        let deadline = Date().addingTimeInterval(5)
        while !(sink.lines.last?.contains("background") ?? false), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(sink.lines.last == #"{"t":1,"event":"background"}"#)
        // Everything handed over is whole lines: a killed app leaves a file that ends with one.
        #expect(sink.handedOver.allSatisfy { $0.hasSuffix("\n") })
        try recorder.finish()
    }

    @Test("a writer stalled for 1 s never delays a tick; what did not fit is a 'dropped' event, not a hole")
    func stalledWriterDropsAndSaysSo() throws {
        let sink = MemorySink(stall: 1)
        let recorder = ScrollRecorder(header: Self.header, sink: sink, options: .init(bufferCapacity: 64, flushInterval: 0.001))
        var slowest = 0.0
        for i in 0..<400 {
            let start = DispatchTime.now().uptimeNanoseconds
            recorder.tick(ScrollSamplerTests.tick(i, y: Double(i), dragging: true))
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            if i == 10 { Thread.sleep(forTimeInterval: 0.05) }  // the writer is now stalled in its first write
        }
        #expect(slowest < 0.1, "a tick took \(slowest) s")
        let dropped = recorder.droppedFrames
        #expect(dropped > 0)
        try recorder.finish()
        let lines = sink.lines
        let droppedLines = lines.filter { $0.contains(#""event":"dropped""#) }
        #expect(!droppedLines.isEmpty)
        let counted = droppedLines.compactMap { line in
            line.split(separator: "\"samples\":").last.flatMap { Int($0.dropLast()) }
        }.reduce(0, +)
        #expect(counted == dropped)
        #expect(lines.count - 1 - droppedLines.count + dropped == 400)
    }

    @Test("files per session in the app's directory, continued in a new recording past the size limit")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "navrec-recorder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = ScrollRecorder(header: Self.header, directory: directory, options: .init(maximumFileBytes: 2000))
        Self.fling(into: recorder)
        Self.fling(into: recorder, from: 200)
        try recorder.finish()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["album-1.2.ndjson", "album-1.ndjson"])
        let second = try String(contentsOf: directory.appending(path: "album-1.2.ndjson"), encoding: .utf8)
        #expect(second.hasPrefix(#"{"navrec":1,"session":{"id":"album-1.2","#))
        #expect(second.split(separator: "\n")[1].hasPrefix(#"{"t":0,"#))
    }

    @Test("ticks cost the calling thread well under a microsecond on average")
    func tickCost() throws {
        let recorder = ScrollRecorder(header: Self.header, sink: MemorySink(), options: .init(bufferCapacity: 1 << 16))
        let tick = ScrollSamplerTests.tick(0, y: 1, dragging: true)
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20_000 { recorder.tick(tick) }
        let perTick = Double(DispatchTime.now().uptimeNanoseconds - start) / 20_000
        try recorder.finish()
        // Debug build, shared machine: a generous bound; the release figure is in Benchmarks/README.md.
        #expect(perTick < 20_000, "\(perTick) ns per tick")
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
