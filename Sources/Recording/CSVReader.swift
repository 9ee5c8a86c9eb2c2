#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import TextTools
import BarModel

/// Streams one session from a CSV file (RECORDING_FORMAT.md "CSV"): a header row naming the
/// columns, then one sample per row.
///
/// Columns `t` and `y` are required; `phase`, `vy`, `frameDuration` (or `frame_duration`), `event`
/// and any bar-state field (camelCase or snake_case) are optional; other columns are ignored and
/// counted once each. A row whose `event` cell is `background` or `foreground` is that lifecycle
/// event (its `y` cell stays empty). Quoting follows
/// RFC 4180 (`"a ""quoted"", multi-line field"`), lines end in `\n` or `\r\n`, blank lines are
/// skipped. Empty cells are absent values; booleans are `true`/`false`/`1`/`0` (any case).
/// The session's metadata comes from the caller (the command line), so ``read(into:)`` reads
/// `.header` first, then the samples, then `.endOfSession`.
///
/// Not thread-safe: use one reader from one task at a time.
public final class CSVReader: RecordingReader {
    /// The name errors use for the file.
    public let displayName: String
    /// The 1-based line the sample ``read(into:)`` last returned starts on.
    public private(set) var itemLine = 0
    private var header: SessionHeader
    private let lines: LineReader
    private var columns: [Column] = []
    private var fields: [Field] = []
    /// A record whose quoted field spans lines, assembled here with `\n` between the lines.
    private var spill: [UInt8] = []
    /// Offsets in ``spill`` where each of its lines starts, and the first line's number.
    private var spillLineStarts: [Int] = []
    private var spillFirstLine = 0
    private var state = State.beforeHeaderRow
    private var failure: RecordingError?
    private var samples = 0
    private var events = 0
    private var ignoredColumns = 0
    private var lastT = 0.0
    private var milliseconds: MillisecondTimeCheck
    private var lastLine = 1
    private var hasher = ContentHasher()

    private enum State { case beforeHeaderRow, rows, finished }

    /// What a column holds.
    private enum Column: Equatable {
        case t, y, phase, vy, frameDuration, event
        case bar(BarStateField)
        case ignored
    }

    /// One cell of the current record: its bytes `[start, end)` (inside the quotes for a quoted
    /// cell) and where it starts.
    private struct Field {
        var start: Int
        var end: Int
        var offset: Int
        var quoted: Bool
        var escapedQuotes: Bool
    }

    /// Opens a CSV file; `path` `-` reads standard input.
    ///
    /// - Parameters:
    ///   - path: The file, or `-` for standard input.
    ///   - displayName: The name errors use.
    ///   - header: The session's metadata and behaviours (validated), from the command line.
    /// - Throws: ``RecordingError`` of kind ``RecordingError/Kind/unreadable`` when it cannot be opened.
    public convenience init(path: String, displayName: String, header: SessionHeader) throws(RecordingError) {
        if path == "-" {
            self.init(fileDescriptor: 0, displayName: displayName, header: header)
            return
        }
        let descriptor = open(FileName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(displayName, "cannot open: \(String(cString: strerror(errno)))")
        }
        self.init(lines: LineReader(fileDescriptor: descriptor, ownsDescriptor: true), displayName: displayName, header: header)
    }

    /// Reads an open file descriptor, which the reader does not close.
    public convenience init(fileDescriptor: Int32, displayName: String, header: SessionHeader) {
        self.init(lines: LineReader(fileDescriptor: fileDescriptor, ownsDescriptor: false), displayName: displayName, header: header)
    }

    private init(lines: LineReader, displayName: String, header: SessionHeader) {
        self.lines = lines
        self.displayName = displayName
        self.header = header
        self.header.line = 1
        milliseconds = MillisecondTimeCheck(fps: header.fps)
        // The behaviours are part of the session, so the same CSV under other behaviours is another one.
        hasher.add(Array(header.behaviors.json.utf8))
    }

    /// Reads `.header`, then the samples, then `.endOfSession`, then returns `false`.
    ///
    /// - Throws: ``RecordingError`` at the first bad row or read failure; the reader then stays failed.
    public func read(into slot: inout RecordingSlot) throws(RecordingError) -> Bool {
        if let failure { throw failure }
        do {
            guard let next = try readItem() else { return false }
            slot.hold(next)
            return true
        } catch {
            failure = error
            throw error
        }
    }

    /// Lines whose `t` goes back are refused (`'t' went back`).
    public var keepsTimeOrder: Bool { true }

    /// A CSV file is one session: after a failure there is no next session to go on at.
    public func resumeAtNextHeader() -> Bool { false }

    private func readItem() throws(RecordingError) -> RecordingItem? {
        guard state != .finished else { return nil }
        while true {
            let nextLine = try lines.nextLine(of: displayName)
            guard var line = nextLine else {
                if !spill.isEmpty {
                    throw error(at: spillFirstLine, column: 1, "a quoted field is not closed before the end of the file")
                }
                if state == .beforeHeaderRow {
                    throw error(at: 1, column: 1, "the CSV file is empty; it needs a header row naming at least the columns t and y")
                }
                state = .finished
                return .endOfSession(
                    SessionSummary(
                        samples: samples, events: events, ignoredKeys: ignoredColumns, contentID: hasher.contentID,
                        firstLine: 1, lastLine: lastLine, legacyContentID: hasher.legacyContentID))
            }
            let lineNumber = lines.lineNumber
            var shift = 0
            if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = UnsafeBufferPointer(rebasing: line[3...])
                shift = 3
            }
            if spill.isEmpty, line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            hasher.add(line)
            lastLine = lineNumber
            if spill.isEmpty {
                if let item = try record(line, firstLine: lineNumber, lineStarts: nil, shift: shift) {
                    itemLine = lineNumber
                    return item
                }
                if !fieldsComplete {
                    spill.append(contentsOf: line)
                    spillLineStarts = [0]
                    spillFirstLine = lineNumber
                    spillShift = shift
                }
            } else {
                spill.append(0x0A)
                spillLineStarts.append(spill.count)
                spill.append(contentsOf: line)
                if spill.count > lines.maxLineLength {
                    // Memory must not grow with the file: a stray quote would otherwise buffer the rest of it.
                    throw error(at: spillFirstLine, column: 1, "a quoted field runs over more than \(lines.maxLineLength >> 20) MiB; is its closing quote missing?")
                }
                // Re-splitting the whole record for every added line is quadratic with a stray quote;
                // only a line that can end the quoted field needs it.
                guard Self.mayEndQuotedField(line) else { continue }
                let item = try spill.withUnsafeBufferPointer { (bytes) throws(RecordingError) -> RecordingItem? in
                    try record(bytes, firstLine: spillFirstLine, lineStarts: spillLineStarts, shift: spillShift)
                }
                if fieldsComplete {
                    spill.removeAll(keepingCapacity: true)
                    spillLineStarts.removeAll(keepingCapacity: true)
                }
                if let item {
                    itemLine = spillFirstLine
                    return item
                }
            }
        }
    }

    /// Whether `line`, read while inside a quoted field, holds a closing quote (a `"` that is not
    /// half of a `""` pair) or a NUL byte (an error ``split(_:)`` reports).
    private static func mayEndQuotedField(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == 0 { return true }
            if byte == UInt8(ascii: "\"") {
                guard index + 1 < line.count, line[index + 1] == UInt8(ascii: "\"") else { return true }
                index += 2
                continue
            }
            index += 1
        }
        return false
    }

    private var fieldsComplete = true
    private var spillShift = 0

    /// Splits and interprets one record; `nil` with ``fieldsComplete`` false when a quoted field
    /// continues on the next line, `nil` with it true for the header row.
    private func record(
        _ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, lineStarts: [Int]?, shift: Int
    ) throws(RecordingError) -> RecordingItem? {
        let locate = { (offset: Int) -> (line: Int, column: Int) in
            guard let lineStarts else { return (firstLine, offset + 1 + shift) }
            let index = (lineStarts.lastIndex { $0 <= offset }) ?? 0
            return (firstLine + index, offset - lineStarts[index] + 1 + (index == 0 ? shift : 0))
        }
        do {
            fieldsComplete = try split(bytes)
            guard fieldsComplete else { return nil }
            if state == .beforeHeaderRow {
                try readHeaderRow(bytes)
                state = .rows
                return .header(header)
            }
            return try readRow(bytes, endOffset: bytes.count)
        } catch {
            let position = locate(error.offset)
            throw RecordingError(file: displayName, line: position.line, column: position.column, message: error.message)
        }
    }

    /// Splits `bytes` into ``fields``; false when it ends inside a quoted field.
    private func split(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScanError) -> Bool {
        fields.removeAll(keepingCapacity: true)
        let count = bytes.count
        var index = 0
        while true {
            let fieldStart = index
            if index < count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var escapedQuotes = false
                while true {
                    guard index < count else { return false }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
                            escapedQuotes = true
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == 0 { throw ScanError(index, "a NUL byte (0x00) in the line") }
                    index += 1
                }
                fields.append(Field(start: fieldStart + 1, end: index - 1, offset: fieldStart, quoted: true, escapedQuotes: escapedQuotes))
                if index < count, bytes[index] != UInt8(ascii: ",") {
                    throw ScanError(index, "expected ',' or the end of the line after a closing quote, found \(JSONScanner.describe(byte: bytes[index]))")
                }
            } else {
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ",") { break }
                    if byte == UInt8(ascii: "\"") {
                        throw ScanError(index, "a quote inside an unquoted field; quote the whole field and double the quote (RFC 4180)")
                    }
                    if byte == 0 { throw ScanError(index, "a NUL byte (0x00) in the line") }
                    index += 1
                }
                fields.append(Field(start: fieldStart, end: index, offset: fieldStart, quoted: false, escapedQuotes: false))
            }
            if index >= count { return true }
            index += 1  // the comma
        }
    }

    /// A cell's text with `""` undoubled, for header names and messages.
    private func text(_ field: Field, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var cell = Array(bytes[field.start..<field.end])
        if field.escapedQuotes {
            var result: [UInt8] = []
            var index = 0
            while index < cell.count {
                result.append(cell[index])
                index += cell[index] == UInt8(ascii: "\"") ? 2 : 1
            }
            cell = result
        }
        return String(decoding: cell, as: UTF8.self)
    }

    /// `[start, end)` of a cell without surrounding spaces and tabs (unquoted cells only).
    @inline(__always)
    private func trimmed(_ field: Field, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        var start = field.start
        var end = field.end
        guard !field.quoted else { return (start, end) }
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return (start, end)
    }

    private func readHeaderRow(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScanError) {
        columns.removeAll()
        var seen: [Column] = []
        for field in fields {
            let range = trimmed(field, in: bytes)
            let cell = UnsafeBufferPointer(rebasing: bytes[range.start..<range.end])
            guard let name = String(validating: cell, as: UTF8.self) else {
                throw ScanError(field.offset, "invalid UTF-8 in the header row")
            }
            let column: Column
            switch name {
            case "t": column = .t
            case "y": column = .y
            case "phase": column = .phase
            case "vy": column = .vy
            case "frameDuration", "frame_duration": column = .frameDuration
            case "event": column = .event
            default:
                if let barField = BarFieldNames.anyCase.value(cell) { column = .bar(barField) } else { column = .ignored }
            }
            if column == .ignored {
                ignoredColumns += 1
            } else if seen.contains(column) {
                throw ScanError(field.offset, "duplicate column '\(name)'")
            } else {
                seen.append(column)
            }
            columns.append(column)
        }
        for required in [Column.t, .y] where !seen.contains(required) {
            throw ScanError(0, "missing required column '\(required == .t ? "t" : "y")' in the header row (found: \(fields.map { text($0, in: bytes) }.joined(separator: ", ")))")
        }
    }

    private func readRow(_ bytes: UnsafeBufferPointer<UInt8>, endOffset: Int) throws(ScanError) -> RecordingItem {
        guard fields.count == columns.count else {
            let offset = fields.count > columns.count ? fields[columns.count].offset : endOffset
            throw ScanError(offset, "expected \(columns.count) fields as in the header row, found \(fields.count)")
        }
        var t: Double?
        var y: Double?
        var tOffset = 0
        var sample = ScrollSample(t: 0, y: 0)
        var observed: BarState?
        var event: (kind: ScrollEvent.Kind, offset: Int)?
        guard let base = bytes.baseAddress else { throw ScanError(0, "empty record") }
        for (column, field) in zip(columns, fields) {
            if column == .ignored { continue }
            let range = trimmed(field, in: bytes)
            if range.start == range.end { continue }  // empty cell: absent
            let cell = UnsafeBufferPointer(start: base + range.start, count: range.end - range.start)
            switch column {
            case .t:
                let value = try number(base, range, "t")
                if value < 0 {
                    throw ScanError(range.start, "'t' must not be negative (seconds since the session start), found \(formatNumber(value))")
                }
                if value > maximumTime {
                    throw ScanError(range.start, "'t' is out of range: at most 1e7 seconds, found \(formatNumber(value))\(tooLargeTimeHint)")
                }
                t = value
                tOffset = range.start
            case .y:
                let value = try number(base, range, "y")
                if abs(value) > maximumOffset {
                    throw ScanError(range.start, "'y' is out of range: |y| must be at most 1e7 points, found \(formatNumber(value))")
                }
                y = value
            case .phase:
                guard let phase = Self.phase(cell) else {
                    throw ScanError(range.start, "unknown phase '\(text(field, in: bytes))'; expected idle, drag, decelerate, bounce or animate")
                }
                sample.phase = phase
            case .vy:
                sample.vy = try number(base, range, "vy")
            case .frameDuration:
                let value = try number(base, range, "frameDuration")
                guard value > 0, value <= maximumFrameDuration else {
                    throw ScanError(
                        range.start,
                        "'frameDuration' must be a positive number of seconds up to 1 (CADisplayLink targetTimestamp − timestamp), found \(formatNumber(value))")
                }
                sample.frameDuration = value
            case .event:
                let name = String(decoding: cell, as: UTF8.self)
                guard let kind = ScrollEvent.Kind(lifecycleName: name) else {
                    throw ScanError(range.start, "unknown event '\(name)'; expected background or foreground (or an empty cell for a sample)")
                }
                event = (kind, range.start)
            case .bar(let barField):
                var state = observed ?? BarState()
                try set(barField, cell, offset: range.start, in: &state, base: base, range: range)
                observed = state
            case .ignored:
                break
            }
        }
        guard let t else { throw ScanError(fields[columns.firstIndex(of: .t)!].offset, "missing value for 't' (seconds since the session start)") }
        if let event {
            guard y == nil else {
                throw ScanError(event.offset, "a '\(event.kind.name)' event row has no 'y' (leave it empty; samples leave 'event' empty)")
            }
            if t < lastT {
                throw ScanError(tOffset, "'t' went back: \(formatNumber(t)) is smaller than the previous row's \(formatNumber(lastT)) (t never decreases within a session)")
            }
            lastT = t
            events += 1
            return .event(ScrollEvent(t: t, kind: event.kind))
        }
        guard let y else { throw ScanError(fields[columns.firstIndex(of: .y)!].offset, "missing value for 'y' (scroll position in points)") }
        if t < lastT {
            throw ScanError(tOffset, "'t' went back: \(formatNumber(t)) is smaller than the previous row's \(formatNumber(lastT)) (t never decreases within a session)")
        }
        lastT = t
        if let message = milliseconds.add(t: t, y: y) { throw ScanError(tOffset, message) }
        sample.t = t
        sample.y = y
        samples += 1
        return .sample(sample, observed: observed)
    }

    private func number(_ base: UnsafePointer<UInt8>, _ range: (start: Int, end: Int), _ name: String) throws(ScanError) -> Double {
        let parsed: (value: Double, end: Int)
        do {
            parsed = try NumberParser.parse(base, from: range.start, to: range.end, grammar: .lenient)
        } catch {
            throw ScanError(range.start, "'\(name)' must be a number, found '\(String(decoding: UnsafeBufferPointer(start: base + range.start, count: min(60, range.end - range.start)), as: UTF8.self))'")
        }
        guard parsed.end == range.end else {
            throw ScanError(range.start, "'\(name)' must be a number, found '\(String(decoding: UnsafeBufferPointer(start: base + range.start, count: min(60, range.end - range.start)), as: UTF8.self))'")
        }
        return parsed.value
    }

    /// Sets `field` in `state` from its cell, read as the field's kind.
    private func set(
        _ field: BarStateField, _ cell: UnsafeBufferPointer<UInt8>, offset: Int, in state: inout BarState,
        base: UnsafePointer<UInt8>, range: (start: Int, end: Int)
    ) throws(ScanError) {
        let value: Double
        switch field.kind {
        case .length, .fraction:
            value = try number(base, range, field.name)
        case .boolean:
            if cell.count == 1, cell[0] == UInt8(ascii: "1") || cell[0] == UInt8(ascii: "0") {
                value = cell[0] == UInt8(ascii: "1") ? 1 : 0
            } else if Self.equalsIgnoringCase(cell, "true") {
                value = 1
            } else if Self.equalsIgnoringCase(cell, "false") {
                value = 0
            } else {
                throw ScanError(offset, "'\(field.name)' must be true, false, 1 or 0, found '\(String(decoding: cell.prefix(60), as: UTF8.self))'")
            }
        case .enumeration:
            guard let code = BarFieldNames.code(of: cell, in: field) else {
                throw ScanError(offset, BarFieldNames.unknownValue(field, found: String(decoding: cell.prefix(60), as: UTF8.self)))
            }
            value = Double(code)
        }
        field.set(value, in: &state)
    }

    private static func phase(_ cell: UnsafeBufferPointer<UInt8>) -> ScrollPhase? {
        if bytesEqual(cell, "drag") { return .drag }
        if bytesEqual(cell, "idle") { return .idle }
        if bytesEqual(cell, "decelerate") { return .decelerate }
        if bytesEqual(cell, "bounce") { return .bounce }
        if bytesEqual(cell, "animate") { return .animate }
        return nil
    }

    private static func equalsIgnoringCase(_ cell: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard cell.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        for index in 0..<cell.count where cell[index] | 0x20 != literal[index] { return false }
        return true
    }

    private func error(at line: Int, column: Int, _ message: String) -> RecordingError {
        RecordingError(file: displayName, line: line, column: column, message: message)
    }
}
