import Analyzer
import BarModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Reports
import Testing

/// Collects what the tests look for while XMLParser reads the page.
final class HTMLOutline: NSObject, XMLParserDelegate {
    var lanes: [[String]] = [[]]
    var series: [[String]] = [[]]
    var timelineCount = 0
    var findingRects = 0
    var scripts = 0
    var externalReferences = 0

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if element == "div", attributes["class"]?.hasPrefix("timeline") == true {
            timelineCount += 1
            if timelineCount > 1 {
                lanes.append([])
                series.append([])
            }
        }
        if element == "script" { scripts += 1 }
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
    @Test("the page is well-formed XML with a timeline per session with findings, in report order, and the expected lanes")
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
        // Report order: hover-84 (a warning), album (errors); the clean session has its index row only.
        #expect(outline.timelineCount == 2)
        #expect(outline.lanes == [
            ["computed inlineTitle", "computed contentTitle", "findings flapping"],
            ["computed largeTitle", "computed inlineTitle", "observed largeTitle", "observed inlineTitle",
             "findings flapping", "findings hitch", "findings title_mismatch", "late frames"],
        ])
        #expect(outline.series == [["y", "barHeight"], ["y", "barHeight"]])
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
        let html = TimelineChart(session: session).html()
        let parser = XMLParser(data: Data(html.utf8))
        let outline = HTMLOutline()
        parser.delegate = outline
        #expect(parser.parse())
        #expect(outline.series == [["y", "barHeight", "barShown"]])
    }

    /// The page split into its sessions' timelines.
    private static func timelines(_ html: String) -> [Substring] {
        html.components(separatedBy: "<div class=\"timeline").dropFirst().map {
            Substring($0.components(separatedBy: "<table class=\"findings\">")[0])
        }
    }

    /// The sample report's timelines: hover-84, album, then the clean session's (drawn directly:
    /// the page has none for it).
    private static func sampleTimelines() throws -> [Substring] {
        let report = try SampleReport.report()
        return timelines(HTMLRenderer().render(report)) + timelines(TimelineChart(session: report.sessions[1]).html())
    }

    @Test("the legend names only what the session shows; a clean session gets an empty findings lane that says so")
    func legend() throws {
        let charts = try Self.sampleTimelines()
        try #require(charts.count == 3)
        let legends = charts.map { $0.components(separatedBy: "<div class=\"tl-row legend\">").dropFirst().joined() }
        // hover-84: a flapping warning, computed only.
        #expect(legends[0].contains(">flapping<") && !legends[0].contains(">jitter<") && !legends[0].contains(">hitch<"))
        #expect(legends[0].contains(">pale: warning<") && !legends[0].contains(">outlined: error<"))
        #expect(!legends[0].contains("observed"))
        // clean-scroll: no findings row at all.
        #expect(!legends[2].contains(">findings<") && legends[2].contains("title visible, computed"))
        #expect(charts[2].contains(">none</span>"))
        // album: observed lanes, errors and warnings.
        #expect(legends[1].contains("title visible, observed") && legends[1].contains(">outlined: error<"))
    }

    @Test("hitch spans are not shaded over the plots: they would tint whole sessions")
    func shading() throws {
        let report = try SampleReport.report()
        let album = try Self.sampleTimelines()[1]
        let group = try #require(album.range(of: "<g class=\"shading\">"))
        let shading = album[group.upperBound...].components(separatedBy: "</g>").first ?? ""
        let session = try #require(report.sessions.last)
        let shaded = session.findings.filter { $0.kind != .hitch }.count
        #expect(shaded < session.findings.count, "the sample session has a hitch")
        #expect(shading.components(separatedBy: "<rect ").count - 1 == shaded)
    }

    @Test("threshold guide labels are page text on a white halo, so curves cannot hide them and phones read them")
    func guides() throws {
        let html = HTMLRenderer().render(try SampleReport.report())
        #expect(html.contains(".guide-label{position:absolute;left:4px;font-size:11px;"))
        #expect(html.contains("background:rgba(255,255,255,.85)"))
        let labels = html.components(separatedBy: "<span class=\"guide-label").dropFirst()
        #expect(!labels.isEmpty && labels.allSatisfy { $0.contains("style=\"top:") })
        // No text inside an SVG: the plots stretch, page text does not.
        #expect(!html.contains("<text"))
    }

    @Test("the index (written last, shown first) lists every session worst first, sortable without a script; severity is spelled out")
    func index() throws {
        let html = HTMLRenderer().render(try SampleReport.report())
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"))
        // Streamed: the sections come first in the file, the summary and index last, moved up by CSS.
        let summary = try #require(html.range(of: "<p class=\"summary\">"))
        let nav = try #require(html.range(of: "<nav class=\"index\""))
        let firstSection = try #require(html.range(of: "<section class=\"session\" id=\"session-1\">"))
        #expect(firstSection.lowerBound < summary.lowerBound && summary.lowerBound < nav.lowerBound)
        #expect(html.contains("h1{font-size:22px;order:-3}.summary{font-size:15px;order:-2}nav.index{order:-1}"))
        let index = String(html[nav.lowerBound...])
        let rows = index.components(separatedBy: "<div class=\"row").dropFirst(3).map { $0.prefix { $0 != "\n" } }
        try #require(rows.count == 3)
        // Worst first: album (errors, section 2), hover-84 (a warning, section 1), then the clean one.
        #expect(rows[0].contains("<a href=\"#session-2\">album-&lt;1&gt;</a><span><span class=\"error\">✖ 2</span> <span class=\"warning\">▲ 1</span></span>"))
        #expect(rows[0].contains("<span>50 ms</span><span>0</span>"), "album: a 70 ms interval at 50 fps is 50 ms late; no hang: \(rows[0])")
        #expect(rows[1].contains("<a href=\"#session-1\">hover-84</a><span><span class=\"warning\">▲ 1</span></span>"))
        #expect(rows[2].hasPrefix(" clean\"") && rows[2].contains("<span>✔ clean-scroll</span><span>0</span>"))
        // Each row carries its rank per sort key; the radio buttons' labels are the headers.
        #expect(rows[0].contains("style=\"--hitches:0;--longest:0;--hangs:0;--duration:"))
        #expect(index.contains("<label for=\"sort-hitches\">Hitches</label>"))
        #expect(html.contains("#sort-hitches:checked~.rows .row:not(.head){order:var(--hitches)}"))
        #expect(html.contains("<td>✖ error</td>") && html.contains("<td>▲ warning</td>"))
        #expect(html.contains("tr.error td:first-child,span.error{color:#c92a2a;font-weight:bold}"))
        // A clean session has no section.
        #expect(!html.contains("id=\"session-3\"") && html.components(separatedBy: "<section ").count - 1 == 2)
    }

    @Test("past the budget of full timelines a section gets a compact one, and the summary says so")
    func compactCharts() throws {
        var renderer = HTMLRenderer()
        renderer.fullChartBudget = 1
        let html = renderer.render(try SampleReport.report())
        let charts = Self.timelines(html)
        try #require(charts.count == 2)
        #expect(charts[0].contains("data-series=\"y\"") && !charts[1].contains("data-series"))
        #expect(charts[1].hasPrefix(" compact\"") && charts[1].contains("data-lane=\"strip\""))
        #expect(charts[1].count < charts[0].count / 4)
        #expect(html.contains("1 session with findings has a compact timeline"))
    }

    @Test("an observed bar height is drawn beside the computed one on the same scale; each late frame is the interval it froze")
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
        // From the frame before (30/60 s) to the late one, 0.1 s late: 117 of the plot's 1000 units
        // over the session's 1.1 s, labelled with its hitch time.
        let lane = try #require(html.components(separatedBy: "data-lane=\"late frames\"").last)
        #expect(lane.contains("late frames (1)<span class=\"range\">longest 100 ms, 0 hangs</span>"))
        #expect(lane.contains("<rect class=\"late-frame\" x=\"455\" y=\"12\" width=\"106\""), "\(lane)")
        #expect(lane.contains("late frame 0.5–0.62 s: 100 ms late") && lane.contains(">100 ms</span>"))
        #expect(html.contains("longest hitch 100 ms, 0 hangs"))
        // One scale for both rows: the observed envelope reaches 99.5 pt, above the model's 96.5.
        let scales = html.components(separatedBy: "class=\"range\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(scales[1] == scales[2] && scales[1].hasSuffix("–99.5"), "\(scales)")
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

@Suite("HTML report: a bounded index")
struct HTMLIndexLimitTests {
    /// The index is the one thing HTML keeps per session (issue 39 item 15): past `indexLimit`
    /// it keeps the worst sessions only, and says so.
    @Test("past indexLimit the index lists the worst sessions and says how many it lists")
    func indexLimit() throws {
        let sample = try SampleReport.report()
        var report = sample
        report.sessions = Array(repeating: sample.sessions, count: 7).flatMap { $0 }
        var renderer = HTMLRenderer()
        renderer.indexLimit = 3
        let html = renderer.render(report)
        let index = try #require(html.range(of: "<nav class=\"index\"").map { String(html[$0.lowerBound...]) })
        let rows = index.components(separatedBy: "<div class=\"row").count - 3 // less the head row and <div class="rows">
        #expect(rows == 3, "\(rows) rows")
        #expect(index.contains("The index lists the worst 3; navrec report --format json lists them all."))
        #expect(index.contains("\(report.sessions.count) sessions"))
        // Unchanged below the limit.
        #expect(HTMLRenderer().render(sample) == { var all = HTMLRenderer(); all.indexLimit = sample.sessions.count; return all.render(sample) }())
    }
}
