import Foundation
import Testing

/// Compares output with a golden file in `Golden/`; `NAVREC_RECORD_GOLDEN=1` rewrites the file in
/// the source tree instead (then review the diff and commit it).
enum GoldenFile {
    static func check(_ output: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["NAVREC_RECORD_GOLDEN"] == "1" {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Golden").appendingPathComponent(name)
            try output.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Golden") else {
            Issue.record("missing golden file Golden/\(name); run with NAVREC_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(output == expected, "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
