#if canImport(Testing)
public import NavRec
public import Testing

/// Records an issue unless every session of `source` was read and has no finding of `severity`
/// or worse; the issue's comment names the recording and, for each finding, its session, time,
/// kind, message, evidence and fix (``RecordingCheck/noFindings(in:atLeast:configuration:)``).
///
/// ```swift
/// @Test func albumScrollsCleanly() throws {
///     expectNoFindings(in: .file(recordingURL), atLeast: .warning)
/// }
/// ```
public func expectNoFindings(
    in source: RecordingSource, atLeast severity: SessionReport.Finding.Severity = .warning,
    configuration: AnalysisConfiguration = AnalysisConfiguration(), sourceLocation: SourceLocation = #_sourceLocation
) {
    if let message = RecordingCheck.noFindings(in: source, atLeast: severity, configuration: configuration) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// Records an issue unless replaying `source` with `replay` removes its `kind` findings (of
/// `signal`, when given): without the replay it has one, with it none
/// (``RecordingCheck/replayRemovesFinding(_:signal:in:replay:configuration:)``).
///
/// ```swift
/// expectReplayRemovesFinding(.flapping, signal: "background", in: .file(recordingURL),
///                            replay: [ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: 2)])
/// ```
public func expectReplayRemovesFinding(
    _ kind: SessionReport.Finding.Kind, signal: String? = nil, in source: RecordingSource, replay: [ParameterReplay],
    configuration: AnalysisConfiguration = AnalysisConfiguration(), sourceLocation: SourceLocation = #_sourceLocation
) {
    if let message = RecordingCheck.replayRemovesFinding(kind, signal: signal, in: source, replay: replay, configuration: configuration) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
#endif
