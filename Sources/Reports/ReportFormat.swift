import Analyzer

/// The report formats `navrec report --format` offers.
public enum ReportFormat: String, Sendable, CaseIterable, Hashable {
    case text
    case json
    case markdown
    case html

    /// The format's name on the command line.
    public var name: String { rawValue }

    /// The report rendered in this format (sessions without findings summed up in text).
    public func render(_ report: Report) -> String { renderer().render(report) }

    /// A renderer for this format; `listAll` lists sessions without findings one by one in text.
    /// Text and JSON stream; Markdown and HTML collect the sessions (``CollectingRenderer``).
    public func renderer(listAll: Bool = false) -> any ReportRenderer {
        switch self {
        case .text: TextRenderer(listAll: listAll)
        case .json: JSONRenderer()
        case .markdown: CollectingRenderer { MarkdownRenderer().render($0) }
        case .html: CollectingRenderer { HTMLRenderer().render($0) }
        }
    }
}
