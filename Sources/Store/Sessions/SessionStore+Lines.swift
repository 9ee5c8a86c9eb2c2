internal import BarModel

/// Where a session's samples are in its recording (`sample_lines`, migration 0004).
extension SessionStore {
    /// The 1-based line of the recording holding the session's first sample at or after `t`
    /// seconds (the last sample when none is), or `nil` when the session was imported before
    /// navrec kept line numbers.
    package func recordingLine(of session: StoredSession, at t: Double) throws(DatabaseError) -> Int? {
        let low = session.key << 32, high = (session.key << 32) | 0xFFFF_FFFF
        // Clamped before Int64(): a finding's time read from a hand-edited database can be anything.
        let micros = (t * 1_000_000).rounded()
        let target = micros.isNaN ? Int64.min : micros >= 0x1p63 ? Int64.max : micros < -0x1p63 ? Int64.min : Int64(micros)
        // t never decreases within a session, so a chunk's base is its first sample's t: the sample
        // is in the last chunk starting at or before t, or is the next chunk's first.
        let start = try database.scalarInt(
            "SELECT max(key) FROM frame_chunks WHERE key BETWEEN ?1 AND ?2 AND t_us_base <= ?3",
            [.int(low), .int(high), .int(target)]) ?? low
        let cursor = try FrameCursor(
            queries: frameQueries, sessionKey: session.key, sessionID: session.id, expectedSamples: nil, withObserved: false,
            samplesOnly: true, from: start)
        var frame = SessionFrame.empty
        var found: Int64?
        while try cursor.read(into: &frame) {
            found = Int64(frame.seq)
            if (frame.sample.t * 1_000_000).rounded() >= Double(target) { break }
        }
        guard let seq = found else { return nil }
        let breakpoint = try database.prepare("""
            SELECT seq, line FROM sample_lines WHERE session_key = ? AND seq <= ? ORDER BY seq DESC LIMIT 1
            """)
        try breakpoint.bind([.int(session.key), .int(seq)])
        guard try breakpoint.step() else { return nil }
        return Int(breakpoint.int64(1) + seq - breakpoint.int64(0))
    }
}
