/// One thing the analyzer found wrong in a session, with its evidence (ANALYSIS.md).
package struct Finding: Sendable, Hashable {
    /// The detector that found it.
    package enum Kind: String, Sendable, CaseIterable, Hashable {
        case flapping
        case jitter
        case hitch
        case titleMismatch = "title_mismatch"

        /// The name in reports, settings and the database.
        package var name: String { rawValue }
    }

    /// The stream the finding is about.
    package enum Source: String, Sendable, CaseIterable, Hashable {
        /// navrec's models (or their replay with changed parameters).
        case computed
        /// What the app reported.
        case observed
        /// The observed stream disagreeing with the computed one.
        case comparison
        /// The recording's frames themselves (their times): hitches.
        case recording

        /// The name in reports and the database.
        package var name: String { rawValue }
    }

    /// How bad it is; `error` ranks above `warning`.
    package enum Severity: String, Sendable, CaseIterable, Hashable, Comparable {
        case warning
        case error

        /// The name in reports and the database.
        package var name: String { rawValue }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// A value in the evidence as reports print it (``Evidence/fields``): integers without a
    /// fraction, doubles with at least one digit after the point.
    package enum Value: Sendable, Hashable {
        case integer(Int)
        case number(Double)
        case string(String)
    }

    /// The signal (`background`, `avatarTy`, `inlineTitle`, `largeTitle+inlineTitle`, `barHidden`, `frames`).
    package var signal: String
    package var source: Source
    package var severity: Severity
    /// Seconds from the session start.
    package var start: Double
    /// Seconds from the session start, at least `start`.
    package var end: Double
    /// Toggles, reversals or hitches; `nil` for title mismatches.
    package var count: Int?
    /// One readable sentence: what happened, the evidence, and the fix when there is one.
    package var message: String
    /// What it rests on, typed per kind; it also decides `kind` and `subkind`, so they cannot disagree.
    package var evidence: Evidence

    /// The detector that found it.
    package var kind: Kind { evidence.kind }
    /// `both_visible`, `none_visible`, `observed_vs_expected` or `empty_subtitle_visible` for
    /// title mismatches; `nil` otherwise.
    package var subkind: String? { evidence.subkind }

    /// The flapping evidence (scroll range and suggested fix) of a flapping finding: what the
    /// database's `findings` columns carry besides the JSON.
    package var flapping: FlappingEvidence? {
        if case .flapping(let evidence) = evidence { evidence } else { nil }
    }
}
