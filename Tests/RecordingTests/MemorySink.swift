import Foundation
import Recording

/// A ``RecordingSink`` that keeps what it is given, optionally stalling each write (a slow disk).
final class MemorySink: RecordingSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recordings: [(id: String, text: String)] = []
    private var writes: [String] = []
    let stall: Double

    init(stall: Double = 0) {
        self.stall = stall
    }

    func begin(sessionID id: String) throws {
        lock.withLock { recordings.append((id, "")) }
    }

    func write(_ text: String) throws {
        if stall > 0 { Thread.sleep(forTimeInterval: stall) }
        lock.withLock {
            recordings[recordings.count - 1].text += text
            writes.append(text)
        }
    }

    func end() throws {}

    /// Each recording's id and text, in order.
    var sessions: [(id: String, text: String)] { lock.withLock { recordings } }
    /// Every text handed over by one `write`.
    var handedOver: [String] { lock.withLock { writes } }
    /// The lines of every recording, header lines included.
    var lines: [String] { sessions.flatMap { $0.text.split(separator: "\n").map(String.init) } }
}
