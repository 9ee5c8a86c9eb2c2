internal import BarModel

/// `navrec analyze --rows --timeline`: a frame's rows of the database's `timeline` view as tab-separated
/// text, the columns in `Integrations/spark/analyze_timeline_schema.ddl`'s order: source
/// (`computed` or `observed`), seq, t, y, phase, the ``BarStateField``s, frame_duration.
///
/// Values are those the view yields after `import` (the frame holds ``StoredValues``): numbers as
/// the shortest text that reads back as the same double, booleans 0/1, enumerations and phases
/// by name, and `\N` for NULL (the null of Spark's and Hive's TRANSFORM framing, so the job casts
/// the fields with no parsing of its own).
enum TimelineRowText {
    static let null = "\\N"

    /// The frame's computed row, and its observed row when the app sent a state.
    static func rows(of frame: SessionFrame) -> (computed: String, observed: String?) {
        let prefix = "\t\(frame.seq)\t\(frame.sample.t)\t\(frame.sample.y)\t\(frame.sample.phase?.name ?? null)"
        let suffix = "\t" + (frame.sample.frameDuration.map { "\($0)" } ?? null)
        func row(_ source: String, _ state: BarState) -> String {
            var text = source + prefix
            for field in BarStateField.allCases {
                text += "\t"
                text += fieldText(field, in: state)
            }
            return text + suffix
        }
        return (row("computed", frame.computed), frame.observed.map { row("observed", $0) })
    }

    private static func fieldText(_ field: BarStateField, in state: BarState) -> String {
        guard let value = field.value(in: state) else { return null }
        switch field.kind {
        case .length, .fraction: return "\(value)"
        case .boolean: return value == 0 ? "0" : "1"
        case .enumeration:
            let names = field.valueNames
            let code = Int(value)
            return names.indices.contains(code) ? names[code] : null
        }
    }
}
