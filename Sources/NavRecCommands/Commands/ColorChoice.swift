internal import ArgumentKit

/// When the text report colours severities (`--color`).
enum ColorChoice: String, CommandLineChoice {
    /// On a terminal that shows colour: not into a file or pipe, not with `NO_COLOR` set to
    /// anything non-empty, not when `TERM` is `dumb` (a terminal that shows escapes as text).
    case auto
    case always
    case never

    /// Whether to colour output that goes to a terminal (`isTerminal`) or not, in `environment`.
    func colors(toTerminal isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
