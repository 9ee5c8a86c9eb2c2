package import BarModel

/// A screen transition (Docs/findings.md "Screen transitions"): from a `disappear` event to the
/// next `appear` (`nil`: the session ends in it). The bar shown in between morphs into another
/// screen's at a constant offset, so it is not this screen's titles.
package struct TransitionWindow: Sendable, Hashable {
    package var start: Double
    package var end: Double?

    /// Adds the session's next event (in time order) to its `windows`: a `disappear` opens one
    /// unless one is open (the last, without an end), an `appear` closes the open one.
    package static func add(_ event: ScrollEvent, to windows: inout [TransitionWindow]) {
        let open = windows.last.map { $0.end == nil } ?? false
        switch event.kind {
        case .disappear where !open: windows.append(TransitionWindow(start: event.t, end: nil))
        case .appear where open: windows[windows.count - 1].end = event.t
        default: break
        }
    }
}
