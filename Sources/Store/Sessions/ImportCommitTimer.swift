internal import Foundation

/// A thread that runs `fire` once a deadline passes: what makes ``ImportBatch``'s commit promise
/// ("a crash takes back at most the sessions that ended in the last ``ImportBatch/commitInterval``")
/// hold while the importer is blocked reading a long or live session, when no session end comes to
/// commit.
///
/// `fire` runs on the timer's thread; the batch serializes it with the importer's use of the
/// connection (``ImportBatch``'s connection lock).
///
/// Life cycle: the thread is created with `pthread_create`, whose result is checked (when the
/// system refuses a thread the timer is inert: ``isRunning`` is false, `fire` never runs, and
/// ``stop()`` returns at once). ``stop()`` may be called any number of times, from any thread,
/// including from inside `fire` (the last reference to the batch can be dropped there): it never
/// waits for its own thread, and it waits for another only while that thread is still running
/// `fire` or about to see `stopping`, never without bound: past ``stopTimeout`` it leaves the
/// thread to end by itself (it holds only this timer, which it keeps alive).
final class ImportCommitTimer: @unchecked Sendable {
    private let condition = NSCondition()
    private var deadline: ContinuousClock.Instant?
    private var stopping = false
    /// True from a successful `pthread_create` until the thread's loop has ended.
    private var running = false
    private var thread: pthread_t?
    private let fire: @Sendable () -> Void

    /// The longest ``stop()`` waits for the thread (a `fire` under way finishes first: a commit).
    static let stopTimeout: Double = 30

    init(fire: @escaping @Sendable () -> Void) {
        self.fire = fire
        // The thread holds the timer until its loop ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        var created: pthread_t = 0
        running = true
        let result = pthread_create(&created, nil, { context in
            let timer = Unmanaged<ImportCommitTimer>.fromOpaque(context!).takeRetainedValue()
            timer.run()
            return nil
        }, context)
        if result == 0 {
            // Nobody joins it: stop() waits on `running`, with a bound.
            pthread_detach(created)
            thread = created
        } else {
            running = false
            Unmanaged<ImportCommitTimer>.fromOpaque(context).release()
        }
    }

    /// Whether the timer's thread runs (false when the system refused one, and after ``stop()``).
    var isRunning: Bool { condition.withLock { running } }

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

    /// Ends the thread and waits (at most ``stopTimeout``) for it: a `fire` under way finishes
    /// first. Called on the timer's own thread (from inside `fire`), it only asks the thread to end.
    /// Returns whether the thread has ended.
    @discardableResult
    func stop() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        deadline = nil
        condition.broadcast()
        if let thread, pthread_equal(thread, pthread_self()) != 0 { return false }
        let limit = Date(timeIntervalSinceNow: Self.stopTimeout)
        while running {
            if !condition.wait(until: limit) { return !running }
        }
        return true
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
