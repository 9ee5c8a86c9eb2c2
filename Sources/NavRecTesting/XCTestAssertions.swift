#if canImport(XCTest)
public import NavRec
internal import XCTest

/// Fails the XCTest test unless every session of `source` was read and has no finding of
/// `severity` or worse; the failure names the recording and, for each finding, its session, time,
/// kind, message, evidence and fix (``RecordingCheck/noFindings(in:atLeast:configuration:)``).
///
/// ```swift
/// func testAlbumScrollsCleanly() {
///     XCTAssertNoFindings(in: .file(recordingURL), atLeast: .warning)
/// }
/// ```
public func XCTAssertNoFindings(
    in source: RecordingSource, atLeast severity: SessionReport.Finding.Severity = .warning,
    configuration: AnalysisConfiguration = AnalysisConfiguration(), file: StaticString = #filePath, line: UInt = #line
) {
    if let message = RecordingCheck.noFindings(in: source, atLeast: severity, configuration: configuration) {
        XCTFail(message, file: file, line: line)
    }
}

/// Fails the XCTest test unless replaying `source` with `replay` removes its `kind` findings (of
/// `signal`, when given): without the replay it has one, with it none
/// (``RecordingCheck/replayRemovesFinding(_:signal:in:replay:configuration:)``).
public func XCTAssertReplayRemovesFinding(
    _ kind: SessionReport.Finding.Kind, signal: String? = nil, in source: RecordingSource, replay: [ParameterReplay],
    configuration: AnalysisConfiguration = AnalysisConfiguration(), file: StaticString = #filePath, line: UInt = #line
) {
    if let message = RecordingCheck.replayRemovesFinding(kind, signal: signal, in: source, replay: replay, configuration: configuration) {
        XCTFail(message, file: file, line: line)
    }
}
#endif
