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

    @Test("SHA256 of the FIPS 180-2 examples")
    func sha256() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
