import Foundation
import Testing

/// Issue 37, item 4: the use cases do not depend back on the command line. No file in
/// `NavRecCommands/UseCases/` imports ArgumentKit or names a type the command layer declares
/// (every top-level type of `NavRecCommands/Commands/` and of ArgumentKit, read from the sources,
/// so a new command type is covered without editing this test); use cases throw ``UseCaseError``
/// and write through ``TextWriter``, which the command layer maps.
@Suite("Use cases know nothing of the command layer")
struct UseCaseLayerTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources")

    /// The Swift files under `directory`, recursively.
    static func swiftFiles(in directory: URL) throws -> [URL] {
        let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The names of the types declared at the top level of `files` (not nested ones: those are
    /// reached through their parent's name).
    static func declaredTypes(in files: [URL]) throws -> Set<String> {
        let declaration = try Regex(
            #"^(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                    names.insert(String(name))
                }
            }
        }
        return names
    }

    @Test("no UseCases file imports ArgumentKit or names a type of Commands/ or ArgumentKit, comments included")
    func noCommandTypes() throws {
        let commandTypes = try Self.declaredTypes(in: Self.swiftFiles(in: Self.sources.appending(path: "NavRecCommands/Commands"))
            + Self.swiftFiles(in: Self.sources.appending(path: "ArgumentKit")))
        // The reader works: the types the issue names are among them.
        for name in ["CommandError", "Output", "CommandContext", "ParsedArguments", "UsageError", "ExitCode"] {
            #expect(commandTypes.contains(name), "\(name) not found among the command layer's types")
        }
        let useCases = try Self.swiftFiles(in: Self.sources.appending(path: "NavRecCommands/UseCases"))
        #expect(useCases.count > 10)
        let word = try Regex("[A-Za-z_][A-Za-z0-9_]*")
        var offences: [String] = []
        for file in useCases {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.contains("import ") {
                    // A module's name is no type (the NavRec library shares the dispatcher's name).
                    if line.contains("import ArgumentKit") { offences.append("\(file.lastPathComponent):\(number + 1): imports ArgumentKit") }
                    continue
                }
                let named = Set(line.matches(of: word).map { String(line[$0.range]) }).intersection(commandTypes)
                for name in named.sorted() {
                    offences.append("\(file.lastPathComponent):\(number + 1): names \(name)")
                }
            }
        }
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
    }
}
