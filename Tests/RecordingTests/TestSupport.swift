import BarModel
import Foundation
import Recording

/// A fresh temporary directory per test (Swift Testing runs tests in parallel), removed on deinit.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("navrec-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` in the directory and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `text` as UTF-8.
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }
}

/// Everything a reader returned before the end or the first error.
struct ReadResult {
    var items: [RecordingItem] = []
    var error: RecordingError?

    var headers: [SessionHeader] {
        items.compactMap { if case .header(let header) = $0 { header } else { nil } }
    }
    var samples: [ScrollSampleWithBar] {
        items.compactMap { if case .sample(let sample, let bar) = $0 { ScrollSampleWithBar(sample: sample, bar: bar) } else { nil } }
    }
    var summaries: [SessionSummary] {
        items.compactMap { if case .endOfSession(let summary) = $0 { summary } else { nil } }
    }
}

/// A sample with its observed bar state, comparable in tests.
struct ScrollSampleWithBar: Equatable {
    var sample: ScrollSample
    var bar: BarState?
}

/// Reads an NDJSON file to the end (or the first error).
func readNDJSON(_ path: String, name: String = "test.ndjson") -> ReadResult {
    var result = ReadResult()
    do {
        let reader = try NDJSONReader(path: path, displayName: name)
        while let item = try reader.next() { result.items.append(item) }
    } catch {
        result.error = error
    }
    return result
}

/// Reads NDJSON text through a file in `directory`.
func readNDJSON(text: String, in directory: TemporaryDirectory, name: String = "test.ndjson") throws -> ReadResult {
    readNDJSON(try directory.write(name, text), name: name)
}

/// Reads a CSV file to the end (or the first error).
func readCSV(_ path: String, name: String = "test.csv", header: SessionHeader) -> ReadResult {
    var result = ReadResult()
    do {
        let reader = try CSVReader(path: path, displayName: name, header: header)
        while let item = try reader.next() { result.items.append(item) }
    } catch {
        result.error = error
    }
    return result
}

/// The header line most tests start with.
let largeTitleHeader = #"{"navrec":1,"session":{"behaviors":{"largeTitle":{}}}}"#
