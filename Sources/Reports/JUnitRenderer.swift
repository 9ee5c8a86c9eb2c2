package import Analyzer

/// The report as JUnit XML (`--format junit`), for the test tab of GitLab, Jenkins and the GitHub
/// actions that read test reports.
///
/// One `<testsuite>` per session, named by its id; in it one `<testcase>` per finding, with
/// `classname` = the session id and `name` = kind, signal, source and start time (unique within
/// the session: a repeat gets ` #2`, ` #3`), and `time` = the finding's span in seconds. A finding
/// at or above `failOn` is a `<failure>` whose `type` is the kind, `message` the finding's
/// sentence and body the evidence; one below it passes with the evidence in `<system-out>`. A
/// session without findings is one passing testcase named `no findings`, so every session shows.
///
/// Written for the Jenkins JUnit schema (xunit-plugin `junit-10.xsd`): `<testsuites>` carries
/// only `name`, `tests`, `failures`, `errors` and `time`; `<testsuite>` always `name`, `tests`,
/// `failures` and `errors`; times are plain decimals. Text that XML 1.0 cannot carry (control
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
        let time = report.sessions.reduce(0.0) { $0 + $1.duration }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"navrec\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"\(Self.time(time))\">\n"
        for session in report.sessions {
            xml += suite(session)
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func failureCount(_ session: SessionAnalysis) -> Int {
        session.findings.count { $0.severity >= failOn }
    }

    private func suite(_ session: SessionAnalysis) -> String {
        let id = Self.attribute(session.id)
        var xml = "  <testsuite name=\"\(id)\" tests=\"\(max(1, session.findings.count))\" failures=\"\(failureCount(session))\""
            + " errors=\"0\" skipped=\"0\" time=\"\(Self.time(session.duration))\">\n"
        var facts = [ReportText.behaviors(session)] + ReportText.facts(session)
        if let place = ReportText.place(session) { facts.insert(place, at: 0) }
        xml += "    <properties>\n"
        xml += "      <property name=\"session\" value=\"\(id)\"/>\n"
        xml += "      <property name=\"facts\" value=\"\(Self.attribute(facts.joined(separator: ", ")))\"/>\n"
        xml += "    </properties>\n"
        if session.findings.isEmpty {
            xml += "    <testcase classname=\"\(id)\" name=\"no findings\" time=\"\(Self.time(session.duration))\"/>\n"
        }
        var seen: [String: Int] = [:]
        for finding in session.findings {
            var name = "\(ReportText.kind(finding)) \(ReportText.signalAndStream(finding)) at \(decimalText(finding.start)) s"
            let repeats = (seen[name] ?? 0) + 1
            seen[name] = repeats
            if repeats > 1 { name += " #\(repeats)" }
            xml += "    <testcase classname=\"\(id)\" name=\"\(Self.attribute(name))\" time=\"\(Self.time(finding.end - finding.start))\">\n"
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

    /// Seconds as a plain decimal, as the schema's `SUREFIRE_TIME` pattern wants (no exponent, no sign).
    private static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0.000" }
        return decimalText(seconds, digits: 3)
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
