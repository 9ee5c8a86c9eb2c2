@testable import Analyzer
import BarModel
import Foundation
@testable import Reports
import Testing

@Suite("report renderers")
struct ReportTests {
    @Test("golden text, Markdown and JSON reports", arguments: [
        (ReportFormat.text, "report.txt"), (.markdown, "report.md"), (.json, "report.json"), (.junit, "report.junit.xml"),
    ])
    func golden(_ format: ReportFormat, _ file: String) throws {
        try GoldenFile.check(format.render(try SampleReport.report()), named: file)
    }

    @Test("the text report with every session listed (--all)")
    func goldenAll() throws {
        try GoldenFile.check(TextRenderer(listAll: true).render(try SampleReport.report()), named: "report-all.txt")
    }

    @Test("streamed session by session, each format renders exactly what it renders for the whole report",
          arguments: ReportFormat.allCases)
    func streamed(_ format: ReportFormat) throws {
        let report = try SampleReport.report()
        var renderer = format.renderer()
        var text = renderer.begin()
        var totals = Report.Totals()
        for session in report.sessions {
            totals.add(session)
            text += renderer.session(session)
        }
        text += renderer.end(totals)
        #expect(totals == report.totals)
        #expect(totals.worstSeverity == report.worstSeverity)
        #expect(text == format.render(report))
    }

    @Test("every format but HTML renders the same without the timeline digest, which only HTML's charts draw",
          arguments: ReportFormat.allCases)
    func withoutTimeline(_ format: ReportFormat) throws {
        let full = format.render(try SampleReport.report()), bare = format.render(try SampleReport.report(timelineBuckets: 0))
        // Counter-case: HTML's charts change without it, so the comparison can tell.
        #expect((full == bare) == !format.drawsCharts)
        #expect(format.drawsCharts == (format == .html))
    }

    @Test("an empty report: JSON with no sessions, text with only the totals")
    func empty() throws {
        #expect(ReportFormat.text.render(Report(sessions: [])) == "0 sessions, 0 findings: 0 warnings, 0 errors (flapping 0, jitter 0, hitch 0, title_mismatch 0)\n")
        #expect(ReportFormat.json.render(Report(sessions: [])) == """
            {
              "navrec": 1,
              "sessions": [],
              "totals": {
                "sessions": 0,
                "findings": 0,
                "byKind": {"flapping": 0, "jitter": 0, "hitch": 0, "title_mismatch": 0},
                "bySeverity": {"warning": 0, "error": 0}
              }
            }

            """)
    }

    @Test("the worked example renders exactly ANALYSIS.md's JSON finding")
    func workedExampleJSON() throws {
        let json = JSONRenderer().render(Report(sessions: [try SampleReport.hover84()]))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(root["navrec"] as? Int == 1)
        let session = try #require((root["sessions"] as? [[String: Any]])?.first)
        #expect(session["id"] as? String == "hover-84")
        #expect(session["app"] is NSNull)
        #expect(session["behaviors"] as? [String] == ["blurHeader"])
        #expect(session["samples"] as? Int == 5)
        #expect(session["fps"] as? Int == 60)
        let finding = try #require((session["findings"] as? [[String: Any]])?.first)
        #expect(finding["kind"] as? String == "flapping")
        #expect(finding["subkind"] is NSNull)
        #expect(finding["signal"] as? String == "background")
        #expect(finding["source"] as? String == "computed")
        #expect(finding["severity"] as? String == "warning")
        #expect(finding["start"] as? Double == 0.017)
        #expect(finding["end"] as? Double == 0.067)
        #expect(finding["count"] as? Int == 4)
        #expect(finding["message"] as? String == "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it")
        // Key order and number spelling are part of the contract: scripts diff these files.
        #expect(json.contains(#""details": {"yMin": 82.5, "yMax": 86.0, "suggestedHysteresis": 1.0}"#))
        #expect(json.contains(#""start": 0.017,"#))
        let findingKeys = ["kind", "subkind", "signal", "source", "severity", "start", "end", "count", "message", "details"]
        let findingPositions = findingKeys.map { json.range(of: "\"\($0)\":")?.lowerBound }
        #expect(findingPositions.allSatisfy { $0 != nil })
        #expect(findingPositions.compactMap { $0 }.sorted() == findingPositions.compactMap { $0 })
        #expect(json.contains(#""id": "hover-84","#))
        let keys = ["\"id\"", "\"app\"", "\"screen\"", "\"behaviors\"", "\"samples\"", "\"duration\": 0.067", "\"fps\": 60",
                    "\"hitchTimeRatio\": 0.0", "\"frameJitter\"", "\"findings\"", "\"totals\""]
        let positions = keys.map { json.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 }.sorted() == positions.compactMap { $0 })
        let totals = try #require(root["totals"] as? [String: Any])
        #expect(totals["findings"] as? Int == 1)
        #expect((totals["byKind"] as? [String: Int]) == ["flapping": 1, "jitter": 0, "hitch": 0, "title_mismatch": 0])
        #expect((totals["bySeverity"] as? [String: Int]) == ["warning": 1, "error": 0])
    }

    @Test("every format parses or reads back: JSON through JSONSerialization")
    func jsonParses() throws {
        let json = JSONRenderer().render(try SampleReport.report())
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let sessions = try #require(root["sessions"] as? [[String: Any]])
        #expect(sessions.count == 3)
        #expect(sessions[2]["screen"] as? String == "Album & \"Artist\" | detail")
    }

    @Test("totals count every kind and severity")
    func totals() throws {
        let report = try SampleReport.report()
        let totals = report.totals
        #expect(totals.sessions == 3)
        #expect(totals.findings == report.sessions.reduce(0) { $0 + $1.findings.count })
        #expect(totals.byKind.count == 4)
        #expect(report.worstSeverity == .error)
        #expect(Report(sessions: []).worstSeverity == nil)
    }
}

@Suite("finding details for the database")
struct FindingDetailsJSONTests {
    @Test("the evidence is a compact JSON object in its published order", arguments: [
        (.flapping(FlappingEvidence(yMin: 82.5, yMax: 86, suggestedHysteresis: 1)),
         #"{"yMin": 82.5, "yMax": 86.0, "suggestedHysteresis": 1.0}"#),
        (.flapping(FlappingEvidence(yMin: 0, yMax: 30, observedToggles: 1, appHysteresis: 2.25, suggestedHysteresis: 3)),
         #"{"yMin": 0.0, "yMax": 30.0, "observedToggles": 1, "appHysteresis": 2.25, "suggestedHysteresis": 3.0}"#),
        (.flapping(FlappingEvidence(yMin: 10, yMax: 40, suggestedSwipeDistance: 35)),
         #"{"yMin": 10.0, "yMax": 40.0, "suggestedSwipeDistance": 35.0}"#),
        (.jitter(JitterEvidence(inputReversals: 2, amplitude: 0.5)), #"{"inputReversals": 2, "amplitude": 0.5}"#),
        (.hitch(HitchEvidence(hitchTimeRatio: 12.5, hitchTime: 50, movingTime: 4, expectedInterval: 16.667, longestHitch: 33.3, hangs: 0)),
         #"{"hitchTimeRatio": 12.5, "hitchTime": 50.0, "movingTime": 4.0, "expectedInterval": 16.667, "longestHitch": 33.3, "hangs": 0}"#),
        (.titleVisibility(TitleVisibilityEvidence(
            bothVisible: true, alphas: [TitleAlpha(presentation: .large, alpha: 1), TitleAlpha(presentation: .inline, alpha: 0.75)],
            duration: 0.4, tolerance: 0.1)),
         #"{"largeTitleAlpha": 1.0, "inlineTitleAlpha": 0.75, "duration": 0.4, "tolerance": 0.1}"#),
        (.emptySubtitleVisible, #"{"subtitleVisible": "true", "subtitleHasText": "false"}"#),
        (.barHiddenComparison(BarHiddenComparisonEvidence(observedBarHidden: true, duration: 0.5, tolerance: 0.1)),
         #"{"computedBarHidden": "false", "observedBarHidden": "true", "duration": 0.5, "tolerance": 0.1}"#),
        (.titleComparison(TitleComparisonEvidence(
            differences: [TitleAlphaDifference(presentation: .inline, computedAlpha: 0, observedAlpha: 1)], duration: 0.4, tolerance: 0.1)),
         #"{"computedAlpha": 0.0, "observedAlpha": 1.0, "duration": 0.4, "tolerance": 0.1}"#),
        (.titleComparison(TitleComparisonEvidence(
            differences: [
                TitleAlphaDifference(presentation: .large, computedAlpha: 1, observedAlpha: 0),
                TitleAlphaDifference(presentation: .inline, computedAlpha: 0, observedAlpha: 1),
            ], duration: 0.4, tolerance: 0.1)),
         #"{"largeTitleComputedAlpha": 1.0, "largeTitleObservedAlpha": 0.0, "inlineTitleComputedAlpha": 0.0, "inlineTitleObservedAlpha": 1.0, "duration": 0.4, "tolerance": 0.1}"#),
    ] as [(Finding.Evidence, String)])
    func detailsJSON(_ evidence: Finding.Evidence, _ expected: String) {
        let finding = Finding(signal: "avatarTy", source: .computed, severity: .warning, start: 0, end: 1, message: "", evidence: evidence)
        #expect(finding.detailsJSON == expected)
    }

    @Test("markdown cap: failing sessions first, clean ones folded, output under the limit with a line on what was left out")
    func markdownCap() throws {
        let hover = try SampleReport.hover84()
        var sessions: [SessionAnalysis] = []
        for index in 0..<400 {
            var session = hover
            session.id = "session-\(index)"
            if index % 2 == 1 { session.findings = [] }
            sessions.append(session)
        }
        let markdown = MarkdownRenderer().render(Report(sessions: sessions))
        #expect(markdown.utf8.count <= 65_000)
        let sections = markdown.components(separatedBy: "\n## session-").count - 1
        #expect(sections > 50 && sections < 200)
        // 200 overview rows fit in half the room; the sections and the clean sessions do not.
        #expect(markdown.components(separatedBy: " ms/s | 1 | 0 |\n").count - 1 == 200)
        #expect(markdown.hasSuffix("_Left out to stay under GitHub's 65,536-character comment limit (always the least severe): "
            + "the sections of \(200 - sections) sessions with \(200 - sections) findings; 200 sessions without findings."
            + " Everything: `navrec report --format html --output report.html` (or `--format json`)._\n"))
        let small = MarkdownRenderer().render(Report(sessions: Array(sessions.prefix(4))))
        #expect(small.contains("<details><summary>2 sessions without findings</summary>"))
        #expect(!small.contains("Left out"))
    }

    @Test("markdown at 2,000 and 10,000 sessions: under GitHub's 65,536 characters, overview trimmed worst first, with a note", arguments: [2_000, 10_000])
    func markdownAtFleetSize(_ count: Int) throws {
        let hover = try SampleReport.hover84()
        var sessions: [SessionAnalysis] = []
        for index in 0..<count {
            var session = hover
            session.id = "fleet-\(index)"
            // Every third session has a second, error finding: those are the worst and come first.
            if index % 3 == 0 {
                var error = session.findings[0]
                error.severity = .error
                session.findings.append(error)
            }
            if index % 3 == 2 { session.findings = [] }
            sessions.append(session)
        }
        let markdown = MarkdownRenderer().render(Report(sessions: sessions))
        #expect(markdown.count <= 65_536 && markdown.utf8.count <= 65_000)
        // Overview rows end in their warning and error counts; the error sessions come first.
        let overview = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("| fleet-") && ($0.hasSuffix("| 1 | 1 |") || $0.hasSuffix("| 1 | 0 |")) }
        let withErrors = overview.prefix { $0.hasSuffix("| 1 | 1 |") }.count
        #expect(withErrors > 100)
        #expect(overview.dropFirst(withErrors).allSatisfy { $0.hasSuffix("| 1 | 0 |") })
        #expect(markdown.contains("_Left out to stay under GitHub's 65,536-character comment limit (always the least severe): "))
        #expect(markdown.contains("with findings from the overview (it lists the "))
        #expect(markdown.contains("sessions without findings. Everything: `navrec report --format html --output report.html`"))
    }
}
