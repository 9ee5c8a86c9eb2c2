internal import Analyzer
internal import BarModel

/// A stored session's frames as a sequence, read one at a time.
struct StoredFrames: Sequence, IteratorProtocol {
    let reader: StoredFrameReader
    private var frame = SessionFrame(seq: 0, sample: .init(t: 0, y: 0), computed: .init())

    init(reader: StoredFrameReader) { self.reader = reader }

    mutating func next() -> SessionFrame? {
        reader.read(into: &frame) ? frame : nil
    }
}
