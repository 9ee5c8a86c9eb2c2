internal import BarModel

/// `navrec analyze --rows --timeline`: a frame's rows of the database's `timeline` view as tab-separated
/// text, each after the landing row's key and a tab, the columns in
/// `Integrations/spark/analyze_timeline_schema.ddl`'s order: source (`computed` or `observed`), seq,
/// t, y, phase, the ``BarStateField``s, frame_duration.
///
/// Values are those the view yields after `import` (the frame holds ``StoredValues``): numbers as
/// the shortest text that reads back as the same double (Swift's `description`), booleans 0/1,
/// enumerations and phases by name, and `\N` for NULL (the null of Spark's and Hive's TRANSFORM
/// framing, so the job casts the fields with no parsing of its own).
///
/// The lines are built as bytes in one reused buffer: building each row as a `String` by
/// interpolation and concatenation would cost more than the analysis, most of it growing and
/// appending strings.
struct TimelineRowText: TextOutputStream {
    /// The lines built since the last ``removeAll()``.
    private(set) var bytes: [UInt8] = []

    private static let fields = BarStateField.allCases
    /// Each field's value names as bytes (empty for fields that are not enumerations).
    private static let valueNames = fields.map { $0.valueNames.map { Array($0.utf8) } }
    /// Each phase's name as bytes, by raw value.
    private static let phaseNames: [[UInt8]] = {
        var names = [[UInt8]](repeating: [], count: 256)
        for phase in ScrollPhase.allCases { names[Int(phase.rawValue)] = Array(phase.name.utf8) }
        return names
    }()

    init() {
        bytes.reserveCapacity(1 << 12)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends the frame's computed line and, when the app sent a state, its observed line.
    mutating func appendRows(of frame: SessionFrame, key: String) {
        append(key, frame, source: "computed", frame.computed)
        if case .some(let observed) = frame.observed { append(key, frame, source: "observed", observed) }
    }

    /// Text output (`Double.write(to:)` writes its digits here).
    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    private mutating func append(_ key: String, _ frame: SessionFrame, source: StaticString, _ state: BarState) {
        write(key)
        tab()
        source.withUTF8Buffer { bytes.append(contentsOf: $0) }
        tab()
        appendInteger(frame.seq)
        tab()
        frame.sample.t.write(to: &self)
        tab()
        frame.sample.y.write(to: &self)
        tab()
        if let phase = frame.sample.phase {
            bytes.append(contentsOf: Self.phaseNames[Int(phase.rawValue)])
        } else {
            appendNull()
        }
        for (index, field) in Self.fields.enumerated() {
            tab()
            guard let value = field.value(in: state) else {
                appendNull()
                continue
            }
            switch field.kind {
            case .length, .fraction: value.write(to: &self)
            case .boolean: bytes.append(value == 0 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
            case .enumeration:
                let names = Self.valueNames[index]
                let code = Int(value)
                if names.indices.contains(code) { bytes.append(contentsOf: names[code]) } else { appendNull() }
            }
        }
        tab()
        if let duration = frame.sample.frameDuration { duration.write(to: &self) } else { appendNull() }
        bytes.append(UInt8(ascii: "\n"))
    }

    @inline(__always)
    private mutating func tab() { bytes.append(UInt8(ascii: "\t")) }

    @inline(__always)
    private mutating func appendNull() {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "N"))
    }

    /// `value` in decimal, as its `description` writes it.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 {
            write(value.description)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }
}
