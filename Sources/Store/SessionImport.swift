/// One session being imported: the savepoint that holds it inside the store's import transaction,
/// and the writer that fills it.
///
/// Begun by ``SessionStore/beginImport()``; ended by ``commit(_:)`` or ``rollback()`` (an import
/// dropped without either rolls back), so nothing of a session is ever half-stored. A committed
/// session joins the sessions imported before it in the store's import transaction, which
/// ``SessionStore/commitImports()`` commits (and ``commit(_:)`` does when it has been open for
/// ``SessionStore/importCommitInterval``). For a push-driven reader that sees a session's end only
/// later (`navrec import`'s sink); code that has the whole session at hand uses
/// ``SessionStore/importSession(_:)``.
package final class SessionImport {
    /// Where the session's frames and events go; valid until the import ends.
    package let writer: SessionWriter
    private let statements: SessionWriteStatements
    /// Called once the session is kept in the import transaction.
    private let committed: () throws -> Void
    private var isOpen = true

    init(
        statements: SessionWriteStatements, committed: @escaping () throws -> Void, writer: () throws -> SessionWriter
    ) throws {
        self.statements = statements
        self.committed = committed
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
        try committed()
    }

    /// Stores nothing of the session.
    package func rollback() {
        guard isOpen else { return }
        isOpen = false
        statements.transaction.rollbackToSavepoint()
    }

    deinit { rollback() }
}
