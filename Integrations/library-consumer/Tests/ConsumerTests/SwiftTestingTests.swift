import Foundation
import NavRecTesting
import Testing

/// The UI-test recipe with Swift Testing: the app records with `ScrollRecorder`, the test reads the file.
@Suite("NavRec with Swift Testing")
struct SwiftTestingTests {
    @Test("a healthy session passes")
    func healthy() throws {
        let file = try SimulatedApp.record(id: "fling", behaviors: ["largeTitle"], gestures: [.fling()], in: try SimulatedApp.directory())
        expectNoFindings(in: .file(file), atLeast: .warning)
    }

    @Test("a flapping session fails with a message naming the recording, the finding and its fix")
    func flapping() throws {
        let file = try SimulatedApp.record(id: "hover", behaviors: ["blurHeader"], gestures: [.hover()], in: try SimulatedApp.directory())
        let captured = Captured()
        withKnownIssue {
            expectNoFindings(in: .file(file), atLeast: .warning)
        } matching: { issue in
            captured.append(issue.comments.map(\.rawValue))
            return true
        }
        let messages = captured.messages
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.hasPrefix("navrec: recording \(file.path) has 1 finding at or above warning:\n- session hover (blurHeader), "))
        #expect(message.contains(": error flapping background (computed)\n    background flipped "))
        #expect(message.contains("\n    fix: blurHeader.hysteresis="))

        let analysis = try RecordingAnalyzer().analyze(.file(file))
        let finding = try #require(analysis.sessions.first?.findings.first)
        let fix = try #require(analysis.sessions[0].fix(for: finding))
        #expect(message.contains("    fix: \(fix) (replay proved it removes the finding"))
        expectReplayRemovesFinding(.flapping, signal: "background", in: .file(file), replay: [fix])
    }
}

/// The comments of the issues `withKnownIssue` matched (its matcher is a `@Sendable` closure).
private final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var comments: [String] = []

    func append(_ new: [String]) { lock.withLock { comments += new } }
    var messages: [String] { lock.withLock { comments } }
}
