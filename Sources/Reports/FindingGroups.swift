package import Analyzer

/// One finding in one session: where a ``FindingGroup`` happened.
package struct FindingOccurrence: Sendable, Hashable {
    package var sessionID: String
    package var finding: Finding
    /// Its index in the session's findings (``RecordingLocation/findingLines``).
    package var index: Int

    /// Whether this occurrence is worse than `other`: more severe, then more toggles, reversals or
    /// late frames, then longer; ties by session id and start, so the worst of a group is the same
    /// whatever order the sessions were imported in.
    package func isWorse(than other: FindingOccurrence) -> Bool {
        let left = finding, right = other.finding
        if left.severity != right.severity { return left.severity > right.severity }
        if (left.count ?? 0) != (right.count ?? 0) { return (left.count ?? 0) > (right.count ?? 0) }
        if left.end - left.start != right.end - right.start { return left.end - left.start > right.end - right.start }
        if sessionID != other.sessionID { return sessionID < other.sessionID }
        return left.start < right.start
    }
}

/// What `report --baseline` says of a finding's identity against the base.
package enum BaselineState: String, Sendable, CaseIterable {
    /// Not in the base: this change brought it (SARIF `baselineState` `new`).
    case new
    /// In the base too (SARIF `unchanged`).
    case unchanged
    /// In the base, and not here although its subject was recorded here (SARIF `absent`).
    case fixed
    /// In the base, whose subject this run did not record: neither fixed nor present.
    case notRecorded = "not recorded"

    package var name: String { rawValue }
}

/// Every finding of one identity over the report's sessions: what a reviewer acts on (one SARIF
/// result, one JUnit test case, one row of the `--baseline` Markdown).
package struct FindingGroup: Sendable {
    package var identity: FindingIdentity
    /// The worst severity of its occurrences.
    package var severity: Finding.Severity
    /// Worst first (``FindingOccurrence/isWorse(than:)``); empty for a finding only the base has.
    package var occurrences: [FindingOccurrence]
    /// Sessions with it.
    package var sessions: Int
    /// Sessions of its subject in the report.
    package var subjectSessions: Int
    /// Against `--baseline`; `nil` without one.
    package var state: BaselineState?
    /// Sessions with it in the base, and of its subject in the base (`--baseline`; 0 without).
    package var baseSessions = 0
    package var baseSubjectSessions = 0

    /// The worst occurrence; `nil` only for a finding only the base has.
    package var worst: FindingOccurrence? { occurrences.first }

    /// Ranks groups for a capped output: errors first, then those in more sessions, then by identity.
    package func ranksBefore(_ other: FindingGroup) -> Bool {
        if severity != other.severity { return severity > other.severity }
        if sessions != other.sessions { return sessions > other.sessions }
        return identity < other.identity
    }
}

/// The findings of a base run (`report --baseline`), by identity: built one session at a time and
/// keeping only counts, so a base of any size costs the memory of its identities.
package struct FindingBaseline: Sendable {
    /// The base as the user named it (a database path), for messages.
    package var name: String
    package private(set) var findings: [FindingIdentity: (severity: Finding.Severity, sessions: Int)] = [:]
    /// Sessions per subject.
    package private(set) var subjects: [String: Int] = [:]
    package private(set) var sessions = 0

    package init(name: String) {
        self.name = name
    }

    /// Whether the base has a finding of this identity.
    package func contains(_ identity: FindingIdentity) -> Bool { findings[identity] != nil }

    /// Counts one more session of the base.
    package mutating func add(_ session: SessionAnalysis) {
        let subject = FindingIdentity.subject(of: session)
        sessions += 1
        subjects[subject, default: 0] += 1
        var seen = Set<FindingIdentity>()
        for finding in session.findings {
            let identity = FindingIdentity(finding, subject: subject)
            var entry = findings[identity] ?? (finding.severity, 0)
            entry.severity = max(entry.severity, finding.severity)
            if seen.insert(identity).inserted { entry.sessions += 1 }
            findings[identity] = entry
        }
    }
}

/// A report's findings grouped by identity (``FindingIdentity``), with its subjects, and against a
/// base when there is one.
package struct FindingGroups: Sendable {
    /// The report's groups in identity order, then (with a base) the base's groups it lacks, in
    /// identity order.
    package var groups: [FindingGroup]
    /// Sessions per subject in the report.
    package var subjects: [String: Int]
    /// Subjects without any finding in the report, sorted.
    package var cleanSubjects: [String]
    /// The base compared with, when there is one.
    package var baselineName: String?

    package init(_ report: Report, baseline: FindingBaseline? = nil) {
        var byIdentity: [FindingIdentity: [FindingOccurrence]] = [:]
        var subjects: [String: Int] = [:]
        for session in report.sessions {
            let subject = FindingIdentity.subject(of: session)
            subjects[subject, default: 0] += 1
            for (index, finding) in session.findings.enumerated() {
                byIdentity[FindingIdentity(finding, subject: subject), default: []]
                    .append(FindingOccurrence(sessionID: session.id, finding: finding, index: index))
            }
        }
        var groups = byIdentity.map { identity, occurrences in
            let sorted = occurrences.sorted { $0.isWorse(than: $1) }
            var group = FindingGroup(
                identity: identity, severity: sorted[0].finding.severity, occurrences: sorted,
                sessions: Set(sorted.map(\.sessionID)).count, subjectSessions: subjects[identity.subject] ?? 0)
            if let baseline {
                let base = baseline.findings[identity]
                group.state = base == nil ? .new : .unchanged
                group.baseSessions = base?.sessions ?? 0
                group.baseSubjectSessions = baseline.subjects[identity.subject] ?? 0
            }
            return group
        }.sorted { $0.identity < $1.identity }
        if let baseline {
            let present = Set(byIdentity.keys)
            groups += baseline.findings.filter { !present.contains($0.key) }.map { identity, base in
                let recorded = subjects[identity.subject] ?? 0
                var group = FindingGroup(
                    identity: identity, severity: base.severity, occurrences: [], sessions: 0, subjectSessions: recorded,
                    state: recorded > 0 ? .fixed : .notRecorded)
                group.baseSessions = base.sessions
                group.baseSubjectSessions = baseline.subjects[identity.subject] ?? 0
                return group
            }.sorted { $0.identity < $1.identity }
        }
        self.groups = groups
        self.subjects = subjects
        let withFindings = Set(byIdentity.keys.map(\.subject))
        cleanSubjects = subjects.keys.filter { !withFindings.contains($0) }.sorted()
        baselineName = baseline?.name
    }

    /// The groups present in the report (not only in the base).
    package var present: [FindingGroup] { groups.filter { !$0.occurrences.isEmpty } }

    /// The groups in `state`.
    package func groups(_ state: BaselineState) -> [FindingGroup] { groups.filter { $0.state == state } }
}
