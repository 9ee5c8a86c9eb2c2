/// One row of the `findings` table, as ``AnalysisBatch`` saves it: a finding as the JSON report
/// shows it. `start` and `end` are seconds from the session start; for flapping, `yMin` and `yMax`
/// the scroll offsets over the episode (points), and the hysteresis or, for `barHidden`, the
/// hide-on-swipe distance that removes it; `detailsJSON` the finding's `details` as a JSON object.
package typealias StoredFinding = (
    kind: String, subkind: String?, signal: String, source: String, severity: String, start: Double, end: Double, count: Int?,
    yMin: Double?, yMax: Double?, suggestedHysteresis: Double?, suggestedSwipeDistance: Double?, message: String,
    detailsJSON: String
)
