internal import BarModel
internal import CSQLite

/// `navrec_timeline`: the `timeline` view's rows decoded by navrec itself, an eponymous virtual
/// table registered on one connection (no extension is loaded; other SQLite clients never see it).
///
/// Why: the plain view decodes each value of `frame_chunks` with SQL functions, which `navrec
/// query` would otherwise pay for on every row it reads. A `session_id = ?`
/// and a `source = ?` constraint are used to pick the sessions and streams; everything else SQLite
/// filters. The rows, their values and their order are the view's.
enum TimelineTable {
    /// The columns, as the `timeline` view names and types them.
    static let columns: [(name: String, type: String)] = [
        ("session_id", "TEXT"), ("seq", "INTEGER"), ("t", "REAL"), ("y", "REAL"), ("phase", "TEXT"), ("source", "TEXT"),
    ] + BarStateField.allCases.map { field in
        (field.columnName, field.isNumber ? "REAL" : field.kind == .boolean ? "INTEGER" : "TEXT")
    } + [("frame_duration", "REAL")]

    /// A text that lives as long as the process, handed to SQLite without a copy.
    struct StaticText {
        let bytes: UnsafePointer<CChar>
        let count: Int32

        init(_ text: String) {
            let utf8 = Array(text.utf8CString)
            let bytes = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
            bytes.initialize(from: utf8, count: utf8.count)
            self.bytes = UnsafePointer(bytes)
            count = Int32(utf8.count - 1)
        }
    }

    // The texts of every row: SQLite copies nothing (a NULL destructor is SQLITE_STATIC).
    private nonisolated(unsafe) static let computedText = StaticText("computed")
    private nonisolated(unsafe) static let observedText = StaticText("observed")
    private nonisolated(unsafe) static let phaseTexts = ScrollPhase.allCases.map { StaticText($0.name) }
    private nonisolated(unsafe) static let valueTexts = BarStateField.allCases.map { $0.valueNames.map(StaticText.init) }

    private static func result(_ context: OpaquePointer?, _ text: StaticText) {
        sqlite3_result_text(context, text.bytes, text.count, nil)
    }

    private static let sessionColumn: Int32 = 0
    private static let sourceColumn: Int32 = 5
    private static let fields = BarStateField.allCases

    /// Registers `navrec_timeline` on `database`'s connection.
    static func register(on database: Database) throws(DatabaseError) {
        let code = sqlite3_create_module_v2(
            database.connection, "navrec_timeline", module, Unmanaged.passUnretained(database).toOpaque(), nil)
        guard code == SQLITE_OK else { throw DatabaseError.from(database.connection, code: code, sql: nil) }
    }

    /// The module: lives as long as the process, written once before first use.
    private nonisolated(unsafe) static let module: UnsafePointer<sqlite3_module> = {
        let module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
        module.initialize(to: sqlite3_module())
        module.pointee.iVersion = 1
        // xCreate as xConnect: created as `temp.navrec_timeline` (SessionStore), which no table
        // of the database's own can shadow, as one named `navrec_timeline` did the eponymous table.
        module.pointee.xCreate = connect
        module.pointee.xDestroy = disconnect
        module.pointee.xConnect = connect
        module.pointee.xBestIndex = bestIndex
        module.pointee.xDisconnect = disconnect
        module.pointee.xOpen = open
        module.pointee.xClose = close
        module.pointee.xFilter = filter
        module.pointee.xNext = next
        module.pointee.xEof = eof
        module.pointee.xColumn = column
        module.pointee.xRowid = rowid
        return UnsafePointer(module)
    }()

    private static let connect: @convention(c) (
        OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
        UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> Int32 = { connection, owner, _, _, table, _ in
        let schema = "CREATE TABLE x(" + TimelineTable.columns.map { "\($0.name) \($0.type)" }.joined(separator: ", ") + ")"
        let code = sqlite3_declare_vtab(connection, schema)
        guard code == SQLITE_OK else { return code }
        let vtab = UnsafeMutablePointer<navrec_vtab>.allocate(capacity: 1)
        vtab.initialize(to: navrec_vtab(base: sqlite3_vtab(), owner: owner))
        table?.pointee = UnsafeMutableRawPointer(vtab).assumingMemoryBound(to: sqlite3_vtab.self)
        return SQLITE_OK
    }

    private static let disconnect: @convention(c) (UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 = { table in
        guard let table else { return SQLITE_OK }
        sqlite3_free(table.pointee.zErrMsg)
        UnsafeMutableRawPointer(table).assumingMemoryBound(to: navrec_vtab.self).deallocate()
        return SQLITE_OK
    }

    /// idxNum bit 1: argument 1 (or the first) is a session id; bit 2: an argument is a source.
    private static let bestIndex: @convention(c) (UnsafeMutablePointer<sqlite3_vtab>?, UnsafeMutablePointer<sqlite3_index_info>?) -> Int32 = { _, info in
        guard let info else { return SQLITE_ERROR }
        var plan: Int32 = 0
        var arguments: Int32 = 0
        for index in 0..<Int(info.pointee.nConstraint) {
            let constraint = info.pointee.aConstraint[index]
            guard constraint.usable != 0, constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ) else { continue }
            // Only a BINARY comparison is the scan's exact match: `session_id = 'X' COLLATE NOCASE`
            // is left to SQLite, which checks every row (consuming it answered 0 rows).
            if let collation = sqlite3_vtab_collation(info, Int32(index)), sqlite3_stricmp(collation, "BINARY") != 0 { continue }
            let bit: Int32 = constraint.iColumn == sessionColumn ? 1 : constraint.iColumn == sourceColumn ? 2 : 0
            guard bit != 0, plan & bit == 0 else { continue }
            plan |= bit
            arguments += 1
            info.pointee.aConstraintUsage[index].argvIndex = bit == 1 ? 1 : 2
            info.pointee.aConstraintUsage[index].omit = 1
        }
        // With only a source, its argument is the first.
        if plan == 2 {
            for index in 0..<Int(info.pointee.nConstraint) where info.pointee.aConstraintUsage[index].argvIndex == 2 {
                info.pointee.aConstraintUsage[index].argvIndex = 1
            }
        }
        info.pointee.idxNum = plan
        info.pointee.estimatedCost = plan & 1 != 0 ? 1e4 : 1e7
        info.pointee.estimatedRows = plan & 1 != 0 ? 10_000 : 10_000_000
        return SQLITE_OK
    }

    private static func scan(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> TimelineScan {
        let state = UnsafeMutableRawPointer(cursor!).assumingMemoryBound(to: navrec_vtab_cursor.self).pointee.state!
        return Unmanaged<TimelineScan>.fromOpaque(state).takeUnretainedValue()
    }

    private static let open: @convention(c) (
        UnsafeMutablePointer<sqlite3_vtab>?, UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab_cursor>?>?
    ) -> Int32 = { table, result in
        guard let table else { return SQLITE_ERROR }
        let owner = UnsafeMutableRawPointer(table).assumingMemoryBound(to: navrec_vtab.self).pointee.owner!
        let database = Unmanaged<Database>.fromOpaque(owner).takeUnretainedValue()
        let cursor = UnsafeMutablePointer<navrec_vtab_cursor>.allocate(capacity: 1)
        cursor.initialize(to: navrec_vtab_cursor(
            base: sqlite3_vtab_cursor(), state: Unmanaged.passRetained(TimelineScan(database: database)).toOpaque()))
        result?.pointee = UnsafeMutableRawPointer(cursor).assumingMemoryBound(to: sqlite3_vtab_cursor.self)
        return SQLITE_OK
    }

    private static let close: @convention(c) (UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 = { cursor in
        guard let cursor else { return SQLITE_OK }
        let own = UnsafeMutableRawPointer(cursor).assumingMemoryBound(to: navrec_vtab_cursor.self)
        if let state = own.pointee.state { Unmanaged<TimelineScan>.fromOpaque(state).release() }
        own.deallocate()
        return SQLITE_OK
    }

    /// Runs `body` on the cursor's scan: SQLITE_OK, or its error reported to SQLite.
    private static func perform(
        _ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ body: (TimelineScan) throws(DatabaseError) -> Void
    ) -> Int32 {
        do {
            try body(scan(cursor))
            return SQLITE_OK
        } catch {
            return fail(cursor, error)
        }
    }

    /// Reports `error` as the table's error message.
    private static func fail(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ error: DatabaseError) -> Int32 {
        if let table = cursor?.pointee.pVtab {
            sqlite3_free(table.pointee.zErrMsg)
            let message = Array(error.message.utf8CString)
            let copy = sqlite3_malloc(Int32(message.count))?.assumingMemoryBound(to: CChar.self)
            copy?.update(from: message, count: message.count)
            table.pointee.zErrMsg = copy
        }
        return error.extendedResultCode.rawValue
    }

    private static func text(_ value: OpaquePointer?) -> String? {
        guard let value, let bytes = sqlite3_value_text(value) else { return nil }
        return String(cString: bytes)
    }

    private static let filter: @convention(c) (
        UnsafeMutablePointer<sqlite3_vtab_cursor>?, Int32, UnsafePointer<CChar>?, Int32,
        UnsafeMutablePointer<OpaquePointer?>?
    ) -> Int32 = { cursor, plan, _, count, arguments in
        var sessionID: String?, source: String?
        var argument = 0
        if plan & 1 != 0, argument < count {
            // A NULL or non-text id matches no session, as `session_id = NULL` matches no row.
            sessionID = text(arguments?[argument]) ?? "\u{0}none"
            argument += 1
        }
        if plan & 2 != 0, argument < count { source = text(arguments?[argument]) ?? "" }
        return perform(cursor) { scan throws(DatabaseError) in try scan.start(sessionID: sessionID, source: source) }
    }

    private static let next: @convention(c) (UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 = { cursor in
        perform(cursor) { scan throws(DatabaseError) in try scan.next() }
    }

    private static let eof: @convention(c) (UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 = { cursor in
        scan(cursor).isAtEnd ? 1 : 0
    }

    private static let rowid: @convention(c) (UnsafeMutablePointer<sqlite3_vtab_cursor>?, UnsafeMutablePointer<sqlite3_int64>?) -> Int32 = { cursor, result in
        result?.pointee = scan(cursor).rowid
        return SQLITE_OK
    }

    private static func result(_ context: OpaquePointer?, _ value: Double?) {
        if let value { sqlite3_result_double(context, value) } else { sqlite3_result_null(context) }
    }

    private static let column: @convention(c) (UnsafeMutablePointer<sqlite3_vtab_cursor>?, OpaquePointer?, Int32) -> Int32 = { cursor, context, index in
        let scan = scan(cursor)
        let block = scan.block, row = scan.row
        switch index {
        case 0: scan.sessionID.withUnsafeBufferPointer { sqlite3_result_text(context, $0.baseAddress, Int32($0.count), csqlite_transient()) }
        case 1: sqlite3_result_int64(context, Int64(block.firstSeq + row))
        case 2: sqlite3_result_double(context, block.t[row])
        case 3: sqlite3_result_double(context, block.y[row])
        case 4:
            if let phase = block.phase[row] { result(context, phaseTexts[Int(phase.rawValue)]) } else { sqlite3_result_null(context) }
        case 5: result(context, scan.isObserved ? observedText : computedText)
        case 6..<(6 + Int32(fields.count)):
            let fieldIndex = Int(index) - 6
            let field = fields[fieldIndex]
            let states = scan.states
            let value = states.rows(field) >> UInt64(row) & 1 != 0 ? states.column(field)[row] : nil
            switch field.kind {
            case .length, .fraction: result(context, value)
            case .boolean: if let value { sqlite3_result_int64(context, Int64(value)) } else { sqlite3_result_null(context) }
            case .enumeration:
                if let value, let name = valueTexts[fieldIndex][safe: Int(value)] { result(context, name) } else { sqlite3_result_null(context) }
            }
        default: result(context, block.frameDuration[row])
        }
        return SQLITE_OK
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
