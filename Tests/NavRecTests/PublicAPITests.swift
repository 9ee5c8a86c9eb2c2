import Foundation
import Testing

/// The public API of the `NavRec` and `NavRecTesting` products, parsed from their sources, must
/// equal `PublicAPI.txt`: a change to it is deliberate (update the file with
/// `NAVREC_RECORD_API=1 swift test --filter PublicAPITests`), and every public declaration has a
/// doc comment.
@Suite("Public API")
struct PublicAPITests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshot = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "PublicAPI.txt")

    /// `FILE: DECLARATION` for each public declaration (its signature up to `{` or `=`, one line,
    /// indented as in the source), files in path order; and the declarations without a doc comment.
    static func declarations() throws -> (api: [String], undocumented: [String]) {
        var api: [String] = []
        var undocumented: [String] = []
        for target in ["NavRec", "NavRecTesting"] {
            let directory = root.appending(path: "Sources/\(target)")
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }.sorted() ?? []
            for file in files {
                let lines = try String(contentsOf: directory.appending(path: file), encoding: .utf8).components(separatedBy: "\n")
                var index = 0
                // The indentation of the enum whose cases are being read, when it is public.
                var publicEnumIndent: Int?
                while index < lines.count {
                    let line = lines[index]
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    let indent = line.prefix { $0 == " " }.count
                    if trimmed.contains("enum "), !trimmed.hasPrefix("///") {
                        publicEnumIndent = trimmed.hasPrefix("public ") ? indent : nil
                    }
                    let isCase = trimmed.hasPrefix("case ") && !trimmed.hasPrefix("case .") && indent == (publicEnumIndent ?? -1) + 4
                    guard trimmed.hasPrefix("public ") || trimmed.hasPrefix("@_exported ") || isCase, !trimmed.hasPrefix("public import ") else {
                        index += 1
                        continue
                    }
                    // The signature: up to the body's `{` or a stored property's `=`, with the
                    // lines of a multi-line parameter list joined.
                    var signature = trimmed
                    var depth = signature.filter { $0 == "(" }.count - signature.filter { $0 == ")" }.count
                    var next = index + 1
                    while depth > 0, next < lines.count {
                        let more = lines[next].trimmingCharacters(in: .whitespaces)
                        signature += (signature.hasSuffix("(") || more.hasPrefix(")") ? "" : " ") + more
                        depth += more.filter { $0 == "(" }.count - more.filter { $0 == ")" }.count
                        next += 1
                    }
                    if let brace = signature.range(of: " {") { signature = String(signature[..<brace.lowerBound]) }
                    if let assignment = signature.range(of: " = "), signature.hasPrefix("public var") || signature.hasPrefix("public let") {
                        signature = String(signature[..<assignment.lowerBound])
                    }
                    let entry = "\(target)/\(file): \(String(repeating: " ", count: indent))\(signature)"
                    api.append(entry)
                    var previous = index - 1
                    while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                    if previous < 0 || !lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///") { undocumented.append(entry) }
                    index = next
                }
            }
        }
        return (api, undocumented)
    }

    @Test("the public declarations are PublicAPI.txt's, each with a doc comment")
    func snapshot() throws {
        let (api, undocumented) = try Self.declarations()
        let text = api.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["NAVREC_RECORD_API"] != nil {
            try text.write(to: Self.snapshot, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: Self.snapshot, encoding: .utf8)
        #expect(text == recorded, "the public API changed; if deliberate, NAVREC_RECORD_API=1 swift test --filter PublicAPITests and review the diff of Tests/NavRecTests/PublicAPI.txt")
        #expect(undocumented == [])
        #expect(api.count > 50)
    }

    @Test("the library imports nothing an iOS or macOS test target lacks")
    func portableImports() throws {
        var imports: Set<String> = []
        for target in ["NavRec", "NavRecTesting"] {
            let directory = Self.root.appending(path: "Sources/\(target)")
            for file in FileManager.default.enumerator(atPath: directory.path)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
                for line in text.components(separatedBy: "\n") where line.contains("import ") && !line.hasPrefix("///") && !line.hasPrefix("//") {
                    if let name = line.components(separatedBy: "import ").last?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
                        imports.insert(name)
                    }
                }
            }
        }
        #expect(imports == ["Analyzer", "BarModel", "Foundation", "NavRec", "Recording", "Testing", "XCTest"])
    }
}
