import Analyzer
import BarModel
import Foundation
@testable import Reports
import Testing

/// Findings grouped by identity (issue 36 items 1, 2 and 7): SARIF's cap and message, the order
/// independence of JUnit, merged computed + observed rows, late-frame labels that never overlap.
@Suite("finding groups, SARIF limits, merged rows and hitch labels")
struct FindingGroupTests {
    /// `count` flapping sessions on `screens` screens (session i on screen i % screens).
    static func fleet(_ count: Int, screens: Int) throws -> Report {
        let hover = try SampleReport.hover84()
        return Report(sessions: (0..<count).map { index in
            var session = hover
            session.id = "fleet-\(index)"
            session.app = "Music"
            session.screen = "Screen\(index % screens)"
            return session
        })
    }

    @Test("SARIF: one result per screen and identity, sessions counted, the worst located")
    func oneResultPerIdentity() throws {
        let rendered = SARIFRenderer(toolVersion: "test").rendered(try Self.fleet(30, screens: 3))
        #expect(rendered.results == 3)
        #expect(rendered.leftOutMessage == nil)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(rendered.text.utf8)) as? [String: Any])
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { ($0["message"] as? [String: Any])?["text"] as? String ?? "" } == zip(0..<3, ["0", "1", "11"]).map { screen, worst in
            // Equal occurrences: the worst is the first session id in string order (fleet-11 before fleet-2).
            "Music › Screen\(screen): flapping background (computed) in 10 of 10 sessions; worst fleet-\(worst)"
                + " at 0.02–0.07 s: background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it"
        })
        #expect(results.map { ($0["relatedLocations"] as? [Any])?.count } == [9, 9, 9])
    }

    @Test("SARIF: past the result cap the least severe are left out, with the message navrec report prints")
    func resultCap() throws {
        var renderer = SARIFRenderer(toolVersion: "test")
        renderer.resultLimit = 4
        let rendered = renderer.rendered(try Self.fleet(6, screens: 6))
        #expect(rendered.results == 4)
        #expect(rendered.leftOutMessage == "navrec: SARIF: left out 2 of 6 results (0 errors, 2 warnings: the least severe, in the fewest"
            + " sessions) as GitHub code scanning shows 4 results a run; every finding: navrec report --format json")
        #expect(rendered.text.contains(#""leftOut": 2"#))

        renderer.resultLimit = 5_000
        renderer.byteLimit = 12_000
        let small = renderer.rendered(try Self.fleet(50, screens: 50))
        #expect(small.text.utf8.count <= 12_000)
        #expect(small.results > 0 && small.results < 50)
        #expect(small.leftOutMessage?.contains("as GitHub code scanning takes 10 MB compressed (navrec keeps the file under 12,000 bytes)") == true)
    }

    @Test("JUnit and SARIF are the same whatever the order of the sessions")
    func orderIndependent() throws {
        let report = try SampleReport.report()
        let reversed = Report(sessions: report.sessions.reversed())
        #expect(JUnitRenderer().render(report) == JUnitRenderer().render(reversed))
        #expect(SARIFRenderer(toolVersion: "t").render(report) == SARIFRenderer(toolVersion: "t").render(reversed))
    }

    @Test("identities: app › screen first, else the recording id, else app and behaviours; never the session id")
    func subjects() throws {
        var session = try SampleReport.hover84()
        #expect(FindingIdentity.subject(of: session) == "blurHeader")
        session.app = "Music"
        #expect(FindingIdentity.subject(of: session) == "Music › blurHeader")
        session.recordingID = "AlbumDetail"
        #expect(FindingIdentity.subject(of: session) == "AlbumDetail")
        session.screen = "Album"
        #expect(FindingIdentity.subject(of: session) == "Music › Album")
        let identity = FindingIdentity(session.findings[0], subject: "Music › Album")
        #expect(identity.testName == "flapping background (computed)")
        #expect(identity.fingerprint == "f8ef2bba10e3c5b9")
    }

    @Test("a computed finding the observed stream repeats is one row, computed + observed; other pairs stay two")
    func mergedRows() throws {
        let finding = try SampleReport.hover84().findings[0]
        var observed = finding
        observed.source = .observed
        observed.message = "background flipped 4 times in 0.05 s with y 82.5–86.0 pt"
        var later = observed
        later.start += 1
        let rows = ReportText.rows([finding, observed, later])
        #expect(rows.map(\.signalAndStream) == ["background (computed + observed)", "background (observed)"])
        #expect(rows[0].finding.message == finding.message)
    }

    @Test("late-frame labels: the longest first, none within a label's width of a longer one at a phone's plot")
    func hitchLabels() {
        // Four 33 ms late frames 2 % apart and one 50 ms frame: two labels, never `33 m33 ms`.
        let labels = TimelineChart.hitchLabels([(38, 0.033), (40, 0.033), (42, 0.033), (44, 0.033), (69, 0.05), (99, 0.02)])
        #expect(labels.map(\.text) == ["50 ms", "33 ms", "20 ms"])
        #expect(labels.map(\.position) == [69, 38, 99])
        #expect(labels.map(\.anchor) == ["", "", " end"])
    }
}
