public import BarModel

/// One line of a simulated recording, in recording order.
public enum SimulationItem: Sendable, Hashable {
    /// A scroll sample and, when the session is observed, the bar state the app reported on it.
    case sample(ScrollSample, observed: BarState?)
    /// A tap; it comes before every sample at or after its time.
    case event(ScrollEvent)
}
