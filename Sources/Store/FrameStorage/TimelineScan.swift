internal import BarModel

/// One scan of `navrec_timeline` (``TimelineTable``): the rows of the `timeline` view, in the
/// order SQLite gives the view (every session's computed stream in id order, then every session's
/// observed stream), read through ``FrameCursor``s.
final class TimelineScan {
    private let database: Database
    /// One scan reads every session with the same few statements.
    private let queries: FrameQueries
    /// The sessions scanned: key, id and whether it has observed states.
    private var sessions: [(key: Int64, id: String, hasObserved: Bool, samples: Int)] = []
    /// The streams scanned, in order: `false` computed, `true` observed.
    private var streams: [Bool] = []
    private var streamIndex = 0
    private var sessionIndex = 0
    private var cursor: FrameCursor?
    /// The current session's chunk, and the current row in it: SQLite reads a column of the row
    /// straight from the block's columns.
    let block = FrameColumns()
    private(set) var row = 0
    var isObserved: Bool { streams[streamIndex] }
    /// The current row's state columns: its stream's.
    var states: FrameStateColumns { isObserved ? block.observed : block.computed }
    /// The current session's id, UTF-8 (kept so each row hands SQLite the same bytes).
    private(set) var sessionID: [CChar] = []
    private(set) var isAtEnd = true
    private(set) var rowid: Int64 = 0

    init(database: Database) {
        self.database = database
        queries = FrameQueries(database: database)
    }

    /// Starts over: the sessions with `sessionID` (all when `nil`), the streams named `source`
    /// (`computed`, `observed`; both when `nil`).
    func start(sessionID: String?, source: String?) throws(DatabaseError) {
        let statement = try database.prepare(
            "SELECT session_key, id, observed_samples > 0, samples FROM sessions"
                + (sessionID == nil ? "" : " WHERE id = ?") + " ORDER BY id")
        if let sessionID { try statement.bind([.text(sessionID)]) }
        sessions = []
        while try statement.step() {
            sessions.append((statement.int64(0), statement.text(1) ?? "", statement.int64(2) != 0, Int(statement.int64(3))))
        }
        switch source {
        case nil: streams = [false, true]
        case "computed": streams = [false]
        case "observed": streams = [true]
        default: streams = []
        }
        streamIndex = 0
        sessionIndex = 0
        cursor = nil
        rowid = 0
        isAtEnd = false
        try next()
    }

    /// Moves to the next row, or to the end.
    func next() throws(DatabaseError) {
        while streamIndex < streams.count {
            if sessionIndex == sessions.count {
                streamIndex += 1
                sessionIndex = 0
                continue
            }
            let observed = streams[streamIndex]
            if cursor == nil {
                let session = sessions[sessionIndex]
                if observed && !session.hasObserved {
                    sessionIndex += 1
                    continue
                }
                cursor = try FrameCursor(
                    queries: queries, sessionKey: session.key, sessionID: session.id, expectedSamples: session.samples,
                    withObserved: observed)
                sessionID = Array(session.id.utf8CString.dropLast())
                block.reset()
                row = -1
            }
            row += 1
            if row == block.count {
                guard try cursor!.read(into: block) else {
                    cursor = nil
                    sessionIndex += 1
                    continue
                }
                row = 0
            }
            if observed, block.observedRows >> UInt64(row) & 1 == 0 { continue }
            rowid += 1
            return
        }
        cursor = nil
        isAtEnd = true
    }
}
