public import Foundation

/// A ``RecordingSink`` that writes each session to its own file, `ID.ndjson` in a directory the
/// app chooses (created if missing): the files a team collects and uploads — which is the app's
/// business (for example on the next launch, or from `BGTaskScheduler`), as is deleting them after.
///
/// Characters other than letters, digits, `-`, `_` and `.` in an id become `_` in the file name; a
/// name already taken gets `-2`, `-3`, … before `.ndjson`. Only whole lines are written, so a file
/// always ends with a complete line, even when the app is killed between two writes.
public final class RecordingDirectory: RecordingSink {
    /// The directory the files go to.
    public let url: URL
    /// The files written so far and the one open: the recorder's writer thread writes, any thread
    /// may ask for ``files``.
    private let state = Locked((files: [URL](), handle: FileHandle?.none))

    /// Files written so far, oldest first.
    public var files: [URL] { state.withLock { $0.files } }

    public init(_ url: URL) {
        self.url = url
    }

    public func begin(sessionID id: String) throws {
        try end()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let base = String(id.unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        })
        var file = url.appending(path: base + ".ndjson")
        var suffix = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = url.appending(path: "\(base)-\(suffix).ndjson")
            suffix += 1
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        state.withLock { $0 = ($0.files + [file], handle) }
    }

    public func write(_ text: String) throws {
        try state.withLock { try $0.handle?.write(contentsOf: Data(text.utf8)) }
    }

    public func end() throws {
        guard let handle = state.withLock({ state in defer { state.handle = nil }; return state.handle }) else { return }
        try handle.synchronize()
        try handle.close()
    }
}
