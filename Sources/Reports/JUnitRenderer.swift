package import Analyzer

/// The report as JUnit XML (`--format junit`), for the test tab of GitLab, Jenkins and the GitHub
/// actions that read test reports.
///
/// One `<testsuite>` per session, named by its id; in it one `<testcase>` per finding, identified
/// by what the fault is (``FindingIdentity``), never when it happened: `classname` = the
/// recording's id (else `app › screen`, else the session id) and `name` = kind, signal and source
/// (`flapping background (computed)`; the n-th equal fault of that recording ` #n`), so the same
/// bug recorded again keeps its test. Its times are in the failure text. Every `time` is 0:
/// navrec measures no test duration, and a finding's span is not one. A finding at or above
/// `failOn` is a `<failure>` whose `type` is the kind, `message` the finding's sentence and body the
/// evidence; one below it passes with the evidence in `<system-out>`. A session without findings is
/// one passing testcase named `no findings` (` #n` for the n-th clean session of a recording), so
/// every session shows.
///
/// Written for the Jenkins JUnit schema (xunit-plugin `junit-10.xsd`): `<testsuites>` carries
/// only `name`, `tests`, `failures`, `errors` and `time`; `<testsuite>` always `name`, `tests`,
/// `failures` and `errors`; every time is `0`. Text that XML 1.0 cannot carry (control
/// characters other than tab and newlines) becomes U+FFFD.
package struct JUnitRenderer: Sendable {
    /// Findings at this severity or worse are failures.
    package var failOn: Finding.Severity

    package init(failOn: Finding.Severity = .error) {
        self.failOn = failOn
    }

    /// The report as one XML document ending in a newline.
    package func render(_ report: Report) -> String {
        let failures = report.sessions.reduce(0) { $0 + failureCount($1) }
        let tests = report.sessions.reduce(0) { $0 + max(1, $1.findings.count) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"navrec\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
        let identities = FindingIdentity.identities(of: report)
        for (index, session) in report.sessions.enumerated() {
            xml += suite(session, identities: identities.findings[index], cleanOrdinal: identities.clean[index])
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func failureCount(_ session: SessionAnalysis) -> Int {
        session.findings.count { $0.severity >= failOn }
    }

    private func suite(_ session: SessionAnalysis, identities: [FindingIdentity], cleanOrdinal: Int) -> String {
        let id = Self.attribute(session.id)
        let classname = Self.attribute(FindingIdentity.subject(of: session))
        var xml = "  <testsuite name=\"\(id)\" tests=\"\(max(1, session.findings.count))\" failures=\"\(failureCount(session))\""
            + " errors=\"0\" skipped=\"0\" time=\"0\">\n"
        var facts = [ReportText.behaviors(session)] + ReportText.facts(session)
        if let place = ReportText.place(session) { facts.insert(place, at: 0) }
        xml += "    <properties>\n"
        xml += "      <property name=\"session\" value=\"\(id)\"/>\n"
        xml += "      <property name=\"facts\" value=\"\(Self.attribute(facts.joined(separator: ", ")))\"/>\n"
        xml += "    </properties>\n"
        if session.findings.isEmpty {
            let name = "no findings" + (cleanOrdinal > 1 ? " #\(cleanOrdinal)" : "")
            xml += "    <testcase classname=\"\(classname)\" name=\"\(name)\" time=\"0\"/>\n"
        }
        for (finding, identity) in zip(session.findings, identities) {
            xml += "    <testcase classname=\"\(classname)\" name=\"\(Self.attribute(identity.testName))\" time=\"0\">\n"
            let evidence = Self.text(Self.evidence(finding, in: session))
            if finding.severity >= failOn {
                xml += "      <failure type=\"\(Self.attribute(ReportText.kind(finding)))\" message=\"\(Self.attribute(finding.message))\">"
                    + evidence + "</failure>\n"
            } else {
                xml += "      <system-out>" + evidence + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
        return xml
    }

    /// The body of a failure: what, where and when, the sentence, then each evidence field on its own line.
    private static func evidence(_ finding: Finding, in session: SessionAnalysis) -> String {
        var lines = [
            "\(finding.severity.name) \(ReportText.span(finding)) s \(ReportText.kind(finding)) \(ReportText.signalAndStream(finding)) in session \(session.id)",
            finding.message,
        ]
        if let count = finding.count { lines.append("count: \(count)") }
        for field in finding.evidence.fields {
            let value = switch field.value {
            case .integer(let number): String(number)
            case .number(let number): JSONValue.double(number)
            case .string(let text): text
            }
            lines.append("\(field.key): \(value)")
        }
        return lines.joined(separator: "\n")
    }

    /// Element text: markup characters escaped, characters XML 1.0 cannot carry replaced.
    static func text(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// An attribute value in double quotes: also quotes and whitespace escaped, since a parser
    /// would fold raw newlines and tabs in attributes into spaces.
    static func attribute(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default: result += text(String(scalar))
            }
        }
        return result
    }

    /// XML 1.0's `Char` production.
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
