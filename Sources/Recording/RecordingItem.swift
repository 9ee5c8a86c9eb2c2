public import BarModel

/// One thing a recording reader returns, in file order.
///
/// Every session is `.header`, then its samples and events in line order, then `.endOfSession`
/// (before the next `.header` or at the end of the input).
public enum RecordingItem: Sendable, Hashable {
    /// A session starts.
    indirect case header(SessionHeader)
    /// A scroll sample, with the bar state the app observed on that frame when it sent one.
    case sample(ScrollSample, observed: BarState?)
    /// A tap.
    case event(ScrollEvent)
    /// The current session's last line has been read.
    indirect case endOfSession(SessionSummary)
}
