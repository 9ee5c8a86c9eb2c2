/// One column of a chunk of frames in the digit encoding of `frame_chunks`, which plain SQL can
/// decode (the `timeline` view does, in any SQLite client) and navrec decodes with a digit loop.
///
/// A column is a BLOB of `count` fixed-width fields, with its width `w` and `base` in columns of
/// their own:
/// - `w >= 0` (integers): field k is the ASCII decimal `value - base`, zero-padded to `w` digits,
///   so that `base + substr(blob, 1 + k * w, w)` is the value (SQL reads a BLOB of digits as the
///   number they spell); NULL is `-1` (`-01`, …), i.e. `base - 1`, so `w >= 2` when the chunk has
///   one. `w = 0` when every value equals `base` (the blob is one placeholder byte: `substr` of an
///   empty BLOB is NULL, of a non-empty one with length 0 an empty BLOB, which adds as 0).
///   Thousandths columns hold exact thousandths here, as the `frames` table's ANY columns did.
/// - `w < 0` (thousandths columns where a value has no exact thousandths): field k is the value's
///   shortest round-trip decimal text, padded with spaces to `-w` bytes; NULL is all spaces;
///   `base` is NULL.
///
/// Why digits and not binary: SQL has no function that reads a binary number from a BLOB, and
/// `timeline` must stay a plain view (Benchmarks/README.md, "Storage layout").
package enum DigitColumn {
    /// The field of a NULL in the integer form (before padding).
    static let nullOffset: Int64 = -1

    /// Decimal digits of `value` (at least 1), for `value >= 0`.
    @inline(__always)
    static func digits(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    /// The width and base of integers `values[0..<count]` (`nil` entries are NULL), or `nil` when
    /// every one is NULL. Fails (`nil` width) when the range needs more than 18 digits.
    static func integerLayout(_ values: UnsafePointer<Int64>, count: Int, null: Int64) -> (width: Int, base: Int64)? {
        var low = Int64.max, high = Int64.min, hasNull = false
        for index in 0..<count {
            let value = values[index]
            if value == null { hasNull = true; continue }
            if value < low { low = value }
            if value > high { high = value }
        }
        guard low <= high else { return nil }
        let span = UInt64(bitPattern: high &- low)
        var width = span == 0 ? 0 : digits(span)
        if hasNull { width = max(width, 2) }
        return (width, low)
    }

    /// Writes `values[0..<count]` as `width`-digit offsets from `base` into `bytes` (which holds
    /// at least `max(1, count * width)` bytes) and returns the number of bytes written.
    static func encodeIntegers(
        _ values: UnsafePointer<Int64>, count: Int, null: Int64, width: Int, base: Int64, into bytes: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard width > 0 else {
            bytes[0] = UInt8(ascii: "0")
            return 1
        }
        var position = 0
        for index in 0..<count {
            let value = values[index]
            if value == null {
                bytes[position] = UInt8(ascii: "-")
                for offset in 1..<width { bytes[position + offset] = UInt8(ascii: offset == width - 1 ? "1" : "0") }
            } else {
                var rest = UInt64(bitPattern: value &- base)
                var offset = width - 1
                while offset >= 0 {
                    bytes[position + offset] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
                    rest /= 10
                    offset -= 1
                }
            }
            position += width
        }
        return position
    }

    /// Reads `count` fields of `width` digits (`width > 0`) at `bytes` into `values`, adding
    /// `base`; a NULL field becomes `null`.
    @inline(__always)
    static func decodeIntegers(
        _ bytes: UnsafePointer<UInt8>, count: Int, width: Int, base: Int64, null: Int64, into values: UnsafeMutablePointer<Int64>
    ) {
        var position = 0
        for index in 0..<count {
            if bytes[position] == UInt8(ascii: "-") {
                values[index] = null
            } else {
                var value: Int64 = 0
                for offset in 0..<width { value = value &* 10 &+ Int64(bytes[position + offset] &- UInt8(ascii: "0")) }
                values[index] = base &+ value
            }
            position += width
        }
    }

    /// The texts of `values` (`nil` entries are NULL) in the `w < 0` form: the blob and its width.
    static func encodeTexts(_ values: [Double?]) -> (bytes: [UInt8], width: Int) {
        let texts = values.map { $0.map { Array($0.description.utf8) } ?? [] }
        let width = max(1, texts.map(\.count).max() ?? 1)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * texts.count)
        for text in texts {
            bytes += text
            bytes += repeatElement(UInt8(ascii: " "), count: width - text.count)
        }
        return (bytes, -width)
    }

    /// Field `index` of a `w < 0` column: its number, or `nil` for NULL (or text that is not one).
    static func decodeText(_ bytes: UnsafePointer<UInt8>, index: Int, width: Int) -> Double? {
        let field = UnsafeBufferPointer(start: bytes + index * width, count: width)
        let end = field.lastIndex { $0 != UInt8(ascii: " ") }.map { $0 + 1 } ?? 0
        guard end > 0 else { return nil }
        return Double(String(decoding: field[0..<end], as: UTF8.self))
    }
}
