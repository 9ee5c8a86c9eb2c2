internal import Analyzer
internal import ArgumentKit

extension ParsedArguments {
    /// The analyzer settings the `--set` assignments give, and the key their findings are stored
    /// under (the assignments sorted and joined; `''` for the defaults).
    ///
    /// - Throws: ``UsageError`` naming `command` for an assignment the settings refuse.
    func analyzerSettings(command: String) throws -> (settings: AnalyzerSettings, key: String) {
        var settings = AnalyzerSettings()
        let assignments = all(AnalyzerOptions.settings)
        for assignment in assignments {
            do { try settings.set(assignment) } catch { throw UsageError("--set \(assignment): \(error)", command: command) }
        }
        do { try settings.validate() } catch { throw UsageError("--set: \(error)", command: command) }
        return (settings, assignments.sorted().joined(separator: ","))
    }
}
