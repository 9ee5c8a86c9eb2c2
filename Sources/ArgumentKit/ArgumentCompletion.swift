/// What a shell completes for a command's positional arguments (``CommandSpec/positionals``).
public enum ArgumentCompletion: Sendable, Hashable {
    /// File names (`import FILE...`).
    case files
    /// The session ids of the database (`--db` on the command line, else the default), asked of
    /// navrec itself when the user presses Tab.
    case sessions
    /// The ready queries' names (`navrec query --list`), and files.
    case queries
    /// One of these words.
    case words([String])
}
