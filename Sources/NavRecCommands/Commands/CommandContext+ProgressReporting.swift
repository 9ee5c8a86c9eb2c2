extension CommandContext: ProgressReporting {
    func note(_ text: String) {
        errors.line("navrec: note: " + text)
    }
}
