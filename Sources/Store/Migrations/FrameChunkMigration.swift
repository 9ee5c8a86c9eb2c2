/// Migration 0009's data step: moves every row of the old `frames` table (a row per sample) into
/// `frame_chunks` and drops `frames`, inside the migration's transaction, so no sample is lost.
///
/// In Swift rather than SQL: the chunks' text form of numbers without exact thousandths is their
/// shortest round-trip decimal, which SQLite's printf cannot write (it stops at 16 digits).
///
/// Frozen, like the migration's SQL: it names the columns `frames` and `frame_chunks` had at
/// schema 9 (``columns``), never the live ``BarStateField`` list, so that a field added later
/// (whose columns a later migration adds) does not break it (GRDB's rule: migrations do not
/// depend on application types). It shares only the chunk encoding (``DigitColumn``), which the
/// views of every schema since 9 decode.
enum FrameChunkMigration {
    /// The value columns of schema 9, in `frame_chunks` order, with whether each holds numbers as
    /// thousandths; `frames` had a column of the same name for each (`observed` there was 1 or NULL).
    static let columns: [(name: String, isThousandths: Bool)] = {
        let state: [(String, Bool)] = [
            ("bar_height", true), ("bar_hidden", false), ("bar_shown", true), ("large_title_alpha", true),
            ("inline_title_alpha", true), ("content_title_alpha", true), ("avatar_scale", true), ("avatar_tx", true),
            ("avatar_ty", true), ("blur_alpha", true), ("background", false), ("subtitle_visible", false),
            ("subtitle_has_text", false), ("dropdown_expanded", false),
        ]
        return [("t_us", false), ("y", true), ("phase", false), ("vy", true), ("frame_duration_us", false), ("observed", false)]
            + state + state.map { ("o_" + $0.0, $0.1) }
    }()

    /// Index of `observed` and of the first observed-state column in ``columns``.
    private static let observedFlag = 5
    private static let firstObserved = 6 + 14

    static func run(_ database: Database) throws(DatabaseError) {
        let capacity = 64
        let null = Int64.min
        let count = columns.count
        let rows = try database.prepare("SELECT key, " + columns.map(\.name).joined(separator: ", ") + " FROM frames ORDER BY key")
        let names = ["key", "samples"] + columns.flatMap { [$0.name, $0.name + "_w", $0.name + "_base"] }
        let insert = ParameterBinder(try database.prepare(
            "INSERT INTO frame_chunks (" + names.joined(separator: ", ") + ") VALUES ("
                + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"))
        let integers = UnsafeMutablePointer<Int64>.allocate(capacity: count * capacity)
        let reals = UnsafeMutablePointer<Double>.allocate(capacity: count * capacity)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * DigitColumn.maxWidth)
        defer {
            integers.deallocate()
            reals.deallocate()
            bytes.deallocate()
        }
        var texts: [String] = []
        var inexact = Set<Int>()
        var samples = 0
        var firstKey: Int64 = 0

        func store() throws(DatabaseError) {
            guard samples > 0 else { return }
            insert.bind(1, firstKey)
            insert.bind(2, Int64(samples))
            for column in 0..<count {
                DigitColumn.bind(
                    integers + column * capacity, reals: reals + column * capacity, inexact: inexact.contains(column),
                    threeThousandths: false, count: samples, null: null, to: insert, parameter: Int32(3 + column * 3), bytes: bytes, texts: &texts)
            }
            try insert.statement.step()
            insert.statement.reset()
            samples = 0
            inexact = []
        }

        while try rows.step() {
            let key = rows.int64(0)
            // A chunk holds consecutive samples of one session.
            if samples == capacity || (samples > 0 && (key >> 32 != firstKey >> 32 || key != firstKey + Int64(samples))) {
                try store()
            }
            if samples == 0 { firstKey = key }
            let hasObserved = !rows.isNull(Int32(1 + observedFlag))
            for (column, entry) in columns.enumerated() {
                let slot = column * capacity + samples
                let result = Int32(1 + column)
                if column == observedFlag {
                    integers[slot] = hasObserved ? 1 : 0
                } else if (column >= firstObserved && !hasObserved) || rows.isNull(result) {
                    integers[slot] = null
                } else if !entry.isThousandths {
                    integers[slot] = rows.int64(result)
                } else {
                    // The old encoding of the ANY columns: INTEGER thousandths, else the REAL itself.
                    var value = rows.double(result)
                    if case .int(let thousandths) = rows.value(result) { value = Double(thousandths) / 1000 }
                    // As FrameChunkBuilder stores a number: -0.0 as 0.0, the REAL kept for the other forms.
                    reals[slot] = value == 0 ? 0 : value
                    if let thousandths = DigitColumn.thousandths(value) {
                        integers[slot] = thousandths
                    } else {
                        integers[slot] = 0
                        inexact.insert(column)
                    }
                }
            }
            samples += 1
        }
        try store()
        try database.execute("DROP TABLE frames")
    }
}
