#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File names as the file system has them: bytes, not necessarily UTF-8.
///
/// A Swift `String` holds only Unicode, and `CommandLine.arguments` replaces every byte that is
/// not UTF-8 by U+FFFD, so `navrec import $'caf\xe9.ndjson'` looked for a file named `caf�.ndjson`
/// ("no such file", issue 39 item 11). Here such a byte B (0x80–0xFF) becomes the code point
/// U+10FF00 + B, the last 128 code points of Supplementary Private Use Area-B, as Python's
/// `surrogateescape` does with lone surrogates (which a `String` cannot hold). A real U+10FF80–
/// U+10FFFF in a name is escaped byte by byte too, so ``bytes(of:)`` gives back exactly the bytes
/// ``string(fromBytes:)`` was given, and a name that is UTF-8 is the same `String` as before.
/// Messages show an escaped byte as `\xE9` (``escapedByte(_:)``, used by `TerminalText`).
public enum FileName {
    /// The first code point standing for a byte; byte B is `base + B`.
    private static let base: UInt32 = 0x10FF00

    /// The byte `scalar` stands for, or nil when it is an ordinary character.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= base + 0x80 ? UInt8(scalar.value - base) : nil
    }

    /// `bytes` (a NUL-free file name) as a `String`: UTF-8 decoded, every other byte escaped.
    public static func string<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if index + length <= bytes.count, let text = String(validating: bytes[index..<index + length], as: UTF8.self),
               let scalar = text.unicodeScalars.first, escapedByte(scalar) == nil {
                result.append(scalar)
                index += length
            } else {
                result.append(Unicode.Scalar(base + UInt32(lead))!)
                index += 1
            }
        }
        return String(result)
    }

    /// `path` with symbolic links and `.`/`..` resolved (`realpath`), its bytes kept; nil when
    /// it does not resolve (a missing file, a loop).
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(cString(path), nil) else { return nil }
        defer { free(resolved) }
        return string(fromBytes: UnsafeBufferPointer(start: resolved, count: strlen(resolved)).lazy.map { UInt8(bitPattern: $0) })
    }

    /// The bytes `name` stands for: UTF-8, with each escaped byte put back.
    public static func bytes(of name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) { bytes.append(byte) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// `name`'s bytes, NUL-terminated: what `open`, `stat` and SQLite take (an array passes to a C
    /// function as its pointer, so no pointer is handed out; a file is opened far less often than
    /// the copy would matter).
    public static func cString(_ name: String) -> [CChar] {
        bytes(of: name).map { CChar(bitPattern: $0) } + [0]
    }
}
