/// A whole `navrec compare` run as the renderers and the database see it.
public struct ComparisonReport: Sendable {
    /// How each side was given (a path, `where: …`, `build 513`).
    public var base: String
    public var head: String
    /// The session fields groups are made of (`screen`, `behaviors`).
    public var groupBy: [String]
    /// The session fields each group is stratified by (`device`, `os`).
    public var strata: [String]
    public var rules: BuildComparison
    /// The multiple-comparison correction, as named in reports.
    public var correction = "hierarchical Benjamini–Hochberg"
    public var baseSessions: Int
    public var headSessions: Int
    /// Results sorted as ``BuildComparison/run(_:)`` returns them.
    public var results: [MetricComparison]
    /// Each result's values per compared stratum, when the report should carry them (`--with-values`).
    public var values: [[(stratum: String, base: [Double], head: [Double])]]?
    public var wallSeconds: Double

    public init(
        base: String, head: String, groupBy: [String], strata: [String] = [], rules: BuildComparison, baseSessions: Int,
        headSessions: Int, results: [MetricComparison], values: [[(stratum: String, base: [Double], head: [Double])]]? = nil,
        wallSeconds: Double
    ) {
        self.strata = strata
        self.base = base
        self.head = head
        self.groupBy = groupBy
        self.rules = rules
        self.baseSessions = baseSessions
        self.headSessions = headSessions
        self.results = results
        self.values = values
        self.wallSeconds = wallSeconds
    }

    /// Results per verdict.
    public func count(_ verdict: Verdict) -> Int { results.count { $0.verdict == verdict } }

    /// Tests that entered the correction.
    public var tests: Int {
        results.reduce(0) { $0 + ($1.adjustedP != nil ? 1 : 0) + ($1.shareAdjustedP != nil ? 1 : 0) }
    }
}
