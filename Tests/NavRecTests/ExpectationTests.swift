import Foundation
import NavRec
import NavRecTesting
import Testing

/// The test helpers' checks and messages, on ANALYSIS.md's worked example (one flapping warning).
@Suite("Test helpers")
struct ExpectationTests {
    static let hover = RecordingSource.data(Data(RecordingAnalyzerTests.hover.utf8), name: "Recordings/hover.ndjson")
    static let fix = [ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: 1)]

    @Test("no finding at or above: the message names the recording and each finding's time, kind, message, evidence and fix")
    func noFindingsMessage() {
        #expect(RecordingCheck.noFindings(in: Self.hover, atLeast: .warning) == """
            navrec: recording Recordings/hover.ndjson has 1 finding at or above warning:
            - session hover-84 (blurHeader), 0.02–0.07 s: warning flapping background (computed)
                background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it
                evidence: suggestedHysteresis 1, yMax 86, yMin 82.5
                fix: blurHeader.hysteresis=1 (replay proved it removes the finding; declare it in the app, or --set blurHeader.hysteresis=1)
            """)
        #expect(RecordingCheck.noFindings(in: Self.hover, atLeast: .error) == nil)
        var fixed = AnalysisConfiguration()
        fixed.replay = Self.fix
        #expect(RecordingCheck.noFindings(in: Self.hover, configuration: fixed) == nil)
    }

    @Test("no session, a bad session, or a file that cannot be opened fail too")
    func unreadable() {
        #expect(RecordingCheck.noFindings(in: .data(Data(), name: "empty")) == "navrec: recording empty has no session")
        let bad = #"{"navrec":1,"session":{"id":"bad","behaviors":{"blurHeader":{}}}}"# + "\n" + #"{"t":0.0,"y":"x"}"# + "\n"
        #expect(RecordingCheck.noFindings(in: .data(Data(bad.utf8), name: "bad")) == """
            navrec: recording bad has 1 session that could not be read:
            - bad:2:14: error: 'y' must be a number, found a string
            """)
        #expect(RecordingCheck.noFindings(in: .file(URL(filePath: "/nonexistent/x.ndjson")))
            == "navrec: cannot analyse recording /nonexistent/x.ndjson: /nonexistent/x.ndjson: error: cannot open: No such file or directory")
    }

    @Test("a replay removes a finding: holds for the suggested fix; says what is left or that there was nothing")
    func replayRemoves() {
        #expect(RecordingCheck.replayRemovesFinding(.flapping, signal: "background", in: Self.hover, replay: Self.fix) == nil)
        let tooSmall = [ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: 0.5)]
        #expect(RecordingCheck.replayRemovesFinding(.flapping, in: Self.hover, replay: tooSmall) == """
            navrec: replaying recording Recordings/hover.ndjson with blurHeader.hysteresis=0.5 leaves 1 flapping finding:
            - session hover-84 (blurHeader), 0.02–0.07 s: warning flapping background (computed)
                background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it
                evidence: suggestedHysteresis 1, yMax 86, yMin 82.5
                fix: blurHeader.hysteresis=1 (replay proved it removes the finding; declare it in the app, or --set blurHeader.hysteresis=1)
            """)
        #expect(RecordingCheck.replayRemovesFinding(.jitter, in: Self.hover, replay: Self.fix)
            == "navrec: recording Recordings/hover.ndjson has no jitter finding for blurHeader.hysteresis=1 to remove")
    }

    @Test("the Swift Testing expectations record the check's message as the issue's comment")
    func swiftTesting() {
        expectNoFindings(in: Self.hover, atLeast: .error)
        expectReplayRemovesFinding(.flapping, in: Self.hover, replay: Self.fix)
        withKnownIssue {
            expectNoFindings(in: Self.hover)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [RecordingCheck.noFindings(in: Self.hover)!]
        }
    }
}
