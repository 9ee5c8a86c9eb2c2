/// One session being imported: the savepoint that holds it inside its ``ImportBatch``'s
/// transaction, and the writer that fills it.
///
/// Begun by ``ImportBatch/beginSession()``; ended by ``commit(_:)`` or ``rollback()`` (an import
/// dropped without either rolls back), so nothing of a session is ever half-stored. A committed
/// session joins the sessions imported before it in the batch's transaction, which
/// ``ImportBatch/finish()`` commits (as does ``commit(_:)`` when it has been open for
/// ``ImportBatch/commitInterval``, and else the batch's commit timer once it has). Between
/// ``ImportBatch/beginSession()`` and the session's end the store's connection is this import's
/// (the commit timer waits), so the two must come on one thread. For `navrec import`'s sink, which
/// writes a session it has spooled; code that has the whole session at hand uses
/// ``SessionStore/importSession(_:)``.
package final class SessionImport {
    /// Where the session's frames and events go; valid until the import ends.
    package let writer: SessionWriter
    private let statements: SessionWriteStatements
    /// Called once when the session ends, kept in the batch's transaction or rolled back (the
    /// batch commits when due and lets the commit timer use the connection again).
    private let ended: () throws -> Void
    private var isOpen = true

    init(
        statements: SessionWriteStatements, ended: @escaping () throws -> Void, writer: () throws -> SessionWriter
    ) throws {
        self.statements = statements
        self.ended = ended
        try statements.transaction.savepoint()
        do {
            self.writer = try writer()
        } catch {
            statements.transaction.rollbackToSavepoint()
            throw error
        }
    }

    /// Writes the session's `sessions` row and keeps it with its frames and events.
    package func commit(_ session: StoredSession) throws {
        precondition(isOpen, "SessionImport committed after it ended")
        do {
            try writer.finish(session)
            try statements.transaction.release()
            isOpen = false
        } catch {
            rollback()
            throw error
        }
        try ended()
    }

    /// Stores nothing of the session.
    package func rollback() {
        guard isOpen else { return }
        isOpen = false
        statements.transaction.rollbackToSavepoint()
        try? ended()
    }

    deinit { rollback() }
}
