import Testing
import TextTools

@Suite("Closest name and key assignments")
struct TextToolsTests {
    @Test("closestName suggests a near typo, ignores case, and stays silent for a far one")
    func closest() {
        let commands = ["import", "report", "sessions", "analyze", "export"]
        #expect(closestName(to: "imprt", in: commands) == "import")
        #expect(closestName(to: "REPROT", in: commands) == "report")
        #expect(closestName(to: "sesions", in: commands) == "sessions")
        #expect(closestName(to: "zzzzzzzz", in: commands) == nil)
        #expect(closestName(to: "import", in: []) == nil)
        // The first of equally close candidates wins, so a hint never depends on hashing.
        #expect(closestName(to: "ab", in: ["ax", "xb"]) == "ax")
    }

    @Test("didYouMean is the hint for the closest name, and nothing without a close one")
    func didYouMeanHint() {
        let commands = ["import", "report"]
        #expect(didYouMean("imprt", in: commands) == " (did you mean 'import'?)")
        #expect(didYouMean("zzzzzzzz", in: commands) == "")
        #expect(didYouMean("import", in: []) == "")
    }

    @Test("KeyAssignment splits at the first '=' and the first '.' before it")
    func keyAssignment() throws {
        let plain = try #require(KeyAssignment("blurHeader.hysteresis=1.5"))
        #expect(plain.name == "blurHeader" && plain.key == "hysteresis" && plain.value == "1.5")
        let dotted = try #require(KeyAssignment("flapping.window=0.5=x.y"))
        #expect(dotted.name == "flapping" && dotted.key == "window" && dotted.value == "0.5=x.y")
        let empty = try #require(KeyAssignment("a.b="))
        #expect(empty.value == "")
        #expect(KeyAssignment("hysteresis=1") == nil)
        #expect(KeyAssignment("blurHeader.hysteresis") == nil)
        #expect(KeyAssignment("a=b.c") == nil)
    }
}
