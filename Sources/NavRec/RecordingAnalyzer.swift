public import Foundation
public import Recording
internal import Analyzer
internal import BarModel

/// Where a recording comes from: a file, its bytes, or items in memory.
public enum RecordingSource: Sendable {
    /// An NDJSON recording file (Docs/recording-format.md), any number of sessions; what
    /// ``ScrollRecorder`` writes into a ``RecordingDirectory``. The path names it in messages.
    case file(URL)
    /// An NDJSON recording's bytes (what a ``MemoryRecording`` collected); `name` names it in messages.
    case data(Data, name: String)
    /// Recording items in memory, as a ``RecordingReader`` returns them; `name` names them in messages.
    case items([RecordingItem], name: String)

    /// The name messages use: the file's path, or the given name.
    public var name: String {
        switch self {
        case .file(let url): url.isFileURL ? url.path : url.absoluteString
        case .data(_, let name), .items(_, let name): name
        }
    }
}

/// Analyses recordings in-process — no command line, no database — with the reading, models and
/// detectors of `navrec analyze`, so its ``SessionReport``s are the values of `analyze`'s JSON
/// lines and the findings `navrec import` + `navrec report` give (the command runs this same core).
///
/// ```swift
/// let analysis = try RecordingAnalyzer().analyze(.file(recordingURL))
/// for session in analysis.sessions {
///     for finding in session.findings where finding.severity == .error { print(finding.message) }
/// }
/// ```
///
/// Not tied to a thread: each call reads its own source; a session is held in memory up to
/// 16,384 frames and beyond that in an unlinked temporary file.
public struct RecordingAnalyzer: Sendable {
    /// The detector thresholds and replayed behaviour parameters, as `--set` gives them.
    public var configuration: AnalysisConfiguration

    /// An analyzer with `configuration` (by default `navrec analyze`'s, without `--set`).
    public init(configuration: AnalysisConfiguration = AnalysisConfiguration()) {
        self.configuration = configuration
    }

    /// Analyses every session of `source`.
    ///
    /// A session with a bad line is a ``RecordingAnalysis/failures`` entry, as `navrec analyze`
    /// prints an error line for it, and reading goes on at the next session header.
    ///
    /// - Throws: ``NavRecError`` when a file cannot be opened, or a configuration value is invalid.
    public func analyze(_ source: RecordingSource) throws -> RecordingAnalysis {
        let settings = try configuration.analyzerSettings()
        let reader: any RecordingReader
        switch source {
        case .file(let url):
            do {
                let file = try NDJSONReader(path: url.path, displayName: source.name)
                file.legacyContentIDs = false  // an analysis stores nothing, so never needs it
                file.namedSessionContentIDs = false  // a session's report names it by its id
                reader = file
            } catch {
                throw NavRecError(error.description)
            }
        case .data(let data, let name):
            let bytes = NDJSONReader(bytes: [UInt8](data), displayName: name)
            bytes.legacyContentIDs = false
            bytes.namedSessionContentIDs = false
            reader = bytes
        case .items(let items, let name):
            reader = RecordingItemArrayReader(items, displayName: name)
        }
        var analysis = RecordingAnalysis(name: source.name)
        let sink = AnalyzingSink(analyzer: Analyzer(settings: settings, timelineBuckets: 0)) { session in
            analysis.sessions.append(SessionReport(session.analysis))
        }
        try sink.read(reader, pipeline: RecordingPipeline()) { error, header in
            analysis.failures.append(SessionFailure(id: header?.id, app: header?.metadata.app, startedAt: header?.metadata.startedAt, error: error.description))
        }
        return analysis
    }
}

/// Everything navrec found in one recording: its sessions in recording order, and the sessions it
/// could not read.
public struct RecordingAnalysis: Sendable, Codable, Equatable {
    /// The recording's name (its path, or the name given with its bytes or items).
    public var name: String
    /// The sessions analysed, in recording order.
    public var sessions: [SessionReport]
    /// The sessions with a bad line, in recording order; each cost only itself.
    public var failures: [SessionFailure]

    /// An analysis from its values.
    public init(name: String, sessions: [SessionReport] = [], failures: [SessionFailure] = []) {
        self.name = name
        self.sessions = sessions
        self.failures = failures
    }

    /// The most severe finding's severity over every session; `nil` without findings.
    public var worstSeverity: SessionReport.Finding.Severity? { sessions.compactMap(\.worstSeverity).max() }
}

/// A session navrec could not read: its header's values (`nil` where the header lacked them or
/// was itself the bad line) and the reader's message — `navrec analyze`'s error line.
public struct SessionFailure: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    /// The session's id from its header.
    public var id: String?
    /// The app's name from its header.
    public var app: String?
    /// The start time from its header.
    public var startedAt: String?
    /// `FILE:LINE:COL: error: MESSAGE`, or `FILE: error: MESSAGE` when the file could not be read.
    public var error: String

    /// A failure from its values.
    public init(id: String?, app: String?, startedAt: String?, error: String) {
        self.id = id
        self.app = app
        self.startedAt = startedAt
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case id, app, startedAt, error
    }

    /// Writes an error line of `navrec analyze`: `null` for a missing value, which the synthesized
    /// encoder would leave out (decoding is the synthesized one).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(app, forKey: .app)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(error, forKey: .error)
    }

    /// The reader's message.
    public var description: String { error }
}

/// A ``RecordingSink`` that keeps what a ``ScrollRecorder`` writes in memory, for tests that
/// record and analyse in one process:
///
/// ```swift
/// let memory = MemoryRecording()
/// let recorder = ScrollRecorder(header: header, sink: memory)
/// // … recorder.tick(…) per frame …
/// try recorder.finish()
/// let analysis = try RecordingAnalyzer().analyze(memory.source)
/// ```
public final class MemoryRecording: RecordingSink {
    private let recorded = Locked((bytes: Data(), sessions: [String]()))
    /// The name ``source`` gives the recording in messages.
    public let name: String

    /// An empty recording; `name` names it in messages.
    public init(name: String = "<memory>") {
        self.name = name
    }

    /// Starts session `id` (its lines follow the ones before).
    public func begin(sessionID id: String) throws {
        recorded.withLock { $0.sessions.append(id) }
    }

    /// Appends whole lines.
    public func write(_ text: String) throws {
        recorded.withLock { $0.bytes.append(contentsOf: text.utf8) }
    }

    /// Ends the current session.
    public func end() throws {}

    /// The NDJSON written so far.
    public var data: Data { recorded.withLock { $0.bytes } }

    /// The ids of the sessions begun so far.
    public var sessionIDs: [String] { recorded.withLock { $0.sessions } }

    /// The recording for ``RecordingAnalyzer/analyze(_:)``.
    public var source: RecordingSource { .data(data, name: name) }
}
