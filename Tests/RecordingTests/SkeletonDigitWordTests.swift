import BarModel
@testable import Recording
import Testing

/// The skeleton path's eight-bytes-at-a-time reading of numbers and key texts against the full
/// scanner's byte-at-a-time one: every number it takes is bit for bit `Double(String)` and the full
/// scanner's, and whatever it does not take (a non-digit anywhere, a key text one byte off) it
/// leaves to the full scanner.
@Suite("Skeleton digit words")
struct SkeletonDigitWordTests {
    static let template = #"{"t":0,"y":0,"vy":1}"#

    /// Whether the skeleton path takes `text` as `vy`, checked against the full scanner and, when
    /// taken, against `Double(text)`.
    @discardableResult
    static func taken(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let line = #"{"t":0,"y":0,"vy":\#(text)}"#
        guard SkeletonSampleTests.checkSkeleton(line, after: template, sourceLocation: sourceLocation) else { return false }
        let read = SkeletonSampleTests.skeleton(line, after: template)?.sample[3]
        #expect(read == Double(text).map(\.bitPattern), "\(text)", sourceLocation: sourceLocation)
        return true
    }

    @Test("1-19 digits, the point anywhere, either sign: taken exactly; a non-digit at each position: the full scanner's reading or left to it")
    func everyLengthAndPosition() {
        var generator = SplitMix(seed: 38)
        let others = ["x", ".", ",", "e", "}", "-", " "]
        for length in 1...19 {
            let digits = (0..<length).map { index in String(index == 0 ? 1 + generator.next() % 9 : generator.next() % 10) }.joined()
            for point in 0..<length {
                let unsigned = point == 0 ? digits : String(digits.prefix(point)) + "." + digits.dropFirst(point)
                for text in [unsigned, "-" + unsigned] {
                    // Up to seven integer digits and 19 in all is what the word path takes; the
                    // careful way takes the rest of these.
                    #expect(Self.taken(text), "\(text)")
                    for position in 0...text.count {
                        for other in others {
                            var changed = text
                            changed.insert(contentsOf: other, at: changed.index(changed.startIndex, offsetBy: position))
                            Self.taken(changed)
                        }
                    }
                }
            }
        }
    }

    @Test("leading zeros, 2^53 and its neighbours, 19 digits past UInt64, exponents, negative zero")
    func edges() {
        for text in [
            "0", "-0", "0.0", "0.5", "0.05", "0.0000001", "0.00000000000000000001", "0.0083333333333333332", "9007199254740991",
            "9007199254740992", "9007199254740993", "-9007199254740993", "9007199254740994", "9007199254740995", "900719925474099.3",
            "0.9007199254740993", "1234567.890123456789", "9999999999999999999", "999999999.9999999999", "1.5e3", "-2.25E-2",
            "123456789012345678e-5", "1e22", "1e23",
        ] {
            #expect(Self.taken(text), "\(text)")
        }
        // The counter-cases: a leading zero before a digit (a JSON error), more than 19 digits (past
        // UInt64's 18,446,744,073,709,551,615) and subnormals (the full scanner's strtod path), no
        // digit after the point.
        for text in ["01", "-01", "00.5", "18446744073709551616", "99999999999999999999", "4.9406564584124654e-324", "1.", "-", "-.5", ".5", "1e", "1e1000"] {
            #expect(!Self.taken(text), "\(text)")
        }
    }

    @Test("20,000 random decimals of 1-18 digits, the point anywhere: all taken, each bit for bit Double(String)")
    func randomDecimals() {
        var generator = SplitMix(seed: 3800)
        for _ in 0..<20_000 {
            let length = 1 + Int(generator.next() % 18)
            var digits = (0..<length).map { _ in String(generator.next() % 10) }.joined()
            let point = Int(generator.next() % UInt64(length))
            if point == 0 {
                digits = digits.drop { $0 == "0" }.isEmpty ? "0" : String(digits.drop { $0 == "0" })
            } else {
                var integer = String(digits.prefix(point).drop { $0 == "0" })
                if integer.isEmpty { integer = "0" }
                digits = integer + "." + digits.dropFirst(point)
            }
            let text = generator.next() % 2 == 0 ? digits : "-" + digits
            #expect(Self.taken(text), "\(text)")
        }
    }

    @Test("a key text one byte off anywhere, its last byte included: never the learned skeleton's")
    func keyTexts() {
        let template = #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"contentTitleAlpha":0}}"#
        let bytes = Array(template.utf8)
        // The values' bytes (digits, the phase's letters) are values; every other byte is a key text's.
        let valueBytes = Set(Array("0123456789.".utf8))
        var changedTexts = 0
        for index in bytes.indices where !valueBytes.contains(bytes[index]) && !(23...28).contains(index) {
            var changed = bytes
            changed[index] ^= 0x01
            let line = String(decoding: changed, as: UTF8.self)
            #expect(SkeletonSampleTests.skeleton(line, after: template) == nil, "\(line)")
            changedTexts += 1
        }
        #expect(changedTexts > 60)
        // The counter-case: the same bytes unchanged take the skeleton.
        #expect(SkeletonSampleTests.checkSkeleton(template, after: template))
    }
}
