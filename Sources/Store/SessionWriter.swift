package import BarModel

/// Appends one session's frames (each sample with its computed and, when recorded, observed
/// state), its events, then its `sessions` row.
///
/// Rows go in through 64-row INSERT statements bound as samples arrive (multi-row INSERTs halve
/// the time per row, ARCHITECTURE.md "Performance"); the caller wraps the whole session in one
/// transaction so a failure stores nothing of it. A frame is one row, observed state included:
/// one B-tree insert per sample.
package final class SessionWriter {
    /// Rows per multi-row INSERT.
    static let batchRows = 64

    /// Prepared once per store and shared by its writers (``SessionWriteStatements``).
    private let statements: SessionWriteStatements
    /// The session's key, allocated when the writer was made.
    package let sessionKey: Int64
    /// ``BarStateColumns/bindPlan``, kept here so binding a frame does not check the global.
    private let stateColumns = BarStateColumns.bindPlan
    private let frameBatch: ParameterBinder
    private let frameSingle: ParameterBinder
    /// Frames not yet bound, `pendingCount` of them; a fixed buffer rather than an array of tuples,
    /// whose appends and reads copied the two ~140-byte states several times a frame (Benchmarks/README.md).
    /// The states are in buffers of their own, so they are copied in as raw bytes and bound
    /// through pointers.
    private let pending: UnsafeMutablePointer<PendingFrame> = .allocate(capacity: SessionWriter.batchRows)
    private let pendingComputed: UnsafeMutablePointer<BarState> = .allocate(capacity: SessionWriter.batchRows)
    /// Row i is valid when `pending[i].hasObserved`.
    private let pendingObserved: UnsafeMutablePointer<BarState> = .allocate(capacity: SessionWriter.batchRows)
    private var pendingCount = 0

    /// A sample waiting for its row in the next multi-row INSERT (its states are beside it).
    private struct PendingFrame {
        var seq: Int
        var sample: ScrollSample
        var hasObserved: Bool
    }

    /// The `frames` columns each row binds, in order: the sample's, the computed state's, the
    /// `observed` flag, the observed state's and the frame duration. The INSERT names them, so the
    /// table's own column order (which `ALTER TABLE … ADD COLUMN` decides) does not matter.
    package static let frameColumnNames = ["key", "t_us", "y", "phase", "vy"]
        + BarStateColumns.fields.map(BarStateColumns.computed) + ["observed"]
        + BarStateColumns.fields.map(BarStateColumns.observed) + ["frame_duration_us"]
    private static let frameColumns = Int32(frameColumnNames.count)

    /// Number of samples appended so far (the next sample's `seq`).
    package private(set) var samples = 0
    package private(set) var observedSamples = 0
    package private(set) var events = 0
    /// Which state columns got a value (`session_columns.mask`).
    private var columnMask: UInt64 = 0
    private var firstT: Double?
    private var lastT = 0.0
    /// `sample_lines` breakpoints: (seq, line) where a sample is not on the line after the previous one.
    private var lineBreakpoints: [(seq: Int, line: Int)] = []
    /// The line the next sample is on when nothing comes between.
    private var nextLine = 0

    init(statements: SessionWriteStatements, sessionKey: Int64) {
        self.statements = statements
        self.sessionKey = sessionKey
        frameBatch = statements.frameBatch
        frameSingle = statements.frameSingle
    }

    deinit {
        // All three hold trivial types: nothing to deinitialize.
        pending.deallocate()
        pendingComputed.deallocate()
        pendingObserved.deallocate()
    }

    static func insertFramesSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: frameColumnNames.count).joined(separator: ",") + ")"
        return "INSERT INTO frames (" + frameColumnNames.joined(separator: ", ") + ") VALUES "
            + Array(repeating: row, count: rows).joined(separator: ",")
    }

    /// The frame key of sample `seq`.
    @inline(__always)
    private func key(_ seq: Int) -> Int64 { sessionKey << 32 | Int64(seq) }

    /// Appends a sample with its computed state and, when the recording had one, its observed state.
    package func append(_ sample: ScrollSample, computed: BarState, observed: BarState?) throws(DatabaseError) {
        if let observed {
            try withUnsafePointer(to: observed) { (pointer) throws(DatabaseError) in
                try append(sample, computed: computed, observedAt: pointer)
            }
        } else {
            try append(sample, computed: computed, observedAt: nil)
        }
    }

    /// ``append(_:computed:observed:)`` with the observed state (if any) in place: the importer's
    /// path, where every copy of a ~140-byte state showed in the profile (Benchmarks/README.md).
    package func append(
        _ sample: ScrollSample, computed: BarState, observedAt observed: UnsafePointer<BarState>?
    ) throws(DatabaseError) {
        let row = pendingCount
        // Raw byte copies into the buffers (trivial types): one copy of each state.
        withUnsafePointer(to: computed) { pointer in
            UnsafeMutableRawPointer(pendingComputed + row).copyMemory(from: pointer, byteCount: MemoryLayout<BarState>.size)
        }
        if let observed {
            UnsafeMutableRawPointer(pendingObserved + row).copyMemory(from: observed, byteCount: MemoryLayout<BarState>.size)
        }
        (pending + row).initialize(to: PendingFrame(seq: samples, sample: sample, hasObserved: observed != nil))
        pendingCount = row + 1
        if pendingCount == Self.batchRows {
            // The mask is gathered in a local: `columnMask |= …` around the bind calls was a
            // dynamically checked access to the property on every frame.
            var mask: UInt64 = 0
            for row in 0..<Self.batchRows { mask |= bindFrame(row, to: frameBatch, row: row) }
            columnMask |= mask
            pendingCount = 0
            try frameBatch.statement.step()
            frameBatch.statement.reset()
        }
        if observed != nil { observedSamples += 1 }
        if firstT == nil { firstT = sample.t }
        lastT = sample.t
        samples += 1
    }

    /// Binds pending frame `index` to row `row` of `binder`'s statement; returns the columns that
    /// got a value.
    @inline(__always)
    private func bindFrame(_ index: Int, to binder: ParameterBinder, row: Int) -> UInt64 {
        let frame = pending + index
        let base = Int32(row) * Self.frameColumns
        let sample = frame.pointee.sample
        // Only a session's first frame names its key: for the others a NULL key makes SQLite take
        // the largest key + 1 (OP_NewRowid, a look at the B-tree's last cell) instead of seeking the
        // given key to check it is free (OP_NotExists, a large share of the insert;
        // Benchmarks/README.md). The session's keys are above every stored frame's (its key is the
        // largest session key + 1), so this yields the same consecutive keys; finish() checks.
        if frame.pointee.seq == 0 { binder.bind(base + 1, key(0)) } else { binder.bindNull(base + 1) }
        binder.bind(base + 2, Int64((sample.t * 1_000_000).rounded()))
        binder.bindNumber(base + 3, sample.y)
        if let phase = sample.phase { binder.bind(base + 4, Int64(phase.rawValue)) } else { binder.bindNull(base + 4) }
        binder.bindNumber(base + 5, sample.vy)
        var mask = BarStateColumns.bind(pendingComputed + index, plan: stateColumns, to: binder, from: base + 6)
        let observedFlag = base + 6 + Int32(BarStateColumns.fields.count)
        if frame.pointee.hasObserved {
            binder.bind(observedFlag, 1)
            mask |= BarStateColumns.bind(pendingObserved + index, plan: stateColumns, to: binder, from: observedFlag + 1)
                << BarStateColumns.observedMaskShift
        } else {
            binder.bindNull(observedFlag)
            for index in 0..<Int32(BarStateColumns.fields.count) { binder.bindNull(observedFlag + 1 + index) }
        }
        let frameDurationColumn = observedFlag + 1 + Int32(BarStateColumns.fields.count)
        if let frameDuration = sample.frameDuration {
            binder.bind(frameDurationColumn, Int64((frameDuration * 1_000_000).rounded()))
        } else {
            binder.bindNull(frameDurationColumn)
        }
        return mask
    }

    /// Records that the next sample appended is on `line` of its recording (1-based); a
    /// breakpoint is kept only where the lines do not simply continue.
    @inline(__always)
    package func noteLine(_ line: Int) {
        if line != nextLine || samples == 0 { lineBreakpoints.append((samples, line)) }
        nextLine = line + 1
    }

    /// Appends an event; it applies before the next sample.
    package func append(_ event: ScrollEvent) throws(DatabaseError) {
        let eventInsert = statements.eventInsert
        try eventInsert.bind([
            .int(sessionKey), .int(Int64(events)), .int(Int64(samples)), .double(event.t),
            .text(event.kind.name), SQLValue(event.target?.rawValue),
        ])
        try eventInsert.step()
        eventInsert.reset()
        events += 1
    }

    /// Seconds from the first sample to the last.
    package var duration: Double { firstT.map { lastT - $0 } ?? 0 }

    /// Writes the rows still pending (fewer than a batch) one by one.
    private func flush() throws(DatabaseError) {
        let count = pendingCount
        pendingCount = 0
        for row in 0..<count {
            columnMask |= bindFrame(row, to: frameSingle, row: 0)
            try frameSingle.statement.step()
            frameSingle.statement.reset()
        }
    }

    /// Finishes the session: writes pending rows and the `sessions` row.
    package func finish(_ session: StoredSession) throws(DatabaseError) {
        try flush()
        // The frames got consecutive keys from key(0) (see bindFrame) unless the table held larger
        // keys than this session's range, which cannot happen; refuse to store a session otherwise.
        if samples > 0 {
            let last = try statements.lastFrameKey()
            guard last == key(samples - 1) else {
                throw DatabaseError(
                    extendedResultCode: .constraint,
                    message: "frame keys of session \(sessionKey) are not consecutive (last \(last ?? -1))", sql: nil)
            }
        }
        let insert = statements.sessionInsert
        try insert.bind([
            .int(sessionKey), .text(session.id), SQLValue(session.app), SQLValue(session.screen), SQLValue(session.device),
            SQLValue(session.os), SQLValue(session.fps), SQLValue(session.startedAt),
            .text(session.behaviorNames.joined(separator: ",")), .text(session.parametersJSON), .text(session.contentID),
            .text(session.source), .int(Int64(samples)), .int(Int64(observedSamples)), .int(Int64(events)),
            .int(Int64(session.ignoredKeys)), .double(duration), .text(session.importedAt), SQLValue(session.recordingID),
            .double(session.tOrigin),
        ])
        try insert.step()
        insert.reset()
        let columns = statements.columnsInsert
        try columns.bind([.int(sessionKey), .int(Int64(columnMask))])
        try columns.step()
        columns.reset()
        let lines = statements.lineInsert
        for breakpoint in lineBreakpoints {
            try lines.bind([.int(sessionKey), .int(Int64(breakpoint.seq)), .int(Int64(breakpoint.line))])
            try lines.step()
            lines.reset()
        }
    }
}
