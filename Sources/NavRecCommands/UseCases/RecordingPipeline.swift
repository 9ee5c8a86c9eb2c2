internal import BarModel
internal import Recording

/// Reads recording items, runs the bar models over each session's samples and events, and hands
/// everything to a ``SessionSink``: the one reading-and-modelling loop of `navrec import` and
/// `navrec analyze`.
struct RecordingPipeline {
    /// Called with the samples read so far, every 4,096 samples (progress; SIGINT checks).
    var onProgress: (Int) throws -> Void = { _ in }

    /// Feeds `sink` everything `source` yields until its end.
    ///
    /// - Throws: the reader's ``RecordingError`` at a bad line (the session it is in has had
    ///   ``SessionSink/begin(_:)`` but not ``SessionSink/end(_:_:)``), or what the sink throws.
    func run<Sink: SessionSink>(_ source: any RecordingSource, into sink: Sink) throws {
        var header: SessionHeader?
        var engine = BarEngine(behaviors: BehaviorSet())
        var clock = SessionClock()
        var accepted = false
        var samplesRead = 0

        /// Runs the models on a sample and hands it over; `observed` points at the state the app
        /// reported, if any (the NDJSON reader's own storage, read in place).
        @inline(__always)
        func add(_ recorded: ScrollSample, observedAt observed: UnsafePointer<BarState>?) throws {
            samplesRead += 1
            if accepted {
                var sample = recorded
                sample.t = clock.time(recorded.t)
                try sink.add(sample, computed: engine.step(sample), observedAt: observed, line: source.itemLine)
            }
            if samplesRead & 0xFFF == 0 { try onProgress(samplesRead) }
        }

        // The NDJSON reader's samples are taken from the reader in place rather than wrapped in a
        // `RecordingItem` (see `NDJSONReader.advance()`); the other items go the common way.
        let ndjson = source as? NDJSONReader
        reading: while true {
            let item: RecordingItem
            if let ndjson {
                switch try ndjson.advance() {
                case .sample:
                    try add(ndjson.sample, observedAt: ndjson.observedPointer)
                    continue reading
                case .other:
                    item = ndjson.otherItem
                case .end:
                    break reading
                }
            } else {
                guard let next = try source.next() else { break reading }
                item = next
            }
            switch item {
            case .header(let newHeader):
                header = newHeader
                engine = BarEngine(behaviors: newHeader.behaviors)
                clock = SessionClock()
                accepted = try sink.begin(newHeader)
            case .sample(let sample, let observed):
                if let observed {
                    try withUnsafePointer(to: observed) { try add(sample, observedAt: $0) }
                } else {
                    try add(sample, observedAt: nil)
                }
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
