internal import Dispatch
internal import Foundation
internal import Synchronization

/// Ends `navrec query` when its statements are still running `grace` seconds after `--timeout`.
///
/// The progress handler (``Store/Database/limitTime(to:)``) stops a statement between
/// virtual-machine steps, but one long call of a built-in function (`instr` over 100 MB, 2.7 s at
/// 2 MB with `--timeout 0.5`) has no steps inside it and `sqlite3_interrupt` is only looked at
/// between steps too. A query opens the database read-only and writes nothing but its output, so
/// ending the process is safe: the watchdog prints the same message the handler's interrupt gives
/// and exits 65 (issue 39 item 17).
final class QueryWatchdog: Sendable {
    private let finished = Atomic<Bool>(false)

    /// Starts watching; `message` is the error printed if the query outlives `seconds + grace`.
    init(seconds: Double, grace: Double = 1, message: String) {
        let line = Array((CommandError.errorLine(message) + "\n").utf8)
        let delay = min(seconds + grace, 1e9)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            guard !finished.load(ordering: .acquiring) else { return }
            line.withUnsafeBytes { _ = Foundation.write(2, $0.baseAddress, $0.count) }
            _exit(ExitCode.dataError.rawValue)
        }
    }

    /// The statements ended (or failed): the watchdog does nothing.
    func finish() { finished.store(true, ordering: .releasing) }
}
