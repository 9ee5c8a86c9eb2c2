import BarModel
import Foundation
import Recording
import Reports
import Testing

/// The reader fuzz test, end to end: mutated recordings through the built `navrec import`. Each
/// either imports (exit 0) or fails with exit 65 and the reader's `FILE:LINE:COL: error:` line;
/// failures leave the database exactly as it was and it always passes `PRAGMA integrity_check`.
///
/// `NAVREC_FUZZ_E2E_ITERATIONS` (default 30 per format with `NAVREC_FUZZ=1`, the run `.ci/run` makes; 15 in `swift test`) and `NAVREC_FUZZ_SEED` set the run.
@Suite("Fuzzing navrec import end to end")
struct ReliabilityFuzzImportTests {
    static let iterations = ProcessInfo.processInfo.environment["NAVREC_FUZZ_E2E_ITERATIONS"].flatMap(Int.init)
        ?? (ProcessInfo.processInfo.environment["NAVREC_FUZZ"] == "1" ? 30 : 15)
    static let seed = ProcessInfo.processInfo.environment["NAVREC_FUZZ_SEED"].flatMap(UInt64.init) ?? 1

    @Test("mutated NDJSON and CSV recordings import or fail with 65 and FILE:LINE:COL, leaving the database unchanged",
          arguments: [RecordingMutator.Format.ndjson, .csv])
    func fuzzImport(_ format: RecordingMutator.Format) throws {
        let directory = TemporaryDirectory()
        let db = directory.path("navrec.sqlite")
        // Single-session seeds, so a failure must leave the database exactly as it was, unless a
        // mutation made sessions the reader completes (a duplicated header): import keeps those.
        let seeds = (format == .ndjson ? [FuzzSeeds.ndjson[0], FuzzSeeds.ndjson[2], FuzzSeeds.generated] : FuzzSeeds.csv).map { Array($0.utf8) }
        let donors = seeds.flatMap { seed in RecordingMutator.lineRanges(seed).map { Array(seed[$0]) } }
        let mutator = RecordingMutator(format: format, donors: donors)
        var random = FuzzRandom(seed: Self.seed &+ 0xE2E)
        let name = format == .csv ? "fuzz.csv" : "fuzz.ndjson"
        let extra = format == .csv ? ["--behavior", "blurHeader"] : []
        #expect(try NavRecBinary.run(["import", directory.write("first.ndjson", [FuzzSeeds.ndjson[1]]), "--db", db]).status == 0)
        var imported = 0, rejected = 0
        for iteration in 0..<Self.iterations {
            var (bytes, applied) = mutator.mutate(random.pick(seeds), random: &random)
            if format == .ndjson, random.chance(50) {
                // Without an id the session is new whenever its bytes are, so more inputs get stored.
                bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #""id":"#, with: #""x-id":"#).utf8)
            }
            let path = directory.path(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let expected = expectedError(path: path, name: name, format: format)
            let before = try ReliabilityDatabase.digest(db)
            let result = try NavRecBinary.run(["import", name, "--db", db] + extra, in: directory.url)
            let context = "iteration \(iteration) (\(applied.joined(separator: ", ")))"
            if let expected {
                rejected += 1
                #expect(result.status == 65, "\(context): \(result.stderr)")
                // Escaped as every message is (TerminalText): a mutation may put control characters in it.
                #expect(result.stderr.hasPrefix(TerminalText.escaped(expected.description) + "\n"), "\(context): expected \(expected), got \(result.stderr)")
                if format == .csv || completedSessions(path: path, name: name) == 0 {
                    #expect(try ReliabilityDatabase.digest(db) == before, "\(context): a failed import changed the database")
                }
            } else {
                imported += 1
                #expect(result.status == 0, "\(context): \(result.stderr)")
            }
            #expect(try ReliabilityDatabase.integrity(db) == "ok")
            #expect(try ReliabilityDatabase.partialSessions(db) == [], "\(context)")
        }
        #expect(imported > 0 && rejected > 0, "imported \(imported), rejected \(rejected)")
    }

    /// Sessions of an NDJSON file that the reader completes when it resumes after each bad one, as
    /// `navrec import` does (what a failed import may still store).
    func completedSessions(path: String, name: String) -> Int {
        guard let reader = try? NDJSONReader(path: path, displayName: name) else { return 0 }
        var completed = 0
        while true {
            do {
                guard let item = try reader.next() else { return completed }
                if case .endOfSession = item { completed += 1 }
            } catch {
                // The session being read failed; its end of session never comes.
                guard reader.resumeAtNextHeader() else { return completed }
            }
        }
    }

    /// What the reader says about the file, read in-process: the error the binary must print.
    func expectedError(path: String, name: String, format: RecordingMutator.Format) -> RecordingError? {
        do {
            switch format {
            case .ndjson:
                let reader = try NDJSONReader(path: path, displayName: name)
                while try reader.next() != nil {}
            case .csv:
                var behaviors = BehaviorSet()
                try? behaviors.add("blurHeader")
                let reader = try CSVReader(path: path, displayName: name, header: SessionHeader(behaviors: behaviors))
                while try reader.next() != nil {}
            }
        } catch {
            return error
        }
        return nil
    }

    @Test("a 10 MB line imports, and a file of NUL bytes fails with 65, through the binary")
    func hugeLines() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("navrec.sqlite")
        let big = Array((#"{"navrec":1,"session":{"id":"big-line","behaviors":{"largeTitle":{}}}}"# + "\n" + #"{"t":0,"y":1,"blob":""#).utf8)
            + Array(repeating: UInt8(ascii: "z"), count: 10 << 20) + Array("\"}\n{\"t\":1,\"y\":2}\n".utf8)
        try Data(big).write(to: directory.url.appending(path: "big.ndjson"))
        let result = try NavRecBinary.run(["import", "big.ndjson", "--db", db], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 samples, 0 events, 1 ignored key"))
        try Data(repeating: 0, count: 1 << 20).write(to: directory.url.appending(path: "nul.ndjson"))
        let before = try ReliabilityDatabase.digest(db)
        let nul = try NavRecBinary.run(["import", "nul.ndjson", "--db", db], in: directory.url)
        #expect(nul.status == 65)
        #expect(nul.stderr.hasPrefix("nul.ndjson:1:1: error: "), "\(nul.stderr)")
        #expect(try ReliabilityDatabase.digest(db) == before)
    }
}

extension RecordingMutator.Format: CustomTestStringConvertible {
    var testDescription: String { self == .csv ? "CSV" : "NDJSON" }
}
