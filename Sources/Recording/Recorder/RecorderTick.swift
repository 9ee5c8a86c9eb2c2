public import BarModel

/// What a scroll view and its display link say on one displayed frame, as plain values: what an
/// app hands ``ScrollRecorder/tick(_:)`` from its `CADisplayLink` callback.
///
/// Everything is copied by value (no allocation), so building one per frame on the main thread is
/// free. Lengths are points in the scroll view's coordinates, times seconds on the display link's
/// clock (`CADisplayLink.timestamp`, the same clock as `CACurrentMediaTime()`).
public struct RecorderTick: Sendable, Hashable, BitwiseCopyable {
    /// `CADisplayLink.timestamp`: when the frame before this one was displayed.
    public var timestamp: Double
    /// `CADisplayLink.targetTimestamp`: when this frame is due on screen; `targetTimestamp −
    /// timestamp` is the frame duration in effect (longer while ProMotion runs slower).
    public var targetTimestamp: Double
    /// `contentOffset.y`.
    public var contentOffsetY: Double
    /// `adjustedContentInset.top` (the bar, a refresh control, the safe area).
    public var insetTop: Double
    /// `adjustedContentInset.bottom`.
    public var insetBottom: Double
    /// `contentSize.height`.
    public var contentHeight: Double
    /// `bounds.height`.
    public var boundsHeight: Double
    /// `isTracking`: a finger is on the content (also before it moved).
    public var isTracking: Bool
    /// `isDragging`: the finger has moved the content.
    public var isDragging: Bool
    /// `isDecelerating`: the content moves on after the finger lifted.
    public var isDecelerating: Bool
    /// The bar state the app shows on this frame, read back after layout; `nil` to record none.
    public var observed: BarState?

    public init(
        timestamp: Double, targetTimestamp: Double, contentOffsetY: Double, insetTop: Double = 0, insetBottom: Double = 0,
        contentHeight: Double, boundsHeight: Double, isTracking: Bool = false, isDragging: Bool = false,
        isDecelerating: Bool = false, observed: BarState? = nil
    ) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.contentOffsetY = contentOffsetY
        self.insetTop = insetTop
        self.insetBottom = insetBottom
        self.contentHeight = contentHeight
        self.boundsHeight = boundsHeight
        self.isTracking = isTracking
        self.isDragging = isDragging
        self.isDecelerating = isDecelerating
        self.observed = observed
    }

    /// Points scrolled past the rest position: `contentOffset.y + adjustedContentInset.top`.
    public var y: Double { contentOffsetY + insetTop }

    /// The largest `y` the content rests at: its bottom end (0 when the content is shorter than
    /// the scroll view).
    public var maximumY: Double { Swift.max(0, contentHeight + insetBottom + insetTop - boundsHeight) }
}
