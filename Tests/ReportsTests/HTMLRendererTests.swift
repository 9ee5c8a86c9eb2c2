import Analyzer
import BarModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reports
import Testing

/// Collects what the tests look for while XMLParser reads the page.
final class HTMLOutline: NSObject, XMLParserDelegate {
    var lanes: [[String]] = [[]]
    var series: [[String]] = [[]]
    var svgCount = 0
    var findingRects = 0
    var scripts = 0
    var externalReferences = 0

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch element {
        case "svg":
            svgCount += 1
            if svgCount > 1 {
                lanes.append([])
                series.append([])
            }
        case "script": scripts += 1
        default: break
        }
        if let lane = attributes["data-lane"] { lanes[lanes.count - 1].append(lane) }
        if let name = attributes["data-series"] { series[series.count - 1].append(name) }
        if attributes["class"]?.hasPrefix("finding ") == true { findingRects += 1 }
        for (name, value) in attributes where ["href", "src", "xlink:href"].contains(name) && value.contains("//") {
            externalReferences += 1
        }
    }
}

@Suite("HTML report")
struct HTMLRendererTests {
    @Test("the page is well-formed XML with one SVG timeline per session and the expected lanes")
    func parses() throws {
        let report = try SampleReport.report()
        let html = HTMLRenderer().render(report)
        // For looking at it: NAVREC_HTML_OUT=/tmp/report.html swift test --filter HTMLRendererTests
        if let path = ProcessInfo.processInfo.environment["NAVREC_HTML_OUT"] {
            try html.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let parser = XMLParser(data: Data(html.utf8))
        let outline = HTMLOutline()
        parser.delegate = outline
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") at line \(parser.lineNumber)")
        #expect(outline.svgCount == 3)
        #expect(outline.lanes == [
            ["computed inlineTitle", "computed contentTitle", "findings"],
            ["computed largeTitle", "computed inlineTitle", "findings"],
            ["computed largeTitle", "computed inlineTitle", "observed largeTitle", "observed inlineTitle", "findings"],
        ])
        #expect(outline.series == [["y", "barHeight"], ["y", "barHeight"], ["y", "barHeight"]])
        #expect(outline.findingRects == report.totals.findings)
        #expect(outline.scripts == 0)
        #expect(outline.externalReferences == 0)
        // Text from the recording is escaped, never markup.
        #expect(html.contains("album-&lt;1&gt;"))
        #expect(html.contains("Album &amp; &quot;Artist&quot; | detail"))
    }

    @Test("hideOnSwipe sessions chart the fraction of the bar shown")
    func barShown() throws {
        var samples: [(Double, Double)] = []
        for index in 0...60 { samples.append((Double(index) / 60, Double(index) * 2)) }
        let session = try SampleReport.session("swipe", ["largeTitle", "hideOnSwipe"], samples)
        let html = HTMLRenderer().render(Report(sessions: [session]))
        let parser = XMLParser(data: Data(html.utf8))
        let outline = HTMLOutline()
        parser.delegate = outline
        #expect(parser.parse())
        #expect(outline.series == [["y", "barHeight", "barShown"]])
    }
}
