internal import BarModel
internal import Recording
internal import Store

/// Reads a recording from one session boundary (header or end) to the next, running the bar models
/// over the samples and events in between and storing them through a writer when given one: the
/// importer's per-sample loop.
///
/// A struct with mutating methods rather than nested functions over captured variables: called
/// from the store's transaction closure, those captures were checked for exclusivity on every
/// sample (Benchmarks/README.md); a method call begins one access per boundary.
struct RecordingStepper<Source: RecordingSource> {
    private let source: Source
    // The NDJSON reader's samples are taken from the reader in place rather than wrapped in a
    // `RecordingItem` (see `NDJSONReader.advance()`); the other items go the common way.
    private let ndjson: NDJSONReader?
    private var engine = BarEngine(behaviors: BehaviorSet())
    private var samplesRead = 0
    /// Called with samples read so far, every few thousand samples (progress; SIGINT checks).
    private let onProgress: (Int) throws -> Void

    init(_ source: Source, onProgress: @escaping (Int) throws -> Void) {
        self.source = source
        ndjson = source as? NDJSONReader
        self.onProgress = onProgress
    }

    /// Starts a session with `behaviors`' models.
    mutating func start(_ behaviors: BehaviorSet) {
        engine = BarEngine(behaviors: behaviors)
    }

    /// Reads on to the next header or end of session (`nil` at the end of the input), stepping
    /// the models over the samples and events before it and storing them when `writer` is set.
    mutating func nextBoundary(storingTo writer: SessionWriter?) throws -> RecordingItem? {
        while true {
            let item: RecordingItem
            if let ndjson {
                switch try ndjson.advance() {
                case .sample:
                    try add(ndjson.sample, observedAt: ndjson.observedPointer, to: writer)
                    continue
                case .other:
                    item = ndjson.otherItem
                case .end:
                    return nil
                }
            } else {
                guard let next = try source.next() else { return nil }
                item = next
            }
            switch item {
            case .header, .endOfSession:
                return item
            case .sample(let sample, let observed):
                if let observed {
                    try withUnsafePointer(to: observed) { try add(sample, observedAt: $0, to: writer) }
                } else {
                    try add(sample, observedAt: nil, to: writer)
                }
            case .event(let event):
                if let writer {
                    engine.apply(event)
                    try writer.append(event)
                }
            }
        }
    }

    /// Runs the models on a sample and stores it with its states through `writer`, if any;
    /// `observed` points at the state the app reported, if any (the NDJSON reader's own storage,
    /// read in place).
    @inline(__always)
    private mutating func add(_ sample: ScrollSample, observedAt observed: UnsafePointer<BarState>?, to writer: SessionWriter?) throws {
        samplesRead += 1
        if let writer { try writer.append(sample, computed: engine.step(sample), observedAt: observed) }
        if samplesRead & 0xFFF == 0 { try onProgress(samplesRead) }
    }
}
