/// A closed set of values an option takes (`--format text|json|…`): its help text, its check and
/// its error message come from the type, so an option is declared once (``OptionSpec/choice(_:_:_:)``)
/// and read once (``ParsedArguments/choice(_:default:command:)``).
public protocol CommandLineChoice: CaseIterable, RawRepresentable where RawValue == String {}

extension CommandLineChoice {
    /// The values as help shows them: `text|json|markdown`.
    public static var valueName: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// The values as a sentence says them: `text, json or markdown`.
    public static var spokenList: String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
