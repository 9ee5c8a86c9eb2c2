import BarModel

/// The texts the NDJSON fast path (`JSONScanner.parseCommonSample`) compares lines with, as
/// little-endian eight-byte words and masks, built once from the texts themselves: a key or a
/// literal is then checked with one to three word comparisons instead of byte by byte.
///
/// A class: the scanner holds a reference, so reading a text never copies this whole table along
/// with the scanner (as a struct property, a call on the scanner copied it).
final class CommonSampleWords: @unchecked Sendable {
    /// Up to 24 bytes of text.
    struct Text {
        /// The text's bytes, eight to a word, zero-padded.
        var words: (UInt64, UInt64, UInt64)
        /// Which bytes of each word belong to the text.
        var masks: (UInt64, UInt64, UInt64)
        var length: Int

        init(_ text: String) {
            let bytes = Array(text.utf8)
            precondition(bytes.count <= 24)
            func word(_ offset: Int) -> (UInt64, UInt64) {
                var word: UInt64 = 0
                var mask: UInt64 = 0
                for index in stride(from: min(bytes.count, offset + 8) - 1, through: offset, by: -1) {
                    word = word << 8 | UInt64(bytes[index])
                    mask = mask << 8 | 0xFF
                }
                return (word, mask)
            }
            let (first, second, third) = (word(0), word(8), word(16))
            words = (first.0, second.0, third.0)
            masks = (first.1, second.1, third.1)
            length = bytes.count
        }
    }

    /// A bar-state key as it is on a line, `"name":`, with what its value is.
    struct BarKey {
        var text: Text
        var field: BarStateField
        var kind: BarStateField.Kind
        /// The field's bit among the keys seen (its ``BarStateField/maskBit``).
        var bit: UInt32
    }

    let t = Text("\"t\":"), y = Text("\"y\":"), vy = Text("\"vy\":"), phase = Text("\"phase\":")
    let frameDuration = Text("\"frameDuration\":"), bar = Text("\"bar\":")
    /// What an observed state starts from.
    let emptyState = BarState()
    /// Every field's key in ``BarStateField`` order, the order ``RecordingWriter`` writes them in.
    let barKeys: UnsafeMutablePointer<BarKey>
    let barKeyCount: Int
    /// Each field's place in ``barKeys``, by ``BarStateField/maskBit``.
    let barKeyIndex: UnsafeMutablePointer<Int>
    /// `10^0 ... 10^8`, to append a run of up to eight digits to a mantissa.
    let powersOfTen: UnsafeMutablePointer<UInt64>
    /// `10^0 ... 10^22` as doubles, all exact: the powers of `DecimalValue`'s fast path, without a
    /// lazy global's check and an array's bounds check per number.
    let exactPowersOfTen: UnsafeMutablePointer<Double>

    /// Built once and never freed (it lives as long as the process).
    static let shared = CommonSampleWords()

    private init() {
        let fields = BarStateField.allCases
        barKeyCount = fields.count
        barKeys = .allocate(capacity: fields.count)
        barKeyIndex = .allocate(capacity: 32)
        barKeyIndex.initialize(repeating: 0, count: 32)
        powersOfTen = .allocate(capacity: 9)
        for exponent in 0...8 { powersOfTen[exponent] = exponent == 0 ? 1 : powersOfTen[exponent - 1] * 10 }
        exactPowersOfTen = .allocate(capacity: 23)
        // Each product is exact: every power of ten up to 10^22 is a double.
        var power = 1.0
        for exponent in 0...22 {
            exactPowersOfTen[exponent] = power
            power *= 10
        }
        for (index, field) in fields.enumerated() {
            // The first word is compared whole: every name is at least seven bytes long.
            precondition(field.name.utf8.count >= 7)
            (barKeys + index).initialize(to: BarKey(
                text: Text("\"\(field.name)\":"), field: field, kind: field.kind, bit: UInt32(1) << UInt32(field.maskBit)))
            barKeyIndex[field.maskBit] = index
        }
    }
}
