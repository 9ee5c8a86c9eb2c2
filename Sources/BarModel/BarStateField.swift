/// The fields of ``BarState`` by name, for readers, writers and the database.
public enum BarStateField: String, Sendable, CaseIterable, Hashable {
    case barHeight, barHidden, barShown
    case largeTitleAlpha, inlineTitleAlpha, contentTitleAlpha
    case avatarScale, avatarTx, avatarTy
    case blurAlpha, background
    case subtitleVisible, subtitleHasText, dropdownExpanded

    /// How the field's value is written in a recording.
    public enum Kind: Sendable {
        case number, bool, background
    }

    /// The JSON type of the field.
    public var kind: Kind {
        switch self {
        case .barHidden, .subtitleVisible, .subtitleHasText, .dropdownExpanded: .bool
        case .background: .background
        default: .number
        }
    }

    /// The camelCase name used in recordings (the raw value).
    public var name: String { rawValue }

    /// The snake_case name used by the database and accepted in CSV headers.
    public var snakeName: String {
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

    /// The field for a camelCase or snake_case name.
    public init?(anyName: String) {
        if let field = BarStateField(rawValue: anyName) {
            self = field
        } else if let field = Self.allCases.first(where: { $0.snakeName == anyName }) {
            self = field
        } else {
            return nil
        }
    }
}
