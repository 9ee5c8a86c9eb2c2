import BarModel

/// A session's frames, read one at a time into a reused value: the analyzer's fast path for stored
/// sessions.
///
/// Why: handing ``Analyzer/analyze(_:frames:)`` a sequence from another module runs its loops as
/// unspecialized generic code, where every frame goes through witness tables, runtime metadata
/// look-ups and value-witness copies of the ~400-byte frame (Benchmarks/README.md,
/// "Hot-path notes"). ``Analyzer/analyze(_:reader:)`` wraps a reader in a sequence type of
/// this module, so those loops are specialized and a frame costs one dynamic call.
public protocol SessionFrameReader: AnyObject {
    /// Overwrites `frame` with the next frame and returns `true`, or returns `false` at the end.
    func read(into frame: inout SessionFrame) -> Bool
}

/// A reader as a sequence of this module (so the analyzer's generic loops specialize for it).
struct ReaderFrames: Sequence, IteratorProtocol {
    let reader: any SessionFrameReader
    private var frame = SessionFrame(seq: 0, sample: .init(t: 0, y: 0), computed: .init())

    init(_ reader: any SessionFrameReader) { self.reader = reader }

    mutating func next() -> SessionFrame? {
        reader.read(into: &frame) ? frame : nil
    }
}
