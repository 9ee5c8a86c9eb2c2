/// A recording read item by item, in file order: the NDJSON and CSV readers, and items held in
/// memory (``RecordingItemArrayReader``). What `navrec import`, `navrec analyze` and `navrec demo`
/// read through, whatever the format.
///
/// Read in place: the caller keeps one ``RecordingSlot`` and the reader overwrites it, a sample
/// line's sample and observed state in the slot's own fields (one copy of them, not an item
/// built, switched on and taken apart), and a consumer needs neither to know which reader it has
/// nor to reach into it.
///
/// ```swift
/// var slot = RecordingSlot()
/// while try reader.read(into: &slot) {
///     if slot.holdsSample { use(slot.sample, slot.observedState) } else { handle(slot.item) }
/// }
/// ```
public protocol RecordingReader: AnyObject {
    /// The name errors use for the input.
    var displayName: String { get }

    /// Overwrites `slot` with the next item (a sample in its sample fields, anything else in its
    /// ``RecordingSlot/item``) and returns `true`, or returns `false` after the last session's
    /// ``RecordingItem/endOfSession(_:)``.
    ///
    /// - Throws: ``RecordingError`` at the first bad line (kind ``RecordingError/Kind/invalidInput``)
    ///   or read failure (kind ``RecordingError/Kind/unreadable``); the reader then stays failed,
    ///   unless ``resumeAtNextHeader()`` says it goes on.
    func read(into slot: inout RecordingSlot) throws(RecordingError) -> Bool

    /// The 1-based line the sample last read starts on.
    var itemLine: Int { get }

    /// After a bad-input failure, goes on at the next session header: the rest of the failed
    /// session is skipped. Returns `false`, and stays failed, when there is nothing to resume: no
    /// failure, an I/O error, or a format with one session per input (CSV).
    ///
    /// For consumers that report a bad session and go on (`navrec analyze`, `navrec import`).
    func resumeAtNextHeader() -> Bool

    /// Whether `t` never goes back within a session, events' included (the reader refuses a line
    /// that does): a consumer may then take a session's events as known up to the last line's `t`.
    var keepsTimeOrder: Bool { get }
}

extension RecordingReader {
    /// Items built in code may come in any order.
    public var keepsTimeOrder: Bool { false }

    /// The next item, or `nil` after the last: ``read(into:)`` for callers that keep the items.
    ///
    /// - Throws: As ``read(into:)``.
    public func next() throws(RecordingError) -> RecordingItem? {
        var slot = RecordingSlot()
        return try read(into: &slot) ? slot.heldItem : nil
    }
}
