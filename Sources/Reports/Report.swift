package import Analyzer

/// The analyses of one `navrec report` run, with totals, ready to render.
package struct Report: Sendable {
    /// Counts over every session's findings.
    package struct Totals: Sendable, Hashable {
        package var sessions = 0
        package var findings = 0
        /// Findings per kind, keyed by ``Finding/Kind``; every kind is present, 0 when absent.
        package var byKind = Dictionary(uniqueKeysWithValues: Finding.Kind.allCases.map { ($0, 0) })
        /// Findings per severity; every severity is present.
        package var bySeverity = Dictionary(uniqueKeysWithValues: Finding.Severity.allCases.map { ($0, 0) })

        /// Totals over no session.
        package init() {}

        /// Counts one more session.
        package mutating func add(_ session: SessionAnalysis) {
            sessions += 1
            findings += session.findings.count
            for finding in session.findings {
                byKind[finding.kind, default: 0] += 1
                bySeverity[finding.severity, default: 0] += 1
            }
        }

        /// The most severe finding's severity, `nil` without findings (for `--fail-on`).
        package var worstSeverity: Finding.Severity? {
            Finding.Severity.allCases.filter { bySeverity[$0, default: 0] > 0 }.max()
        }
    }

    package var sessions: [SessionAnalysis]

    /// A report of `sessions`, in the given order.
    package init(sessions: [SessionAnalysis]) {
        self.sessions = sessions
    }

    /// Counts over every session's findings; every kind and severity is present, 0 when absent.
    package var totals: Totals {
        var totals = Totals()
        for session in sessions { totals.add(session) }
        return totals
    }

    /// The most severe finding's severity over all sessions, `nil` without findings (for `--fail-on`).
    package var worstSeverity: Finding.Severity? { sessions.compactMap(\.worstSeverity).max() }
}
