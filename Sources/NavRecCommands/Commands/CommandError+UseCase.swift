extension CommandError {
    /// A use case's failure with its exit code: a missing input 66, an invalid one 65, storage 74,
    /// Ctrl-C 130 (``interrupted(during:)``).
    init(_ error: UseCaseError) {
        switch error.kind {
        case .missingInput: self.init(.noInput, error.message, at: error.location)
        case .invalidInput: self.init(.dataError, error.message, at: error.location)
        case .storage: self.init(.ioError, error.message, at: error.location)
        case .interrupted(let work): self = .interrupted(during: work)
        }
    }
}
