internal import Foundation

/// A value only reached with its lock held, so that a public class keeping mutable state in one is
/// a checked `Sendable` (`Mutex` would do, but needs macOS 15 and iOS 18, newer than the apps
/// navrec's library runs in). Internal: the `@unchecked` stays out of the module's API.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
