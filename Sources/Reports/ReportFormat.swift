import Analyzer

/// The report formats `navrec report --format` offers.
public enum ReportFormat: String, Sendable, CaseIterable, Hashable {
    case text
    case json
    case markdown
    case html
    case junit
    case sarif

    /// The format's name on the command line.
    public var name: String { rawValue }

    /// The report rendered in this format.
    public func render(_ report: Report, options: ReportOptions = ReportOptions()) -> String {
        switch self {
        case .text: TextRenderer(color: options.color).render(report)
        case .json: JSONRenderer().render(report)
        case .markdown: MarkdownRenderer().render(report)
        case .html: HTMLRenderer().render(report)
        case .junit: JUnitRenderer(failOn: options.failOn).render(report)
        case .sarif: SARIFRenderer(locations: options.locations, toolVersion: options.toolVersion).render(report)
        }
    }
}
