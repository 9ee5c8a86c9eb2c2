import BarModel
import Foundation
@testable import Recording
import Testing

/// `NDJSONReader.resumeAtNextHeader()`: after a bad line, reading goes on at the next session
/// header (what `navrec analyze` relies on), also after an over-long line; an I/O error cannot be resumed.
@Suite("NDJSON reader: resuming after a bad session")
struct ResumeTests {
    static let header = #"{"navrec":1,"session":{"id":"ID","behaviors":{"blurHeader":{}}}}"#

    /// Ids of the sessions read to the end, and the lines of the errors met, resuming after each.
    func readResuming(_ text: String, maxLineLength: Int = 64 << 20) throws -> (ended: [String], errors: [Int], resumed: [Bool]) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("r.ndjson", text)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let reader = NDJSONReader(fileDescriptor: descriptor, displayName: "r", bufferSize: 64, maxLineLength: maxLineLength)
        var ended: [String] = [], errors: [Int] = [], resumed: [Bool] = []
        var current: String?
        while true {
            do {
                guard let item = try reader.next() else { break }
                if case .header(let header) = item { current = header.id }
                if case .endOfSession = item { ended.append(current ?? "?") }
            } catch {
                errors.append(error.line)
                let again = reader.resumeAtNextHeader()
                resumed.append(again)
                if !again { break }
            }
        }
        return (ended, errors, resumed)
    }

    @Test("a bad sample skips the rest of its session; a bad header is a failed session of its own")
    func resumesAtNextHeader() throws {
        let text = [
            Self.header.replacingOccurrences(of: "ID", with: "a"), #"{"t":0,"y":1}"#,
            Self.header.replacingOccurrences(of: "ID", with: "b"), #"{"t":0,"y":"x"}"#, #"{"t":1,"y":2}"#, #"{"t":0.5,"y":2}"#,
            #"{"navrec":1,"session":{"id":"c","behaviors":{"nope":{}}}}"#, #"{"t":0,"y":1}"#,
            Self.header.replacingOccurrences(of: "ID", with: "d"), #"{"t":0,"y":1}"#, #"{"t":0.1,"y":2}"#,
        ].joined(separator: "\n") + "\n"
        let result = try readResuming(text)
        #expect(result.ended == ["a", "d"])
        #expect(result.errors == [4, 7])
        #expect(result.resumed == [true, true])
    }

    @Test("an over-long line fails its session only: it is skipped unread and reading goes on at the next header")
    func overLongLineResumes() throws {
        let long = #"{"t":1,"y":1,"pad":""# + String(repeating: "x", count: 300) + "\"}"
        let text = [
            Self.header.replacingOccurrences(of: "ID", with: "a"), #"{"t":0,"y":1}"#, long, #"{"t":2,"y":1}"#, long,
            Self.header.replacingOccurrences(of: "ID", with: "b"), #"{"t":0,"y":1}"#,
            long, Self.header.replacingOccurrences(of: "ID", with: "c"), #"{"t":0,"y":1}"#,
        ].joined(separator: "\n")
        let result = try readResuming(text, maxLineLength: 200)
        // Line 5, over-long inside the failed session a, is skipped with it; line 8 fails session b.
        #expect(result.errors == [3, 8])
        #expect(result.resumed == [true, true])
        #expect(result.ended == ["c"])
    }
}
