/// Where long work says how far it has got and notes what the user should know (the command
/// layer shows both on standard error).
protocol ProgressReporting {
    /// The progress line, replacing the one before (shown only on a terminal).
    func progress(_ text: String)
    /// Clears the progress line.
    func endProgress()
    /// A line the user should read, not an error (`navrec: note: TEXT`).
    func note(_ text: String)
}
