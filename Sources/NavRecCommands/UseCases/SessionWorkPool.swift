internal import Foundation
internal import Store

/// Works on stored sessions on several threads, each with its own connection to the database, and
/// hands the results back in the order the sessions were submitted, so the output is the same at
/// any `--jobs`: `report` analyses with it; anything else that goes over many sessions (`tune`) can
/// too.
///
/// At most ``window`` sessions are queued, being worked on or waiting to be handed back, so memory
/// stays flat in the number of sessions. The caller submits and receives on one thread; call
/// ``close()`` when done or on an error (it stops the workers and waits for them).
final class SessionWorkPool<Output: Sendable>: @unchecked Sendable {
    // @unchecked: the mutable state below is only touched with `condition` locked; the stores live
    // on their worker threads and never leave them.
    private let condition = NSCondition()
    private var queued: [(index: Int, session: StoredSession)] = []
    private var finished: [Int: Result<Output, any Error>] = [:]
    private var closed = false
    private var running = 0
    private var submitted = 0
    private var handedBack = 0
    /// Sessions in flight at most.
    let window: Int
    /// What Ctrl-C interrupts, for its message.
    let interruptedWork: InterruptedWork

    /// Starts `workers` threads; each opens `path` on its first session and runs `work` with that
    /// connection for every session it takes.
    init(path: String, workers: Int, during interruptedWork: InterruptedWork,
         work: @escaping @Sendable (StoredSession, SessionStore) throws -> Output) {
        window = 4 * workers
        self.interruptedWork = interruptedWork
        running = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in
                var store: SessionStore?
                while let job = take() {
                    let result = Result { () throws -> Output in
                        let connection = try store ?? SessionStore(path: path)
                        store = connection
                        return try work(job.session, connection)
                    }
                    condition.lock()
                    finished[job.index] = result
                    condition.broadcast()
                    condition.unlock()
                }
                store = nil
                condition.lock()
                running -= 1
                condition.broadcast()
                condition.unlock()
            }
            // The detectors keep their state on the stack; a secondary thread's default is small.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The next queued session, or `nil` once the pool is closed.
    private func take() -> (index: Int, session: StoredSession)? {
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty, !closed { condition.wait() }
        return closed ? nil : queued.removeFirst()
    }

    /// Queues `session`; hands every result that is ready, in order, to `receive` (waiting for the
    /// oldest when the window is full).
    func submit(_ session: StoredSession, receive: (Output) throws -> Void) throws {
        while submitted - handedBack >= window { try handBackOldest(receive) }
        condition.lock()
        queued.append((submitted, session))
        submitted += 1
        condition.signal()
        condition.unlock()
        while try handBackReady(receive) {}
    }

    /// Hands back every remaining result, in order.
    func finish(receive: (Output) throws -> Void) throws {
        while handedBack < submitted { try handBackOldest(receive) }
    }

    /// Stops the workers once their current session is done and waits for them.
    func close() {
        condition.lock()
        closed = true
        queued.removeAll()
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    /// Hands back the oldest result if it is ready; returns whether it was.
    private func handBackReady(_ receive: (Output) throws -> Void) throws -> Bool {
        condition.lock()
        let result = finished.removeValue(forKey: handedBack)
        condition.unlock()
        guard let result else { return false }
        handedBack += 1
        try receive(result.get())
        return true
    }

    /// Waits for the oldest result and hands it back; checks for Ctrl-C while waiting.
    private func handBackOldest(_ receive: (Output) throws -> Void) throws {
        while try !handBackReady(receive) {
            try Interruption.check(interruptedWork)
            condition.lock()
            if finished[handedBack] == nil { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1)) }
            condition.unlock()
        }
    }
}
