#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import BarModel
internal import TextTools

/// Streams a navrec NDJSON recording (RECORDING_FORMAT.md) item by item, any number of sessions
/// per file, in memory that does not grow with the file.
///
/// Bytes are read with `read(2)` into one reusable buffer and parsed in place by a byte-level JSON
/// scanner: no `String` per line or key, no Foundation decoder. Every "Bad input" rule of the format
/// is an error with the line and the byte column of the offending token.
///
/// ```swift
/// let reader = try NDJSONReader(path: "session.ndjson", displayName: "session.ndjson")
/// var slot = RecordingSlot()
/// while try reader.read(into: &slot) { … }
/// ```
/// Not thread-safe: use one reader from one task at a time.
public final class NDJSONReader: RecordingReader {
    /// The name errors use for the file.
    public let displayName: String
    private let lines: LineReader
    // Unchecked: every line mutates the scanner, and the runtime's dynamic exclusivity check of a
    // class property showed on every line; only this class's own methods,
    // which never overlap, touch it.
    @exclusivity(unchecked) private var scanner = JSONScanner()
    // The open session's counts, valid while `inSession`; kept out of an Optional and the header
    // below boxed because reading or updating them through optionals copied these ~180- and
    // ~360-byte values several times a line.
    @exclusivity(unchecked) private var session = SessionProgress()
    private var inSession = false
    /// A header read while the previous session was still open, returned after its summary.
    private var pendingHeader = PendingHeader.none
    /// Once an error is thrown, every later call throws it again (until ``resumeAtNextHeader()``).
    private var failure: RecordingError? {
        didSet { failed = failure != nil }
    }
    /// Whether ``failure`` holds an error: the sample path's test, which copies no error.
    private var failed = false
    /// Set by ``resumeAtNextHeader()``: lines are skipped until one that is a session header.
    private var skippingToHeader = false
    private var finished = false
    /// Whether session summaries carry ``SessionSummary/legacyContentID``, set before the first
    /// read. Only `import` needs it (to recognize sessions navrec stored before SHA-256); without
    /// it the reader skips a hash over every line.
    package var legacyContentIDs = true
    /// Whether a session whose header names its id gets a ``SessionSummary/contentID`` too, set
    /// before the first read. `navrec analyze` names a session by its header's id and reads the
    /// content id only for a session without one (`--rows` prints it for every session); without
    /// it the reader skips SHA-256 over every line of a named session.
    package var namedSessionContentIDs = true

    /// Counts and hash of the session being read.
    private enum PendingHeader {
        case none
        indirect case header(SessionHeader)
    }

    private struct SessionProgress {
        var firstLine = 0
        var lastLine = 0
        var samples = 0
        var events = 0
        var ignoredKeys = 0
        var lastT = 0.0
        var hasher = ContentHasher()
        /// Whether the session's lines go to ``hasher``: a Bool beside it, not an Optional hasher,
        /// which was copied on every line.
        var hashes = true
        var milliseconds = MillisecondTimeCheck(fps: nil)

        var summary: SessionSummary {
            SessionSummary(
                samples: samples, events: events, ignoredKeys: ignoredKeys, contentID: hashes ? hasher.contentID : nil,
                firstLine: firstLine, lastLine: lastLine, legacyContentID: hashes ? hasher.legacyContentID : nil)
        }
    }

    /// Opens a file; `path` `-` reads standard input.
    ///
    /// - Parameters:
    ///   - path: The file to read, or `-` for standard input.
    ///   - displayName: The name errors use (usually the path as the user typed it).
    /// - Throws: ``RecordingError`` of kind ``RecordingError/Kind/unreadable`` when it cannot be opened.
    public convenience init(path: String, displayName: String) throws(RecordingError) {
        if path == "-" {
            self.init(fileDescriptor: 0, displayName: displayName)
            return
        }
        let descriptor = open(FileName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(displayName, "cannot open: \(String(cString: strerror(errno)))")
        }
        self.init(lines: LineReader(fileDescriptor: descriptor, ownsDescriptor: true), displayName: displayName)
    }

    /// Reads an open file descriptor, which the reader does not close.
    public convenience init(fileDescriptor: Int32, displayName: String) {
        self.init(lines: LineReader(fileDescriptor: fileDescriptor, ownsDescriptor: false), displayName: displayName)
    }

    /// Reads a recording's bytes in memory (what a recorder wrote into a buffer), or lines
    /// `firstLine`… of `displayName` (a session cut out of a larger file, so errors name the line
    /// in that file, as `navrec analyze --rows` reads each row).
    package convenience init(bytes: [UInt8], displayName: String, firstLine: Int = 1) {
        self.init(lines: LineReader(bytes: bytes, firstLineNumber: firstLine), displayName: displayName)
    }

    /// A reader with a small buffer and line cap, for tests of lines that span reads (and of files
    /// mapped from `mappedFrom` bytes on).
    init(fileDescriptor: Int32, displayName: String, bufferSize: Int, maxLineLength: Int, mappedFrom: Int = 4 << 20) {
        lines = LineReader(fileDescriptor: fileDescriptor, ownsDescriptor: false, bufferSize: bufferSize, maxLineLength: maxLineLength,
                           mappedFrom: mappedFrom)
        self.displayName = displayName
    }

    private init(lines: LineReader, displayName: String) {
        self.lines = lines
        self.displayName = displayName
    }

    deinit {
        scanner.release()
    }

    public func read(into slot: inout RecordingSlot) throws(RecordingError) -> Bool {
        // Reading along (every state but that is `readLine`'s): apart from the rest of the reader
        // so that a sample line, nearly every line, runs only this.
        var skeletonTried = false
        if case .none = pendingHeader, !failed, !finished, !skippingToHeader {
            do {
                if try takeBufferedSample(into: &slot, tried: &skeletonTried) { return true }
            } catch {
                failure = error
                throw error
            }
        }
        return try readLine(into: &slot, skeletonTried: skeletonTried)
    }

    /// The skeleton path over the buffered bytes: it finds the line's end as it takes the line, so
    /// a sample line needs no search for its `\n`. `true` when it took the line at hand as a
    /// sample (now in `slot`); `tried` is set when it had the line at hand and did not. Left to the
    /// full scanner: the first line (it may start with a byte-order mark) and the last 4 KiB of a
    /// buffer (where a line may be cut).
    @inline(__always)
    private func takeBufferedSample(into slot: inout RecordingSlot, tried: inout Bool) throws(RecordingError) -> Bool {
        guard lines.lineNumber > 0, let bytes = lines.unread(), bytes.count >= 4096 else { return false }
        scanner.reset(bytes, endsLine: false)
        guard let tOffset = scanner.parseLearnedSample(), scanner.lineLength <= lines.maxLineLength else {
            tried = true
            return false
        }
        lines.takeLine(length: scanner.lineLength, terminator: scanner.terminatorLength)
        let line = UnsafeBufferPointer(start: bytes.baseAddress, count: scanner.lineLength)
        return try acceptSample(line, tOffset: tOffset, columnShift: 0, ignoredKeys: 0, lineNumber: lines.lineNumber, into: &slot)
    }

    /// ``read(into:)`` for every line but a sample line the skeleton path takes; `skeletonTried`
    /// when that path had the line at hand.
    @inline(never)
    private func readLine(into slot: inout RecordingSlot, skeletonTried: Bool) throws(RecordingError) -> Bool {
        if case .header(let header) = pendingHeader {
            pendingHeader = .none
            slot.holdsSample = false
            slot.item = .header(header)
            return true
        }
        if let failure { throw failure }
        if finished { return false }
        do {
            return try readItem(into: &slot, skeletonTried: skeletonTried)
        } catch {
            failure = error
            throw error
        }
    }

    /// Lines whose `t` goes back are refused (`'t' went back`).
    public var keepsTimeOrder: Bool { true }

    /// Clears a bad-input failure so reading goes on at the next session header: the rest of the
    /// failed session is skipped, lines up to a line that names `"navrec"`. An over-long line is
    /// such a failure too: its session fails and the line itself is skipped without being held.
    public func resumeAtNextHeader() -> Bool {
        guard let failure, failure.kind == .invalidInput else { return false }
        self.failure = nil
        inSession = false
        skippingToHeader = true
        return true
    }

    /// The 1-based line of the sample ``read(into:)`` last returned.
    @inlinable public var itemLine: Int { currentItemLine }
    // Unchecked: the runtime's exclusivity check of a class's property cost more than the
    // assignment on every sample; only `readItem` writes it.
    @usableFromInline @exclusivity(unchecked) private(set) var currentItemLine = 0

    @inline(__always)
    private func readItem(into slot: inout RecordingSlot, skeletonTried firstLineTried: Bool) throws(RecordingError) -> Bool {
        var firstTried = firstLineTried
        while true {
            // Whether the line at hand was tried on the skeleton path already.
            var skeletonTried = firstTried
            firstTried = false
            // As in ``read(into:)``, for the lines after one this loop skips.
            if !skeletonTried, !skippingToHeader, try takeBufferedSample(into: &slot, tried: &skeletonTried) { return true }
            let nextLine: UnsafeBufferPointer<UInt8>?
            do {
                // The line reader may move or give back the bytes of lines handed out.
                if inSession { session.hasher.hashPending() }
                nextLine = try lines.nextLine(of: displayName)
            } catch {
                // An over-long line met while skipping belongs to the session that already failed.
                if skippingToHeader, error.kind == .invalidInput { continue }
                throw error
            }
            guard var line = nextLine else {
                finished = true
                if inSession {
                    inSession = false
                    slot.holdsSample = false
                    slot.item = .endOfSession(session.summary)
                    return true
                }
                return false
            }
            let lineNumber = lines.lineNumber
            var columnShift = 0
            if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                // A UTF-8 byte-order mark some editors add; columns still count its bytes.
                line = UnsafeBufferPointer(rebasing: line[3...])
                columnShift = 3
            }
            // While skipping, only a line meant as a header is parsed: a good one ends the skip,
            // a bad one fails as a session of its own, and so does the `{` line of a header written
            // over several lines (as when a session is open; the Spark loader splits there too). A
            // line that does not start an object (the `"navrec": 1,` line of such a header) is the
            // rest of the object that already failed, not a session of its own.
            if skippingToHeader, !Self.startsObject(line) || !(Self.mentionsFormatKey(line) || Self.opensHeaderObject(line)) { continue }
            scanner.reset(line)
            let parsed: NDJSONLine
            do {
                if !skeletonTried, let tOffset = scanner.parseLearnedSample() {
                    parsed = .sample(tOffset: tOffset, ignoredKeys: 0)
                } else {
                    parsed = try scanner.parseRecordLine()
                }
            } catch {
                var message = error.message
                if Self.continuesOnNextLine(line, errorAt: error.offset) {
                    message += "; a recording has one JSON object per line (NDJSON): write each header on one line, not pretty-printed"
                }
                let failure = RecordingError(
                    file: displayName, line: lineNumber, column: error.offset + 1 + columnShift, message: message)
                if inSession, Self.mentionsFormatKey(line) || Self.opensHeaderObject(line) {
                    // A bad header still ends the session before it: hand that one over complete
                    // (the importer stores it), then fail on the next call, as the next session's
                    // error. So does the `{` line of a header written over several lines (JSON
                    // pretty-printed): a line that opens an object and names no key of a sample
                    // or event on it begins a new object, so a new session.
                    inSession = false
                    self.failure = failure
                    slot.holdsSample = false
                    slot.item = .endOfSession(session.summary)
                    return true
                }
                skippingToHeader = false
                throw failure
            }
            if skippingToHeader {
                guard case .header = parsed else { continue }
                skippingToHeader = false
            }
            switch parsed {
            case .blank:
                continue
            case .sample(let tOffset, let ignoredKeys):
                return try acceptSample(line, tOffset: tOffset, columnShift: columnShift, ignoredKeys: ignoredKeys, lineNumber: lineNumber, into: &slot)
            case .event(let event, let tOffset, let ignoredKeys):
                try accept(line, t: event.t, tOffset: tOffset + columnShift, ignoredKeys: ignoredKeys, lineNumber: lineNumber, what: "event")
                session.events += 1
                slot.holdsSample = false
                slot.item = .event(event)
                return true
            case .header(var header, let ignoredKeys):
                header.line = lineNumber
                var next = SessionProgress(firstLine: lineNumber, lastLine: lineNumber, ignoredKeys: ignoredKeys,
                                           hasher: ContentHasher(legacy: legacyContentIDs))
                next.milliseconds = MillisecondTimeCheck(fps: header.fps)
                next.hashes = namedSessionContentIDs || header.id == nil
                if next.hashes { next.hasher.addInPlace(line) }
                let previous = inSession ? session.summary : nil
                session = next
                inSession = true
                slot.holdsSample = false
                if let previous {
                    pendingHeader = .header(header)
                    slot.item = .endOfSession(previous)
                    return true
                }
                slot.item = .header(header)
                return true
            }
        }
    }

    /// Whether `line`'s first byte after spaces and tabs is `{`.
    private static func startsObject(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "{")
    }

    /// Whether `line` opens an object with nothing after the `{` but spaces, or with a header's
    /// `"session"` key first: the first line of an object written over several lines (a
    /// pretty-printed header), which cannot be a sample or an event of the session before.
    private static func opensHeaderObject(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let space = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        guard let brace = line.firstIndex(where: { !space($0) }), line[brace] == UInt8(ascii: "{") else { return false }
        let rest = line[(brace + 1)...].drop(while: space)
        if rest.isEmpty { return true }
        let key: [UInt8] = Array("\"session\"".utf8)
        return rest.starts(with: key)
    }

    /// Whether `line` is the first line of a header written over several lines: it opens an object
    /// that is still open where the line ends (`error` is there), with no key or a header's first.
    private static func continuesOnNextLine(_ line: UnsafeBufferPointer<UInt8>, errorAt offset: Int) -> Bool {
        let end = (line.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") } ?? -1) + 1
        guard offset >= end, startsObject(line) else { return false }
        return opensHeaderObject(line) || line.drop { $0 != UInt8(ascii: "{") }.dropFirst()
            .drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.starts(with: Array("\"navrec\"".utf8))
    }

    /// Whether `line` has the header's `"navrec"` key, i.e. is meant to start a new session.
    private static func mentionsFormatKey(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let key: [UInt8] = Array("\"navrec\"".utf8)
        guard line.count >= key.count else { return false }
        for start in 0...(line.count - key.count) where line[start] == key[0] {
            if (1..<key.count).allSatisfy({ line[start + $0] == key[$0] }) { return true }
        }
        return false
    }

    /// Hands over the sample the scanner read from `line`, once its place in the session is checked.
    @inline(__always)
    private func acceptSample(
        _ line: UnsafeBufferPointer<UInt8>, tOffset: Int, columnShift: Int, ignoredKeys: Int, lineNumber: Int, into slot: inout RecordingSlot
    ) throws(RecordingError) -> Bool {
        try accept(line, t: scanner.sample.t, tOffset: tOffset + columnShift, ignoredKeys: ignoredKeys, lineNumber: lineNumber, what: "sample")
        if let message = session.milliseconds.add(t: scanner.sample.t, y: scanner.sample.y) {
            throw error(line: lineNumber, column: tOffset + columnShift + 1, message)
        }
        session.samples += 1
        currentItemLine = lineNumber
        slot.holdsSample = true
        slot.sample = scanner.sample
        slot.hasObserved = scanner.hasObserved
        if scanner.hasObserved { slot.observed = scanner.observedState.pointee }
        return true
    }

    /// The error at `line` and `column` of the file; out of line, as every error path of the
    /// per-line code is, so that the sample path holds none of the messages' code.
    @inline(never)
    private func error(line: Int, column: Int, _ message: String) -> RecordingError {
        RecordingError(file: displayName, line: line, column: column, message: message)
    }

    @inline(never)
    private func beforeHeader(_ what: String, line: Int) -> RecordingError {
        error(
            line: line, column: 1,
            "\(what) before any session header; a recording starts with a header line such as {\"navrec\":1,\"session\":{\"behaviors\":{\"largeTitle\":{}}}}")
    }

    @inline(never)
    private func timeWentBack(_ t: Double, line: Int, column: Int) -> RecordingError {
        error(
            line: line, column: column,
            "'t' went back: \(formatNumber(t)) is smaller than the previous line's \(formatNumber(session.lastT)) (t never decreases within a session)")
    }

    /// Checks a sample's or event's place in the session and adds the line to it.
    @inline(__always)
    private func accept(
        _ line: UnsafeBufferPointer<UInt8>, t: Double, tOffset: Int, ignoredKeys: Int, lineNumber: Int, what: String
    ) throws(RecordingError) {
        guard inSession else { throw beforeHeader(what, line: lineNumber) }
        if t < session.lastT { throw timeWentBack(t, line: lineNumber, column: tOffset + 1) }
        session.lastT = t
        session.lastLine = lineNumber
        session.ignoredKeys += ignoredKeys
        if session.hashes { session.hasher.addInPlace(line) }
    }
}
