/// Items held in memory, read as a ``RecordingReader`` (a session built in code, tests).
public final class RecordingItemArrayReader: RecordingReader {
    public let displayName: String
    private let items: [RecordingItem]
    private var next = 0
    /// Items do not come from lines: a sample's line is its 1-based position in the items.
    public private(set) var itemLine = 0

    public init(_ items: [RecordingItem], displayName: String = "<items>") {
        self.items = items
        self.displayName = displayName
    }

    public func read(into slot: inout RecordingSlot) -> Bool {
        guard next < items.count else { return false }
        slot.hold(items[next])
        next += 1
        itemLine = next
        return true
    }

    /// Items in memory cannot be bad input.
    public func resumeAtNextHeader() -> Bool { false }
}
