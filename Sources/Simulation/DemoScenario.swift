/// A named, fixed simulated session: what `navrec demo` imports and the tests and docs use.
public struct DemoScenario: Sendable, Hashable {
    /// The session id, `demo-…`.
    public var id: String
    /// The app the session pretends to come from.
    public var app: String
    /// The screen within the app.
    public var screen: String
    /// What the session shows, and which findings (ANALYSIS.md) it should produce; "clean" means none.
    public var summary: String
    /// The simulation, with a fixed seed.
    public var configuration: SimulationConfiguration

    /// A scenario; `configuration` must pass ``SimulationConfiguration/validate()``.
    public init(id: String, app: String, screen: String, summary: String, configuration: SimulationConfiguration) {
        self.id = id
        self.app = app
        self.screen = screen
        self.summary = summary
        self.configuration = configuration
    }
}
