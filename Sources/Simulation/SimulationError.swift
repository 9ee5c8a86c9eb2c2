/// A simulation that cannot run: a bad script line, fault, gesture or configuration.
public struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public var message: String
    /// The 1-based script line the error is on, for script parse errors.
    public var line: Int?

    /// An error with `message`, optionally on script line `line`.
    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    /// `line N: message` for script errors, else the message.
    public var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }
}
