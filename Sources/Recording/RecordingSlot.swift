public import BarModel

/// Where a ``RecordingReader`` puts what it reads: a sample into ``sample`` and ``observed``, in
/// place, anything else into ``item``. The caller keeps one slot for the whole recording.
///
/// A sample line is most of every recording, and written into the caller's fields it is copied
/// once, where a ``RecordingItem/sample(_:observed:)`` built by the reader, switched on and taken
/// apart by the caller cost three to four copies of the ~190-byte enum a sample.
public struct RecordingSlot: Sendable {
    /// Whether the last read was a sample (in ``sample`` and ``observed``), not ``item``.
    public var holdsSample = false
    /// The sample read last, when ``holdsSample``.
    public var sample = ScrollSample(t: 0, y: 0)
    /// The bar state the app observed on the sample's frame, when ``hasObserved``.
    public var observed = BarState()
    /// Whether the sample came with an observed state.
    public var hasObserved = false
    /// The header, event or session end read last, when not ``holdsSample``; never a sample.
    public var item = RecordingItem.endOfSession(SessionSummary(samples: 0, events: 0, ignoredKeys: 0, contentID: nil, firstLine: 0, lastLine: 0))

    public init() {}

    /// The sample's observed state, `nil` when it came without one.
    @inlinable public var observedState: BarState? { hasObserved ? observed : nil }

    /// What the slot holds, as one item.
    public var heldItem: RecordingItem {
        holdsSample ? .sample(sample, observed: observedState) : item
    }

    /// Holds `item`: a sample in ``sample`` and ``observed``, anything else in ``item`` (for
    /// readers that make items).
    public mutating func hold(_ item: RecordingItem) {
        if case .sample(let sample, let observed) = item {
            holdsSample = true
            self.sample = sample
            hasObserved = observed != nil
            if let observed { self.observed = observed }
        } else {
            holdsSample = false
            self.item = item
        }
    }
}
