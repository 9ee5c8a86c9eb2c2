@testable import Analyzer
import BarModel
@testable import Reports
import Testing

/// The JSON report writes findings, numbers and strings straight into bytes: each must be byte for
/// byte what the ``JSONValue`` tree (and ``jsonQuoted(_:)``, `"\(value)"`) wrote before.
@Suite("JSON written straight into bytes")
struct JSONBytesTests {
    /// Every evidence shape (up to four fields inline, more one per line), a subkind and none, a
    /// count and none, and messages and numbers at the edges of escaping and formatting.
    static let findings: [Finding] = [
        Finding(signal: "background", source: .computed, severity: .warning, start: 0.017, end: 0.067, count: 4,
                message: "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it",
                evidence: .flapping(FlappingEvidence(yMin: 50.666666666666664, yMax: 54.333333333333336, suggestedHysteresis: 1.5))),
        Finding(signal: "barHidden", source: .observed, severity: .error, start: -0.0, end: 0.1 + 0.2, count: nil,
                message: "quote \" backslash \\ tab \t newline \n bell \u{7} delete \u{7F} emoji 🚀",
                evidence: .flapping(FlappingEvidence(yMin: 1e16, yMax: .leastNonzeroMagnitude, observedToggles: 3, appHysteresis: 1e-05, suggestedHysteresis: -2.5))),
        Finding(signal: "frames", source: .recording, severity: .error, start: 123456789012345680, end: 1e300,
                message: "", evidence: .hitch(HitchEvidence(hitchTimeRatio: 12.5, hitchTime: 50, movingTime: 4, expectedInterval: 16.667, longestHitch: 33.3, hangs: 0))),
        Finding(signal: "inlineTitle", source: .comparison, severity: .warning, start: 1, end: 2,
                message: "\"", evidence: .emptySubtitleVisible),
        Finding(signal: "largeTitle+inlineTitle", source: .comparison, severity: .warning, start: 1, end: 2,
                message: "\u{1}\u{1F}", evidence: .titleComparison(TitleComparisonEvidence(
                    differences: [
                        TitleAlphaDifference(presentation: .large, computedAlpha: 1, observedAlpha: 0),
                        TitleAlphaDifference(presentation: .inline, computedAlpha: 0, observedAlpha: 1),
                    ], duration: 0.4, tolerance: 0.1))),
        Finding(signal: "avatarTy", source: .computed, severity: .warning, start: 2, end: 3, count: 2,
                message: "x", evidence: .jitter(JitterEvidence(inputReversals: 2, amplitude: 0.5))),
    ]

    /// A finding as the tree the renderer built before.
    static func tree(_ finding: Finding) -> JSONValue {
        .object([
            ("kind", .string(finding.kind.name)), ("subkind", finding.subkind.map(JSONValue.string) ?? .null),
            ("signal", .string(finding.signal)), ("source", .string(finding.source.name)),
            ("severity", .string(finding.severity.name)), ("start", .number(finding.start)), ("end", .number(finding.end)),
            ("count", finding.count.map(JSONValue.integer) ?? .null), ("message", .string(finding.message)),
            ("details", finding.detailsValue),
        ])
    }

    @Test("findings: the tree's bytes, in the report's layout and on one line; none is []", arguments: [false, true])
    func findings(_ compact: Bool) {
        for findings in [Self.findings, Array(Self.findings.prefix(1)), []] {
            var writer = JSONObjectWriter(indent: 4, compact: compact)
            writer.objects("findings", findings, JSONRenderer.writeFinding)
            writer.close()
            var expected = ""
            JSONValue.object([("findings", .array(findings.map(Self.tree)))]).write(to: &expected, indent: 4, compact: compact)
            #expect(writer.bytes.string == expected)
        }
        // Counter-case: the layouts differ, so the comparison above tells them apart.
        var pretty = JSONObjectWriter(indent: 4), oneLine = JSONObjectWriter(indent: 4, compact: true)
        pretty.objects("findings", Self.findings, JSONRenderer.writeFinding)
        oneLine.objects("findings", Self.findings, JSONRenderer.writeFinding)
        #expect(pretty.bytes.string != oneLine.bytes.string)
        #expect(!oneLine.bytes.string.contains("\n"))
    }

    @Test("details: up to four fields on one line, more one per line at the member's indent")
    func detailsLayout() {
        var inline = "", lines = ""
        Self.findings[0].detailsValue.write(to: &inline, indent: 6)
        Self.findings[2].detailsValue.write(to: &lines, indent: 6)
        #expect(inline == #"{"yMin": 50.666666666666664, "yMax": 54.333333333333336, "suggestedHysteresis": 1.5}"#)
        #expect(lines == """
            {
                    "hitchTimeRatio": 12.5,
                    "hitchTime": 50.0,
                    "movingTime": 4.0,
                    "expectedInterval": 16.667,
                    "longestHitch": 33.3,
                    "hangs": 0
                  }
            """)
        #expect(Self.findings[2].detailsJSON.hasPrefix(#"{"hitchTimeRatio": 12.5, "hitchTime": 50.0,"#))
    }

    @Test("details written straight into bytes: the tree's bytes at any indent, on one line and stored, every evidence shape")
    func detailsBytes() {
        var findings = Self.findings
        // Two, four (the most on one line), five and six fields, and none written by a tree of none.
        findings.append(Finding(signal: "barHidden", source: .computed, severity: .warning, start: 0, end: 1, count: 2, message: "m",
                                evidence: .flapping(FlappingEvidence(yMin: 1, yMax: 2, appHysteresis: 0.5, suggestedSwipeDistance: 40))))
        findings.append(Finding(signal: "barHidden", source: .computed, severity: .warning, start: 0, end: 1, count: 2, message: "m",
                                evidence: .flapping(FlappingEvidence(yMin: -0.0, yMax: 2))))
        for finding in findings {
            for (indent, compact) in [(0, true), (0, false), (6, false), (6, true), (10, false)] {
                var direct = JSONBytes(capacity: 16), tree = "x"
                direct.append("x")
                finding.appendDetails(to: &direct, indent: indent, compact: compact)
                finding.detailsValue.write(to: &tree, indent: indent, compact: compact)
                #expect(direct.string == tree, "\(finding.evidence)")
            }
            var stored = ""
            finding.detailsValue.write(to: &stored, indent: 0, compact: true)
            #expect(finding.detailsJSON == stored)
        }
        // Counter-case: five fields and more are one per line in the report's layout, four and fewer are not.
        var five = JSONBytes(capacity: 16), four = JSONBytes(capacity: 16)
        findings[1].appendDetails(to: &five, indent: 6, compact: false)
        findings[6].appendDetails(to: &four, indent: 6, compact: false)
        #expect(five.string.filter { $0 == "\n" }.count == 6 && !four.string.contains("\n"))
    }

    @Test("numbers: shortest round trip with a decimal, as \"\\(value)\" wrote them; zero of either sign is 0.0, non-finite null")
    func numbers() {
        let pinned: [(Double, String)] = [
            (0, "0.0"), (-0.0, "0.0"), (86, "86.0"), (0.067, "0.067"), (-2.5, "-2.5"), (0.1 + 0.2, "0.30000000000000004"),
            (1e16, "1e+16"), (1e-05, "1e-05"), (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (123456789012345680, "1.2345678901234568e+17"), (50.666666666666664, "50.666666666666664"), (0.5, "0.5"),
            (.infinity, "null"), (-.infinity, "null"), (.nan, "null"),
        ]
        for (value, text) in pinned {
            var bytes = JSONBytes(capacity: 16)
            bytes.append("x")
            bytes.appendDouble(value)
            #expect(bytes.string == "x" + text, "\(value)")
            #expect(JSONValue.double(value) == text)
        }
        // Counter-case at the edge changed: every other finite double is the stdlib's own text.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite, value != 0 else { continue }
            #expect(JSONValue.double(value) == "\(value)")
        }
    }

    @Test("strings: quotes, backslashes and control characters escaped as jsonQuoted does; DEL and non-ASCII kept")
    func strings() {
        var texts = ["", "plain", "\"", "\\", "a\"b\\c", "\"\"", "end\\", "–", "🚀 emoji", "\u{7F}", "Album & \"Artist\" | detail"]
        texts += (0..<0x20).map { String(UnicodeScalar(UInt8($0))) + "x" + String(UnicodeScalar(UInt8($0))) }
        for text in texts {
            var bytes = JSONBytes(capacity: 16)
            bytes.appendQuoted(text)
            #expect(bytes.string == jsonQuoted(text), "\(Array(text.utf8))")
        }
        var control = JSONBytes(capacity: 16)
        control.appendQuoted("\u{1}\n\u{1F}\u{7F}é")
        #expect(control.string == "\"\\u0001\\n\\u001f\u{7F}é\"")
    }

    /// The text of ``JSONBytes/appendDouble(_:)``, after an `x` (so it appends rather than starts).
    static func appended(_ value: Double) -> String {
        var bytes = JSONBytes(capacity: 8)
        bytes.append("x")
        bytes.appendDouble(value)
        return String(bytes.string.dropFirst())
    }

    @Test("numbers that are whole microseconds in [0.0001, 1000) take the fast path and print as description does; others fall back")
    func microsecondNumbers() {
        let fast: [Double] = [0.0001, 0.000101, 0.1, 0.5, 1, 9.933334, 16.708333, 19.903, 86, 123.456789, 999.999999, 999]
        for value in fast {
            #expect(JSONBytes.microseconds(value) != nil, "\(value)")
            #expect(Self.appended(value) == value.description, "\(value)")
        }
        // Counter-cases next to the cases: below the range (description writes an exponent), at its
        // top, not whole microseconds, negative, zero and not finite all fall back to description's text.
        let slow: [Double] = [0.000099, 0.0001.nextDown, 0.0001.nextUp, 1e-7, 1000, 1000.000001, 1e16, 1e21, 50.666666666666664,
                              0.1 + 0.2, 9.933334.nextUp, -0.5, -9.933334, 0, -0.0, .nan, .infinity, -.infinity]
        for value in slow {
            #expect(JSONBytes.microseconds(value) == nil, "\(value)")
            #expect(Self.appended(value) == JSONValue.double(value), "\(value)")
        }
        #expect(Self.appended(0.000099) == "9.9e-05" && Self.appended(1000) == "1000.0" && Self.appended(-0.0) == "0.0")
        // Random counts over the whole range (every count was checked once, Benchmarks/README.md), and
        // random doubles around it, whole microseconds or not.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 100..<1_000_000_000, using: &generator)
            let value = Double(count) / 1e6
            #expect(JSONBytes.microseconds(value) == count)
            #expect(Self.appended(value) == value.description)
            let near = Double.random(in: -1...2000, using: &generator)
            #expect(Self.appended(near) == JSONValue.double(near))
        }
    }

    @Test("integers as String(value) writes them", arguments: [0, 1, -1, 9, 10, -10, 99, 100, 1_000_000, Int.max, Int.min, Int.min + 1])
    func integers(_ value: Int) {
        var bytes = JSONBytes(capacity: 1)
        bytes.append("x")
        bytes.appendInteger(value)
        #expect(bytes.string == "x" + String(value))
    }

    @Test("escape scan: a quote, a backslash or a control byte at any position of any length is found; their neighbours are not")
    func escapeScan() {
        let special: [UInt8] = Array(0..<0x20) + [UInt8(ascii: "\""), UInt8(ascii: "\\")]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xC3, 0xFF]
        for length in 1...20 {
            for position in 0..<length {
                for byte in special + plain {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = byte
                    let found = bytes.withUnsafeBufferPointer { JSONBytes.needsEscape($0) }
                    #expect(found == special.contains(byte), "byte \(byte) at \(position) of \(length)")
                }
            }
        }
        #expect(!JSONBytes.needsEscape(UnsafeBufferPointer(start: nil, count: 0)))
    }
}
