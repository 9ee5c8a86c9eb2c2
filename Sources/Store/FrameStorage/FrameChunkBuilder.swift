internal import BarModel

/// Collects a session's frames column by column, ``capacity`` at a time, and stores each full
/// (or last) chunk as one `frame_chunks` row of ``DigitColumn``s.
///
/// Why chunks: one row per sample cost a B-tree insert and SQLite's record format per sample, and
/// reading rows back dominated `navrec report`. 64
/// samples per chunk keep a row within a page (its columns are read without overflow pages) and
/// the digit widths small.
final class FrameChunkBuilder {
    /// Samples per chunk; `chunk_positions` (migration 0009) holds 0 ..< capacity.
    static let capacity = 64
    /// The integer that stands for NULL in the buffers.
    static let null = Int64.min

    private static let columns = FrameChunkColumn.all
    private static let columnCount = columns.count

    private let insert: ParameterBinder
    /// ``textNumberSQL``, compiled: how SQLite reads a number stored as text.
    private let textNumber: Statement
    /// A compared column's numbers as the views read them, where it is stored as text.
    private let viewReals: UnsafeMutablePointer<Double>
    /// Column c's value of row r at `c * capacity + r`: an integer, exact thousandths, or ``null``.
    private let integers: UnsafeMutablePointer<Int64>
    /// The numbers themselves, for a thousandths column with a value that has no exact thousandths
    /// (then stored as text).
    private let reals: UnsafeMutablePointer<Double>
    private let bytes: UnsafeMutablePointer<UInt8>
    /// The texts of a column stored as text, kept to reuse their storage.
    private var texts: [String] = []
    /// Columns with a value without exact thousandths in this chunk (bit = column index).
    private var inexact: UInt64 = 0
    /// Frames collected, and the seq of the first.
    private(set) var count = 0
    private var firstSeq = 0

    /// Whether chunks may hold three-thousandths (``DigitColumn/threeThousandths(_:)``): only in a
    /// database whose views read them.
    private let threeThousandths: Bool

    /// `insert` is ``insertSQL`` and `textNumber` ``textNumberSQL``, compiled, for a database at
    /// schema version `schemaVersion`.
    init(insert: ParameterBinder, textNumber: Statement, schemaVersion: Int) {
        self.insert = insert
        self.textNumber = textNumber
        // A build whose embedded migrations lag its code (an incremental build that missed a new
        // migration file) makes databases without the views that read the form: not written there.
        threeThousandths = schemaVersion >= DigitColumn.threeThousandthsSchemaVersion
        viewReals = .allocate(capacity: 2 * Self.capacity)
        let size = Self.columnCount * Self.capacity
        integers = .allocate(capacity: size)
        reals = .allocate(capacity: size)
        bytes = .allocate(capacity: Self.capacity * DigitColumn.maxWidth)
    }

    deinit {
        integers.deallocate()
        reals.deallocate()
        bytes.deallocate()
        viewReals.deallocate()
    }

    /// The INSERT of one chunk: key, samples, each column with its width and base, then the largest gaps.
    static let insertSQL: String = {
        let names = ["key", "samples"] + columns.flatMap { [$0.name, $0.name + "_w", $0.name + "_base"] }
            + BarStateColumns.gapSummaryColumns.map(\.name)
        return "INSERT INTO frame_chunks (" + names.joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
    }()

    /// The views read a number stored as text with SQLite's `CAST(text AS REAL)`, which can be a
    /// unit in the last place off Swift's (correctly rounded) reading of the same text.
    static let textNumberSQL = "SELECT CAST(?1 AS REAL)"

    /// The computed and observed columns (indices into ``columns``) of each of ``BarStateColumns/gapFields``.
    private static let gapColumns: [(computed: Int, observed: Int)] = BarStateColumns.gapFields.map { field in
        (columns.firstIndex(of: .computed(field))!, columns.firstIndex(of: .observed(field))!)
    }
    private static let observedFlagColumn = columns.firstIndex(of: .observedFlag)!
    private static let timeColumn = columns.firstIndex(of: .t)!

    // The setters take the row and the inexact-column mask from the caller rather than reading
    // and writing the class's properties: each property access is a dynamic exclusivity check,
    // and they run 34 times per frame.

    @inline(__always)
    private func setInteger(_ column: Int, _ row: Int, _ value: Int64?) {
        integers[column &* Self.capacity &+ row] = value ?? Self.null
    }

    @inline(__always)
    private func setNumber(_ column: Int, _ row: Int, _ value: Double?, _ inexact: inout UInt64) {
        let slot = column &* Self.capacity &+ row
        guard let value else {
            integers[slot] = Self.null
            return
        }
        // -0.0 is stored as 0.0 in every form, as ``DigitColumn/thousandths(_:)`` stores it.
        reals[slot] = value == 0 ? 0 : value
        if let thousandths = DigitColumn.thousandths(value) {
            integers[slot] = thousandths
        } else {
            integers[slot] = 0
            inexact |= 1 << UInt64(column)
        }
    }

    /// Sets the state columns from `first` on (computed or observed) of rows `row..<row + count`
    /// from `states`' rows `from...` (NULL where a row lacks a field); returns the mask bits of the
    /// fields that hold a value.
    @inline(__always)
    private func setStates(
        _ states: FrameStateColumns, from source: Int, into first: Int, row: Int, count: Int, _ inexact: inout UInt64
    ) -> UInt64 {
        var mask: UInt64 = 0
        let entries = BarStateColumns.entries
        for index in 0..<entries.count {
            let entry = entries[index]
            let known = states.rows(entry.field) >> UInt64(source) & FrameColumns.rows(count)
            let values = states.column(entry.field)
            let column = first &+ index
            if known == 0 {
                for offset in 0..<count { integers[column &* Self.capacity &+ row &+ offset] = Self.null }
                continue
            }
            mask |= entry.bit
            if entry.storage.isNumber {
                for offset in 0..<count {
                    setNumber(column, row &+ offset, known >> UInt64(offset) & 1 != 0 ? values[source &+ offset] : nil, &inexact)
                }
            } else {
                for offset in 0..<count {
                    setInteger(column, row &+ offset, known >> UInt64(offset) & 1 != 0 ? Int64(values[source &+ offset]) : nil)
                }
            }
        }
        return mask
    }

    /// Adds `block`'s rows from `source` on as the session's next frames, from seq `seq`, as many
    /// as the chunk has room for; returns how many, and the `session_columns` mask bits of the
    /// state fields that hold a value. The caller stores the chunk when ``count`` reaches
    /// ``capacity``.
    func append(_ block: FrameColumns, from source: Int, rows: Int, seq: Int) -> (rows: Int, mask: UInt64) {
        let row = count
        let taken = min(rows, Self.capacity - row)
        if row == 0 { firstSeq = seq }
        var inexact = self.inexact
        for offset in 0..<taken {
            let (to, from) = (row &+ offset, source &+ offset)
            setInteger(0, to, Int64((block.t[from] * 1_000_000).rounded()))
            setNumber(1, to, block.y[from], &inexact)
            setInteger(2, to, block.phase[from].map { Int64($0.rawValue) })
            setNumber(3, to, block.vy[from], &inexact)
            setInteger(4, to, block.frameDuration[from].map { Int64(($0 * 1_000_000).rounded()) })
            setInteger(5, to, Int64(block.observedRows >> UInt64(from) & 1))
        }
        var mask = setStates(block.computed, from: source, into: FrameChunkColumn.firstComputed, row: row, count: taken, &inexact)
        mask |= setStates(block.observed, from: source, into: FrameChunkColumn.firstObserved, row: row, count: taken, &inexact)
            << BarStateColumns.observedMaskShift
        self.inexact = inexact
        count = row &+ taken
        return (taken, mask)
    }

    /// Forgets the collected frames.
    func discard() {
        count = 0
        inexact = 0
    }

    /// Stores the collected frames as the row of key `(sessionKey << 32) | seq of the first`.
    func store(sessionKey: Int64) throws(DatabaseError) {
        guard count > 0 else { return }
        let key = sessionKey << 32 | Int64(firstSeq)
        insert.bind(1, key)
        insert.bind(2, Int64(count))
        // Before the columns: binding an inexact column overwrites its integers.
        try bindGapSummaries(parameter: Int32(3 + Self.columnCount * 3))
        for column in 0..<Self.columnCount {
            DigitColumn.bind(
                integers + column * Self.capacity, reals: reals + column * Self.capacity, inexact: inexact >> UInt64(column) & 1 != 0,
                threeThousandths: threeThousandths, count: count, null: Self.null, to: insert, parameter: Int32(3 + column * 3), bytes: bytes, texts: &texts)
        }
        discard()
        try insert.statement.step()
        insert.statement.reset()
    }

    /// Column `column`'s numbers as the views decode them: the doubles held, bit for bit, in every
    /// form but text (``DigitColumn``), and there SQLite's reading of the text stored, written to
    /// `scratch`.
    private func viewNumbers(_ column: Int, scratch: UnsafeMutablePointer<Double>) throws(DatabaseError) -> UnsafePointer<Double> {
        let values = reals + column * Self.capacity
        let slots = integers + column * Self.capacity
        guard inexact >> UInt64(column) & 1 != 0,
            !threeThousandths || !DigitColumn.areThreeThousandths(slots, values, count: count, null: Self.null),
            DigitColumn.binaryShift(slots, values, count: count, null: Self.null) == nil
        else {
            return UnsafePointer(values)
        }
        for row in 0..<count where slots[row] != Self.null {
            defer { textNumber.reset() }
            try textNumber.bind([.text(values[row].description)])
            _ = try textNumber.step()
            scratch[row] = textNumber.double(0)
        }
        return UnsafePointer(scratch)
    }

    /// Binds each compared field's largest |observed − computed| over the frames that carried an
    /// observed state, and the earliest time with it (both NULL when no frame has both values), from
    /// `parameter` on, from the numbers as the views decode them (``viewNumbers(_:scratch:)``), so
    /// that `chunk_gaps` agrees with `observed_gaps` bit for bit; times are the views' `t_us / 1e6`.
    private func bindGapSummaries(parameter: Int32) throws(DatabaseError) {
        let flags = integers + Self.observedFlagColumn * Self.capacity
        let times = integers + Self.timeColumn * Self.capacity
        let null = Self.null
        // Most recordings carry no observed states: then every summary stays NULL.
        guard (0..<count).contains(where: { flags[$0] == 1 }) else {
            for index in 0..<Int32(2 * Self.gapColumns.count) { insert.bindNull(parameter &+ index) }
            return
        }
        for (offset, pair) in Self.gapColumns.enumerated() {
            let computed = integers + pair.computed &* Self.capacity, observed = integers + pair.observed &* Self.capacity
            let computedValues = try viewNumbers(pair.computed, scratch: viewReals)
            let observedValues = try viewNumbers(pair.observed, scratch: viewReals + Self.capacity)
            var largest = -1.0, earliest = Int64.max
            for row in 0..<count where flags[row] == 1 && computed[row] != null && observed[row] != null {
                let gap = (observedValues[row] - computedValues[row]).magnitude
                if gap > largest || gap == largest && times[row] < earliest { largest = gap; earliest = times[row] }
            }
            let index = parameter + Int32(2 * offset)
            if largest < 0 {
                insert.bindNull(index)
                insert.bindNull(index + 1)
            } else {
                insert.bind(index, largest)
                insert.bind(index + 1, Double(earliest) / 1_000_000)
            }
        }
    }
}
