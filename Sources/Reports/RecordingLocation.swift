/// Where a session's findings are in its recording, for formats that point into files (SARIF).
package struct RecordingLocation: Sendable, Hashable {
    /// The recording's path relative to the source root (`Recordings/album.ndjson`), percent-encoded
    /// as a URI path; SARIF resolves it against `%SRCROOT%`. Never absolute, never with `..`.
    package var uri: String
    /// Per finding of the session, in order: the 1-based line of its first sample, `nil` when the
    /// session was imported before navrec kept line numbers or the path is a placeholder.
    package var findingLines: [Int?]

    package init(uri: String, findingLines: [Int?]) {
        self.uri = uri
        self.findingLines = findingLines
    }

    /// The directory of placeholder paths.
    package static let placeholderDirectory = "navrec-sessions"

    /// The location of a session with no file under the source root (standard input without
    /// `--stdin-name`, `navrec demo`'s built-in sessions, a file outside the root):
    /// `navrec-sessions/ID.ndjson`, the id percent-encoded, without lines. GitHub takes such a
    /// result (a code-scanning result must have a location) and shows it without a code view.
    package static func placeholder(sessionID: String) -> RecordingLocation {
        RecordingLocation(uri: placeholderDirectory + "/" + percentEncoded(sessionID) + ".ndjson", findingLines: [])
    }

    /// `text` percent-encoded: letters, digits, `-` and `_` kept, every other byte as `%XX`; as one
    /// path segment (a session id) `.`, `~` and `/` too, so the id cannot make a `..` or a
    /// directory; with `keepingSlashes` (a path already checked to have no `..`) they are kept.
    package static func percentEncoded(_ text: String, keepingSlashes: Bool = false) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result += keepingSlashes ? String(Unicode.Scalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
