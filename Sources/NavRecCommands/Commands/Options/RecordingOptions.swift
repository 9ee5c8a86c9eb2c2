internal import ArgumentKit
internal import BarModel

/// How a command reads recordings (`import`, `analyze`; `simulate` writes one with `--behavior`,
/// `--param` and `--session-id` in its own words).
enum RecordingOptions {
    static let format = Option<RecordingInputs.Format>.choice(
        "format", "Input format (default: from the file extension; stdin is NDJSON).")
    static let behavior = Option<[String]>.repeatable("behavior", "NAME", "CSV: a behaviour the screen uses.")
        .completing(BehaviorSet.names)
    static let parameter = Option<[String]>.repeatable("param", "NAME.KEY=VALUE", "CSV: a behaviour parameter.")
    static let sessionID = Option<String>.value("session-id", "ID", "CSV: the session's id (default: derived from the content).")

    /// The group, in the order help lists it.
    static let all = [format.spec, behavior.spec, parameter.spec, sessionID.spec]
}
