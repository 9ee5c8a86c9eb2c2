internal import BarModel

/// Where a session's samples are in its recording (`sample_lines`, migration 0004).
extension SessionStore {
    /// For each of `times` (seconds), the 1-based line of the recording holding the session's first
    /// sample at or after it (the last sample when none is), or `nil` when the session was imported
    /// before navrec kept line numbers; the session's chunks are read once.
    ///
    /// Looking up each time with its own `max(key) … WHERE t_us_base <= ?` walked the session's
    /// chunks once per finding (t_us_base has no index): 1 M samples with 1,000 findings were
    /// 5.7 M preads and 8.7 s of SARIF (issue 39 item 14). Here the chunks' bases are read in one
    /// pass and each time finds its chunk by binary search, with the same answer as that query
    /// (the greatest key whose base is at or before the time) even where bases are out of order.
    package func recordingLines(of session: StoredSession, at times: [Double]) throws(DatabaseError) -> [Int?] {
        let low = session.key << 32, high = (session.key << 32) | 0xFFFF_FFFF
        let chunks = try database.prepare("SELECT key, t_us_base FROM frame_chunks WHERE key BETWEEN ?1 AND ?2")
        try chunks.bind([.int(low), .int(high)])
        var bases: [(base: Int64, key: Int64)] = []
        while try chunks.step() { bases.append((chunks.int64(1), chunks.int64(0))) }
        bases.sort { $0.base < $1.base }
        // greatestKey[i]: the greatest key among the chunks whose base is at most bases[i].base.
        var greatestKey: [Int64] = []
        greatestKey.reserveCapacity(bases.count)
        for chunk in bases { greatestKey.append(max(greatestKey.last ?? Int64.min, chunk.key)) }
        let breakpoint = try database.prepare("""
            SELECT seq, line FROM sample_lines WHERE session_key = ? AND seq <= ? ORDER BY seq DESC LIMIT 1
            """)
        var lines: [Int?] = []
        lines.reserveCapacity(times.count)
        let block = FrameColumns()
        for t in times {
            // Clamped before Int64(): a finding's time read from a hand-edited database can be anything.
            let micros = (t * 1_000_000).rounded()
            let target = micros.isNaN ? Int64.min : micros >= 0x1p63 ? Int64.max : micros < -0x1p63 ? Int64.min : Int64(micros)
            // t never decreases within a session, so a chunk's base is its first sample's t: the
            // sample is in the last chunk starting at or before t, or is the next chunk's first.
            var first = 0, past = bases.count
            while first < past {
                let middle = (first + past) / 2
                if bases[middle].base <= target { first = middle + 1 } else { past = middle }
            }
            let start = first > 0 ? greatestKey[first - 1] : low
            let cursor = try FrameCursor(
                queries: frameQueries, sessionKey: session.key, sessionID: session.id, expectedSamples: nil, withObserved: false,
                samplesOnly: true, from: start)
            var found: Int64?
            chunks: while try cursor.read(into: block) {
                for row in 0..<block.count {
                    found = Int64(block.firstSeq + row)
                    if (block.t[row] * 1_000_000).rounded() >= Double(target) { break chunks }
                }
            }
            guard let seq = found else {
                lines.append(nil)
                continue
            }
            breakpoint.reset()
            try breakpoint.bind([.int(session.key), .int(seq)])
            lines.append(try breakpoint.step() ? Int(breakpoint.int64(1) + seq - breakpoint.int64(0)) : nil)
        }
        return lines
    }
}
