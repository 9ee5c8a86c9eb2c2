/// The navigation bar as it is (or should be) on one frame (BEHAVIORS.md "Bar state").
///
/// Every field is optional: a computed state fills what its behaviours define, an observed state
/// holds whatever the app reported. Lengths are points, alphas and fractions are 0...1.
public struct BarState: Sendable, Hashable, BitwiseCopyable {
    public var barHeight: Double?
    /// Whether hide-on-swipe wants the bar hidden (the animation's target).
    public var barHidden: Bool?
    /// Animated fraction of the bar that is shown, 0...1.
    public var barShown: Double?
    public var largeTitleAlpha: Double?
    /// The bar's inline, toolbar or title-view title.
    public var inlineTitleAlpha: Double?
    /// A title inside the content (customTitle's label, blurHeader's header title).
    public var contentTitleAlpha: Double?
    public var avatarScale: Double?
    public var avatarTx: Double?
    public var avatarTy: Double?
    public var blurAlpha: Double?
    public var background: BarBackground?
    public var subtitleVisible: Bool?
    public var subtitleHasText: Bool?
    public var dropdownExpanded: Bool?

    public init(
        barHeight: Double? = nil, barHidden: Bool? = nil, barShown: Double? = nil,
        largeTitleAlpha: Double? = nil, inlineTitleAlpha: Double? = nil, contentTitleAlpha: Double? = nil,
        avatarScale: Double? = nil, avatarTx: Double? = nil, avatarTy: Double? = nil,
        blurAlpha: Double? = nil, background: BarBackground? = nil,
        subtitleVisible: Bool? = nil, subtitleHasText: Bool? = nil, dropdownExpanded: Bool? = nil
    ) {
        self.barHeight = barHeight
        self.barHidden = barHidden
        self.barShown = barShown
        self.largeTitleAlpha = largeTitleAlpha
        self.inlineTitleAlpha = inlineTitleAlpha
        self.contentTitleAlpha = contentTitleAlpha
        self.avatarScale = avatarScale
        self.avatarTx = avatarTx
        self.avatarTy = avatarTy
        self.blurAlpha = blurAlpha
        self.background = background
        self.subtitleVisible = subtitleVisible
        self.subtitleHasText = subtitleHasText
        self.dropdownExpanded = dropdownExpanded
    }

    /// A title presentation counts as visible when its alpha is at least this.
    public static let visibleAlpha = 0.5

    /// Whether the state holds no field at all.
    public var isEmpty: Bool { self == BarState() }
}
