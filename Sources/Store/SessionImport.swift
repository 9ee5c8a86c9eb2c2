/// One session being imported: the write transaction that holds it and the writer that fills it.
///
/// Begun by ``SessionStore/beginImport()``, which takes the write lock at once; ended by
/// ``commit(_:)`` or ``rollback()`` (an import dropped without either rolls back), so nothing of a
/// session is ever half-stored. For a push-driven reader that sees a session's end only later
/// (`navrec import`'s sink); code that has the whole session at hand uses
/// ``SessionStore/importSession(_:)``.
package final class SessionImport {
    /// Where the session's frames and events go; valid until the import ends.
    package let writer: SessionWriter
    private let statements: SessionWriteStatements
    private var isOpen = true

    init(statements: SessionWriteStatements, writer: () throws -> SessionWriter) throws {
        self.statements = statements
        try statements.transaction.begin()
        do {
            self.writer = try writer()
        } catch {
            statements.transaction.rollback()
            throw error
        }
    }

    /// Writes the session's `sessions` row and commits it with its frames and events.
    package func commit(_ session: StoredSession) throws {
        precondition(isOpen, "SessionImport committed after it ended")
        do {
            try writer.finish(session)
            try statements.transaction.commit()
            isOpen = false
        } catch {
            rollback()
            throw error
        }
    }

    /// Stores nothing of the session.
    package func rollback() {
        guard isOpen else { return }
        isOpen = false
        statements.transaction.rollback()
    }

    deinit { rollback() }
}
