internal import BarModel
internal import Foundation

/// ``ScrollRecorder``'s writer thread: drains the buffer, runs the ``ScrollSampler`` and writes
/// the lines through a ``RecordingWriter`` into the sink. Fields marked "guarded" are read and
/// written with the buffer's condition locked.
final class WriterLoop: @unchecked Sendable {
    private let header: SessionHeader
    private let sink: any RecordingSink
    private let buffer: RecorderBuffer
    private let options: ScrollRecorder.Options
    /// Guarded: hand everything to the sink on the next round.
    var flushRequested = false
    /// Guarded: write what is left and stop (set once, by ``ScrollRecorder/finish()``).
    var finishing = false
    /// Guarded: frames dropped that the recording has already said.
    var droppedFrames = 0
    /// Set before `done` is signalled.
    private(set) var error: (any Error)?
    /// Signalled when the thread has ended the recording.
    let done = DispatchSemaphore(value: 0)

    private var sampler: ScrollSampler
    private var part = 1
    private var bytesInPart = 0
    private var rotationDue = false

    init(header: SessionHeader, sink: any RecordingSink, buffer: RecorderBuffer, options: ScrollRecorder.Options) {
        sampler = ScrollSampler(writesIdleFrames: options.writesIdleFrames)
        var header = header
        // The header says what the sampler writes, so navrec trusts it instead of inferring it.
        header.recorder = sampler.policy
        self.header = header
        self.sink = sink
        self.buffer = buffer
        self.options = options
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "navrec.ScrollRecorder"
        thread.qualityOfService = .utility
        thread.start()
    }

    private func run() {
        let writer = RecordingWriter(bufferCapacity: 256 * 1024) { [unowned self] text in
            try sink.write(text)
            bytesInPart += text.utf8.count
        }
        var inputs: [RecorderInput] = []
        var lines: [ScrollSampler.Line] = []
        var lastFlush = Date()
        do {
            try begin(writer)
            while true {
                buffer.condition.lock()
                if buffer.isEmpty, !finishing, !flushRequested {
                    _ = buffer.condition.wait(until: lastFlush.addingTimeInterval(options.flushInterval))
                }
                buffer.drain(into: &inputs)
                let finish = finishing
                var flush = flushRequested
                flushRequested = false
                buffer.condition.unlock()

                for input in inputs {
                    var next = sampler
                    next.add(input, to: &lines)
                    if rotationDue, !lines.isEmpty {
                        // The session's next recording starts with this input, its clock from it.
                        lines.removeAll(keepingCapacity: true)
                        try rotate(writer)
                        next = sampler
                        next.restartClock()
                        next.add(input, to: &lines)
                    }
                    sampler = next
                    if case .dropped(let count, _) = input {
                        buffer.condition.lock()
                        droppedFrames += count
                        buffer.condition.unlock()
                    }
                    try write(lines, to: writer)
                    lines.removeAll(keepingCapacity: true)
                }
                inputs.removeAll(keepingCapacity: true)
                if Date().timeIntervalSince(lastFlush) >= options.flushInterval { flush = true }
                if flush || finish {
                    try writer.flush()
                    lastFlush = Date()
                }
                if finish { break }
            }
            try sink.end()
        } catch {
            self.error = error
            try? sink.end()
            // Keep draining so the calling thread's buffer never stays full; nothing more is written.
            drainUntilFinished()
        }
        done.signal()
    }

    private func begin(_ writer: RecordingWriter) throws {
        var header = header
        if part > 1, let id = header.id { header.id = "\(id).\(part)" }
        try sink.begin(sessionID: header.id ?? "")
        bytesInPart = 0
        try writer.writeHeader(header)
    }

    private func write(_ lines: [ScrollSampler.Line], to writer: RecordingWriter) throws {
        for line in lines {
            try writer.write(line)
            // At a rest past the limit, the next line starts the session's next recording.
            if case .sample(let sample, _) = line, sample.phase == .idle,
               bytesInPart + writer.bufferedByteCount >= options.maximumFileBytes {
                rotationDue = true
            }
        }
    }

    /// Ends this part (at a rest) and continues the session in a new recording.
    private func rotate(_ writer: RecordingWriter) throws {
        try writer.flush()
        rotationDue = false
        try sink.end()
        part += 1
        try begin(writer)
    }

    private func drainUntilFinished() {
        var inputs: [RecorderInput] = []
        while true {
            buffer.condition.lock()
            if buffer.isEmpty, !finishing { _ = buffer.condition.wait(until: Date().addingTimeInterval(0.1)) }
            buffer.drain(into: &inputs)
            let finish = finishing
            buffer.condition.unlock()
            inputs.removeAll(keepingCapacity: true)
            if finish { return }
        }
    }
}
