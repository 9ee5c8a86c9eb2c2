internal import Foundation

/// The group commit of an import: sessions stored one at a time, each whole (a ``SessionImport``,
/// a savepoint), into one transaction that is committed every ``commitInterval`` and by
/// ``finish()``.
///
/// Why: a commit's WAL pages dominate the cost of a short session, so many short sessions share
/// one; and a crash (SIGKILL, or power loss with
/// ``SessionStore/makeImportsDurable()``) takes back at most the sessions that ended in the last
/// ``commitInterval``. A session's end commits when the interval has passed, and a timer
/// (``ImportCommitTimer``) does when no session ends meanwhile (a long or live one being read).
///
/// Begun by ``SessionStore/beginImportBatch()``; ended by ``finish()``, which commits, on success
/// and on the error path alike (the sessions stored before an error are whole and stay). A batch
/// dropped without ``finish()`` keeps only what was committed before, as after a crash: nothing
/// commits in `deinit`. One batch at a time per store, used from one thread; the timer's thread
/// shares the connection through the batch's lock.
package final class ImportBatch {
    /// How long the transaction collects sessions before it is committed.
    package static let commitInterval = Duration.milliseconds(100)

    private let store: SessionStore
    private let statements: SessionWriteStatements
    /// Whether a quiet spell commits (the timer); ``SessionStore/importSession(_:)`` finishes at once.
    private let commitsOnTimer: Bool
    /// When the open transaction began, or `nil` when none is open.
    private var started: ContinuousClock.Instant?
    /// Started on the first session that ends before the interval has passed.
    private var timer: ImportCommitTimer?
    /// Serializes the connection between the importer's thread and ``timer``'s: held from
    /// ``beginSession()`` to the session's end, and around every commit. Recursive, as a commit
    /// may come from inside a session's end.
    private let connectionLock = NSRecursiveLock()
    /// A commit of the timer's that failed, thrown by the next ``beginSession()``, ``commit()`` or
    /// ``finish()``.
    private var timerFailure: DatabaseError?
    private var isFinished = false

    init(store: SessionStore, statements: SessionWriteStatements, commitsOnTimer: Bool) {
        self.store = store
        self.statements = statements
        self.commitsOnTimer = commitsOnTimer
    }

    deinit {
        timer?.stop()
        if !isFinished {
            // Not committed: what a crash here would have kept is what was committed already.
            statements.transaction.rollback()
            store.batchEnded()
        }
    }

    /// Begins storing one session (see ``SessionImport``): in a savepoint of the batch's
    /// transaction, which this begins when none is open and which takes the write lock at once.
    /// The session's end (commit or rollback) must come on the same thread.
    package func beginSession() throws -> SessionImport {
        precondition(!isFinished, "ImportBatch used after finish()")
        connectionLock.lock()
        do {
            try throwTimerFailure()
            if started == nil || !store.database.isInTransaction {
                try statements.transaction.begin()
                started = .now
            }
            // The key is looked up inside the write transaction: another process may have stored
            // sessions since this one's last. It is above every stored session's key and every stored
            // chunk's range, so the session's chunk keys are free.
            // The session keeps its batch alive until it ends.
            return try SessionImport(statements: statements, ended: { [self] in
                defer { connectionLock.unlock() }
                try sessionEnded()
            }) {
                SessionWriter(statements: statements, sessionKey: try statements.nextSessionKey())
            }
        } catch {
            connectionLock.unlock()
            throw error
        }
    }

    /// Commits the sessions stored since the last commit (none is fine); the batch goes on.
    /// Called when an input ends, before its sessions are reported as stored.
    package func commit() throws(DatabaseError) {
        connectionLock.lock()
        defer { connectionLock.unlock() }
        timer?.cancel()
        try throwTimerFailure()
        guard started != nil else { return }
        started = nil
        if store.database.isInTransaction { try statements.transaction.commit() }
    }

    /// Commits the sessions stored since the last commit and ends the batch (its timer stops).
    /// Also the error path: the sessions stored before an error are whole, and this keeps them.
    package func finish() throws(DatabaseError) {
        precondition(!isFinished, "ImportBatch finished twice")
        timer?.stop()
        timer = nil
        isFinished = true
        defer { store.batchEnded() }
        do {
            try commit()
        } catch {
            statements.transaction.rollback()
            throw error
        }
    }

    private func throwTimerFailure() throws(DatabaseError) {
        if let timerFailure {
            self.timerFailure = nil
            throw timerFailure
        }
    }

    /// A session was kept or rolled back: commits when the interval has passed, else has the
    /// timer commit when it does.
    private func sessionEnded() throws {
        guard let started else { return }
        if ContinuousClock.now - started >= Self.commitInterval {
            try commit()
        } else if commitsOnTimer {
            if timer == nil {
                let batch = UncheckedBatch(self)
                timer = ImportCommitTimer { batch.value?.commitFromTimer() }
            }
            timer?.schedule(at: started + Self.commitInterval)
        }
    }

    /// The timer's commit, on its thread: waits for a session being stored to end.
    private func commitFromTimer() {
        connectionLock.lock()
        defer { connectionLock.unlock() }
        guard started != nil, timerFailure == nil else { return }
        do {
            try commit()
        } catch {
            timerFailure = error
        }
    }
}

/// The batch as the commit timer's thread sees it: weak, so the timer never keeps a batch alive;
/// every use of the batch from there holds its connection lock.
private final class UncheckedBatch: @unchecked Sendable {
    weak var value: ImportBatch?

    init(_ value: ImportBatch) { self.value = value }
}
