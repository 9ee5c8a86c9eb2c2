extension TimelineDigest {
    /// The buckets samples fell in, ascending, each a row of two flat buffers: its ranges as
    /// (minimum, maximum) pairs of doubles (+∞ and −∞ while empty), its counts as integers.
    ///
    /// A row's doubles: `y`, the computed bar height and bar shown, then each continuous signal
    /// (``ContinuousSignal/allCases`` order) in the computed stream, then in the observed one. Its
    /// integers: the samples, then per title lane (``TimelineDigest/presentations`` order) the
    /// computed stream's visible and known counts, then the observed stream's.
    struct Rows: Sendable, Hashable {
        /// Where the computed and the observed stream's signal pairs start in a row.
        static let computedSignals = 6
        static let observedSignals = computedSignals + 2 * ContinuousSignal.allCases.count
        /// Doubles per row.
        static let doubles = observedSignals + 2 * ContinuousSignal.allCases.count
        /// Integers per row with `lanes` title lanes.
        static func counts(lanes: Int) -> Int { 1 + 4 * lanes }
        /// A row's ranges before any sample: every pair from +∞ down to −∞, i.e. empty.
        static let emptyRanges = (0..<doubles).map { $0.isMultiple(of: 2) ? Double.infinity : -Double.infinity }

        /// The bucket of each row, ascending.
        var buckets: [Int] = []
        var ranges: [Double] = []
        var counts: [Int] = []
    }
}
