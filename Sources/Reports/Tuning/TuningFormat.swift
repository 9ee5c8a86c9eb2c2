package import Analyzer

/// The formats `navrec tune --format` offers.
package enum TuningFormat: String, Sendable, CaseIterable, Hashable {
    case text
    case json
    case csv
    case html

    /// The run rendered in this format; `width` (a terminal's columns) narrows the text table.
    package func render(_ run: TuningRun, width: Int? = nil) -> String {
        switch self {
        case .text: TuningTextRenderer(width: width).render(run)
        case .json: TuningJSONRenderer().render(run)
        case .csv: TuningTable(run).csv()
        case .html: TuningHTMLRenderer().render(run)
        }
    }
}
