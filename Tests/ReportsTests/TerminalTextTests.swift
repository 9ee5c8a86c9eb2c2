import Reports
import Testing

/// ``TerminalText``'s rules, one character class at a time (the end-to-end tables are in
/// `TerminalOutputTests`).
@Suite("TerminalText: display width and escaping")
struct TerminalTextTests {
    @Test("display width by grapheme cluster", arguments: [
        ("plain ascii", 11),
        ("☀️", 2),            // text-default emoji + U+FE0F: shown as an emoji
        ("☀︎", 1),            // + U+FE0E: shown as text
        ("☀", 1),             // no selector: text by default
        ("😀", 2),            // Emoji_Presentation
        ("👨‍👩‍👧‍👦", 2),          // ZWJ family: one cluster
        ("👍🏽", 2),            // skin-tone modifier
        ("🇯🇵", 2),            // flag: a regional-indicator pair
        ("1️⃣", 2),            // keycap
        ("天気", 4), ("한국어", 6), ("ｱｲ", 2), ("ＡＢ", 4),   // wide, halfwidth, fullwidth
        ("الطقس", 5), ("שלום", 4), ("привет", 6),              // Arabic, Hebrew, Cyrillic
        ("e\u{301}te\u{301}", 3),                               // combining accents
        ("a\u{200B}b", 2), ("\u{200D}", 0), ("\u{FEFF}", 0),    // zero-width space, ZWJ, BOM
    ])
    func width(text: String, expected: Int) {
        #expect(TerminalText.width(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("control characters are escaped, everything else is kept")
    func escaping() {
        #expect(TerminalText.escaped("esc\u{1B}]0;title\u{07}") == #"esc\x1B]0;title\x07"#)
        #expect(TerminalText.escaped("a\nb\rc\td") == #"a\nb\rc\td"#)
        #expect(TerminalText.escaped("\u{0}\u{7F}\u{9B}") == #"\x00\x7F\x9B"#)
        #expect(TerminalText.escaped(#"C:\path ☀️ é"#) == #"C:\path ☀️ é"#)
        #expect(TerminalText.escapedLines("one\u{1B}\ntwo") == "one\\x1B\ntwo")
    }

    @Test("padding counts display columns")
    func padding() {
        #expect(TerminalText.padded("天気", to: 6) == "天気  ")
        #expect(TerminalText.rightAligned("☀️", to: 3) == " ☀️")
        #expect(TerminalText.padded("toolong", to: 3) == "toolong")
    }
}
