import Foundation

/// A fresh directory per test, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "navrec-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appending(path: name).path }

    /// Writes `lines` joined by newlines to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ lines: [String]) throws -> String {
        let path = path(name)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
