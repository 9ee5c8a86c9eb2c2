/// One `navrec compare` run for the tables `comparison_runs` and `comparison_results` (schema 11; the mean and share tests since 19).
package struct StoredComparisonRun: Sendable {
    /// One row of `comparison_results`.
    package struct Result: Sendable {
        package var group: String
        package var metric: String
        package var unit: String
        package var baseCount: Int
        package var headCount: Int
        package var baseMedian: Double?
        package var headMedian: Double?
        package var shift: Double?
        package var shiftLow: Double?
        package var shiftHigh: Double?
        package var p: Double?
        package var adjustedP: Double?
        package var method: String?
        package var minimumEffect: Double
        package var verdict: String
        /// The mean test (not corrected) and the share test; the test that decided the verdict.
        package var meanShift: Double?
        package var meanLow: Double?
        package var meanHigh: Double?
        package var meanP: Double?
        package var shareShift: Double?
        package var shareP: Double?
        package var shareAdjustedP: Double?
        package var decidedBy: String?

        package init(
            group: String, metric: String, unit: String, baseCount: Int, headCount: Int, baseMedian: Double?, headMedian: Double?,
            shift: Double?, shiftLow: Double?, shiftHigh: Double?, p: Double?, adjustedP: Double?, method: String?,
            minimumEffect: Double, verdict: String, meanShift: Double? = nil, meanLow: Double? = nil, meanHigh: Double? = nil,
            meanP: Double? = nil, shareShift: Double? = nil, shareP: Double? = nil, shareAdjustedP: Double? = nil, decidedBy: String? = nil
        ) {
            self.group = group
            self.metric = metric
            self.unit = unit
            self.baseCount = baseCount
            self.headCount = headCount
            self.baseMedian = baseMedian
            self.headMedian = headMedian
            self.shift = shift
            self.shiftLow = shiftLow
            self.shiftHigh = shiftHigh
            self.p = p
            self.adjustedP = adjustedP
            self.method = method
            self.minimumEffect = minimumEffect
            self.verdict = verdict
            self.meanShift = meanShift
            self.meanLow = meanLow
            self.meanHigh = meanHigh
            self.meanP = meanP
            self.shareShift = shareShift
            self.shareP = shareP
            self.shareAdjustedP = shareAdjustedP
            self.decidedBy = decidedBy
        }
    }

    package var base: String
    package var head: String
    package var groupBy: String
    package var confidence: Double
    package var correction: String
    package var baseSessions: Int
    package var headSessions: Int
    package var wallSeconds: Double
    package var results: [Result]

    package init(
        base: String, head: String, groupBy: String, confidence: Double, correction: String, baseSessions: Int, headSessions: Int,
        wallSeconds: Double, results: [Result]
    ) {
        self.base = base
        self.head = head
        self.groupBy = groupBy
        self.confidence = confidence
        self.correction = correction
        self.baseSessions = baseSessions
        self.headSessions = headSessions
        self.wallSeconds = wallSeconds
        self.results = results
    }
}
