/// One session as `navrec compare` reads it: what it is grouped by and its analysis's metrics.
package struct ComparisonRow: Sendable {
    package var app: String?
    package var screen: String?
    package var device: String?
    package var os: String?
    /// Comma-separated behaviour names, as `sessions.behaviors`.
    package var behaviors: String
    package var appVersion: String?
    package var build: String?
    /// Whether the session has an analysis with the default settings and the metrics of schema 11.
    package var analysed: Bool
    /// The requested columns' values, `nil` for NULL (and for every column when not ``analysed``).
    package var values: [Double?]

    package init(
        app: String? = nil, screen: String? = nil, device: String? = nil, os: String? = nil, behaviors: String,
        appVersion: String? = nil, build: String? = nil, analysed: Bool, values: [Double?]
    ) {
        self.app = app
        self.screen = screen
        self.device = device
        self.os = os
        self.behaviors = behaviors
        self.appVersion = appVersion
        self.build = build
        self.analysed = analysed
        self.values = values
    }
}
