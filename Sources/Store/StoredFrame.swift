package import BarModel

/// One sample as stored: its position in the session, the sample, the computed state and the
/// observed state when the recording carried one.
package struct StoredFrame: Sendable, Hashable {
    package var seq: Int
    package var sample: ScrollSample
    package var computed: BarState
    package var observed: BarState?

    package init(seq: Int, sample: ScrollSample, computed: BarState, observed: BarState?) {
        self.seq = seq
        self.sample = sample
        self.computed = computed
        self.observed = observed
    }
}
