package import BarModel

/// A screen transition (Docs/findings.md "Screen transitions"): from a `disappear` event to the
/// next `appear` (`nil`: the session ends in it). The bar shown in between morphs into another
/// screen's at a constant offset, so it is not this screen's titles.
package struct TransitionWindow: Sendable, Hashable {
    package var start: Double
    package var end: Double?

    /// The windows `events` (in time order) open and close: a `disappear` opens one unless one is
    /// open, an `appear` closes the open one.
    package static func windows(in events: [ScrollEvent]) -> [TransitionWindow] {
        var windows: [TransitionWindow] = []
        var open: Double?
        for event in events {
            switch event.kind {
            case .disappear where open == nil: open = event.t
            case .appear:
                if let start = open { windows.append(TransitionWindow(start: start, end: event.t)) }
                open = nil
            default: break
            }
        }
        if let open { windows.append(TransitionWindow(start: open, end: nil)) }
        return windows
    }
}
