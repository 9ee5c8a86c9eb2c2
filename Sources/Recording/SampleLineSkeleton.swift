#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BarModel

/// The key skeleton of the last sample line the full scanner read: the bytes between its values
/// (`{"t":`, `,"y":`, `,"phase":`, …, `,"bar":{"barHeight":`, …, `}}`) with what each value is, so
/// the next line of the same shape — nearly every line of a session — is checked with a few
/// eight-byte comparisons per key instead of a lookup per key (``JSONScanner/parseLearnedSample()``).
///
/// Learned by ``JSONScanner/parseRecordLine()`` from a line it read as a sample with nothing
/// ignored (it records each value's kind and byte range as it reads it), so a line that matches has
/// the same keys in the same order, each once, and is a line the full scanner reads as a sample with
/// nothing ignored. A line that cannot be learned leaves the skeleton as it was. A value; its slots
/// live behind pointers the owning scanner frees (``release()``).
struct SampleLineSkeleton {
    /// What one value of the line is, and where it goes.
    enum Kind: UInt8 {
        case t, y, phase, vy, frameDuration
        /// A bar field that is a number (a length or a fraction): `Double?` at the slot's offset.
        case barNumber
        /// A bar field that is `true` or `false`: `Bool?` at the slot's offset.
        case barBoolean
        /// A bar field that is an enumeration's name.
        case barEnumeration
        /// No value: the slot after the last, whose text is the line's tail (`}`, `}}`,
        /// `,"bar":{}}`) and after it the line's end.
        case end
        /// No value and no text: the slot before the first bar field when every value slot from
        /// that one on is a bar field, so that the bytes from there to the line's end are the bar
        /// object's fields and nothing else, which the observed state holds when they repeat
        /// (``heldBar``).
        case heldBar

        /// The kind of a bar field's value.
        init(_ kind: BarStateField.Kind) {
            switch kind {
            case .length, .fraction: self = .barNumber
            case .boolean: self = .barBoolean
            case .enumeration: self = .barEnumeration
            }
        }
    }

    /// One value and the text before it.
    struct Slot {
        /// The text before the value, up to ``maxLiteralLength`` bytes, as the little-endian
        /// words at offsets 0, 8, 16, 24 (the last one moved back to end with the text, so it
        /// overlaps the one before; a text shorter than 8 bytes is one word under ``firstMask``).
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var wordOffsets: (Int, Int, Int) = (0, 0, 0)
        var firstMask: UInt64 = 0
        var wordCount = 0
        var length = 0
        var kind = Kind.t
        var field = BarStateField.barHeight
        /// The bar field's byte offset in ``BarState`` (number and boolean fields).
        var offset = 0
        /// The last value read here whose bytes and the byte after them fit in a word: those bytes
        /// (under ``valueMask``; none while it is 0), the value's length, and what it read as
        /// (``number`` or ``boolean``). The same bytes read the same, so a value that repeats
        /// the last line's — a bar at rest, a constant `vy` — is not read again.
        var valueWord: UInt64 = 1
        var valueMask: UInt64 = 0
        var valueLength = 0
        var number: Double?
        var boolean: Bool?

        /// Whether the value at `position` is the remembered one;
        /// moves past it if so.
        @inline(__always)
        func repeats(_ bytes: UnsafePointer<UInt8>, _ position: inout Int) -> Bool {
            guard load(bytes + position) & valueMask == valueWord else { return false }
            position &+= valueLength
            return true
        }

        /// Remembers the bytes of the value read from `start` to `end` when they fit; the caller
        /// then stores what it read as (a value that does not fit leaves the last one remembered).
        @inline(__always)
        mutating func remember(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
            let length = end &- start
            guard length < 8 else { return false }
            // The value's bytes and the one after it: 2 to 8 of the word's low bytes.
            valueMask = UInt64.max &>> UInt64(56 &- 8 &* length)
            valueWord = load(bytes + start) & valueMask
            valueLength = length
            return true
        }
    }

    /// The longest text between two values a slot holds (`,"bar":{"contentTitleAlpha":` is 28).
    static let maxLiteralLength = 32
    /// More values than a line without duplicate keys can have.
    static let capacity = 24
    /// More bytes than ``JSONScanner/parseLearnedSample()`` reads from a line's start, whatever
    /// they are: a slot's text and value at most 32 + 42 (``JSONScanner/numberReach``), so
    /// ``capacity`` slots 1,776, the held bar at most 512 + 2 after 23 of them, the tail 32 + 2.
    /// With this many bytes readable its readers check no length.
    static let reach = 2560

    /// The slots of the learned line, the ``Kind/end`` slot last.
    let slots: UnsafeMutablePointer<Slot>
    /// Slots of the learned line before the end slot; 0 when there is none.
    private(set) var count = 0
    /// Whether the line had a `bar` object.
    private(set) var hasBar = false
    /// Those bytes of the last line read with this skeleton while the scanner's observed state
    /// holds what they read as (``heldBarLength`` 0 while it may not): a bar at rest repeats them
    /// byte for byte, ~40 % of a fleet's bar lines, and then none of its fields is read again.
    private let heldBar: UnsafeMutablePointer<UInt8>
    /// 0 while the state may hold other values: a swap of skeletons and the full scanner set it so.
    var heldBarLength = 0
    /// Where ``barRepeats(_:at:)`` compares eight bytes first: at most ``heldBarCapacity`` - 8,
    /// and ``heldBarLength`` - 8 where that is more than 0. (A probe past the held bytes only turns
    /// a line to the field by field reading.)
    private(set) var heldBarProbe = 0
    /// The longest bar held (a fleet's are under 300 bytes).
    static let heldBarCapacity = 512

    /// A value of the line being learned, recorded apart from ``slots`` so that a line that cannot
    /// be learned leaves the skeleton whole.
    private struct Value {
        var kind = Kind.t
        var field = BarStateField.barHeight
        var start = 0
        var end = 0
    }

    /// Values recorded by ``record(_:field:start:end:)`` for the line being learned (more than
    /// ``capacity``: too many to learn).
    private var pending = 0
    private let values: UnsafeMutablePointer<Value>

    init() {
        slots = .allocate(capacity: Self.capacity + 2)
        slots.initialize(repeating: Slot(), count: Self.capacity + 2)
        values = .allocate(capacity: Self.capacity + 1)
        values.initialize(repeating: Value(), count: Self.capacity + 1)
        heldBar = .allocate(capacity: Self.heldBarCapacity)
        // The probe's eight bytes may reach past the held ones: into stale or zero bytes, never uninitialized memory.
        heldBar.initialize(repeating: 0, count: Self.heldBarCapacity)
    }

    func release() {
        slots.deallocate()
        values.deallocate()
        heldBar.deallocate()
    }

    /// Starts recording a new line's values (the skeleton stays until ``finishLearning``).
    @inline(__always)
    mutating func beginLearning() {
        pending = 0
    }

    /// Records a value of the line being learned: its kind, field and byte range.
    @inline(__always)
    mutating func record(_ kind: Kind, field: BarStateField = .barHeight, start: Int, end: Int) {
        if pending < Self.capacity { values[pending] = Value(kind: kind, field: field, start: start, end: end) }
        pending += 1
    }

    /// Turns the recorded values of the `count` bytes at `bytes` (a sample line the full scanner
    /// read with nothing ignored) into the skeleton; returns `false`, keeping the skeleton it had,
    /// when the line ends in anything but `}`, a text between values or after the last is too long
    /// for a slot, or a bar field cannot be written by offset.
    mutating func finishLearning(_ bytes: UnsafePointer<UInt8>, count lineCount: Int, hasBar: Bool) -> Bool {
        guard pending > 0, pending <= Self.capacity, lineCount >= 8, bytes[lineCount - 1] == UInt8(ascii: "}") else { return false }
        // The tail is the text of an end slot.
        values[pending] = Value(kind: .end, start: lineCount, end: lineCount)
        var previousEnd = 0
        for index in 0...pending {
            let length = values[index].start - previousEnd
            guard length >= 1, length <= Self.maxLiteralLength else { return false }
            if values[index].kind == .barNumber || values[index].kind == .barBoolean {
                guard MemoryLayout<BarState>.offset(of: values[index].field.keyPath) != nil else { return false }
            }
            previousEnd = values[index].end
        }
        previousEnd = 0
        for index in 0...pending {
            let value = values[index]
            var slot = Slot()
            slot.kind = value.kind
            slot.field = value.field
            slot.length = value.start - previousEnd
            let text = bytes + previousEnd
            if slot.length < 8 {
                slot.firstMask = (1 << UInt64(8 * slot.length)) - 1
                slot.words.0 = Self.padded(text, slot.length)
                slot.wordCount = 1
            } else {
                slot.firstMask = ~0
                let offsets = (min(8, slot.length - 8), min(16, slot.length - 8), min(24, slot.length - 8))
                slot.words = (
                    Self.load(text), Self.load(text + offsets.0), Self.load(text + offsets.1), Self.load(text + offsets.2)
                )
                slot.wordOffsets = offsets
                slot.wordCount = (slot.length + 7) / 8
            }
            if value.kind == .barNumber || value.kind == .barBoolean {
                slot.offset = MemoryLayout<BarState>.offset(of: value.field.keyPath) ?? 0
            }
            slots[index] = slot
            previousEnd = value.end
        }
        self.hasBar = hasBar
        count = pending
        var barSlot = count
        while barSlot > 0, [.barNumber, .barBoolean, .barEnumeration].contains(slots[barSlot - 1].kind) { barSlot -= 1 }
        if barSlot < count {
            (slots + barSlot + 1).update(from: slots + barSlot, count: count + 1 - barSlot)
            slots[barSlot] = Slot(kind: .heldBar)
            count += 1
        }
        heldBarLength = 0
        return true
    }

    /// Whether slot `slot`'s text is at `position`.
    @inline(__always)
    static func matches(_ slot: UnsafePointer<Slot>, _ bytes: UnsafePointer<UInt8>, at position: Int) -> Bool {
        let text = bytes + position
        guard load(text) & slot.pointee.firstMask == slot.pointee.words.0 else { return false }
        let words = slot.pointee.wordCount
        if words < 2 { return true }
        let offsets = slot.pointee.wordOffsets
        guard load(text + offsets.0) == slot.pointee.words.1 else { return false }
        if words < 3 { return true }
        guard load(text + offsets.1) == slot.pointee.words.2 else { return false }
        return words < 4 || load(text + offsets.2) == slot.pointee.words.3
    }

    /// The line-end's length (``terminator(_:at:)``) when the held bar's bytes are at `position`
    /// and end the line; `nil` if not.
    ///
    /// A bar that moves differs first in the same field line after line, so the eight bytes at
    /// ``heldBarProbe``, where the last whole comparison found a difference, turn most of those
    /// lines away before it; a probe that no longer differs is moved to where the bytes do.
    @inline(__always)
    mutating func barRepeats(_ bytes: UnsafePointer<UInt8>, at position: Int) -> Int? {
        let line = bytes + position
        guard heldBarLength != 0, Self.load(line + heldBarProbe) == Self.load(heldBar + heldBarProbe) else { return nil }
        guard memcmp(line, heldBar, heldBarLength) == 0 else {
            heldBarProbe = Self.firstDifferingWord(line, heldBar, count: heldBarLength)
            return nil
        }
        return Self.terminator(bytes, at: position &+ heldBarLength)
    }

    /// The offset of the first eight bytes of `count` that differ between `bytes` and
    /// `held`, the last eight when only the bytes after the last whole word do (0 for fewer than 8).
    @inline(never)
    static func firstDifferingWord(_ bytes: UnsafePointer<UInt8>, _ held: UnsafePointer<UInt8>, count: Int) -> Int {
        var offset = 0
        while offset + 8 < count, load(bytes + offset) == load(held + offset) { offset += 8 }
        return max(0, min(offset, count - 8))
    }

    /// Holds the bytes from `position` to the end of a line of `count` bytes (whose bar fields the
    /// observed state now holds), when they fit.
    @inline(__always)
    mutating func holdBar(_ bytes: UnsafePointer<UInt8>, from position: Int, count: Int) {
        let length = count &- position
        guard length <= Self.heldBarCapacity else { return }
        heldBar.update(from: bytes + position, count: length)
        heldBarLength = length
        heldBarProbe = min(heldBarProbe, max(length &- 8, 0))
    }

    /// How many bytes at `end` end a line: 1 for `\n` and 2 for `\r\n`; `nil` for anything else.
    @inline(__always)
    static func terminator(_ bytes: UnsafePointer<UInt8>, at end: Int) -> Int? {
        if bytes[end] == UInt8(ascii: "\n") { return 1 }
        return bytes[end] == UInt8(ascii: "\r") && bytes[end &+ 1] == UInt8(ascii: "\n") ? 2 : nil
    }

    @inline(__always)
    private static func load(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
    }

    /// Up to eight bytes as a zero-padded little-endian word.
    private static func padded(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var word: UInt64 = 0
        for index in stride(from: count - 1, through: 0, by: -1) { word = word << 8 | UInt64(bytes[index]) }
        return word
    }
}
