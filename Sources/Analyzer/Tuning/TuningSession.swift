package import BarModel

/// One session decoded once for `navrec tune`: every candidate value replays these samples, so
/// the frames are read from the database once, not once per value.
///
/// Only what a replay needs is kept: the samples and the observed states (the computed states are
/// recomputed by every candidate's replay).
package struct TuningSession: Sendable {
    package var description: SessionDescription
    package private(set) var samples: [ScrollSample] = []
    /// One entry per sample when any sample carried an observed state, else empty.
    package private(set) var observed: [BarState?] = []

    package init(_ description: SessionDescription) {
        self.description = description
        samples.reserveCapacity(description.sampleCount)
    }

    /// Appends the frames of `block`: their samples and observed states.
    package mutating func append(_ block: FrameColumns) {
        for row in 0..<block.count {
            append(block.sample(row), observed: block.observedRows >> UInt64(row) & 1 != 0 ? block.observed.state(at: row) : nil)
        }
    }

    /// Appends the next frame's sample and observed state.
    package mutating func append(_ sample: ScrollSample, observed state: BarState?) {
        if state != nil, observed.isEmpty {
            observed = Array(repeating: nil, count: samples.count)
            observed.reserveCapacity(samples.capacity)
        }
        samples.append(sample)
        if !observed.isEmpty { observed.append(state) }
    }

    /// The session's frames for a replay, computed states left empty.
    func reader() -> any SessionFrameReader { Reader(session: self) }

    private final class Reader: SessionFrameReader {
        let session: TuningSession
        var next = 0

        init(session: TuningSession) { self.session = session }

        func read(into columns: FrameColumns) -> Bool {
            columns.reset()
            let empty = BarState()
            while columns.count < FrameColumns.capacity, next < session.samples.count {
                columns.append(
                    seq: next, sample: session.samples[next], computed: empty,
                    observed: session.observed.isEmpty ? nil : session.observed[next])
                next += 1
            }
            return columns.count > 0
        }
    }
}
