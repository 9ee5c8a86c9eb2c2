/// What navrec found in one session of a recording: the session's header fields, its metrics and
/// its findings — the values of the session's line of `navrec analyze` (Docs/commands.md "The
/// JSON-lines schema"), and the findings and metrics `navrec report` gives for it.
///
/// Its `Codable` form is that line: `JSONDecoder` reads a line of `navrec analyze` into a
/// `SessionReport` equal to the one ``RecordingAnalyzer`` returns for the same session.
public struct SessionReport: Sendable, Codable, Equatable {
    /// The session's id: the header's, else the content id (`auto-` and 16 hex digits).
    public var id: String
    /// The app's name, from the header.
    public var app: String?
    /// The screen's name, from the header.
    public var screen: String?
    /// The device model identifier (`iPhone16,1`), from the header.
    public var device: String?
    /// The operating system and version (`iOS 18.1`), from the header.
    public var os: String?
    /// When the session started, ISO 8601 as the header gives it.
    public var startedAt: String?
    /// The screen's pixels per point, from the header.
    public var scale: Double?
    /// The app's marketing version, from the header.
    public var appVersion: String?
    /// The app's build number, from the header.
    public var build: String?
    /// What the recorder declared it writes while moving (`everyFrame`, `offsetChanges`), from
    /// the header's `recorder`; `nil` when it did not say (Docs/recording-format.md).
    public var recorderMoving: String?
    /// What the recorder declared it writes at rest (`everyFrame`, `changes`, `nothing`), from the
    /// header's `recorder`; `nil` when it did not say.
    public var recorderAtRest: String?
    /// The behaviours analysed, by name, in canonical order (`largeTitle`, `avatar`, …).
    public var behaviors: [String]
    /// Samples read.
    public var samples: Int
    /// Seconds from the first sample to the last.
    public var duration: Double
    /// The header's refresh rate, frames per second; `nil` without one.
    public var fps: Double?
    /// The session's frame and comparison metrics.
    public var metrics: Metrics
    /// The findings, sorted by start time, then kind, source, signal and subkind.
    public var findings: [Finding]

    /// Creates a report from its values (``RecordingAnalyzer`` makes them from recordings).
    public init(
        id: String, app: String? = nil, screen: String? = nil, device: String? = nil, os: String? = nil,
        startedAt: String? = nil, scale: Double? = nil, appVersion: String? = nil, build: String? = nil,
        recorderMoving: String? = nil, recorderAtRest: String? = nil, behaviors: [String], samples: Int, duration: Double, fps: Double? = nil, metrics: Metrics, findings: [Finding]
    ) {
        self.id = id
        self.app = app
        self.screen = screen
        self.device = device
        self.os = os
        self.startedAt = startedAt
        self.scale = scale
        self.appVersion = appVersion
        self.build = build
        self.recorderMoving = recorderMoving
        self.recorderAtRest = recorderAtRest
        self.behaviors = behaviors
        self.samples = samples
        self.duration = duration
        self.fps = fps
        self.metrics = metrics
        self.findings = findings
    }

    /// The most severe finding's severity; `nil` without findings.
    public var worstSeverity: Finding.Severity? { findings.map(\.severity).max() }

    /// The findings of `severity` or worse.
    public func findings(atLeast severity: Finding.Severity) -> [Finding] {
        findings.filter { $0.severity >= severity }
    }

    /// The replay that the analyzer proved removes `finding` (a flapping finding of the computed
    /// stream whose evidence carries `suggestedHysteresis` or `suggestedSwipeDistance`): the
    /// behaviour parameter and value to declare in the app, and to pass as
    /// ``AnalysisConfiguration/replay`` to see the session without it. `nil` when there is none.
    public func fix(for finding: Finding) -> ParameterReplay? {
        suggestedFix(signal: finding.signal, details: finding.details, behaviors: behaviors)
    }

    /// The session's frame and comparison metrics (Docs/findings.md "Hitch model",
    /// Docs/comparing-builds.md); rates are per minute of movement, `nil` where the session never
    /// moved, and fractions of the session `nil` where it lasted no time.
    public struct Metrics: Sendable, Codable, Equatable {
        /// Hitch milliseconds per second of movement, rounded to 0.001.
        public var hitchTimeRatio: Double
        /// RFC 3550 frame-interval jitter, milliseconds, rounded to 0.001.
        public var frameJitter: Double
        /// Late intervals that were pauses or backgrounding rather than late frames.
        public var gaps: Int
        /// Seconds those gaps cover.
        public var gapTime: Double
        /// Seconds of movement (hitches included, gaps not).
        public var movingTime: Double
        /// Median overrun of the moving frames, milliseconds.
        public var overrunP50: Double?
        /// 90th percentile overrun of the moving frames, milliseconds.
        public var overrunP90: Double?
        /// 99th percentile overrun of the moving frames, milliseconds.
        public var overrunP99: Double?
        /// Hitches of 250 ms or more per minute of movement.
        public var hangsPerMinute: Double?
        /// Flapping findings per minute of movement.
        public var flappingEpisodesPerMinute: Double?
        /// Their toggles per minute of movement.
        public var flappingTogglesPerMinute: Double?
        /// Seconds with a title disagreement open, per minute of the session.
        public var titleDisagreementPerMinute: Double?
        /// Jitter findings per minute of movement.
        public var jitterFindingsPerMinute: Double?
        /// Seconds in gaps over the session's duration.
        public var gapFraction: Double?

        /// Creates metrics from their values.
        public init(
            hitchTimeRatio: Double, frameJitter: Double, gaps: Int, gapTime: Double, movingTime: Double,
            overrunP50: Double? = nil, overrunP90: Double? = nil, overrunP99: Double? = nil, hangsPerMinute: Double? = nil,
            flappingEpisodesPerMinute: Double? = nil, flappingTogglesPerMinute: Double? = nil,
            titleDisagreementPerMinute: Double? = nil, jitterFindingsPerMinute: Double? = nil, gapFraction: Double? = nil
        ) {
            self.hitchTimeRatio = hitchTimeRatio
            self.frameJitter = frameJitter
            self.gaps = gaps
            self.gapTime = gapTime
            self.movingTime = movingTime
            self.overrunP50 = overrunP50
            self.overrunP90 = overrunP90
            self.overrunP99 = overrunP99
            self.hangsPerMinute = hangsPerMinute
            self.flappingEpisodesPerMinute = flappingEpisodesPerMinute
            self.flappingTogglesPerMinute = flappingTogglesPerMinute
            self.titleDisagreementPerMinute = titleDisagreementPerMinute
            self.jitterFindingsPerMinute = jitterFindingsPerMinute
            self.gapFraction = gapFraction
        }

        private enum CodingKeys: String, CodingKey {
            case hitchTimeRatio, frameJitter, gaps, gapTime, movingTime, overrunP50, overrunP90, overrunP99, hangsPerMinute
            case flappingEpisodesPerMinute, flappingTogglesPerMinute, titleDisagreementPerMinute, jitterFindingsPerMinute, gapFraction
        }

        /// Writes the metrics' members of an `analyze` line: `null` for a missing value, which the
        /// synthesized encoder would leave out (decoding is the synthesized one).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(hitchTimeRatio, forKey: .hitchTimeRatio)
            try container.encode(frameJitter, forKey: .frameJitter)
            try container.encode(gaps, forKey: .gaps)
            try container.encode(gapTime, forKey: .gapTime)
            try container.encode(movingTime, forKey: .movingTime)
            try container.encode(overrunP50, forKey: .overrunP50)
            try container.encode(overrunP90, forKey: .overrunP90)
            try container.encode(overrunP99, forKey: .overrunP99)
            try container.encode(hangsPerMinute, forKey: .hangsPerMinute)
            try container.encode(flappingEpisodesPerMinute, forKey: .flappingEpisodesPerMinute)
            try container.encode(flappingTogglesPerMinute, forKey: .flappingTogglesPerMinute)
            try container.encode(titleDisagreementPerMinute, forKey: .titleDisagreementPerMinute)
            try container.encode(jitterFindingsPerMinute, forKey: .jitterFindingsPerMinute)
            try container.encode(gapFraction, forKey: .gapFraction)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, app, screen, device, os, startedAt, scale, appVersion, build, recorderMoving, recorderAtRest
        case behaviors, samples, duration, fps, findings
    }

    /// Reads a line of `navrec analyze` (the metrics are members of the same object).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        app = try container.decodeIfPresent(String.self, forKey: .app)
        screen = try container.decodeIfPresent(String.self, forKey: .screen)
        device = try container.decodeIfPresent(String.self, forKey: .device)
        os = try container.decodeIfPresent(String.self, forKey: .os)
        startedAt = try container.decodeIfPresent(String.self, forKey: .startedAt)
        scale = try container.decodeIfPresent(Double.self, forKey: .scale)
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        build = try container.decodeIfPresent(String.self, forKey: .build)
        recorderMoving = try container.decodeIfPresent(String.self, forKey: .recorderMoving)
        recorderAtRest = try container.decodeIfPresent(String.self, forKey: .recorderAtRest)
        behaviors = try container.decode([String].self, forKey: .behaviors)
        samples = try container.decode(Int.self, forKey: .samples)
        duration = try container.decode(Double.self, forKey: .duration)
        fps = try container.decodeIfPresent(Double.self, forKey: .fps)
        metrics = try Metrics(from: decoder)
        findings = try container.decode([Finding].self, forKey: .findings)
    }

    /// Writes a line of `navrec analyze`'s schema (`null` for a missing value).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(app, forKey: .app)
        try container.encode(screen, forKey: .screen)
        try container.encode(device, forKey: .device)
        try container.encode(os, forKey: .os)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(scale, forKey: .scale)
        try container.encode(appVersion, forKey: .appVersion)
        try container.encode(build, forKey: .build)
        try container.encode(recorderMoving, forKey: .recorderMoving)
        try container.encode(recorderAtRest, forKey: .recorderAtRest)
        try container.encode(behaviors, forKey: .behaviors)
        try container.encode(samples, forKey: .samples)
        try container.encode(duration, forKey: .duration)
        try container.encode(fps, forKey: .fps)
        try metrics.encode(to: encoder)
        try container.encode(findings, forKey: .findings)
    }
}
