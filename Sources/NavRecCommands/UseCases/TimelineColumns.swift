internal import BarModel

/// `navrec analyze --rows --timeline-file FILE`: the rows `--timeline` prints (the database's
/// `timeline` view without session_id), as little-endian columns a reader takes with
/// `numpy.frombuffer` and no per-row work (Docs/fleet.md "The timeline file"). The same values
/// as ``TimelineRowText``'s text, with no decimal conversion either way: printing and parsing the
/// text cost the Spark job more than the analysis.
///
/// The file: ``header`` (magic, version, the columns as JSON), then the ``block(key:)``s of each
/// analysed session, in the order of the session lines: one per 65,536 rows or fewer, a frame's
/// rows in one block, so memory stays flat over a long session. Every part is a multiple of 8 bytes, so
/// each column's values start 8-byte aligned.
struct TimelineColumns {
    /// How a column's values are stored: IEEE doubles, integers (booleans 0/1), or one byte each,
    /// an index into `values` (the text's names).
    enum Kind {
        case float64
        case int64
        case dictionary([String])
    }

    static let magic = Array("NAVRECTL".utf8)
    static let version: UInt32 = 1
    private static let fields = BarStateField.allCases
    private static let firstField = 5

    /// The columns in `Integrations/spark/analyze_timeline_schema.ddl`'s order: source, seq, t, y,
    /// phase, the ``BarStateField``s, frame_duration.
    static let columns: [(name: String, kind: Kind)] = {
        let phases = (0...(ScrollPhase.allCases.map(\.rawValue).max() ?? 0)).map { ScrollPhase(rawValue: $0)?.name ?? "" }
        var columns: [(String, Kind)] = [("source", .dictionary(["computed", "observed"])), ("seq", .int64), ("t", .float64),
                                         ("y", .float64), ("phase", .dictionary(phases))]
        for field in fields {
            switch field.kind {
            case .length, .fraction: columns.append((field.columnName, .float64))
            case .boolean: columns.append((field.columnName, .int64))
            case .enumeration: columns.append((field.columnName, .dictionary(field.valueNames)))
            }
        }
        columns.append(("frame_duration", .float64))
        return columns
    }()

    /// `NAVRECTL`, the version (UInt32), the JSON's length (UInt32), then
    /// `{"columns":[{"name":…,"type":"float64"|"int64"|"dictionary","values":[…]},…]}` padded
    /// with spaces to a multiple of 8 bytes.
    static let header: [UInt8] = {
        let described = columns.map { column -> String in
            switch column.kind {
            case .float64: return #"{"name":"\#(column.name)","type":"float64"}"#
            case .int64: return #"{"name":"\#(column.name)","type":"int64"}"#
            case .dictionary(let values):
                return #"{"name":"\#(column.name)","type":"dictionary","values":["\#(values.joined(separator: #"",""#))"]}"#
            }
        }
        var json = Array(#"{"columns":[\#(described.joined(separator: ","))]}"#.utf8)
        json += [UInt8](repeating: UInt8(ascii: " "), count: padding(json.count))
        var bytes = magic
        appendUInt32(version, to: &bytes)
        appendUInt32(UInt32(json.count), to: &bytes)
        return bytes + json
    }()

    /// How each column's values are written (``Kind`` without the names, read per row).
    private enum Width { case eight, one }
    private static let widths: [Width] = columns.map { if case .dictionary = $0.kind { .one } else { .eight } }
    /// Each dictionary column's number of names (0 for the others), read per row.
    private static let dictionarySizes: [Int] = columns.map { if case .dictionary(let names) = $0.kind { names.count } else { 0 } }

    /// The rows since the last block, row after row: each cell's value (a double's or an integer's
    /// bits, a dictionary index; 0 for NULL) and whether it holds one. Rows are appended whole to
    /// two flat arrays and turned into columns once per block: appending to one array per column
    /// cost more than the rest of `--timeline-file`.
    private var cells: [UInt64] = []
    private var valid: [UInt8] = []
    /// The rows added since the last block.
    private(set) var rows = 0

    init() {}

    /// Adds the frame's computed row and, when the app sent a state, its observed row.
    mutating func appendRows(of frame: SessionFrame) {
        append(frame, source: 0, frame.computed)
        if case .some(let observed) = frame.observed { append(frame, source: 1, observed) }
    }

    /// The rows added since the last block, as one session's block, and starts the next: the row
    /// count (UInt64), the key's UTF-8 length (UInt32), 4 zero bytes, the key padded with zeros to
    /// 8 bytes; then per column the validity bytes padded to 8, and the values: 8 bytes each for
    /// float64 and int64, one byte each (padded to 8) for a dictionary. A NULL's value is 0.
    mutating func block(key: String) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        let count = Self.columns.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 + keyBytes.count + rows * count * 10)
        Self.appendUInt64(UInt64(rows), to: &bytes)
        Self.appendUInt32(UInt32(keyBytes.count), to: &bytes)
        Self.appendUInt32(0, to: &bytes)
        Self.appendPadded(keyBytes, to: &bytes)
        for column in 0..<count {
            Self.appendPadded((0..<rows).map { valid[$0 * count + column] }, to: &bytes)
            switch Self.widths[column] {
            case .one: Self.appendPadded((0..<rows).map { UInt8(truncatingIfNeeded: cells[$0 * count + column]) }, to: &bytes)
            case .eight:
                // Little-endian whatever the host: the bytes of each UInt64 as stored in memory.
                (0..<rows).map { cells[$0 * count + column].littleEndian }.withUnsafeBytes { bytes.append(contentsOf: $0) }
            }
        }
        cells.removeAll(keepingCapacity: true)
        valid.removeAll(keepingCapacity: true)
        rows = 0
        return bytes
    }

    private mutating func append(_ frame: SessionFrame, source: UInt64, _ state: BarState) {
        rows += 1
        set(source)
        set(UInt64(bitPattern: Int64(frame.seq)))
        set(frame.sample.t.bitPattern)
        set(frame.sample.y.bitPattern)
        set(frame.sample.phase.map { UInt64($0.rawValue) })
        for (offset, field) in Self.fields.enumerated() {
            guard let value = field.value(in: state) else {
                set(nil)
                continue
            }
            let column = Self.firstField + offset
            switch Self.widths[column] {
            case .one: set(value >= 0 && value < Double(Self.dictionarySizes[column]) ? UInt64(value) : nil)
            case .eight: set(field.kind == .boolean ? (value == 0 ? 0 : 1) : value.bitPattern)
            }
        }
        set(frame.sample.frameDuration?.bitPattern)
    }

    @inline(__always)
    private mutating func set(_ value: UInt64?) {
        valid.append(value == nil ? 0 : 1)
        cells.append(value ?? 0)
    }

    private static func padding(_ count: Int) -> Int { (8 - count % 8) % 8 }

    private static func appendPadded(_ part: [UInt8], to bytes: inout [UInt8]) {
        bytes += part
        bytes += repeatElement(0, count: padding(part.count))
    }

    private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    private static func appendUInt64(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
