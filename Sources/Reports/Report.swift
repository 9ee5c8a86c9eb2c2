public import Analyzer

/// The analyses of one `navrec report` run, with totals, ready to render.
public struct Report: Sendable {
    /// Counts over every session's findings.
    public struct Totals: Sendable, Hashable {
        public var sessions: Int
        public var findings: Int
        /// Findings per kind, keyed by ``Finding/Kind``.
        public var byKind: [Finding.Kind: Int]
        /// Findings per severity.
        public var bySeverity: [Finding.Severity: Int]
    }

    public var sessions: [SessionAnalysis]

    /// A report of `sessions`, in the given order.
    public init(sessions: [SessionAnalysis]) {
        self.sessions = sessions
    }

    /// Counts over every session's findings; every kind and severity is present, 0 when absent.
    public var totals: Totals {
        let findings = sessions.flatMap(\.findings)
        var byKind: [Finding.Kind: Int] = [:]
        var bySeverity: [Finding.Severity: Int] = [:]
        for kind in Finding.Kind.allCases { byKind[kind] = findings.count { $0.kind == kind } }
        for severity in Finding.Severity.allCases { bySeverity[severity] = findings.count { $0.severity == severity } }
        return Totals(sessions: sessions.count, findings: findings.count, byKind: byKind, bySeverity: bySeverity)
    }

    /// The most severe finding's severity over all sessions, `nil` without findings (for `--fail-on`).
    public var worstSeverity: Finding.Severity? { sessions.compactMap(\.worstSeverity).max() }
}
