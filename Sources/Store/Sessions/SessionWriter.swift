package import BarModel

/// Appends one session's frames (each sample with its computed and, when recorded, observed
/// state), its events, then its `sessions` row.
///
/// Frames go to `frame_chunks` ``FrameChunkBuilder/capacity`` at a time; the caller wraps the whole
/// session in one transaction so a failure stores nothing of it.
package final class SessionWriter {
    /// Prepared once per store and shared by its writers (``SessionWriteStatements``).
    private let statements: SessionWriteStatements
    /// The session's key, allocated when the writer was made.
    package let sessionKey: Int64
    private let chunk: FrameChunkBuilder

    // The counters are private, read through computed properties: as `package private(set)`
    // stored properties every access on the per-sample path is a dynamic exclusivity check, three
    // a sample.
    private var sampleCount = 0
    private var observedCount = 0
    private var eventCount = 0
    /// Number of samples appended so far (the next sample's `seq`).
    package var samples: Int { sampleCount }
    package var observedSamples: Int { observedCount }
    package var events: Int { eventCount }
    /// Which state columns got a value (`session_columns.mask`).
    private var columnMask: UInt64 = 0
    private var firstT: Double?
    private var lastT = 0.0
    /// The samples' recording lines, set whole by a caller that noted them.
    package var lines = SampleLines()
    /// The block ``append(_:computed:observed:)`` hands its one frame over in, made at its first use.
    private lazy var single = FrameColumns()

    init(statements: SessionWriteStatements, sessionKey: Int64) {
        self.statements = statements
        self.sessionKey = sessionKey
        chunk = statements.chunk
        // Frames of a session whose import failed may still be collected.
        chunk.discard()
    }

    /// Appends a sample with its computed state and, when the recording had one, its observed state.
    package func append(_ sample: ScrollSample, computed: BarState, observed: BarState?) throws(DatabaseError) {
        single.reset()
        single.append(seq: sampleCount, sample: sample, computed: computed, observed: observed)
        try append(single, rows: 0..<1)
    }

    /// Appends `block`'s frames in `rows` as the session's next samples (the writer numbers them).
    package func append(_ block: FrameColumns, rows: Range<Int>) throws(DatabaseError) {
        guard !rows.isEmpty else { return }
        var row = rows.lowerBound
        while row < rows.upperBound {
            let (taken, mask) = chunk.append(block, from: row, rows: rows.upperBound - row, seq: sampleCount + row - rows.lowerBound)
            columnMask |= mask
            if chunk.count == FrameChunkBuilder.capacity { try chunk.store(sessionKey: sessionKey) }
            row += taken
        }
        let observed = block.observedRows >> UInt64(rows.lowerBound) & FrameColumns.rows(rows.count)
        observedCount += observed.nonzeroBitCount
        if sampleCount == 0 { firstT = block.t[rows.lowerBound] }
        lastT = block.t[rows.upperBound - 1]
        sampleCount += rows.count
    }

    /// Appends an event; it applies before the next sample.
    package func append(_ event: ScrollEvent) throws(DatabaseError) {
        let eventInsert = statements.eventInsert
        try eventInsert.bind([
            .int(sessionKey), .int(Int64(eventCount)), .int(Int64(sampleCount)), .double(event.t),
            .text(event.kind.name), SQLValue(event.target?.rawValue),
            event.droppedSamples > 0 ? .int(Int64(event.droppedSamples)) : .null,
        ])
        try eventInsert.step()
        eventInsert.reset()
        eventCount += 1
    }

    /// Seconds from the first sample to the last.
    package var duration: Double { firstT.map { lastT - $0 } ?? 0 }

    /// Finishes the session: stores the last chunk and the `sessions` row.
    package func finish(_ session: StoredSession) throws(DatabaseError) {
        try chunk.store(sessionKey: sessionKey)
        let insert = statements.sessionInsert
        try insert.bind([
            .int(sessionKey), .text(session.id), SQLValue(session.app), SQLValue(session.screen), SQLValue(session.device),
            SQLValue(session.os), SQLValue(session.fps), SQLValue(session.startedAt),
            .text(session.behaviorNames.joined(separator: ",")), .text(session.parametersJSON), .text(session.contentID),
            .text(session.source), .int(Int64(samples)), .int(Int64(observedSamples)), .int(Int64(events)),
            .int(Int64(session.ignoredKeys)), .double(duration), .text(session.importedAt), SQLValue(session.recordingID),
            .double(session.tOrigin), SQLValue(session.screenScale), SQLValue(session.appVersion), SQLValue(session.build),
            SQLValue(session.recorder.moving?.rawValue), SQLValue(session.recorder.atRest?.rawValue),
        ])
        try insert.step()
        insert.reset()
        let columns = statements.columnsInsert
        try columns.bind([.int(sessionKey), .int(Int64(columnMask))])
        try columns.step()
        columns.reset()
        let lineInsert = statements.lineInsert
        for breakpoint in lines.breakpoints {
            try lineInsert.bind([.int(sessionKey), .int(Int64(breakpoint.seq)), .int(Int64(breakpoint.line))])
            try lineInsert.step()
            lineInsert.reset()
        }
    }
}
