internal import BarModel

/// The statements ``FrameCursor``s read with, compiled once per connection and column shape and
/// handed from one cursor to the next: `navrec report` opens two or three cursors per session, and
/// compiling their SELECTs (and the `session_columns` lookup) for each would be most of a short
/// session's reading.
///
/// A statement is lent to one cursor at a time and reset when it comes back, so no idle
/// statement holds a read transaction between sessions (a snapshot kept open would make a later
/// write fail with `SQLITE_BUSY_SNAPSHOT` once another connection has written).
final class FrameQueries {
    let database: Database
    private var maskQuery: Statement?
    /// The layouts worked out so far, by shape.
    private var layouts: [FrameCursor.Layout.Shape: FrameCursor.Layout] = [:]
    /// Idle SELECTs, found by their SQL (which the selected columns decide) in a short list: the
    /// SQL comes from a cached layout, so comparing it with an idle statement's is usually one
    /// check of identical storage, where a dictionary would hash the whole SQL text twice per
    /// cursor, a visible share of a short session's report.
    private var idle: [Statement] = []
    /// Column shapes kept at most: a session's shape follows its behaviours and recorded fields, so
    /// a database has few; beyond this many a cursor's statement is finalized when it is done.
    static let shapesKept = 16

    init(database: Database) { self.database = database }

    /// The session's `session_columns.mask`, `nil` when it has no row.
    func mask(sessionKey: Int64) throws(DatabaseError) -> UInt64? {
        let statement: Statement
        if let maskQuery {
            statement = maskQuery
        } else {
            statement = try database.prepare("SELECT mask FROM session_columns WHERE session_key = ?")
            maskQuery = statement
        }
        defer { statement.reset() }
        try statement.bind([.int(sessionKey)])
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return UInt64(bitPattern: statement.int64(0))
    }

    /// The layout of `shape`, worked out on first use.
    func layout(for shape: FrameCursor.Layout.Shape) -> FrameCursor.Layout {
        if let layout = layouts[shape] { return layout }
        let layout = FrameCursor.Layout(shape)
        if layouts.count < Self.shapesKept { layouts[shape] = layout }
        return layout
    }

    /// An idle statement compiled from `sql`, or a new one; give it back with ``giveBack(_:)``.
    func borrow(_ sql: String) throws(DatabaseError) -> Statement {
        if let index = idle.firstIndex(where: { $0.sql == sql }) { return idle.remove(at: index) }
        return try database.prepare(sql)
    }

    /// Resets `statement` and keeps it for the next cursor of its shape.
    func giveBack(_ statement: Statement) {
        statement.reset()
        if idle.count < Self.shapesKept, !idle.contains(where: { $0.sql == statement.sql }) { idle.append(statement) }
    }
}
