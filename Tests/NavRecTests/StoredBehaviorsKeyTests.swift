import BarModel
import NavRec
import Testing

/// The analyze core caches what a header's behaviours read back as from their stored JSON by the
/// set (``StoredBehaviorsKey``), not by the text: two keys must be equal exactly when the texts are.
@Suite("Stored behaviours key")
struct StoredBehaviorsKeyTests {
    static let numbers: [Double] = [0, -0.0, 0.1 + 0.2, 0.3]
    static let texts = ["", "\u{e9}", "e\u{301}"]

    /// A set of random behaviours (not validated: the key does not care) whose parameters take
    /// values from small pools, so that equal and nearly equal sets are common.
    static func randomSet(using generator: inout some RandomNumberGenerator) -> BehaviorSet {
        var set = BehaviorSet()
        // dropdownTitle, whose texts are where the set's equality and the text's differ, most often.
        for name in BehaviorSet.names where Int.random(in: 0..<4, using: &generator) < (name == DropdownTitle.name ? 3 : 1) {
            try? set.add(name)
        }
        for behavior in set.parameters {
            for parameter in behavior.parameters where Int.random(in: 0..<3, using: &generator) == 0 {
                let value: ParameterValue = switch parameter.value {
                case .number: .number(numbers.randomElement(using: &generator)!)
                case .bool: .bool(Bool.random(using: &generator))
                case .string, .null: Bool.random(using: &generator) ? .string(texts.randomElement(using: &generator)!) : .null
                }
                try? set.set(behavior.name, parameter.name, to: value)
            }
        }
        return set
    }

    @Test("random sets: keys are equal exactly when the stored JSON texts' bytes are, and equal keys hash alike")
    func matchesStoredText() {
        var generator = SystemRandomNumberGenerator()
        let sets = (0..<400).map { _ in Self.randomSet(using: &generator) }
        var equalPairs = 0, equalSetsOtherText = 0
        for a in sets {
            for b in sets {
                // Bytes: `String`'s `==` would call the two spellings of "é" equal too.
                let sameText = Array(a.json.utf8) == Array(b.json.utf8)
                #expect((StoredBehaviorsKey(a) == StoredBehaviorsKey(b)) == sameText, "\(a.json) against \(b.json)")
                if sameText {
                    equalPairs += 1
                    #expect(StoredBehaviorsKey(a).hashValue == StoredBehaviorsKey(b).hashValue)
                } else if a == b {
                    equalSetsOtherText += 1
                }
            }
        }
        // Not only each set with itself, and pairs a key of the set alone would confuse.
        #expect(equalPairs > sets.count)
        #expect(equalSetsOtherText > 0)
    }

    @Test("a title written as one scalar and as a letter with a combining accent: equal sets, different texts, different keys")
    func canonicallyEquivalentTitles() throws {
        var composed = BehaviorSet()
        try composed.add(DropdownTitle.name)
        var decomposed = composed
        try composed.set(DropdownTitle.name, "title", to: .string("\u{e9}"))
        try decomposed.set(DropdownTitle.name, "subtitle", to: .string(""))
        try decomposed.set(DropdownTitle.name, "title", to: .string("e\u{301}"))
        try composed.set(DropdownTitle.name, "subtitle", to: .string(""))
        // What a cache keyed by the set alone would get wrong.
        #expect(composed == decomposed)
        #expect(Array(composed.json.utf8) != Array(decomposed.json.utf8))
        #expect(StoredBehaviorsKey(composed) != StoredBehaviorsKey(decomposed))
        var subtitled = composed
        try subtitled.set(DropdownTitle.name, "subtitle", to: .string("e\u{301}"))
        var precomposedSubtitle = composed
        try precomposedSubtitle.set(DropdownTitle.name, "subtitle", to: .string("\u{e9}"))
        #expect(subtitled == precomposedSubtitle)
        #expect(StoredBehaviorsKey(subtitled) != StoredBehaviorsKey(precomposedSubtitle))
    }

    @Test("-0.0 and 0.0 are stored alike, so their sets share a key; an absent subtitle is not an empty one")
    func signedZeroAndAbsentSubtitle() throws {
        var positive = BehaviorSet()
        try positive.add(LargeTitle.name)
        var negative = positive
        try positive.set(LargeTitle.name, "hysteresis", to: .number(0))
        try negative.set(LargeTitle.name, "hysteresis", to: .number(-0.0))
        #expect(Array(positive.json.utf8) == Array(negative.json.utf8))
        #expect(StoredBehaviorsKey(positive) == StoredBehaviorsKey(negative))

        var absent = BehaviorSet()
        try absent.add(DropdownTitle.name)
        var empty = absent
        try empty.set(DropdownTitle.name, "subtitle", to: .string(""))
        #expect(Array(absent.json.utf8) != Array(empty.json.utf8))
        #expect(StoredBehaviorsKey(absent) != StoredBehaviorsKey(empty))
    }
}
