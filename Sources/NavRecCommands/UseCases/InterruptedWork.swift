/// What a command was doing when it was stopped (Ctrl-C, a full disk, an I/O error), so the
/// message says what was interrupted and what is kept, rather than always speaking of an import.
enum InterruptedWork: Sendable {
    /// Opening a database, which applies pending migrations (each in its own transaction).
    case upgrading
    /// `navrec import`, `navrec demo`'s import.
    case importing
    /// `navrec report` (and `demo`'s report): analysing sessions and storing their findings.
    case reporting
    /// `navrec export`: analysing sessions and writing the trace.
    case exporting
    /// `navrec tune`: replaying sessions; the run is stored once every value is done.
    case tuning
    /// `navrec compare`: reading both sides; the run is stored once every group is compared.
    case comparing
    /// `navrec analyze`: no database.
    case analyzing
    /// Commands that only read (`sessions`, `query`).
    case reading

    /// What was interrupted and what is kept, for the end of a message.
    var consequence: String {
        switch self {
        case .upgrading: "while opening the database: nothing was changed, or a migration under way was rolled back"
        case .importing: "the session being imported was rolled back, earlier ones are stored"
        case .reporting: "the report is incomplete; findings of the sessions analysed before are stored"
        case .exporting: "the export is incomplete"
        case .tuning: "the tuning run was not stored"
        case .comparing: "the comparison run was not stored"
        case .analyzing: "the lines printed before are complete sessions"
        case .reading: "nothing was changed"
        }
    }
}
