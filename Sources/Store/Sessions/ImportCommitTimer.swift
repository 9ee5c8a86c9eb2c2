internal import Foundation

/// A thread that runs `fire` once a deadline passes: what makes ``ImportBatch``'s commit promise
/// ("a crash takes back at most the sessions that ended in the last ``ImportBatch/commitInterval``")
/// hold while the importer is blocked reading a long or live session, when no session end comes to
/// commit.
///
/// `fire` runs on the timer's thread; the batch serializes it with the importer's use of the
/// connection (``ImportBatch``'s connection lock).
final class ImportCommitTimer: @unchecked Sendable {
    private let condition = NSCondition()
    private var deadline: ContinuousClock.Instant?
    private var stopping = false
    private var running = true
    private let fire: @Sendable () -> Void

    init(fire: @escaping @Sendable () -> Void) {
        self.fire = fire
        let thread = Thread { [self] in run() }
        thread.name = "navrec import commit timer"
        thread.start()
    }

    /// Runs `fire` at `instant`, unless an earlier deadline is pending.
    func schedule(at instant: ContinuousClock.Instant) {
        condition.withLock {
            if deadline == nil || instant < deadline! { deadline = instant }
            condition.signal()
        }
    }

    /// Forgets the pending deadline (the import transaction was committed another way).
    func cancel() {
        condition.withLock { deadline = nil }
    }

    /// Ends the thread and waits for it (a `fire` under way finishes first).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while !stopping {
            guard let deadline else {
                condition.wait()
                continue
            }
            let now = ContinuousClock.now
            if now >= deadline {
                self.deadline = nil
                condition.unlock()
                fire()
                condition.lock()
            } else {
                let wait = (deadline - now).components
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wait.seconds) + Double(wait.attoseconds) / 1e18))
            }
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
