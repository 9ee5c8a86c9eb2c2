internal import BarModel

/// Migration 0009's data step: moves every row of the old `frames` table (a row per sample) into
/// `frame_chunks` and drops `frames`, inside the migration's transaction, so no sample is lost.
///
/// In Swift rather than SQL: the chunks' text form of numbers without exact thousandths is their
/// shortest round-trip decimal, which SQLite's printf cannot write (it stops at 16 digits).
enum FrameChunkMigration {
    static func run(_ database: Database) throws(DatabaseError) {
        let fields = BarStateColumns.fields
        let columns = ["key", "t_us", "y", "phase", "vy", "frame_duration_us", "observed"]
            + fields.map(BarStateColumns.computed) + fields.map(BarStateColumns.observed)
        let rows = try database.prepare("SELECT " + columns.joined(separator: ", ") + " FROM frames ORDER BY key")
        let chunk = FrameChunkBuilder(insert: ParameterBinder(try database.prepare(FrameChunkBuilder.insertSQL)))
        var sessionKey: Int64 = -1
        var nextSeq = 0
        /// The old encoding of the ANY columns: INTEGER thousandths, else the REAL itself.
        func number(_ column: Int32) -> Double? {
            switch rows.value(column) {
            case .int(let thousandths): Double(thousandths) / 1000
            case .double(let value): value
            case .null, .text: nil
            }
        }
        func state(from first: Int32) -> BarState {
            var state = BarState()
            for (index, entry) in BarStateColumns.entries.enumerated() {
                let column = first + Int32(index)
                let value = entry.storage.isNumber ? number(column) : rows.optionalInt64(column).map(Double.init)
                BarStateColumns.set(value, entry, in: &state)
            }
            return state
        }
        while try rows.step() {
            let key = rows.int64(0)
            let seq = Int(key & 0xFFFF_FFFF)
            if key >> 32 != sessionKey || seq != nextSeq || chunk.count == FrameChunkBuilder.capacity {
                try chunk.store(sessionKey: sessionKey)
                sessionKey = key >> 32
            }
            let sample = ScrollSample(
                t: Double(rows.int64(1)) / 1_000_000, y: number(2) ?? 0,
                phase: rows.optionalInt64(3).flatMap { ScrollPhase(rawValue: UInt8(clamping: $0)) }, vy: number(4),
                frameDuration: rows.optionalInt64(5).map { Double($0) / 1_000_000 })
            let computed = state(from: 7)
            let observed = rows.isNull(6) ? nil : state(from: 7 + Int32(fields.count))
            withUnsafePointer(to: computed) { computed in
                if let observed {
                    withUnsafePointer(to: observed) { _ = chunk.append(seq: seq, sample, computed: computed, observed: $0) }
                } else {
                    _ = chunk.append(seq: seq, sample, computed: computed, observed: nil)
                }
            }
            nextSeq = seq + 1
        }
        try chunk.store(sessionKey: sessionKey)
        try database.execute("DROP TABLE frames")
    }
}
