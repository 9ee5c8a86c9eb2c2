internal import Analyzer
internal import Store

/// A stored session's frames for the analyzer's reader path (``SessionFrameReader``).
final class StoredFrameReader: SessionFrameReader {
    let cursor: FrameCursor

    init(_ cursor: FrameCursor) { self.cursor = cursor }

    func read(into frame: inout SessionFrame) -> Bool {
        // In place: building a StoredFrame and copying it over `frame` copied ~400 bytes per row (Benchmarks/README.md).
        cursor.read(seq: &frame.seq, sample: &frame.sample, computed: &frame.computed, observed: &frame.observed)
    }
}
