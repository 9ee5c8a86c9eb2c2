/// Where a session's samples are in its recording (`sample_lines`, migration 0004).
extension SessionStore {
    /// The 1-based line of the recording holding the session's first sample at or after `t`
    /// seconds (the last sample when none is), or `nil` when the session was imported before
    /// navrec kept line numbers.
    package func recordingLine(of session: StoredSession, at t: Double) throws(DatabaseError) -> Int? {
        let low = session.key << 32, high = (session.key << 32) | 0xFFFF_FFFF
        // Frames are a session's key range in seq order, and t never decreases within it.
        let find = try database.prepare("""
            SELECT coalesce((SELECT min(key) FROM frames WHERE key BETWEEN ?1 AND ?2 AND t_us >= ?3),
                            (SELECT max(key) FROM frames WHERE key BETWEEN ?1 AND ?2))
            """)
        try find.bind([.int(low), .int(high), .int(Int64((t * 1_000_000).rounded()))])
        guard try find.step(), let key = find.optionalInt64(0) else { return nil }
        let seq = key & 0xFFFF_FFFF
        let breakpoint = try database.prepare("""
            SELECT seq, line FROM sample_lines WHERE session_key = ? AND seq <= ? ORDER BY seq DESC LIMIT 1
            """)
        try breakpoint.bind([.int(session.key), .int(seq)])
        guard try breakpoint.step() else { return nil }
        return Int(breakpoint.int64(1) + seq - breakpoint.int64(0))
    }
}
