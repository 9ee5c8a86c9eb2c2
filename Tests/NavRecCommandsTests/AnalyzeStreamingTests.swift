import Foundation
import Synchronization
import Testing

/// `navrec analyze -` streams (issue 27 item 6): a reader at the other end of a pipe gets each
/// session's line as soon as the session's last line has been read, not when 64 KB have gathered
/// or the input ends.
@Suite("navrec analyze streams through a pipe, end to end")
struct AnalyzeStreamingTests {
    /// Lines read from the process's stdout so far, collected on a background thread.
    final class LineCollector: Sendable {
        private let lines = Mutex<[String]>([])

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                var pending = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending = Data(pending[(newline + 1)...])
                        lines.withLock { $0.append(line) }
                    }
                }
            }
        }

        var count: Int { lines.withLock { $0.count } }
        var all: [String] { lines.withLock { $0 } }

        /// Waits up to `seconds` for `count` lines; returns whether they came.
        func wait(for count: Int, seconds: Double) -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while self.count < count, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
            return self.count >= count
        }
    }

    static func session(_ id: String) -> [String] {
        [#"{"navrec":1,"session":{"id":"\#(id)","fps":60,"behaviors":{"largeTitle":{}}}}"#]
            + (0..<5).map { #"{"t":\#(Double($0) / 60),"y":\#($0 * 3),"phase":"drag"}"# }
    }

    @Test("a slow writer: each session's line comes out before the next session has ended")
    func slowWriter() throws {
        let process = Process()
        process.executableURL = NavRecBinary.url
        process.arguments = ["analyze", "-"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let collector = LineCollector(output.fileHandleForReading)
        func send(_ lines: [String]) { input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }

        // Session a, then b's header and first samples: a has ended, b has not.
        send(Self.session("a") + Self.session("b").prefix(3))
        #expect(collector.wait(for: 1, seconds: 30), "a's line did not come while b was still being written")
        #expect(collector.all.first?.contains(#""id": "a""#) == true, "\(collector.all)")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(collector.count == 1, "b has not ended yet: \(collector.all)")

        // The rest of b and c's header: b's line comes while c is open.
        send(Array(Self.session("b").dropFirst(3)) + Self.session("c").prefix(2))
        #expect(collector.wait(for: 2, seconds: 30), "b's line did not come while c was still being written")
        #expect(collector.all.last?.contains(#""id": "b""#) == true, "\(collector.all)")

        send(Array(Self.session("c").dropFirst(2)))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(collector.wait(for: 3, seconds: 30))
        #expect(collector.all.map { $0.contains(#""findings": "#) } == [true, true, true], "\(collector.all)")
    }
}
