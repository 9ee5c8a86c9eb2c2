import BarModel

/// The key skeleton of the last sample line the common-sample path read: the bytes between its
/// values (`{"t":`, `,"y":`, `,"phase":`, …, `,"bar":{"barHeight":`, …, `}}`) with what each value
/// is, so the next line of the same shape — nearly every line of a session — is checked with a few
/// eight-byte comparisons per key instead of a lookup per key (``JSONScanner/parseSkeletonSample()``).
///
/// Learned by ``JSONScanner/parseCommonSample()`` from a line it took whole, so a line that
/// matches it has the same keys in the same order, each once, and is a line the full scanner reads
/// as a sample with nothing ignored. A value; its slots live behind a pointer the owning scanner
/// frees (``release()``).
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
    }

    /// The longest text between two values a slot holds (`,"bar":{"contentTitleAlpha":` is 28).
    static let maxLiteralLength = 32
    /// More values than a line without duplicate keys can have.
    static let capacity = 24

    let slots: UnsafeMutablePointer<Slot>
    /// Slots of the learned line; 0 when there is none.
    private(set) var count = 0
    /// The text after the last value (`}`, `}}`, `,"bar":{}}`), at most 16 bytes, as two
    /// zero-padded little-endian words.
    private(set) var tail: (UInt64, UInt64) = (0, 0)
    private(set) var tailLength = 0
    /// Whether the line had a `bar` object.
    private(set) var hasBar = false

    /// Values recorded by ``record(_:field:start:end:)`` for the line being learned.
    private var pending = 0
    private var starts: UnsafeMutablePointer<Int>
    private var ends: UnsafeMutablePointer<Int>
    private var overflowed = false

    init() {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: Slot(), count: Self.capacity)
        starts = .allocate(capacity: Self.capacity)
        ends = .allocate(capacity: Self.capacity)
    }

    func release() {
        slots.deallocate()
        starts.deallocate()
        ends.deallocate()
    }

    /// Forgets the skeleton and starts recording a new line's values.
    @inline(__always)
    mutating func beginLearning() {
        count = 0
        pending = 0
        overflowed = false
    }

    /// Records a value of the line being learned: its kind, field and byte range.
    @inline(__always)
    mutating func record(_ kind: Kind, field: BarStateField = .barHeight, start: Int, end: Int) {
        guard pending < Self.capacity else {
            overflowed = true
            return
        }
        slots[pending].kind = kind
        slots[pending].field = field
        starts[pending] = start
        ends[pending] = end
        pending += 1
    }

    /// Turns the recorded values of `line` (taken whole) into the skeleton; keeps none when a text
    /// between values is too long for a slot or a bar field cannot be written by offset.
    mutating func finishLearning(_ bytes: UnsafePointer<UInt8>, count lineCount: Int, hasBar: Bool) {
        count = 0
        guard !overflowed, pending > 0 else { return }
        var previousEnd = 0
        for index in 0..<pending {
            let length = starts[index] - previousEnd
            guard length >= 1, length <= Self.maxLiteralLength else { return }
            var slot = slots[index]
            slot.length = length
            let text = bytes + previousEnd
            if length < 8 {
                slot.firstMask = (1 << UInt64(8 * length)) - 1
                slot.words.0 = Self.padded(text, length)
                slot.wordCount = 1
            } else {
                slot.firstMask = ~0
                let offsets = (min(8, length - 8), min(16, length - 8), min(24, length - 8))
                slot.words = (
                    Self.load(text), Self.load(text + offsets.0), Self.load(text + offsets.1), Self.load(text + offsets.2)
                )
                slot.wordOffsets = offsets
                slot.wordCount = (length + 7) / 8
            }
            switch slot.kind {
            case .barNumber, .barBoolean:
                guard let offset = MemoryLayout<BarState>.offset(of: slot.field.keyPath) else { return }
                slot.offset = offset
            case .t, .y, .phase, .vy, .frameDuration, .barEnumeration:
                break
            }
            slots[index] = slot
            previousEnd = ends[index]
        }
        let tailLength = lineCount - previousEnd
        guard tailLength >= 1, tailLength <= 16 else { return }
        let tail = bytes + previousEnd
        self.tail = (Self.padded(tail, min(tailLength, 8)), tailLength > 8 ? Self.padded(tail + 8, tailLength - 8) : 0)
        self.tailLength = tailLength
        self.hasBar = hasBar
        count = pending
    }

    /// Whether slot `slot`'s text is at `position` of a line of `count` bytes.
    @inline(__always)
    static func matches(_ slot: UnsafePointer<Slot>, _ bytes: UnsafePointer<UInt8>, at position: Int, count: Int) -> Bool {
        let length = slot.pointee.length
        // Texts shorter than a word are compared as a whole word, so eight bytes must be there.
        guard count &- position >= max(length, 8) else { return false }
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

    /// Whether the line's last `count - position` bytes are the learned tail.
    @inline(__always)
    func tailMatches(_ bytes: UnsafePointer<UInt8>, at position: Int, count: Int) -> Bool {
        guard count &- position == tailLength else { return false }
        if tailLength <= 8 {
            // The tail's bytes are the line's last; the word ending with them, shifted down.
            guard count >= 8 else { return Self.padded(bytes + position, tailLength) == tail.0 }
            return Self.load(bytes + count - 8) >> UInt64(8 * (8 - tailLength)) == tail.0
        }
        return Self.load(bytes + position) == tail.0 && Self.load(bytes + count - 8) >> UInt64(8 * (16 - tailLength)) == tail.1
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
