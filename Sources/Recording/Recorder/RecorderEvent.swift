public import BarModel

/// Something an app tells ``ScrollRecorder`` besides its frames, with the time it happened on the
/// display link's clock (`CACurrentMediaTime()`).
public enum RecorderEvent: Sendable, Hashable {
    /// A finger touched the content (the pan gesture began): a sample is written at once, so the
    /// pause before a gesture is not read as a late frame.
    case touchDown(at: Double)
    /// A tap on the content, the title or the bar.
    case tap(ScrollEvent.Target, at: Double)
    /// `UIApplication.didEnterBackgroundNotification`: the event is written and the file flushed,
    /// since the app may be suspended or killed next.
    case background(at: Double)
    /// `UIApplication.willEnterForegroundNotification`.
    case foreground(at: Double)
    /// The scroll view's size changed (rotation, split view, a keyboard): a sample is written, so
    /// the layout pass in between is not read as a late frame of the motion before it.
    case sizeChange(at: Double)
    /// `viewWillDisappear` (a push, a pop, the start of an interactive pop): the bar from here on
    /// morphs into the next screen's, which navrec must not read as this screen's titles.
    case disappear(at: Double)
    /// `viewDidAppear`: the screen is shown again (a cancelled interactive pop, a return from a
    /// pushed screen); its bar is compared with the model again.
    case appear(at: Double)

    /// When it happened.
    public var time: Double {
        switch self {
        case .touchDown(let at), .tap(_, let at), .background(let at), .foreground(let at), .sizeChange(let at), .disappear(let at),
            .appear(let at): at
        }
    }
}
