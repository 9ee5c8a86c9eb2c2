import Foundation
import Testing

/// Issue 37: raw memory stays out of module APIs. No `public`, `package` or `open` declaration
/// names an `Unsafe…Pointer`, `Unmanaged`, `unchecked` or `@exclusivity` outside `Sources/Store/`
/// (the SQLite wrapper and frame storage) and BarModel's block internals, and the command layer
/// (`Sources/NavRecCommands/`) names none of them at all. Each failure names the file and line.
@Suite("Raw memory stays out of module APIs")
struct RawMemoryRulesTests {
    static let sources = QueryTests.packageRoot.appending(path: "Sources")
    static var words: Regex<Substring> { /Unsafe[A-Za-z]*Pointer|Unmanaged|unchecked|@exclusivity/ }

    /// Where pointers may be API: the store, and the block a frame takes between modules.
    static let pointerHomes = ["Store/", "BarModel/FrameColumns.swift", "BarModel/FrameStateColumns.swift", "BarModel/FrameColumn.swift"]

    /// Every Swift file under Sources/, by its path below it, with its lines.
    static func files() throws -> [(path: String, lines: [Substring])] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        var files: [(String, [Substring])] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(sources.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The text of each `public`/`package`/`open` declaration: from its line to the `{` or `=`
    /// that starts its body or value, over as many lines as its parentheses take, comments left out.
    static func declarations(_ lines: [Substring]) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        for (index, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), code.contains(/(^|[\s)])(public|package|open)[\s(]/) else { continue }
            var text = "", next = index
            repeat {
                text += " " + (lines[next].split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                next += 1
            } while next < lines.count && text.count { $0 == "(" } > text.count { $0 == ")" }
            found.append((index + 1, String(text.prefix { $0 != "{" && $0 != "=" })))
        }
        return found
    }

    /// Each public or package declaration in `lines` of `path` (below Sources/) that names raw memory.
    static func violations(_ path: String, _ lines: [Substring]) -> [String] {
        guard !pointerHomes.contains(where: path.hasPrefix) else { return [] }
        return declarations(lines).filter { $0.text.contains(words) }.map { "Sources/\(path):\($0.line): raw memory in a module's API:\($0.text)" }
    }

    @Test("no public or package declaration outside Store/ and BarModel's block names raw memory")
    func moduleAPIs() throws {
        for (path, lines) in try Self.files() {
            for violation in Self.violations(path, lines) { Issue.record(Comment(rawValue: violation)) }
        }
    }

    @Test("the counter-case: a pointer, an unchecked class or an exclusivity attribute in an API is caught, at its line")
    func violationCaught() {
        let lines: [Substring] = [
            "/// A comment naming UnsafeRawBufferPointer is not a declaration.",
            "public final class Box: @unchecked Sendable {",
            "    private var base: UnsafeMutablePointer<Int>",
            "    package mutating func update(",
            "        _ bytes: UnsafeRawBufferPointer",
            "    ) {}",
            "    @exclusivity(unchecked) public var count = 0",
            "    public func free(_ handle: Int) { _ = Unmanaged<Box>.fromOpaque }",
            "    public func size() -> Int { 0 }",
        ]
        let found = Self.violations("TextTools/Box.swift", lines)
        #expect(found.map { $0.prefix { $0 != " " } } == ["Sources/TextTools/Box.swift:2:", "Sources/TextTools/Box.swift:4:", "Sources/TextTools/Box.swift:7:"])
        // The body after `{` is not the API; the store and the frame block may name pointers.
        #expect(Self.violations("Store/SQLite/Box.swift", lines).isEmpty)
        #expect(Self.violations("BarModel/FrameColumns.swift", lines).isEmpty)
    }

    @Test("the command layer names no raw memory")
    func commandLayer() throws {
        for (path, lines) in try Self.files() where path.hasPrefix("NavRecCommands/") {
            for (index, line) in lines.enumerated()
            where line.contains(Self.words) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                Issue.record("Sources/\(path):\(index + 1): raw memory in the command layer: \(line)")
            }
        }
    }
}
