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
        /// What the app reported (and, for hitches, the frames it logged).
        case observed
        /// The observed stream disagreeing with the computed one.
        case comparison

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

    /// A detail's value: reports print integers without a fraction, doubles with at least one digit
    /// after the point.
    package enum Value: Sendable, Hashable {
        case integer(Int)
        case number(Double)
        case string(String)
    }

    package var kind: Kind
    /// `both_visible`, `none_visible`, `observed_vs_expected` or `empty_subtitle_visible` for
    /// title mismatches; `nil` otherwise.
    package var subkind: String?
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
    /// The evidence as ordered key/value pairs (`yMin`, `yMax`, `suggestedHysteresis`, …).
    package var details: [(key: String, value: Value)]

    package init(
        kind: Kind, subkind: String? = nil, signal: String, source: Source, severity: Severity,
        start: Double, end: Double, count: Int? = nil, message: String, details: [(key: String, value: Value)] = []
    ) {
        self.kind = kind
        self.subkind = subkind
        self.signal = signal
        self.source = source
        self.severity = severity
        self.start = start
        self.end = end
        self.count = count
        self.message = message
        self.details = details
    }

    /// The detail named `key`, if present.
    package func detail(_ key: String) -> Value? { details.first { $0.key == key }?.value }

    package static func == (lhs: Finding, rhs: Finding) -> Bool {
        lhs.kind == rhs.kind && lhs.subkind == rhs.subkind && lhs.signal == rhs.signal && lhs.source == rhs.source
            && lhs.severity == rhs.severity && lhs.start == rhs.start && lhs.end == rhs.end && lhs.count == rhs.count
            && lhs.message == rhs.message && lhs.details.elementsEqual(rhs.details, by: { $0.key == $1.key && $0.value == $1.value })
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(signal)
        hasher.combine(source)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(message)
    }
}

extension Finding.Value {
    /// The value as a `Double` when it is a number.
    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .string: nil
        }
    }
}
