internal import ArgumentKit

extension OptionSpec {
    /// `--db PATH`, the database a command works on; `help` for a command that uses it otherwise.
    static func database(_ help: String = "Database (default: $NAVREC_DB, else ./navrec.sqlite).") -> OptionSpec {
        .value("db", "PATH", help)
    }
}
