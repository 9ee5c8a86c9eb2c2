import BarModel

extension Finding {
    /// What a finding rests on, typed per kind (and, for title mismatches, per subkind): the
    /// detectors fill it, the store and tests read its fields by name, and reports print it
    /// through ``fields``.
    package enum Evidence: Sendable, Hashable {
        case flapping(FlappingEvidence)
        case jitter(JitterEvidence)
        case hitch(HitchEvidence)
        /// `both_visible` or `none_visible`.
        case titleVisibility(TitleVisibilityEvidence)
        /// `empty_subtitle_visible`: a visible subtitle label without text; nothing varies.
        case emptySubtitleVisible
        /// `observed_vs_expected` on `barHidden`.
        case barHiddenComparison(BarHiddenComparisonEvidence)
        /// `observed_vs_expected` on the titles.
        case titleComparison(TitleComparisonEvidence)

        /// The detector that found it.
        package var kind: Kind {
            switch self {
            case .flapping: .flapping
            case .jitter: .jitter
            case .hitch: .hitch
            case .titleVisibility, .emptySubtitleVisible, .barHiddenComparison, .titleComparison: .titleMismatch
            }
        }

        /// The title mismatch's subkind, as reports and the database name it; `nil` for other kinds.
        package var subkind: String? {
            switch self {
            case .flapping, .jitter, .hitch: nil
            case .titleVisibility(let evidence): evidence.bothVisible ? "both_visible" : "none_visible"
            case .emptySubtitleVisible: "empty_subtitle_visible"
            case .barHiddenComparison, .titleComparison: "observed_vs_expected"
            }
        }

        /// The evidence as reports print it: the `details` object of the JSON and SARIF reports and
        /// of the database's `findings` table, JUnit's lines and Perfetto's args. The keys and their
        /// order are that published shape, so they are listed here and only here.
        package var fields: [(key: String, value: Value)] {
            switch self {
            case .flapping(let evidence):
                var fields: [(key: String, value: Value)] = [("yMin", .number(evidence.yMin)), ("yMax", .number(evidence.yMax))]
                if let toggles = evidence.observedToggles { fields.append(("observedToggles", .integer(toggles))) }
                if let band = evidence.appHysteresis { fields.append(("appHysteresis", .number(band))) }
                if let value = evidence.suggestedHysteresis { fields.append(("suggestedHysteresis", .number(value))) }
                if let value = evidence.suggestedSwipeDistance { fields.append(("suggestedSwipeDistance", .number(value))) }
                return fields
            case .jitter(let evidence):
                return [("inputReversals", .integer(evidence.inputReversals)), ("amplitude", .number(evidence.amplitude))]
            case .hitch(let evidence):
                return [
                    ("hitchTimeRatio", .number(evidence.hitchTimeRatio)), ("hitchTime", .number(evidence.hitchTime)),
                    ("movingTime", .number(evidence.movingTime)), ("expectedInterval", .number(evidence.expectedInterval)),
                    ("longestHitch", .number(evidence.longestHitch)), ("hangs", .integer(evidence.hangs)),
                ]
            case .titleVisibility(let evidence):
                return evidence.alphas.map { ($0.presentation.alphaField.name, .number($0.alpha)) }
                    + [("duration", .number(evidence.duration)), ("tolerance", .number(evidence.tolerance))]
            case .emptySubtitleVisible:
                return [("subtitleVisible", .string("true")), ("subtitleHasText", .string("false"))]
            case .barHiddenComparison(let evidence):
                return [
                    ("computedBarHidden", .string(String(evidence.computedBarHidden))),
                    ("observedBarHidden", .string(String(evidence.observedBarHidden))),
                    ("duration", .number(evidence.duration)), ("tolerance", .number(evidence.tolerance)),
                ]
            case .titleComparison(let evidence):
                // One title keeps the short keys; several are told apart by their names.
                var fields: [(key: String, value: Value)] = []
                if evidence.differences.count == 1, let only = evidence.differences.first {
                    fields = [("computedAlpha", .number(only.computedAlpha)), ("observedAlpha", .number(only.observedAlpha))]
                } else {
                    for difference in evidence.differences {
                        let name = difference.presentation.signalName
                        fields.append(("\(name)ComputedAlpha", .number(difference.computedAlpha)))
                        fields.append(("\(name)ObservedAlpha", .number(difference.observedAlpha)))
                    }
                }
                return fields + [("duration", .number(evidence.duration)), ("tolerance", .number(evidence.tolerance))]
            }
        }
    }
}
