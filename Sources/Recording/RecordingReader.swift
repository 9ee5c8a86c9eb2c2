/// A recording read item by item, in file order: the NDJSON and CSV readers, and items held in
/// memory (``RecordingItemArrayReader``). What `navrec import`, `navrec analyze` and `navrec demo`
/// read through, whatever the format.
///
/// Read in place, as ``SessionFrameReader`` is: the caller keeps one item and the reader overwrites
/// it, so a sample line costs one write of its sample and observed state, not an optional wrapped
/// and copied out, and a consumer needs neither to know which reader it has nor to reach into it.
///
/// ```swift
/// var item = RecordingItem.placeholder
/// while try reader.read(into: &item) { … }
/// ```
public protocol RecordingReader: AnyObject {
    /// The name errors use for the input.
    var displayName: String { get }

    /// Overwrites `item` with the next item and returns `true`, or returns `false` after the last
    /// session's ``RecordingItem/endOfSession(_:)``.
    ///
    /// - Throws: ``RecordingError`` at the first bad line (kind ``RecordingError/Kind/invalidInput``)
    ///   or read failure (kind ``RecordingError/Kind/unreadable``); the reader then stays failed,
    ///   unless ``resumeAtNextHeader()`` says it goes on.
    func read(into item: inout RecordingItem) throws(RecordingError) -> Bool

    /// The 1-based line the sample last read starts on.
    var itemLine: Int { get }

    /// After a bad-input failure, goes on at the next session header: the rest of the failed
    /// session is skipped. Returns `false`, and stays failed, when there is nothing to resume: no
    /// failure, an I/O error, or a format with one session per input (CSV).
    ///
    /// For consumers that report a bad session and go on (`navrec analyze`, `navrec import`).
    func resumeAtNextHeader() -> Bool
}

extension RecordingReader {
    /// The next item, or `nil` after the last: ``read(into:)`` for callers that keep the items.
    ///
    /// - Throws: As ``read(into:)``.
    public func next() throws(RecordingError) -> RecordingItem? {
        var item = RecordingItem.placeholder
        return try read(into: &item) ? item : nil
    }
}
