internal import TextTools

/// Text for a terminal: values from recordings and databases made safe to print, and measured in
/// the columns a terminal gives them, so aligned tables stay aligned.
///
/// One place for both rules, used by every text output (`navrec sessions`, `query`'s table, the
/// text report, `tune`'s table, import summaries and error messages):
/// - **Escaping**: C0 controls (U+0000–U+001F), DEL and C1 controls (U+0080–U+009F) never reach
///   the terminal raw — an ESC or OSC sequence in a session id could retitle the window, move the
///   cursor or forge output. `\n`, `\r`, `\t` become those two-character escapes, the others `\xHH`
///   (`\x1B`, `\x07`). A backslash is left alone, so ordinary text (paths, ids) prints unchanged.
/// - **Width**: a grapheme cluster (Swift's `Character`) takes 2 columns when it is East Asian
///   Wide or Fullwidth (CJK, Hangul, kana, fullwidth forms), an emoji shown as an emoji (Unicode's
///   `Emoji_Presentation`, any cluster with the emoji variation selector U+FE0F such as `☀️`, ZWJ
///   sequences such as family emoji, flags); 0 when it is only combining marks or format
///   characters (a zero-width joiner or space on its own); 1 otherwise (Latin, Arabic, Hebrew,
///   Cyrillic, a base letter with its combining marks, `☀︎` with the text selector U+FE0E).
package enum TerminalText {
    /// `text` with its control characters escaped (see the type's rules).
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || FileName.escapedByte($0) != nil }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let escaped where FileName.escapedByte(escaped) != nil:
                // A file-name byte that is not UTF-8 (FileName), shown as the byte it stands for.
                result += "\\x" + String(FileName.escapedByte(escaped)!, radix: 16, uppercase: true)
            case let control where isControl(control):
                let hex = String(control.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` escaped line by line: its own line breaks stay, every other control is escaped (for
    /// messages navrec lays out on several lines).
    package static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The columns `text` takes on a terminal (escape it first: controls have no width here).
    package static func width(_ text: String) -> Int {
        // ASCII is one column a byte: the common case, without walking grapheme clusters.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` followed by spaces up to `columns` display columns (nothing when it is as wide).
    package static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// Spaces up to `columns` display columns followed by `text` (right-aligned, for numbers).
    package static func rightAligned(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - width(text))) + text
    }

    /// The columns one grapheme cluster takes.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isWide(first) || first.properties.isEmojiPresentation { return 2 }
        // A text-default emoji (☀ U+2600, ❤ U+2764, a keycap digit) asked to show as an emoji.
        if scalars.contains("\u{FE0F}") { return 2 }
        // Regional indicators: a pair is a flag; a lone one is drawn as a wide letter too.
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        return 1
    }

    /// Combining marks and format characters (zero-width joiner and non-joiner, zero-width space,
    /// word joiner, the byte-order mark, bidi marks), which draw nothing of their own.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: false
        }
    }

    /// East Asian Width W or F.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= wideRanges[0].lowerBound else { return false }
        // Binary search over the sorted, disjoint ranges.
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The code points of East Asian Width W (wide) or F (fullwidth), from Unicode 14.0's
    /// EastAsianWidth.txt, with the unassigned code points inside a run counted with it and planes
    /// 2 and 3 (CJK ideographs, wide even where unassigned). Generated with Python's unicodedata:
    /// the assigned code points whose `east_asian_width` is `W` or `F`. Emoji added later are
    /// covered by `Emoji_Presentation`, which the Swift runtime knows for its own Unicode version.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAD9,
        0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FB,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320,
        0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD
    ]
}
