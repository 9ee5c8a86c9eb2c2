/// The fields of ``BarState``: the one definition of the bar-state schema.
///
/// Readers, the writer, the store's binder and cursor and the analyzer's signals loop over these
/// cases; each switch below lists every case, so a new field that is not described here fails to
/// build. The case order is the order of the fields in recordings written by navrec and of the
/// state columns in the `timeline` and `observed` views. Adding a field: a property in
/// ``BarState``, a case here (with its kind and a new mask bit; the compiler lists the switches),
/// `swift run navrec-schema Migrations/NNNN_<field>.sql` (the generated migration that adds its
/// `frame_chunks` columns and recreates the views, and the other files that list the fields;
/// `StoreTests` fails, naming the command, until they exist), the model that computes it, and a
/// line in Docs/database.md (Docs/architecture.md "Adding a field").
public enum BarStateField: String, Sendable, CaseIterable, Hashable {
    case barHeight, barHidden, barShown
    case largeTitleAlpha, inlineTitleAlpha, contentTitleAlpha
    case avatarScale, avatarTx, avatarTy
    case blurAlpha, background
    case subtitleVisible, subtitleHasText, dropdownExpanded

    /// What a field's values are, and so how they are read, written and stored.
    public enum Kind: Sendable, Hashable {
        /// Points: a number in recordings; in `frame_chunks` a digit column of offsets from an
        /// `ANY` base, exact (whole thousandths as such, other values scaled by a power of two;
        /// Docs/database.md "Storage layout").
        case length
        /// An alpha, scale or fraction (mostly 0...1): stored like a length.
        case fraction
        /// `true`/`false` in recordings, 0/1 in the database.
        case boolean
        /// One of ``BarStateField/valueNames`` in recordings, its index in the database.
        case enumeration
    }

    /// The field's kind.
    @inlinable
    public var kind: Kind {
        switch self {
        case .barHeight, .avatarTx, .avatarTy: .length
        case .barShown, .largeTitleAlpha, .inlineTitleAlpha, .contentTitleAlpha, .avatarScale, .blurAlpha: .fraction
        case .barHidden, .subtitleVisible, .subtitleHasText, .dropdownExpanded: .boolean
        case .background: .enumeration
        }
    }

    /// Whether the field is a number (a length or fraction) rather than a code (boolean, enumeration).
    @inlinable
    public var isNumber: Bool {
        switch kind {
        case .length, .fraction: true
        case .boolean, .enumeration: false
        }
    }

    /// The field's bit in `session_columns.mask` (the observed column's is 32 higher) and in the
    /// readers' duplicate-key sets. Permanent: stored masks use it, so a bit is never renumbered or
    /// reused; a new field takes the next free one (at most 32 fields).
    @inlinable
    public var maskBit: Int {
        switch self {
        case .barHeight: 0
        case .barHidden: 1
        case .barShown: 2
        case .largeTitleAlpha: 3
        case .inlineTitleAlpha: 4
        case .contentTitleAlpha: 5
        case .avatarScale: 6
        case .avatarTx: 7
        case .avatarTy: 8
        case .blurAlpha: 9
        case .background: 10
        case .subtitleVisible: 11
        case .subtitleHasText: 12
        case .dropdownExpanded: 13
        }
    }

    /// For an enumeration, the names its values have in recordings and the database's views,
    /// indexed by code; empty for other kinds.
    public var valueNames: [String] {
        switch self {
        case .background: BarBackground.allCases.map(\.name)
        case .barHeight, .barHidden, .barShown, .largeTitleAlpha, .inlineTitleAlpha, .contentTitleAlpha,
             .avatarScale, .avatarTx, .avatarTy, .blurAlpha, .subtitleVisible, .subtitleHasText, .dropdownExpanded:
            []
        }
    }

    /// The field's stored property in ``BarState``: lets hot paths find a number field's
    /// `Double?` by its offset (`MemoryLayout<BarState>.offset(of:)`) instead of switching per field.
    public var keyPath: PartialKeyPath<BarState> {
        switch self {
        case .barHeight: \.barHeight
        case .barHidden: \.barHidden
        case .barShown: \.barShown
        case .largeTitleAlpha: \.largeTitleAlpha
        case .inlineTitleAlpha: \.inlineTitleAlpha
        case .contentTitleAlpha: \.contentTitleAlpha
        case .avatarScale: \.avatarScale
        case .avatarTx: \.avatarTx
        case .avatarTy: \.avatarTy
        case .blurAlpha: \.blurAlpha
        case .background: \.background
        case .subtitleVisible: \.subtitleVisible
        case .subtitleHasText: \.subtitleHasText
        case .dropdownExpanded: \.dropdownExpanded
        }
    }

    /// The field's value in `state` as a number: lengths and fractions as they are, booleans 0 or
    /// 1, an enumeration its code; `nil` when the state lacks the field.
    @inlinable
    public func value(in state: BarState) -> Double? {
        switch self {
        case .barHeight: state.barHeight
        case .barHidden: state.barHidden.map { $0 ? 1 : 0 }
        case .barShown: state.barShown
        case .largeTitleAlpha: state.largeTitleAlpha
        case .inlineTitleAlpha: state.inlineTitleAlpha
        case .contentTitleAlpha: state.contentTitleAlpha
        case .avatarScale: state.avatarScale
        case .avatarTx: state.avatarTx
        case .avatarTy: state.avatarTy
        case .blurAlpha: state.blurAlpha
        case .background: state.background.map { Double($0.rawValue) }
        case .subtitleVisible: state.subtitleVisible.map { $0 ? 1 : 0 }
        case .subtitleHasText: state.subtitleHasText.map { $0 ? 1 : 0 }
        case .dropdownExpanded: state.dropdownExpanded.map { $0 ? 1 : 0 }
        }
    }

    /// Sets the field in `state` from a number as ``value(in:)`` gives it (any non-zero number is
    /// `true`); `nil`, or a code that names no value, clears it.
    @inlinable
    public func set(_ value: Double?, in state: inout BarState) {
        switch self {
        case .barHeight: state.barHeight = value
        case .barHidden: state.barHidden = value.map { $0 != 0 }
        case .barShown: state.barShown = value
        case .largeTitleAlpha: state.largeTitleAlpha = value
        case .inlineTitleAlpha: state.inlineTitleAlpha = value
        case .contentTitleAlpha: state.contentTitleAlpha = value
        case .avatarScale: state.avatarScale = value
        case .avatarTx: state.avatarTx = value
        case .avatarTy: state.avatarTy = value
        case .blurAlpha: state.blurAlpha = value
        case .background: state.background = value.flatMap { UInt8(exactly: $0) }.flatMap(BarBackground.init(rawValue:))
        case .subtitleVisible: state.subtitleVisible = value.map { $0 != 0 }
        case .subtitleHasText: state.subtitleHasText = value.map { $0 != 0 }
        case .dropdownExpanded: state.dropdownExpanded = value.map { $0 != 0 }
        }
    }

    /// What the field's values mean, for column descriptions (Datasette's metadata).
    public var unit: String {
        switch self {
        case .barHeight, .avatarTx, .avatarTy: "points"
        case .barShown: "fraction of the bar shown, 0…1"
        case .largeTitleAlpha, .inlineTitleAlpha, .contentTitleAlpha, .blurAlpha: "0…1"
        case .avatarScale: "scale factor"
        case .barHidden, .subtitleVisible, .subtitleHasText, .dropdownExpanded: "0/1"
        case .background: valueNames.joined(separator: " or ")
        }
    }

    /// The camelCase name used in recordings (the raw value).
    public var name: String { rawValue }

    /// The snake_case name of the field's `frame_chunks` column (the observed one adds `o_`) and of its
    /// view columns; CSV headers accept it too.
    public var columnName: String {
        var result = ""
        for character in rawValue {
            if character.isUppercase {
                result.append("_")
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}
