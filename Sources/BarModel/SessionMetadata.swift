/// What a recording's header says about where a session was recorded: one definition shared by
/// the header, the stored session, the analyzer's description and its analysis, which read these
/// fields through it (`session.app`).
public struct SessionMetadata: Sendable, Hashable {
    /// App name.
    public var app: String?
    /// Screen name within the app.
    public var screen: String?
    /// Device model identifier, e.g. `iPhone16,1`.
    public var device: String?
    /// Operating system and version, e.g. `iOS 18.1`.
    public var os: String?
    /// Nominal display refresh rate, frames per second; `nil` lets the analyzer use the median
    /// interval.
    public var fps: Double?
    /// When the session started, ISO 8601 as the recording gives it (not parsed).
    public var startedAt: String?
    /// Pixels per point of the screen (`UIScreen.scale`: 2 or 3 on iPhones): UIKit rounds the
    /// frames and transforms an app reads back to this grid. `nil` when the recording does not say.
    public var screenScale: Double?
    /// The app's marketing version (`CFBundleShortVersionString`), e.g. `5.12`.
    public var appVersion: String?
    /// The app's build number (`CFBundleVersion`), e.g. `513`: what `navrec compare` tells builds by.
    public var build: String?
    /// What the recorder declared it writes (header `recorder`); empty when it did not say.
    public var recorder: RecorderPolicy

    public init(
        app: String? = nil, screen: String? = nil, device: String? = nil, os: String? = nil, fps: Double? = nil,
        startedAt: String? = nil, screenScale: Double? = nil, appVersion: String? = nil, build: String? = nil,
        recorder: RecorderPolicy = RecorderPolicy()
    ) {
        self.app = app
        self.screen = screen
        self.device = device
        self.os = os
        self.fps = fps
        self.startedAt = startedAt
        self.screenScale = screenScale
        self.appVersion = appVersion
        self.build = build
        self.recorder = recorder
    }
}
