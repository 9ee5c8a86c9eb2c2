public import Foundation

/// Records a scroll view's session as a navrec recording, for apps to drop in (Docs/recording-format.md
/// "Recording from an app"): the app feeds it plain values once per `CADisplayLink` tick and tells it about
/// touches, taps and the app's lifecycle; ``ScrollSampler`` decides phases and what is written.
///
/// The calling thread (the main thread, in an app) only copies each value into a bounded buffer:
/// no allocation, no I/O, no waiting on the writer. A writer thread encodes the lines and hands
/// them to the ``RecordingSink`` every ``Options/flushInterval``, at once on `background` (the app
/// may be killed next) and on ``finish()``. When the buffer is full (the writer is stalled: a slow
/// disk), frames are dropped and the recording says so with a `dropped` event where they are
/// missing, which navrec reads as a gap and counts — never a silent hole.
///
/// ```swift
/// let recorder = try ScrollRecorder(
///     header: SessionHeader(id: "album-\(UUID())", metadata: SessionMetadata(app: "Music", screen: "Album",
///         fps: 120, screenScale: 3, appVersion: "5.12", build: "513"), behaviors: behaviors),
///     directory: recordings)
/// recorder.tick(RecorderTick(timestamp: link.timestamp, targetTimestamp: link.targetTimestamp, …))
/// recorder.record(.background(at: CACurrentMediaTime()))
/// try recorder.finish()
/// ```
public final class ScrollRecorder: Sendable {
    /// How the recorder buffers and writes.
    public struct Options: Sendable, Hashable {
        /// Frames the buffer holds for the writer (1,024: 8.5 s at 120 Hz).
        public var bufferCapacity: Int
        /// Write every frame at rest too, not only the first (lets navrec measure the first frame
        /// of a gesture, at the cost of a sample per frame while nothing moves).
        public var writesIdleFrames: Bool
        /// Seconds between hand-overs to the sink (what a killed app can lose, besides `background`).
        public var flushInterval: Double
        /// Bytes after which the session continues in a new recording (`ID.2`, `ID.3`, …) at the
        /// next rest, so no file grows without bound; `Int.max` for one file per session.
        public var maximumFileBytes: Int

        public init(bufferCapacity: Int = 1024, writesIdleFrames: Bool = false, flushInterval: Double = 1,
                    maximumFileBytes: Int = 16 << 20) {
            self.bufferCapacity = bufferCapacity
            self.writesIdleFrames = writesIdleFrames
            self.flushInterval = flushInterval
            self.maximumFileBytes = maximumFileBytes
        }
    }

    private let buffer: RecorderBuffer
    private let writerThread: WriterLoop

    /// Starts recording the session `header` describes (its `id` names the files; without one,
    /// a random id is used) into `sink`.
    public init(header: SessionHeader, sink: any RecordingSink, options: Options = Options()) {
        buffer = RecorderBuffer(capacity: options.bufferCapacity)
        var header = header
        if header.id == nil { header.id = UUID().uuidString.lowercased() }
        writerThread = WriterLoop(header: header, sink: sink, buffer: buffer, options: options)
        writerThread.start()
    }

    /// Starts recording into files in `directory` (``RecordingDirectory``).
    public convenience init(header: SessionHeader, directory: URL, options: Options = Options()) {
        self.init(header: header, sink: RecordingDirectory(directory), options: options)
    }

    /// One displayed frame. Copies `tick` into the buffer and returns.
    public func tick(_ tick: RecorderTick) {
        buffer.condition.lock()
        buffer.push(.tick(tick))
        let wake = buffer.isFilling
        buffer.condition.unlock()
        if wake { buffer.condition.signal() }
    }

    /// A touch, tap, lifecycle or size event; `background` makes the writer hand everything to the sink now.
    public func record(_ event: RecorderEvent) {
        buffer.condition.lock()
        buffer.push(.event(event))
        if case .background = event { writerThread.flushRequested = true }
        buffer.condition.unlock()
        buffer.condition.signal()
    }

    /// Frames dropped so far because the buffer was full.
    public var droppedFrames: Int {
        buffer.condition.lock()
        defer { buffer.condition.unlock() }
        return writerThread.droppedFrames + buffer.pendingDrops
    }

    /// Writes what is buffered, ends the recording and stops the writer thread; waits for it.
    ///
    /// - Throws: the first error the sink threw (the recording stopped there; what was written
    ///   before is whole lines).
    public func finish() throws {
        buffer.condition.lock()
        let finished = writerThread.finishing
        writerThread.finishing = true
        buffer.condition.unlock()
        guard !finished else { return }
        buffer.condition.signal()
        writerThread.done.wait()
        if let error = writerThread.error { throw error }
    }

    deinit {
        try? finish()
    }
}
