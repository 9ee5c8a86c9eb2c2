internal import BarModel
package import Recording

/// Reads recording items, runs the bar models over each session's samples and events, and hands
/// everything to a ``SessionSink``: the one reading-and-modelling loop of `navrec import` and
/// `navrec analyze`.
package struct RecordingPipeline {
    /// Called with the samples read so far, every 4,096 samples (progress; SIGINT checks).
    package var onProgress: (Int) throws -> Void

    /// A pipeline that calls `onProgress` with the samples read so far every 4,096 samples.
    package init(onProgress: @escaping (Int) throws -> Void = { _ in }) {
        self.onProgress = onProgress
    }

    /// Feeds `sink` everything `source` yields until its end.
    ///
    /// - Throws: the reader's ``RecordingError`` at a bad line (the session it is in has had
    ///   ``SessionSink/begin(_:)`` but not ``SessionSink/end(_:_:)``), or what the sink throws.
    @inlinable
    package func run<Sink: SessionSink>(_ source: any RecordingReader, into sink: Sink) throws {
        var header: SessionHeader?
        var engine = BarEngine(behaviors: BehaviorSet())
        var clock = SessionClock()
        var accepted = false
        var samplesRead = 0
        var slot = RecordingSlot()
        while try source.read(into: &slot) {
            if slot.holdsSample {
                samplesRead += 1
                if accepted {
                    // A session counting from 0 keeps its times: the clock's call (not inlined
                    // across modules) is made only until the origin is known, and on a raw clock.
                    if clock.origin != 0 { slot.sample.t = clock.time(slot.sample.t) }
                    try sink.add(&slot, model: &engine, line: source.itemLine)
                }
                if samplesRead & 0xFFF == 0 { try onProgress(samplesRead) }
                continue
            }
            switch slot.item {
            case .sample:
                // Readers hand samples over in the slot's sample fields.
                continue
            case .header(let newHeader):
                header = newHeader
                engine = BarEngine(behaviors: newHeader.behaviors)
                clock = SessionClock()
                accepted = try sink.begin(newHeader)
            case .event(var event):
                if accepted {
                    event.t = clock.time(event.t)
                    engine.apply(event)
                    try sink.add(event)
                }
            case .endOfSession(let summary):
                guard let header else { continue }
                try sink.end(header, summary, clock: clock)
                accepted = false
            }
        }
    }
}
