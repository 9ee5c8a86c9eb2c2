import Foundation
import NavRecTesting
import XCTest

/// The UI-test recipe with XCTest. The failing case's failure is captured (not recorded) to check
/// its message: `XCTExpectFailure` is not in swift-corelibs-xctest.
final class XCTestTests: XCTestCase {
    private var captured: [String]?

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if captured != nil { captured!.append(issue.compactDescription) } else { super.record(issue) }
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured!.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    func testHealthySessionPasses() throws {
        let file = try SimulatedApp.record(id: "fling", behaviors: ["largeTitle"], gestures: [.fling()], in: try SimulatedApp.directory())
        XCTAssertNoFindings(in: .file(file), atLeast: .warning)
    }

    func testFlappingSessionFailsNamingTheFindingAndItsFix() throws {
        let file = try SimulatedApp.record(id: "hover", behaviors: ["blurHeader"], gestures: [.hover()], in: try SimulatedApp.directory())
        captured = []
        XCTAssertNoFindings(in: .file(file), atLeast: .warning)
        let failures = captured ?? []
        captured = nil
        XCTAssertEqual(failures.count, 1)
        let message = failures.first ?? ""
        XCTAssertTrue(message.contains("navrec: recording \(file.path) has 1 finding at or above warning:"), message)
        XCTAssertTrue(message.contains(": error flapping background (computed)\n    background flipped "), message)
        XCTAssertTrue(message.contains("\n    fix: blurHeader.hysteresis="), message)
        let check = try XCTUnwrap(RecordingCheck.noFindings(in: .file(file)))
        XCTAssertTrue(message.hasSuffix(check), "XCTFail's description ends with the check's message: \(message)")

        let session = try XCTUnwrap(try RecordingAnalyzer().analyze(.file(file)).sessions.first)
        let fix = try XCTUnwrap(session.findings.first.flatMap(session.fix(for:)))
        XCTAssertReplayRemovesFinding(.flapping, signal: "background", in: .file(file), replay: [fix])
    }
}
