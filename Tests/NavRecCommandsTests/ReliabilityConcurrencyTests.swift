import Foundation
import Testing

/// Several `navrec import` processes into one database at once, with `navrec report` and readers
/// running meanwhile: every session arrives exactly once, nobody fails with "database is locked",
/// and readers only ever see whole sessions.
@Suite("Concurrent use of one database")
struct ReliabilityConcurrencyTests {
    @Test("three importers with overlapping files and a report meanwhile: every session exactly once, no lock errors")
    func concurrentImports() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("navrec.sqlite")
        let a = try ReliabilityRecordings.make("a.ndjson", sessions: 3, prefix: "a", seconds: 60, in: directory)
        let b = try ReliabilityRecordings.make("b.ndjson", sessions: 3, prefix: "b", seconds: 60, in: directory)
        let c = try ReliabilityRecordings.make("c.ndjson", sessions: 3, prefix: "c", seconds: 60, in: directory)
        // Each file goes to two importers, so two processes race for every session.
        let importers = try [[a.path, b.path], [b.path, c.path], [c.path, a.path]].enumerated().map { index, files in
            try BackgroundNavRec(["import"] + files + ["--db", db], in: directory.url, label: "import-\(index)")
        }
        var reads = 0
        var readErrors: Set<String> = []
        var reports: [NavRecBinary.Result] = []
        while importers.contains(where: \.isRunning) {
            if FileManager.default.fileExists(atPath: db) {
                do {
                    #expect(try ReliabilityDatabase.partialSessions(db) == [], "a reader saw a partial session")
                    reads += 1
                } catch {
                    readErrors.insert("\(error)")
                }
            }
            if reports.count < 3, reads > reports.count { reports.append(try NavRecBinary.run(["report", "--db", db, "--format", "json"])) }
        }
        for (index, importer) in importers.enumerated() {
            let result = try importer.wait()
            #expect(result.status == 0, "importer \(index): \(result.stderr)")
            #expect(!result.stderr.contains("locked"), "importer \(index): \(result.stderr)")
        }
        for report in reports {
            #expect(report.status == 0 || report.stderr.contains("no database"), "report: \(report.stderr)")
            #expect(!report.stderr.contains("locked"))
        }
        let stored = try ReliabilityDatabase.sessions(db)
        #expect(stored.count == 9, "\(stored.keys.sorted())")
        for (id, samples) in stored { #expect(samples == a.samples, "\(id)") }
        #expect(try ReliabilityDatabase.partialSessions(db) == [])
        #expect(try ReliabilityDatabase.integrity(db) == "ok")
        #expect(reads > 0, "\(readErrors)")
    }
}
