internal import Comparison
internal import Store

/// The session fields `navrec compare` groups by (`--group-by`), and the group key they make.
enum ComparisonGrouping {
    static let fields = ["screen", "behaviors", "device", "os", "app"]
    static let defaultFields = ["screen", "behaviors"]
    /// What sessions are stratified by within a group (`--strata`): what changes the metrics and
    /// may differ between two fleets.
    static let defaultStrata = ["device", "os"]

    /// `Inbox · largeTitle+avatar`; an absent field reads `(no screen)`.
    static func key(_ row: ComparisonRow, fields: [String]) -> String {
        guard !fields.isEmpty else { return "all sessions" }
        return fields.map { field -> String in
            switch field {
            case "screen": row.screen ?? "(no screen)"
            case "behaviors": row.behaviors.split(separator: ",").joined(separator: "+")
            case "device": row.device ?? "(no device)"
            case "os": row.os ?? "(no os)"
            default: row.app ?? "(no app)"
            }
        }.joined(separator: " · ")
    }
}
