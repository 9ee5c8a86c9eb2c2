internal import ArgumentKit
internal import Foundation
internal import Reports
internal import Store
internal import TextTools

/// What a command runs with: its outputs and environment.
final class CommandContext {
    let output: Output
    let errors: Output
    let environment: [String: String]

    init(output: Output = Output(descriptor: 1, name: "standard output"), errors: Output = Output(descriptor: 2, name: "standard error"),
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.output = output
        self.errors = errors
        self.environment = environment
    }

    /// The database path: `--db`, else `$NAVREC_DB`, else `./navrec.sqlite`.
    /// Registered with ``OutputGuard``, so no `--output` of this run replaces it.
    func databasePath(_ arguments: ParsedArguments) -> String {
        let path: String
        if let given = arguments.value(DatabaseOptions.database) {
            path = given
        } else if let given = environment["NAVREC_DB"], !given.isEmpty {
            path = given
        } else {
            path = "navrec.sqlite"
        }
        OutputGuard.protect(database: path)
        return path
    }

    /// Opens the store, turning failures into messages that say what to do. Only `import` and
    /// `demo` create a missing database (`creating`): a command that reads sessions refuses one
    /// (exit 66), so a mistyped `--db` fails the CI step instead of reporting an empty file.
    func openStore(_ path: String, readOnly: Bool = false, creating: Bool = false) throws(CommandError) -> SessionStore {
        OutputGuard.protect(database: path)
        var status = stat()
        if !creating, stat(FileName.cString(path), &status) != 0 {
            // A name too long, a file where a directory should be: the true reason, not "no database".
            guard errno == ENOENT else { throw CommandError(.noInput, "cannot open \(path): \(String(cString: strerror(errno))) (choose another --db)") }
            throw CommandError(.noInput, "no database at \(path) (import recordings first: navrec import FILE --db \(path))")
        }
        // An empty file is a SQLite database to SQLite: report would have made it a navrec one,
        // but only import and demo create databases (issue 39).
        if !creating, status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 {
            throw CommandError(.noInput, "\(path) is an empty file, not a navrec database (import recordings first: navrec import FILE --db \(path)); it was left as it is")
        }
        do {
            return try SessionStore(path: path, readOnly: readOnly)
        } catch {
            throw CommandError.database(error, path: path, during: readOnly ? .reading : .upgrading)
        }
    }

    /// The width help text wraps to: `$COLUMNS`, else the terminal's width when standard output is
    /// one; `nil` (no wrapping) for pipes and files, so scripts see stable text.
    var terminalWidth: Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        guard output.isTerminal else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether progress lines may be drawn: stderr is a terminal that understands the escape
    /// that clears a line (not `TERM=dumb`).
    private var showsProgress: Bool { errors.isTerminal && environment["TERM"] != "dumb" }

    /// Progress shown on stderr only when it is a terminal (``showsProgress``); it names
    /// sessions, so it is escaped.
    func progress(_ text: String) {
        guard showsProgress else { return }
        errors.write("\r\u{1B}[K" + TerminalText.escaped(text))
        errors.flush()
    }

    /// Clears a progress line.
    func endProgress() {
        guard showsProgress else { return }
        errors.write("\r\u{1B}[K")
        errors.flush()
    }
}
