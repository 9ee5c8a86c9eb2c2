import BarModel
import Recording
import Simulation
import Testing

/// Number texts covering the fast path, its edges and the fallback.
let numberTexts: [String] = [
    "0", "-0", "0.0", "-0.0", "0e10", "-0E-10",
    "82.5", "26.25", "0.017", "0.0083", "1.25", "150", "-3",
    "1e5", "1E-5", "-1.5e+3", "2.5E+02", "123.456e-7", "0.000001", "100e-2",
    "9007199254740992", "9007199254740993", "9007199254740995", "18014398509481985",
    "1234567890123456789", "12345678901234567890", "123456789012345678901234567890",
    "0.1", "0.2", "0.3", "0.30000000000000004", "0.1000000000000000055511151231257827",
    "3.14159265358979323846264338327950288", "2.718281828459045", "1.7976931348623157e308",
    "5e-324", "4.9406564584124654e-324", "2.2250738585072014e-308", "2.225073858507201e-308",
    "1e22", "1e23", "1e-22", "1e-23", "9e37", "4.35e30", "8.98846567431158e307",
    "7.3177701707893310e+15", "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124", "1e-400", "0.00000000000000000000000000001",
    "0.017000000000000001", "16.666666666666668", "33.333333333333336", "-1e-7",
]

@Suite("Number parsing")
struct NumberParsingTests {
    @Test("every number reads back as exactly Swift's Double(String), sign of zero included", arguments: numberTexts)
    func exactness(_ text: String) throws {
        let directory = try TemporaryDirectory()
        let result = try readNDJSON(text: largeTitleHeader + "\n" + #"{"t":0,"y":0,"vy":\#(text)}"# + "\n", in: directory)
        let expected = try #require(Double(text))
        let vy = try #require(result.samples.first?.sample.vy)
        #expect(vy.bitPattern == expected.bitPattern, "\(text): \(vy) vs \(expected)")
    }

    @Test("t and y in range parse exactly too (the fast path on the values recordings hold)")
    func samplesExactly() throws {
        let directory = try TemporaryDirectory()
        var text = largeTitleHeader + "\n"
        var expected: [ScrollSample] = []
        var generator = SplitMix(seed: 7)
        var t = 0.0
        for _ in 0..<2000 {
            t += Double(generator.next() % 20_000) / 1_000_000
            let y = Double(Int64(generator.next() % 2_000_000) - 1_000_000) / 1000
            let tText = decimalText(t)
            let yText = "\(y)"
            text += #"{"t":\#(tText),"y":\#(yText)}"# + "\n"
            expected.append(ScrollSample(t: Double(tText)!, y: Double(yText)!))
        }
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.samples.map(\.sample) == expected)
    }
}

/// A tiny deterministic generator (SplitMix64) for reproducible test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 { SeededGenerator.splitMix64(&state) }
}

/// Up to 6 decimals, as a recorder rounding timestamps would write them.
private func decimalText(_ value: Double) -> String {
    let micro = Int64((value * 1_000_000).rounded())
    let whole = micro / 1_000_000
    let fraction = String(micro % 1_000_000)
    return "\(whole)." + String(repeating: "0", count: 6 - fraction.count) + fraction
}

extension NumberParsingTests {
    @Test("20 000 random decimal texts of 1 to 19 digits read back exactly (fast paths and fallback)")
    func randomTexts() throws {
        let directory = try TemporaryDirectory()
        var generator = SplitMix(seed: 2026)
        var texts: [String] = []
        for _ in 0..<20_000 {
            let digitCount = Int(generator.next() % 19) + 1
            var digits = String(generator.next() % 9 + 1)
            for _ in 1..<digitCount { digits += String(generator.next() % 10) }
            let point = Int(generator.next() % UInt64(digitCount + 1))
            var text = point == digitCount ? digits : String(digits.prefix(point == 0 ? 1 : point)) + "." + digits.dropFirst(point == 0 ? 1 : point)
            if text.hasSuffix(".") { text.removeLast() }
            switch generator.next() % 4 {
            case 0: break
            case 1: text += "e" + String(Int(generator.next() % 60) - 30)
            default: text += "e" + String(Int(generator.next() % 560) - 300)
            }
            if generator.next() % 2 == 0 { text = "-" + text }
            texts.append(text)
        }
        let lines = texts.map { #"{"t":0,"y":0,"vy":\#($0)}"# }.joined(separator: "\n")
        let result = try readNDJSON(text: largeTitleHeader + "\n" + lines + "\n", in: directory)
        #expect(result.error == nil)
        let values = result.samples.map { $0.sample.vy! }
        #expect(values.count == texts.count)
        var mismatches = 0
        for (text, value) in zip(texts, values) where Double(text)!.bitPattern != value.bitPattern {
            if mismatches < 5 { Issue.record("\(text): read \(value), Double(String) gives \(Double(text)!)") }
            mismatches += 1
        }
        #expect(mismatches == 0)
    }
}
