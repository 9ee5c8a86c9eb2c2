import Analyzer

/// The report formats `navrec report --format` offers.
package enum ReportFormat: String, Sendable, CaseIterable, Hashable {
    case text
    case json
    case markdown
    case html
    case junit
    case sarif

    /// The format's name on the command line.
    package var name: String { rawValue }

    /// Whether the format draws a session's timeline digest (HTML's charts): the others need none,
    /// and building it on every sample is ~7 % of a long session's report.
    package var drawsCharts: Bool { self == .html }

    /// The report rendered in this format (sessions without findings summed up in text).
    package func render(_ report: Report, options: ReportOptions = ReportOptions()) -> String {
        renderer(options: options).render(report)
    }

    /// A renderer for this format; `listAll` lists sessions without findings one by one in text.
    /// Text, JSON and HTML stream; the others collect the sessions (``CollectingRenderer``).
    package func renderer(listAll: Bool = false, options: ReportOptions = ReportOptions()) -> any ReportRenderer {
        switch self {
        case .text:
            {
                var text = TextRenderer(listAll: listAll, color: options.color, settings: options.settings)
                text.baseline = options.baseline
                return text
            }()
        case .json: JSONRenderer()
        case .markdown: CollectingRenderer { [settings = options.settings, baseline = options.baseline] in
            MarkdownRenderer(settings: settings, baseline: baseline).render($0)
        }
        case .html: HTMLRenderer()
        case .junit: CollectingRenderer { JUnitRenderer(failOn: options.failOn, baseline: options.baseline).render($0) }
        case .sarif: CollectingRenderer {
            SARIFRenderer(locations: options.locations, toolVersion: options.toolVersion, baseline: options.baseline).render($0)
        }
        }
    }
}
