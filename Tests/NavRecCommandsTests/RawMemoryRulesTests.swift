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

    /// Public classes still `@unchecked Sendable` (a lock guards their state), to be made checked
    /// when the deployment targets allow `Mutex` (issue 37, item 3, left).
    static let uncheckedSendable = [
        "NavRec/RecordingAnalyzer.swift", "Recording/Recorder/ScrollRecorder.swift", "Recording/Recorder/RecordingDirectory.swift",
    ]

    /// What is left of issue 37's item 3, each a file and what it still names: the SHA-256 stream
    /// takes the content hasher's lines by pointer (a `Span` needs iOS 12.2 and macOS 10.14.4), and
    /// a file name's exact bytes are handed to the C library as `String.withCString` hands a
    /// string's (C interop by nature, issue 39). Shrink this list; grow it only for such interop.
    static let left: [String: String] = [
        "TextTools/SHA256Stream.swift": "UnsafeRawBufferPointer",
        "TextTools/FileName.swift": "UnsafePointer<CChar>",
    ]

    /// Whether `text` in `path` is one of the ``left`` cases.
    static func isLeft(_ path: String, _ text: Substring) -> Bool {
        guard let word = left[path] else { return false }
        return word.isEmpty || text.contains(word)
    }

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

    @Test("no public or package declaration outside Store/ and BarModel's block names raw memory")
    func moduleAPIs() throws {
        for (path, lines) in try Self.files() where !Self.pointerHomes.contains(where: path.hasPrefix) {
            for (line, text) in Self.declarations(lines) where text.contains(Self.words) {
                if Self.uncheckedSendable.contains(path), text.contains("@unchecked Sendable"), !text.contains(/Unsafe|Unmanaged|@exclusivity/) {
                    continue
                }
                if Self.isLeft(path, Substring(text)) { continue }
                Issue.record("Sources/\(path):\(line): raw memory in a module's API:\(text)")
            }
        }
    }

    @Test("what is left names only what it is listed with")
    func leftIsCurrent() throws {
        let files = try Self.files()
        for path in Self.left.keys.sorted() {
            let lines = files.first { $0.path == path }?.lines ?? []
            #expect(lines.contains { $0.contains(Self.words) }, "Sources/\(path) names no raw memory any more: take it off the list")
        }
    }

    @Test("the command layer names no raw memory")
    func commandLayer() throws {
        for (path, lines) in try Self.files() where path.hasPrefix("NavRecCommands/") {
            for (index, line) in lines.enumerated()
            where line.contains(Self.words) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && !Self.isLeft(path, line) {
                Issue.record("Sources/\(path):\(index + 1): raw memory in the command layer: \(line)")
            }
        }
    }
}
