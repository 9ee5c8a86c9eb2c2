import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("report formats for other tools, end to end")
struct FormatsTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("formats.sqlite") }

    /// Imports ANALYSIS.md's worked example (one flapping warning) and a clean session.
    func importSessions() throws {
        let clean = [
            #"{"navrec":1,"session":{"id":"clean <&> \"one\"","fps":60,"behaviors":{"largeTitle":{}}}}"#,
            #"{"t":0.000,"y":0.0,"phase":"drag"}"#, #"{"t":0.017,"y":1.0,"phase":"drag"}"#,
        ]
        let imported = try NavRecBinary.run(
            ["import", try directory.write("h.ndjson", ReportTests.hoverExample + clean), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// Element names and the attributes of `<testcase>`s, read by Foundation's XML parser.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var testcases: [[String: String]] = []
        var failures = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            if name == "testcase" { testcases.append(attributes) }
            if name == "failure" { failures += 1 }
        }
    }

    func readJUnit(_ xml: String) throws -> JUnitReader {
        let reader = JUnitReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return reader
    }

    @Test("JUnit: a testcase per finding, failures from --fail-on (default error), read by junitparser")
    func junit() throws {
        try importSessions()
        let byDefault = try NavRecBinary.run(["report", "--db", db, "--format", "junit"])
        #expect(byDefault.status == 0)
        #expect(byDefault.stderr == "")
        let passing = try readJUnit(byDefault.stdout)
        #expect(passing.failures == 0)
        #expect(passing.testcases.map { $0["classname"] ?? "" } == ["hover-84", #"clean <&> "one""#])
        #expect(passing.testcases.map { $0["name"] ?? "" } == ["flapping background (computed) at 0.017 s", "no findings"])
        #expect(byDefault.stdout.contains("<system-out>warning 0.02–0.07 s flapping background (computed) in session hover-84\n"
            + "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it\ncount: 4\n"
            + "yMin: 82.5\nyMax: 86.0\nsuggestedHysteresis: 1.0</system-out>"))

        let path = directory.path("junit.xml")
        let gated = try NavRecBinary.run(["report", "--db", db, "--format", "junit", "--fail-on", "warning", "--output", path])
        #expect(gated.status == 1)
        #expect(gated.stdout == "")
        let failing = try readJUnit(try String(contentsOfFile: path, encoding: .utf8))
        #expect(failing.failures == 1)
        if let checked = try PythonValidator.check(
            "check_junit.py", [path, "--expect-tests", "2", "--expect-failures", "1"], needs: "junitparser") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }
}
