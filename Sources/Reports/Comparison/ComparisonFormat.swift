package import Comparison

/// The formats `navrec compare --format` offers.
package enum ComparisonFormat: String, Sendable, CaseIterable, Hashable {
    case text
    case markdown
    case json
    case junit

    package func render(_ report: ComparisonReport) -> String {
        switch self {
        case .text: ComparisonTextRenderer().render(report)
        case .markdown: ComparisonMarkdownRenderer().render(report)
        case .json: ComparisonJSONRenderer().render(report)
        case .junit: ComparisonJUnitRenderer().render(report)
        }
    }
}
