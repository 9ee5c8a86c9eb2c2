import Foundation
import Store
import Testing

/// Issue 39 item 15: `navrec sessions` streams its rows, so its memory does not grow with the
/// number of sessions (it held every session: 1.1 GB at 10⁶).
@Suite("reliability round 3: flat memory")
struct ReliabilityRound3FlatMemoryTests {
    /// A database with `count` session rows (copies of one demo session's row; `sessions` reads
    /// only that table).
    private func database(_ count: Int, in directory: TemporaryDirectory) throws -> String {
        let db = directory.path("s\(count).sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let database = try Database(path: db)
        try database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO sessions (id, app, screen, device, os, fps, started_at, behaviors, parameters, content_id, source,
                samples, observed_samples, events, ignored_keys, duration, imported_at)
            SELECT printf('copy-%07d-', i) || s.id, s.app, s.screen, s.device, s.os, s.fps, s.started_at, s.behaviors, s.parameters,
                s.content_id, s.source, s.samples, s.observed_samples, s.events, s.ignored_keys, s.duration, s.imported_at
            FROM n, (SELECT * FROM sessions ORDER BY session_key LIMIT 1) AS s
            """)
        return db
    }

    @Test("navrec sessions: peak memory at 100,000 sessions within 10 MB of 2,000's, in every format")
    func sessionsIsFlat() throws {
        let directory = TemporaryDirectory()
        let small = try database(2_000, in: directory), large = try database(100_000, in: directory)
        for format in ["table", "csv", "json"] {
            let few = try PeakMemory.run(["sessions", "--db", small, "--format", format], in: directory)
            let many = try PeakMemory.run(["sessions", "--db", large, "--format", format], in: directory)
            #expect(few.status == 0 && many.status == 0, "\(many.stderr)")
            #expect(many.stdout.utf8.count { $0 == UInt8(ascii: "\n") } >= 100_000, "\(format): \(many.stdout.prefix(200)) \(many.stderr)")
            #expect(many.peakBytes - few.peakBytes < 10 << 20, "\(format): \(few.peakBytes >> 20) MB at 2,000, \(many.peakBytes >> 20) MB at 100,000")
        }
    }
}
