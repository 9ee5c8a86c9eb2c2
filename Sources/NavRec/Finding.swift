internal import BarModel

extension SessionReport {
    /// One thing navrec found wrong in a session (Docs/findings.md): when, what, how bad, the
    /// evidence, and — in ``message`` and, for flapping, in ``details`` — the fix when there is one.
    ///
    /// Its `Codable` form is a finding of `navrec analyze`'s and `navrec report --format json`'s
    /// `findings` arrays.
    public struct Finding: Sendable, Codable, Equatable {
        /// The detector that found it.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// A binary state (a blur, a title) switching back and forth near its threshold.
            case flapping
            /// A bar height, alpha or avatar wobbling more than the content moved.
            case jitter
            /// Frames shown late (hitch time per second of movement over the threshold).
            case hitch
            /// Two titles at once, none, or the app's title differing from navrec's model.
            case titleMismatch = "title_mismatch"
        }

        /// The stream the finding is about.
        public enum Source: String, Sendable, Codable, CaseIterable {
            /// navrec's models (or their replay with changed parameters).
            case computed
            /// What the app reported.
            case observed
            /// The app's stream disagreeing with navrec's model.
            case comparison
            /// The recording's frames themselves (their times): hitches.
            case recording
        }

        /// How bad it is; `error` ranks above `warning`.
        public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
            /// Worth a look.
            case warning
            /// A glitch users see.
            case error

            /// `warning` < `error`.
            public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
        }

        /// A value of the evidence: a number (counts are whole numbers) or a text.
        public enum Detail: Sendable, Codable, Equatable, CustomStringConvertible {
            /// A number: points, seconds, a ratio or a count.
            case number(Double)
            /// A text (`"true"`, `"false"`).
            case text(String)

            /// Reads a JSON number or string.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Double.self) {
                    self = .number(number)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }

            /// Writes a JSON number or string.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .number(let number): try container.encode(number)
                case .text(let text): try container.encode(text)
                }
            }

            /// The number as the shortest text that reads back the same (`2`, `82.4`), or the text.
            public var description: String {
                switch self {
                case .number(let number): formatNumber(number)
                case .text(let text): text
                }
            }
        }

        /// The detector that found it.
        public var kind: Kind
        /// A title mismatch's kind: `both_visible`, `none_visible`, `observed_vs_expected` or
        /// `empty_subtitle_visible`; `nil` for the other kinds.
        public var subkind: String?
        /// The signal: `background`, `inlineTitleVisible`, `avatarTy`, `barHidden`, `frames`, …
        public var signal: String
        /// The stream it is about.
        public var source: Source
        /// How bad it is.
        public var severity: Severity
        /// Seconds from the session's first sample.
        public var start: Double
        /// Seconds from the session's first sample, at least `start`.
        public var end: Double
        /// Toggles, reversals or hitches; `nil` for title mismatches.
        public var count: Int?
        /// One readable sentence: what happened, the evidence, and the fix when there is one.
        public var message: String
        /// The evidence by name, as the JSON report's `details` (Docs/findings.md): for flapping
        /// `yMin`, `yMax` and, where a replay proved one, `suggestedHysteresis` or
        /// `suggestedSwipeDistance`; for hitches `hitchTimeRatio`, `longestHitch`, …
        public var details: [String: Detail]

        /// Creates a finding from its values (``RecordingAnalyzer`` makes them from recordings).
        public init(
            kind: Kind, subkind: String? = nil, signal: String, source: Source, severity: Severity, start: Double, end: Double,
            count: Int? = nil, message: String, details: [String: Detail] = [:]
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

        private enum CodingKeys: String, CodingKey {
            case kind, subkind, signal, source, severity, start, end, count, message, details
        }

        /// Writes a finding as the JSON outputs do: `null` for a missing subkind or count, which the
        /// synthesized encoder would leave out (decoding is the synthesized one).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(subkind, forKey: .subkind)
            try container.encode(signal, forKey: .signal)
            try container.encode(source, forKey: .source)
            try container.encode(severity, forKey: .severity)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(count, forKey: .count)
            try container.encode(message, forKey: .message)
            try container.encode(details, forKey: .details)
        }
    }
}
