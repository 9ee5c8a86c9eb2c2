package import BarModel
package import Recording

/// What consumes the sessions a ``RecordingPipeline`` reads: the importer stores them, `navrec
/// analyze` analyses them.
package protocol SessionSink: AnyObject {
    /// A session starts; returns whether to run the models over it and hand over its samples and
    /// events (`false` skips them, e.g. a session that is already stored).
    func begin(_ header: SessionHeader) throws -> Bool
    /// A sample in `slot` (its time on the session's ``SessionClock``) with, if the app reported
    /// one, its observed state; the sink steps `model` on it once, writing the computed state
    /// where it keeps the frame (``BarEngine/step(_:into:at:)``: no ``BarState`` in between).
    /// `line`, where the sample is in its recording, is asked only by sinks that keep it.
    ///
    /// The slot is passed in place and only read: taken by value, it was loaded whole before the
    /// sink's first store (any store might reach the caller's slot) and held past the registers,
    /// every sample; in place, the spool reads each field of its observed state as it writes it.
    func add(_ slot: inout RecordingSlot, model: inout BarEngine, line: @autoclosure () -> Int) throws
    /// An event (its time on the session's clock), already applied to the models.
    func add(_ event: ScrollEvent) throws
    /// The session's last line has been read (called for skipped sessions too); `clock` says how
    /// its times were counted.
    func end(_ header: SessionHeader, _ summary: SessionSummary, clock: SessionClock) throws
}
