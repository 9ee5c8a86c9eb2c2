package import BarModel
internal import CSQLite

/// Reads one session's frames in seq order from its `frame_chunks` rows, a chunk at a time (a
/// ``SessionFrameReader``): each row's ``DigitColumn``s are decoded column by column straight into
/// the caller's block.
package final class FrameCursor: SessionFrameReader {
    /// Lent by ``queries`` and given back when the cursor goes.
    private let statement: Statement
    private let queries: FrameQueries
    private let baseKey: Int64
    /// The session's id, for the errors that name a damaged chunk.
    private let sessionID: String
    /// The session's `sessions.samples` when read from its first chunk: the chunks must hold that many.
    private let expectedSamples: Int?
    /// The seq the next chunk must start at, and the time (µs) the previous sample had: a missing
    /// chunk or digits changed in `t_us` show as a gap or a step back.
    private var nextSeq: Int
    private var previousMicroseconds = Int64.min
    /// Whether only the samples are read (states left empty).
    private let samplesOnly: Bool
    /// Result column of the `observed` flag, -1 when not selected.
    private let observedColumn: Int32
    /// Result columns of the sample's vectors (each followed by its width and base).
    private let sampleColumns: (t: Int32, y: Int32, phase: Int32, vy: Int32, frameDuration: Int32)
    /// Only the columns `session_columns` says hold a value are selected.
    private let stateColumns: [Layout.StateColumn]

    /// What a cursor selects for one column shape, and where each column lands in the result:
    /// worked out once per shape (``FrameQueries/layout(for:)``), as the SQL text it builds from
    /// the fields' column names cost more than reading a five-sample session.
    struct Layout {
        /// Which columns a session needs: its `session_columns` mask (0 for samples only) and
        /// whether its observed states are read.
        struct Shape: Hashable {
            var mask: UInt64
            var withObserved: Bool
            var samplesOnly: Bool
        }

        /// A selected state column: the result column its vector is in (width and base follow),
        /// the field it fills and whether it is the observed state's.
        struct StateColumn {
            var column: Int32
            var entry: BarStateColumns.Entry
            var observed: Bool
        }

        let sql: String
        let observedColumn: Int32
        let sampleColumns: (t: Int32, y: Int32, phase: Int32, vy: Int32, frameDuration: Int32)
        let stateColumns: [StateColumn]

        init(_ shape: Shape) {
            let mask = shape.mask, samplesOnly = shape.samplesOnly
            var sql = "SELECT key, samples"
            var next: Int32 = 2
            func select(_ column: FrameChunkColumn) -> Int32 {
                sql += ", \(column.name), \(column.name)_w, \(column.name)_base"
                defer { next += 3 }
                return next
            }
            sampleColumns = (select(.t), select(.y), select(.phase), select(.vy), select(.frameDuration))
            var selected: [StateColumn] = []
            for (index, field) in BarStateColumns.fields.enumerated() where !samplesOnly && mask >> UInt64(field.maskBit) & 1 != 0 {
                selected.append(StateColumn(column: select(.computed(field)), entry: BarStateColumns.entries[index], observed: false))
            }
            if shape.withObserved && !samplesOnly {
                observedColumn = select(.observedFlag)
                for (index, field) in BarStateColumns.fields.enumerated()
                where mask >> (BarStateColumns.observedMaskShift + UInt64(field.maskBit)) & 1 != 0 {
                    selected.append(StateColumn(column: select(.observed(field)), entry: BarStateColumns.entries[index], observed: true))
                }
            } else {
                observedColumn = -1
            }
            sql += " FROM frame_chunks WHERE key BETWEEN ? AND ? ORDER BY key"
            stateColumns = selected
            self.sql = sql
        }
    }

    /// Scratch for one decoded vector.
    private let integers: UnsafeMutablePointer<Int64> = .allocate(capacity: FrameChunkBuilder.capacity)
    private let numbers: UnsafeMutablePointer<Double> = .allocate(capacity: FrameChunkBuilder.capacity)

    /// A cursor over the session's frames, from the chunk with key `start` on when given.
    /// `expectedSamples` (`sessions.samples`) is checked against the chunks when reading from the start.
    init(
        queries: FrameQueries, sessionKey: Int64, sessionID: String, expectedSamples: Int?, withObserved: Bool,
        samplesOnly: Bool = false, from start: Int64? = nil
    ) throws(DatabaseError) {
        // Sessions without a session_columns row read every column.
        let mask = samplesOnly ? 0 : try queries.mask(sessionKey: sessionKey) ?? .max
        let layout = queries.layout(for: Layout.Shape(mask: mask, withObserved: withObserved, samplesOnly: samplesOnly))
        sampleColumns = layout.sampleColumns
        observedColumn = layout.observedColumn
        stateColumns = layout.stateColumns
        self.samplesOnly = samplesOnly
        self.queries = queries
        statement = try queries.borrow(layout.sql)
        baseKey = sessionKey << 32
        self.sessionID = sessionID
        self.expectedSamples = start == nil ? expectedSamples : nil
        nextSeq = Int((start ?? baseKey) - baseKey)
        // The cursor is whole by now: if this throws, its deinit gives the statement back.
        try statement.bind([.int(start ?? baseKey), .int(baseKey | 0xFFFF_FFFF)])
    }

    deinit {
        queries.giveBack(statement)
        integers.deallocate()
        numbers.deallocate()
    }

    /// Overwrites `columns` with the next chunk's frames, decoded a vector at a time straight into
    /// its columns, and returns `true`; or empties it and returns `false` at the end.
    ///
    /// What a count can prove is checked (a database edited by hand or damaged on disk must end in
    /// an error naming the chunk, never in a crash or silently wrong frames): the chunk's sample
    /// count, that it starts where the previous one ended, that every field is digits of a width
    /// its blob holds, that times never decrease, phases are known codes, and that the chunks add
    /// up to `sessions.samples`.
    ///
    /// - Throws: ``DatabaseError`` when SQLite fails mid-session (an I/O error, a corrupt page), or
    ///   names the damaged chunk.
    package func read(into columns: FrameColumns) throws(DatabaseError) -> Bool {
        // Nothing is handed out of a chunk that fails below.
        columns.count = 0
        guard try statement.step() else {
            if let expectedSamples, nextSeq != expectedSamples {
                throw DatabaseError(
                    extendedResultCode: .corrupt,
                    message: "session '\(sessionID)': its frame_chunks rows hold \(nextSeq) samples, sessions.samples says \(expectedSamples)")
            }
            columns.reset()
            return false
        }
        let handle = statement.handle
        let first = Int(sqlite3_column_int64(handle, 0) - baseKey)
        let samples = sqlite3_column_int64(handle, 1)
        guard samples >= 1, samples <= FrameChunkBuilder.capacity else {
            throw damaged("samples is \(samples), not 1 to \(FrameChunkBuilder.capacity)")
        }
        guard first == nextSeq else {
            throw damaged(first > nextSeq
                ? "starts at seq \(first), the previous chunk ended at seq \(nextSeq) (a chunk is missing)"
                : "starts at seq \(first), inside the previous chunk (which ended at seq \(nextSeq))")
        }
        let count = Int(samples)
        nextSeq = first + count
        let integers = self.integers, numbers = self.numbers
        try readIntegers(sampleColumns.t, count: count)
        var previous = previousMicroseconds
        let t = columns.t
        for index in 0..<count {
            let micros = integers[index]
            guard micros >= previous else {
                throw damaged(micros == FrameChunkBuilder.null
                    ? "t_us of seq \(first + index) is NULL"
                    : "t_us goes back in time at seq \(first + index) (\(micros) µs after \(previous) µs)")
            }
            previous = micros
            t[index] = Double(micros) / 1_000_000
        }
        previousMicroseconds = previous
        let y = columns.y
        let yRows = try readNumbers(sampleColumns.y, count: count, into: y.pointer)
        if yRows != FrameColumns.rows(count) {
            for index in 0..<count where yRows &>> UInt64(index) & 1 == 0 { y[index] = 0 }
        }
        try readIntegers(sampleColumns.phase, count: count)
        let phase = columns.phase
        for index in 0..<count {
            let code = integers[index]
            guard code != FrameChunkBuilder.null else { phase[index] = nil; continue }
            guard code >= 0, code <= Int64(UInt8.max), let value = ScrollPhase(rawValue: UInt8(code)) else {
                throw damaged("phase of seq \(first + index) is code \(code), which is no phase (phase_base \(sqlite3_column_int64(handle, sampleColumns.phase + 2)))")
            }
            phase[index] = value
        }
        let vyRows = try readNumbers(sampleColumns.vy, count: count, into: numbers)
        let vy = columns.vy
        for index in 0..<count { vy[index] = vyRows &>> UInt64(index) & 1 != 0 ? numbers[index] : nil }
        try readIntegers(sampleColumns.frameDuration, count: count)
        let frameDuration = columns.frameDuration
        for index in 0..<count {
            let micros = integers[index]
            frameDuration[index] = micros == FrameChunkBuilder.null ? nil : Double(micros) / 1_000_000
        }
        columns.computed.clear()
        columns.observed.clear()
        columns.observedRows = 0
        if !samplesOnly {
            try readStates(into: columns, count: count)
        }
        columns.firstSeq = first
        columns.count = count
        return true
    }

    /// Decodes the chunk's state vectors into `columns`' computed and observed columns.
    private func readStates(into columns: FrameColumns, count: Int) throws(DatabaseError) {
        let integers = self.integers
        var observedRows: UInt64 = 0
        if observedColumn >= 0 {
            try readIntegers(observedColumn, count: count)
            for index in 0..<count where integers[index] == 1 { observedRows |= 1 &<< UInt64(index) }
        }
        for column in stateColumns {
            let field = column.entry.field
            let states = column.observed ? columns.observed : columns.computed
            let values = states.column(field)
            var rows: UInt64
            switch column.entry.storage {
            case .number:
                rows = try readNumbers(column.column, count: count, into: values.pointer)
            case .boolean:
                try readIntegers(column.column, count: count)
                rows = 0
                for index in 0..<count where integers[index] != FrameChunkBuilder.null {
                    values[index] = integers[index] != 0 ? 1 : 0
                    rows |= 1 &<< UInt64(index)
                }
            case .field:
                // An enumeration's code that names no value leaves the field out, as
                // ``BarStateField/set(_:in:)`` does.
                try readIntegers(column.column, count: count)
                rows = 0
                var state = BarState()
                for index in 0..<count where integers[index] != FrameChunkBuilder.null {
                    field.set(Double(integers[index]), in: &state)
                    guard let value = field.value(in: state) else { continue }
                    values[index] = value
                    rows |= 1 &<< UInt64(index)
                }
            }
            states.known[field.maskBit] = column.observed ? rows & observedRows : rows
        }
        columns.observedRows = observedRows
    }

    /// Decodes the integer vector at result `column` (width and base follow it) into ``integers``.
    @inline(__always)
    private func readIntegers(_ column: Int32, count: Int) throws(DatabaseError) {
        let handle = statement.handle
        let integers = self.integers
        guard let blob = sqlite3_column_blob(handle, column) else {
            integers.update(repeating: FrameChunkBuilder.null, count: count)
            return
        }
        let width = Int(sqlite3_column_int64(handle, column + 1))
        let base = sqlite3_column_int64(handle, column + 2)
        if width == 0 {
            integers.update(repeating: base, count: count)
            return
        }
        guard width > 0, width <= DigitColumn.maxWidth, Int(sqlite3_column_bytes(handle, column)) >= width * count else {
            throw damaged(column, "width \(width) does not fit its \(sqlite3_column_bytes(handle, column))-byte blob of \(count) samples")
        }
        guard DigitColumn.decodeIntegers(
            blob.assumingMemoryBound(to: UInt8.self), count: count, width: width, base: base, null: FrameChunkBuilder.null,
            into: integers)
        else { throw damaged(column, "holds a byte that is not a digit") }
    }

    /// Decodes the thousandths vector at result `column` into `values` and returns the mask of its
    /// rows that are not NULL (the others' values are left as they were).
    @inline(__always)
    private func readNumbers(_ column: Int32, count: Int, into values: UnsafeMutablePointer<Double>) throws(DatabaseError) -> UInt64 {
        let handle = statement.handle
        let width = Int(sqlite3_column_int64(handle, column + 1))
        var rows: UInt64 = 0
        if width < 0, let blob = sqlite3_column_blob(handle, column) {
            guard width >= -DigitColumn.maxWidth, Int(sqlite3_column_bytes(handle, column)) >= -width * count else {
                throw damaged(column, "width \(width) does not fit its \(sqlite3_column_bytes(handle, column))-byte blob of \(count) samples")
            }
            let bytes = blob.assumingMemoryBound(to: UInt8.self)
            if sqlite3_column_type(handle, column + 2) == SQLITE_FLOAT {
                let factor = sqlite3_column_double(handle, column + 2)
                rows = DigitColumn.decodeScaled(bytes, count: count, width: -width, factor: factor, into: values)
                // A field's integer is below 2^64, so with the factor the encoder writes (2^-s, at
                // most 1) every value is finite: only a damaged factor needs the values checked.
                if !(factor.magnitude <= 1) {
                    for index in 0..<count where rows &>> UInt64(index) & 1 != 0 && !values[index].isFinite {
                        throw damaged(column, "value of seq \(nextSeq - count + index) is not a finite number")
                    }
                }
                return rows
            }
            for index in 0..<count {
                guard let value = DigitColumn.decodeText(bytes, index: index, width: -width) else { continue }
                guard value.isFinite else {
                    throw damaged(column, "value of seq \(nextSeq - count + index) is not a finite number")
                }
                values[index] = value
                rows |= 1 &<< UInt64(index)
            }
            return rows
        }
        // Three-thousandths (a @3x pixel grid's thirds) are thousandths' fields over another denominator.
        let threeThousandths = width >= DigitColumn.threeThousandthsWidth
        let fieldWidth = threeThousandths ? width &- DigitColumn.threeThousandthsWidth : width
        let denominator = threeThousandths ? 3000.0 : 1000.0
        if fieldWidth == 0, sqlite3_column_blob(handle, column) != nil {
            // One value for the whole chunk (a bar at rest): no vector to decode.
            let base = sqlite3_column_int64(handle, column + 2)
            guard base != FrameChunkBuilder.null else { return 0 }
            values.update(repeating: Double(base) / denominator, count: count)
            return FrameColumns.rows(count)
        }
        guard let blob = sqlite3_column_blob(handle, column) else { return 0 }
        guard fieldWidth > 0, fieldWidth <= DigitColumn.maxWidth, Int(sqlite3_column_bytes(handle, column)) >= fieldWidth * count else {
            throw damaged(column, "width \(width) does not fit its \(sqlite3_column_bytes(handle, column))-byte blob of \(count) samples")
        }
        let decoded = DigitColumn.decodeThousandths(
            blob.assumingMemoryBound(to: UInt8.self), count: count, width: fieldWidth, base: sqlite3_column_int64(handle, column + 2),
            denominator: denominator, null: FrameChunkBuilder.null, into: values)
        guard decoded.valid else { throw damaged(column, "holds a byte that is not a digit") }
        rows = decoded.rows
        return rows
    }

    /// The error for the current chunk's `column`, whose bytes do not hold its samples.
    private func damaged(_ column: Int32, _ problem: String) -> DatabaseError {
        damaged("column \(String(cString: sqlite3_column_name(statement.handle, column))) \(problem)")
    }

    /// The error for the current chunk (edited by hand or damaged on disk): names the session and the chunk.
    private func damaged(_ problem: String) -> DatabaseError {
        let key = sqlite3_column_int64(statement.handle, 0)
        return DatabaseError(
            extendedResultCode: .corrupt,
            message: "session '\(sessionID)', chunk at seq \(key - baseKey) (frame_chunks key \(key)): \(problem)")
    }
}
