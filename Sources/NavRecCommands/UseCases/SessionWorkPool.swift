internal import Foundation
internal import Store
internal import Synchronization

/// Works on stored sessions on several threads, each with its own connection to the database, and
/// hands the results back in the order the sessions were submitted, so the output is the same at
/// any `--jobs`: `report` analyses with it; anything else that goes over many sessions (`tune`) can
/// too.
///
/// Sessions go to the workers in groups of consecutive sessions (up to ``groupSessions`` of them
/// or ``groupSamples`` samples, a longer session alone): handing each five-sample session to a
/// thread and back on its own costs more CPU than analysing it. At most ``window`` groups are
/// queued, being worked on or waiting to be handed back,
/// so memory stays flat in the number of sessions. The caller submits and receives on one thread;
/// call ``close()`` when done or on an error (it stops the workers and waits for them).
///
/// Nothing on the way of a session is shared between the workers, so adding workers adds no work:
/// each reads on its own read-only connection with its own work state (``init(path:workers:during:makeWork:)``),
/// takes a whole group under one lock, hands the group's results back under another (which only the
/// submitting thread waits on: a finished group wakes it, not the idle workers), and checks for
/// ``close()`` with an atomic load rather than a lock. The one writer is the submitting thread.
///
/// The pool itself is the submitting thread's; the workers share only ``Shared``, whose state
/// is behind `Mutex`es and semaphores, so the compiler checks what crosses threads.
final class SessionWorkPool<Product: Sendable> {
    /// A group of consecutive sessions: the index of its first session, and the sessions.
    private typealias Group = (start: Int, sessions: [StoredSession])

    /// What the workers and the submitting thread share.
    private final class Shared: Sendable {
        /// Groups waiting for a worker.
        let queued = Mutex<[Group]>([])
        /// Signalled once per queued group, and once per worker by ``close()``.
        let groupQueued = DispatchSemaphore(value: 0)
        /// Results of finished groups not yet handed back, a group's together (in its sessions'
        /// order) under the index of its first session: one lock and one hash a group, and no
        /// result copied into a table of its own.
        let finished = Mutex<[Int: [Result<Product, any Error>]]>([:])
        /// Signalled once per finished group; only the submitting thread waits on it.
        let groupFinished = DispatchSemaphore(value: 0)
        let closed = Atomic<Bool>(false)
        /// Entered by each worker when started, left when it ends.
        let running = DispatchGroup()

        var isClosed: Bool { closed.load(ordering: .relaxed) }

        /// The next queued group, or `nil` once the pool is closed.
        func take() -> Group? {
            groupQueued.wait()
            guard !isClosed else { return nil }
            return queued.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }
    }

    private let shared = Shared()
    private let workers: Int
    /// The group being gathered, and its samples.
    private var gathering: [StoredSession] = []
    private var gatheringSamples = 0
    /// Sessions handed to the workers, and handed back.
    private var submitted = 0
    private var handedBack = 0
    /// Where each group in flight ends (the index after its last session), oldest first.
    private var groupEnds: [Int] = []
    /// The results of the oldest finished group being handed back, and the next to hand back.
    private var handing: [Result<Product, any Error>] = []
    private var handingNext = 0
    /// Groups in flight at most.
    let window: Int
    /// What Ctrl-C interrupts, for its message.
    let interruptedWork: InterruptedWork
    /// A group's sessions at most, and the samples after which it is handed on.
    static var groupSessions: Int { 128 }
    static var groupSamples: Int { 4096 }

    /// Starts `workers` threads; each makes its own `work` (`makeWork`: its caches are that
    /// worker's), opens `path` read-only on its first session and runs `work` with that connection
    /// for every session it takes.
    init(path: String, workers: Int, during interruptedWork: InterruptedWork,
         makeWork: @escaping @Sendable () -> (StoredSession, SessionStore) throws -> Product) {
        self.workers = workers
        window = 4 * workers
        self.interruptedWork = interruptedWork
        gathering.reserveCapacity(Self.groupSessions)
        for _ in 0..<workers {
            shared.running.enter()
            let thread = Thread { [shared] in
                let analyse = makeWork()
                var store: SessionStore?
                while let group = shared.take() {
                    var results: [Result<Product, any Error>] = []
                    results.reserveCapacity(group.sessions.count)
                    do {
                        let connection = try store ?? SessionStore(path: path, readOnly: true)
                        store = connection
                        // The workers only read: a group's sessions are read in one transaction.
                        try connection.readingTogether {
                            for session in group.sessions {
                                // A closed pool's results are never handed back: stop at the next session.
                                if shared.isClosed { break }
                                results.append(Result { () throws -> Product in try analyse(session, connection) })
                            }
                        }
                    } catch {
                        // The connection could not be opened or the transaction begun: each
                        // session not yet analysed fails with that error, in its turn.
                        while results.count < group.sessions.count { results.append(.failure(error)) }
                    }
                    let finishedResults = results
                    shared.finished.withLock { $0[group.start] = finishedResults }
                    shared.groupFinished.signal()
                }
                store = nil
                shared.running.leave()
            }
            // The detectors keep their state on the stack; a secondary thread's default is small.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues `session` (in the group being gathered, handed to the workers once full); hands every
    /// result that is ready, in order, to `receive` (waiting for the oldest group when the window is full).
    func submit(_ session: StoredSession, receive: (Product) throws -> Void) throws {
        gathering.append(session)
        gatheringSamples += session.samples
        if gathering.count >= Self.groupSessions || gatheringSamples >= Self.groupSamples { try handOnGathered(receive) }
        while try handBackReady(receive) {}
    }

    /// Hands every remaining result back, in order.
    func finish(receive: (Product) throws -> Void) throws {
        if !gathering.isEmpty { try handOnGathered(receive) }
        while handedBack < submitted { try handBackOldest(receive) }
    }

    /// Stops the workers once their current session is done and waits for them.
    func close() {
        shared.closed.store(true, ordering: .relaxed)
        shared.queued.withLock { $0.removeAll() }
        for _ in 0..<workers { shared.groupQueued.signal() }
        shared.running.wait()
    }

    /// Queues the gathered group for the workers, once the window has room for it.
    private func handOnGathered(_ receive: (Product) throws -> Void) throws {
        while groupEnds.count >= window { try handBackOldest(receive) }
        let group = (start: submitted, sessions: gathering)
        shared.queued.withLock { $0.append(group) }
        shared.groupQueued.signal()
        submitted += gathering.count
        groupEnds.append(submitted)
        gathering.removeAll(keepingCapacity: true)
        gatheringSamples = 0
    }

    /// Hands back the oldest result if it is ready; returns whether it was.
    private func handBackReady(_ receive: (Product) throws -> Void) throws -> Bool {
        guard handedBack < submitted else { return false }
        if handingNext == handing.count {
            let start = handedBack
            guard let group = shared.finished.withLock({ $0.removeValue(forKey: start) }) else { return false }
            handing = group
            handingNext = 0
        }
        // A group's results come back together: Ctrl-C is checked before each, as it was while
        // waiting for each when they came one by one.
        try Interruption.check(interruptedWork)
        let result = handing[handingNext]
        handingNext += 1
        handedBack += 1
        if groupEnds.first == handedBack { groupEnds.removeFirst() }
        try receive(result.get())
        return true
    }

    /// Waits for the oldest result handed to the workers and hands it back; checks for Ctrl-C while waiting.
    private func handBackOldest(_ receive: (Product) throws -> Void) throws {
        while try !handBackReady(receive) {
            try Interruption.check(interruptedWork)
            // A group finished since the check above has signalled: the wait returns at once.
            _ = shared.groupFinished.wait(timeout: .now() + 0.1)
        }
    }
}
