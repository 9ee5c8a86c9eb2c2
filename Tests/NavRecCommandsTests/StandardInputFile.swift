import Foundation

/// Bytes for a child's standard input, in an unlinked temporary file: the child reads them to the
/// end and then sees end of file, as from a pipe, but nothing the test process writes can fail.
struct StandardInputFile {
    let handle: FileHandle

    init(_ data: Data) throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "navrec-stdin-\(UUID().uuidString)")
        try data.write(to: url)
        handle = try FileHandle(forReadingFrom: url)
        // The open descriptor keeps the file; nothing is left behind.
        try FileManager.default.removeItem(at: url)
    }
}
