/// Where ``ScrollRecorder`` puts its recordings: one session after the other, each a complete
/// NDJSON recording. Called from the recorder's writer thread only, never from the thread that
/// feeds the recorder. ``RecordingDirectory`` writes files; tests and apps can supply their own
/// (an in-memory buffer, an upload queue).
public protocol RecordingSink: AnyObject, Sendable {
    /// Starts the recording of session `id`.
    func begin(sessionID id: String) throws
    /// Appends whole lines (every call ends with a newline) to the current recording.
    func write(_ text: String) throws
    /// Ends the current recording: flushes and closes it.
    func end() throws
}
