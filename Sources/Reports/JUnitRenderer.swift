package import Analyzer

/// The report as JUnit XML (`--format junit`), for the test tab of GitLab, Jenkins and the GitHub
/// actions that read test reports.
///
/// CI tools key a test by suite name, `classname` and `name` (GitLab) and compare it with the
/// base pipeline's, so every one of them is a stable identity (``FindingIdentity``), never a
/// session id, a content hash, an ordinal or a time: one `<testsuite>` per subject (`app › screen`,
/// else the recording id, else app and behaviours), named by it, in name order; in it one
/// `<testcase>` per finding identity with `classname` = the subject and `name` = kind, signal and
/// source (`flapping background (computed)`), covering every session of that subject that has it:
/// how many, the worst one's evidence, the others' ids. A subject without findings is one passing
/// testcase `no findings`. So the file is the same whatever order the sessions were imported in,
/// and the same bug keeps its test across launches and builds. Every `time` is 0: navrec measures
/// no test duration, and a finding's span is not one (it is in the text).
///
/// A finding at or above `failOn` is a `<failure>` whose `type` is the kind, `message` the worst
/// occurrence's sentence and body the evidence; one below it passes with the evidence in
/// `<system-out>`. With a base (`report --baseline`), only new findings fail; one also in the base
/// is `<skipped>` ("still present"), and one the base had whose subject was recorded here is a
/// passing testcase "fixed" (GitLab counts it as fixed against the base pipeline).
///
/// Written for the Jenkins JUnit schema (xunit-plugin `junit-10.xsd`): `<testsuites>` carries
/// only `name`, `tests`, `failures`, `errors` and `time`; `<testsuite>` always `name`, `tests`,
/// `failures` and `errors`; every time is `0`. Text that XML 1.0 cannot carry (control
/// characters other than tab and newlines) becomes U+FFFD.
package struct JUnitRenderer: Sendable {
    /// Findings at this severity or worse are failures.
    package var failOn = Finding.Severity.error
    /// The base's findings (`--baseline`).
    package var baseline: FindingBaseline?
    /// The most session ids a test case lists.
    static let listedSessions = 50

    private enum Outcome { case failure, skipped, passed }

    private func outcome(_ group: FindingGroup) -> Outcome {
        if group.occurrences.isEmpty || group.severity < failOn { return .passed }
        return group.state == .unchanged ? .skipped : .failure
    }

    /// The report as one XML document ending in a newline.
    package func render(_ report: Report) -> String {
        let groups = FindingGroups(report, baseline: baseline)
        var bySubject: [String: [FindingGroup]] = [:]
        for group in groups.groups where group.state != .notRecorded { bySubject[group.identity.subject, default: []].append(group) }
        for subject in groups.cleanSubjects where bySubject[subject] == nil { bySubject[subject] = [] }
        let subjects = bySubject.keys.sorted()
        let tests = subjects.reduce(0) { $0 + max(1, bySubject[$1]!.count) }
        let failures = groups.groups.count { $0.state != .notRecorded && outcome($0) == .failure }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"navrec\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">\n"
        for subject in subjects {
            xml += suite(subject, groups: bySubject[subject]!, sessions: groups.subjects[subject] ?? 0)
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func suite(_ subject: String, groups: [FindingGroup], sessions: Int) -> String {
        let name = Self.attribute(subject)
        let failures = groups.count { outcome($0) == .failure }
        let skipped = groups.count { outcome($0) == .skipped }
        var xml = "  <testsuite name=\"\(name)\" tests=\"\(max(1, groups.count))\" failures=\"\(failures)\""
            + " errors=\"0\" skipped=\"\(skipped)\" time=\"0\">\n"
        xml += "    <properties>\n"
        xml += "      <property name=\"sessions\" value=\"\(sessions)\"/>\n"
        xml += "    </properties>\n"
        if groups.isEmpty {
            xml += "    <testcase classname=\"\(name)\" name=\"no findings\" time=\"0\">\n"
            xml += "      <system-out>\(Self.text("no findings in \(ReportText.count(sessions, "session"))"))</system-out>\n"
            xml += "    </testcase>\n"
        }
        for group in groups {
            xml += "    <testcase classname=\"\(name)\" name=\"\(Self.attribute(group.identity.testName))\" time=\"0\">\n"
            let evidence = Self.text(Self.evidence(group))
            guard let worst = group.worst else {
                xml += "      <system-out>" + evidence + "</system-out>\n    </testcase>\n"
                continue
            }
            switch outcome(group) {
            case .failure:
                let message = (group.state == .new ? "new: " : "") + worst.finding.message
                xml += "      <failure type=\"\(Self.attribute(ReportText.kind(worst.finding)))\" message=\"\(Self.attribute(message))\">"
                    + evidence + "</failure>\n"
            case .skipped:
                xml += "      <skipped message=\"\(Self.attribute("still present: in the base too (\(group.baseSessions) of \(ReportText.count(group.baseSubjectSessions, "session")))"))\"/>\n"
                xml += "      <system-out>" + evidence + "</system-out>\n"
            case .passed:
                xml += "      <system-out>" + evidence + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
        return xml
    }

    /// The text of a test case: how many sessions, against the base, then the worst occurrence
    /// (what, where and when, the sentence, each evidence field on its own line), then the other
    /// sessions' ids.
    private static func evidence(_ group: FindingGroup) -> String {
        var lines: [String] = []
        let baseText = "\(group.baseSessions) of \(ReportText.count(group.baseSubjectSessions, "session")) in the base"
        switch group.state {
        case .fixed?: lines.append("fixed: in none of \(ReportText.count(group.subjectSessions, "session")) here, in \(baseText)")
        case .new?: lines.append("new: in none of the base's sessions of \(group.identity.subject)")
        case .unchanged?: lines.append("still present: in \(baseText)")
        case .notRecorded?, nil: break
        }
        guard let worst = group.worst else { return lines.joined(separator: "\n") }
        let finding = worst.finding
        lines.append("in \(group.sessions) of \(ReportText.count(group.subjectSessions, "session")) of \(group.identity.subject); worst:")
        lines.append("\(finding.severity.name) \(ReportText.span(finding)) s \(ReportText.kind(finding)) \(ReportText.signalAndStream(finding)) in session \(worst.sessionID)")
        lines.append(finding.message)
        if let count = finding.count { lines.append("count: \(count)") }
        for field in finding.evidence.fields {
            let value = switch field.value {
            case .integer(let number): String(number)
            case .number(let number): JSONValue.double(number)
            case .string(let text): text
            }
            lines.append("\(field.key): \(value)")
        }
        var others: [String] = []
        var seen: Set<String> = [worst.sessionID]
        for occurrence in group.occurrences where seen.insert(occurrence.sessionID).inserted {
            others.append("\(occurrence.sessionID) (\(ReportText.span(occurrence.finding)) s)")
        }
        if !others.isEmpty {
            let listed = others.prefix(listedSessions).sorted().joined(separator: ", ")
            lines.append("also in: " + listed + (others.count > listedSessions ? ", and \(others.count - listedSessions) more" : ""))
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
