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
        // Worst first: album (errors), hover-84 (a warning), then the clean session.
        #expect(outline.lanes == [
            ["computed largeTitle", "computed inlineTitle", "observed largeTitle", "observed inlineTitle",
             "findings flapping", "findings hitch", "findings title_mismatch", "late frames"],
            ["computed inlineTitle", "computed contentTitle", "findings flapping"],
            ["computed largeTitle", "computed inlineTitle", "findings"],
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

    /// The page split into its sessions' SVGs.
    private static func timelines(_ html: String) -> [Substring] {
        html.split(separator: "<svg ").dropFirst().map { $0.prefix { _ in true } }
    }

    @Test("the legend names only what the session shows; a clean session gets an empty findings lane that says so")
    func legend() throws {
        let report = try SampleReport.report()
        let svgs = Self.timelines(HTMLRenderer().render(report))
        try #require(svgs.count == 3)
        let legends = svgs.map { $0.split(separator: "<g class=\"legend\">").last ?? "" }
        // hover-84: a flapping warning, computed only.
        #expect(legends[1].contains(">flapping<") && !legends[1].contains(">jitter<") && !legends[1].contains(">hitch<"))
        #expect(legends[1].contains(">pale: warning<") && !legends[1].contains(">outlined: error<"))
        #expect(!legends[1].contains("observed"))
        // clean-scroll: no findings row at all.
        #expect(!legends[2].contains(">findings<") && legends[2].contains("title visible, computed"))
        #expect(svgs[2].contains(">none</text>"))
        // album: observed lanes, errors and warnings.
        #expect(legends[0].contains("title visible, observed") && legends[0].contains(">outlined: error<"))
    }

    @Test("hitch spans are not shaded over the plots: they would tint whole sessions")
    func shading() throws {
        let report = try SampleReport.report()
        let album = try #require(Self.timelines(HTMLRenderer().render(report)).first)
        let group = try #require(album.range(of: "<g class=\"shading\">"))
        let shading = album[group.upperBound...].components(separatedBy: "</g>").first ?? ""
        let session = try #require(report.sessions.last)
        let shaded = session.findings.filter { $0.kind != .hitch }.count
        #expect(shaded < session.findings.count, "the sample session has a hitch")
        #expect(shading.components(separatedBy: "<rect ").count - 1 == shaded)
    }

    @Test("threshold guide labels carry a white halo so curves cannot hide them")
    func guides() throws {
        let html = HTMLRenderer().render(try SampleReport.report())
        #expect(html.contains("<text class=\"guide-label\""))
        #expect(html.components(separatedBy: "class=\"guide-label\"").dropFirst().allSatisfy { $0.hasPrefix(" x=") && $0.contains("paint-order=\"stroke\"") })
    }

    @Test("an index lists sessions with findings worst first, linked; clean sessions are collapsed; severity is spelled out")
    func index() throws {
        let html = HTMLRenderer().render(try SampleReport.report())
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"))
        let index = try #require(html.components(separatedBy: "<table class=\"index\">").dropFirst().first?
            .components(separatedBy: "</table>").first)
        #expect(index.components(separatedBy: "<a href=\"#session-").count - 1 == 2)
        #expect(index.contains("<a href=\"#session-1\">album-&lt;1&gt;</a></td><td class=\"num\"><span class=\"error\">✖ 2</span></td><td class=\"num\"><span class=\"warning\">▲ 1</span></td>"))
        #expect(index.contains("<a href=\"#session-2\">hover-84</a></td><td class=\"num\">0</td><td class=\"num\"><span class=\"warning\">▲ 1</span></td>"))
        #expect(index.contains("<a href=\"#clean\">1 session without findings</a>"))
        #expect(html.contains("<details class=\"session clean\" id=\"session-3\"><summary>✔ clean-scroll <small>Mail › Inbox</small> — no findings</summary>"))
        #expect(html.contains("<td class=\"nowrap severity\">✖ error</td>") && html.contains("<td class=\"nowrap severity\">▲ warning</td>"))
        #expect(!html.contains("<details open"))
    }

    @Test("an observed bar height is drawn beside the computed one on the same scale; each late frame is a tick")
    func observedHeightAndLateFrames() throws {
        var samples: [(Double, Double)] = []
        // A freeze mid-motion: the content keeps its 60 pt/s across the 0.1 s the app was blocked.
        for index in 0...60 {
            let t = Double(index) / 60 + (index > 30 ? 0.1 : 0)
            samples.append((t, t * 60))
        }
        let session = try SampleReport.session("wobble", ["largeTitle"], samples, observed: { index in
            BarState(barHeight: 96.5 - Double(index) + (index % 2 == 0 ? 3 : -3))
        })
        let html = HTMLRenderer().render(Report(sessions: [session]))
        let parser = XMLParser(data: Data(html.utf8))
        let outline = HTMLOutline()
        parser.delegate = outline
        #expect(parser.parse())
        #expect(outline.series == [["y", "barHeight", "observedBarHeight"]])
        #expect(outline.lanes.first?.last == "late frames")
        #expect(session.timeline.lateFrames == [Double(31) / 60 + 0.1])
        #expect(html.components(separatedBy: "class=\"late-frame\"").count - 1 == 1)
        // One scale for both rows: the observed envelope reaches 99.5 pt, above the model's 96.5.
        let scales = html.components(separatedBy: "class=\"range\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(scales[2] == scales[4] && scales[3] == scales[5])
    }

    @Test("a finding on another continuous signal draws it computed and observed")
    func findingSignals() throws {
        var samples: [(Double, Double)] = []
        for index in 0...60 { samples.append((Double(index) / 60, 10 + Double(index) * 0.5)) }
        let session = try SampleReport.session("avatar-wobble", ["largeTitle", "avatar"], samples, observed: { index in
            BarState(avatarTx: 2 + (index % 2 == 0 ? 3 : -3))
        })
        try #require(session.findings.contains { $0.kind == .jitter && $0.signal == "avatarTx" })
        let html = HTMLRenderer().render(Report(sessions: [session]))
        let parser = XMLParser(data: Data(html.utf8))
        let outline = HTMLOutline()
        parser.delegate = outline
        #expect(parser.parse())
        #expect(outline.series == [["y", "barHeight", "avatarTx (computed)", "avatarTx (observed)"]])
    }
}
