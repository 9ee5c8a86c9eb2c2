import BarModel
import Foundation
import NavRec
import Recording
import Testing

/// The public library on ANALYSIS.md's worked example: the values `navrec analyze` prints for it
/// (Docs/commands.md), from a file, bytes, items and a `ScrollRecorder` in memory.
@Suite("RecordingAnalyzer")
struct RecordingAnalyzerTests {
    static let hover = [
        #"{"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{}}}}"#,
        #"{"t":0.000,"y":82.0,"phase":"drag"}"#, #"{"t":0.017,"y":85.0,"phase":"drag"}"#,
        #"{"t":0.033,"y":83.0,"phase":"drag"}"#, #"{"t":0.050,"y":86.0,"phase":"drag"}"#,
        #"{"t":0.067,"y":82.5,"phase":"drag"}"#,
    ].joined(separator: "\n") + "\n"

    /// `navrec analyze`'s line for the example (Docs/commands.md "navrec analyze").
    static let hoverLine = #"{"id": "hover-84", "app": null, "screen": null, "device": null, "os": null, "startedAt": null, "scale": null, "appVersion": null, "build": null, "recorderMoving": null, "recorderAtRest": null, "behaviors": ["blurHeader"], "samples": 5, "duration": 0.067, "fps": 60, "hitchTimeRatio": 0.0, "frameJitter": 0.094, "gaps": 0, "gapTime": 0.0, "movingTime": 0.067, "overrunP50": 0.33, "overrunP90": 0.33, "overrunP99": 0.33, "hangsPerMinute": 0.0, "flappingEpisodesPerMinute": 895.522, "flappingTogglesPerMinute": 3582.09, "titleDisagreementPerMinute": 0.0, "jitterFindingsPerMinute": 0.0, "gapFraction": 0.0, "findings": [{"kind": "flapping", "subkind": null, "signal": "background", "source": "computed", "severity": "warning", "start": 0.017, "end": 0.067, "count": 4, "message": "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it", "details": {"yMin": 82.5, "yMax": 86.0, "suggestedHysteresis": 1.0}}]}"#

    static let expected = SessionReport(
        id: "hover-84", behaviors: ["blurHeader"], samples: 5, duration: 0.067, fps: 60,
        metrics: SessionReport.Metrics(
            hitchTimeRatio: 0, frameJitter: 0.094, gaps: 0, gapTime: 0, movingTime: 0.067, overrunP50: 0.33, overrunP90: 0.33,
            overrunP99: 0.33, hangsPerMinute: 0, flappingEpisodesPerMinute: 895.522, flappingTogglesPerMinute: 3582.09,
            titleDisagreementPerMinute: 0, jitterFindingsPerMinute: 0, gapFraction: 0),
        findings: [SessionReport.Finding(
            kind: .flapping, signal: "background", source: .computed, severity: .warning, start: 0.017, end: 0.067, count: 4,
            message: "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it",
            details: ["yMin": .number(82.5), "yMax": .number(86), "suggestedHysteresis": .number(1)])])

    @Test("bytes give exactly the worked example's values, which decode from analyze's line")
    func bytes() throws {
        let analysis = try RecordingAnalyzer().analyze(.data(Data(Self.hover.utf8), name: "hover.ndjson"))
        #expect(analysis == RecordingAnalysis(name: "hover.ndjson", sessions: [Self.expected]))
        #expect(try JSONDecoder().decode(SessionReport.self, from: Data(Self.hoverLine.utf8)) == Self.expected)
        #expect(analysis.worstSeverity == .warning)
        #expect(Self.expected.fix(for: Self.expected.findings[0]) == ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: "1"))
    }

    @Test("a file and its items give the same; a file that cannot be opened throws the command's message")
    func fileAndItems() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "navrec-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "hover.ndjson")
        try Data(Self.hover.utf8).write(to: file)
        #expect(try RecordingAnalyzer().analyze(.file(file)) == RecordingAnalysis(name: file.path, sessions: [Self.expected]))

        let reader = try NDJSONReader(path: file.path, displayName: "hover")
        var items: [RecordingItem] = []
        while let item = try reader.next() { items.append(item) }
        #expect(try RecordingAnalyzer().analyze(.items(items, name: "items")).sessions == [Self.expected])

        let missing = directory.appending(path: "missing.ndjson")
        #expect(throws: NavRecError("\(missing.path): error: cannot open: No such file or directory")) {
            try RecordingAnalyzer().analyze(.file(missing))
        }
    }

    @Test("a bad line costs only its session, as analyze's error line says")
    func badSession() throws {
        let text = Self.hover + #"{"navrec":1,"session":{"id":"bad","app":"Mail","behaviors":{"blurHeader":{}}}}"# + "\n"
            + #"{"t":0.0,"y":"x"}"# + "\n" + Self.hover
        let analysis = try RecordingAnalyzer().analyze(.data(Data(text.utf8), name: "two.ndjson"))
        #expect(analysis.sessions == [Self.expected, Self.expected])
        #expect(analysis.failures == [SessionFailure(
            id: "bad", app: "Mail", startedAt: nil, error: "two.ndjson:8:14: error: 'y' must be a number, found a string")])
    }

    @Test("settings: a replayed hysteresis removes the flapping; detector thresholds apply; bad values throw --set's message")
    func configuration() throws {
        var configuration = AnalysisConfiguration()
        configuration.replay = [ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: 1)]
        let fixed = try RecordingAnalyzer(configuration: configuration).analyze(.data(Data(Self.hover.utf8), name: "h"))
        #expect(fixed.sessions.map(\.findings) == [[]])

        configuration = AnalysisConfiguration()
        configuration.flapping.minToggles = 5
        #expect(try RecordingAnalyzer(configuration: configuration).analyze(.data(Data(Self.hover.utf8), name: "h")).sessions[0].findings == [])

        let parsed = try AnalysisConfiguration(settings: ["flapping.window=0.5", "blurHeader.hysteresis=1.5", "title_mismatch.tolerance=0.2s"])
        var typed = AnalysisConfiguration()
        typed.flapping.window = 0.5
        typed.titleMismatch.tolerance = 0.2
        typed.replay = [ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: 1.5)]
        #expect(parsed == typed)

        #expect(throws: NavRecError("flapping.window must be a positive number, got '0.0'")) {
            var zero = AnalysisConfiguration()
            zero.flapping.window = 0
            _ = try RecordingAnalyzer(configuration: zero).analyze(.data(Data(Self.hover.utf8), name: "h"))
        }
        #expect(throws: NavRecError(
            "unknown key 'flapping.windw'; known: flapping.window, flapping.minToggles, flapping.hysteresisStep, flapping.maxHysteresis, flapping.swipeDistanceStep, flapping.maxSwipeDistance, jitter.window, jitter.minReversals, jitter.epsilon, jitter.fractionEpsilon, hitch.factor, hitch.warning, hitch.error, title_mismatch.margin, title_mismatch.tolerance, title_mismatch.errorAfter (did you mean 'flapping.window'?)")) {
            try AnalysisConfiguration(settings: ["flapping.windw=1"])
        }
    }

    @Test("a ScrollRecorder writing into a MemoryRecording is analysed in-process")
    func memoryRecording() throws {
        let memory = MemoryRecording(name: "memory")
        let recorder = ScrollRecorder(
            header: SessionHeader(id: "hover", metadata: SessionMetadata(fps: 60), behaviors: try BehaviorSet([("blurHeader", [])])),
            sink: memory)
        // A finger resting on the blur threshold (84 pt), wobbling 2 pt every other frame.
        var time = 100.0
        for frame in 0..<60 {
            time += 1.0 / 60
            let y = 84 + (frame % 2 == 0 ? 1.5 : -1.5)
            recorder.tick(RecorderTick(timestamp: time, targetTimestamp: time + 1.0 / 60, contentOffsetY: y - 91, insetTop: 91,
                                       contentHeight: 5000, boundsHeight: 844, isTracking: true, isDragging: true, isDecelerating: false))
        }
        try recorder.finish()
        #expect(memory.sessionIDs == ["hover"])
        let session = try #require(try RecordingAnalyzer().analyze(memory.source).sessions.first)
        let finding = try #require(session.findings.first)
        #expect(session.recorderMoving == "everyFrame")
        #expect(session.recorderAtRest == "changes")
        #expect(finding.kind == .flapping)
        #expect(finding.signal == "background")
        #expect(finding.severity == .error)
        #expect(session.fix(for: finding)?.description == "blurHeader.hysteresis=1.5")
    }
}
