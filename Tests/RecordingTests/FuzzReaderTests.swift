import BarModel
import Foundation
@testable import Recording
import Testing

/// Fuzzing the readers in-process: thousands of mutated recordings, each of which must either read
/// to the end with sane values or fail with a ``RecordingError`` whose line and column lie inside
/// the input. A crash fails the whole test run; a hang trips the per-input time check.
///
/// `NAVREC_FUZZ=1` is the fuzzing run `.ci/run` makes after `swift test` (400 inputs per format;
/// `swift test` alone reads 150, a smoke test of the same code). `NAVREC_FUZZ_ITERATIONS` (default 400 per format, 150 without `NAVREC_FUZZ=1`) and `NAVREC_FUZZ_SEED` (default 1) set the run;
/// `NAVREC_FUZZ_LONG=1` makes every extreme input 10 MB (1 MB otherwise, except the two 10 MB lines
/// that always run) and adds the 70 MB line.
@Suite("Fuzzing the recording readers")
struct FuzzReaderTests {
    static let iterations = ProcessInfo.processInfo.environment["NAVREC_FUZZ_ITERATIONS"].flatMap(Int.init) ?? (fuzzRun ? 400 : 150)
    static let seed = ProcessInfo.processInfo.environment["NAVREC_FUZZ_SEED"].flatMap(UInt64.init) ?? 1
    /// No single input may take longer than this (debug build); a quadratic path exceeds it.
    static let slowInput = Duration.seconds(2)

    /// What reading one input gave.
    enum Outcome: Equatable {
        case read(sessions: Int, samples: Int)
        case failed(RecordingError)
    }

    @Test("mutated NDJSON recordings read fully or fail at a position inside the input", .timeLimit(.minutes(5)))
    func fuzzNDJSON() throws {
        try fuzz(format: .ndjson, seeds: FuzzSeeds.ndjson)
    }

    @Test("mutated CSV recordings read fully or fail at a position inside the input", .timeLimit(.minutes(5)))
    func fuzzCSV() throws {
        try fuzz(format: .csv, seeds: FuzzSeeds.csv)
    }

    func fuzz(format: RecordingMutator.Format, seeds: [String]) throws {
        let directory = try TemporaryDirectory()
        let seedBytes = seeds.map { Array($0.utf8) }
        let donors = seedBytes.flatMap { seed in RecordingMutator.lineRanges(seed).map { Array(seed[$0]) } }
        let mutator = RecordingMutator(format: format, donors: donors)
        var random = FuzzRandom(seed: Self.seed &+ (format == .csv ? 0x5EED : 0))
        var read = 0, failed = 0
        var messages: [String: Int] = [:]
        for iteration in 0..<Self.iterations {
            let (bytes, applied) = mutator.mutate(random.pick(seedBytes), random: &random)
            let bufferSize = random.pick([16, 100, 4096, 1 << 20])
            let started = ContinuousClock.now
            let outcome = try check(bytes, format: format, bufferSize: bufferSize, in: directory,
                                    context: "iteration \(iteration) (\(applied.joined(separator: ", ")), buffer \(bufferSize))")
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < Self.slowInput, "iteration \(iteration) (\(applied)) took \(elapsed)")
            switch outcome {
            case .read: read += 1
            case .failed(let error): failed += 1; messages[String(error.message.prefix(30)), default: 0] += 1
            }
        }
        // Both outcomes must occur, or the mutator is not testing anything.
        #expect(read > Self.iterations / 20, "only \(read) of \(Self.iterations) inputs read fully")
        #expect(failed > Self.iterations / 4, "only \(failed) of \(Self.iterations) inputs failed")
        #expect(messages.count > 15, "the failures hit only \(messages.count) distinct messages: \(messages)")
    }

    /// Reads `bytes` and checks the outcome's invariants; returns it.
    @discardableResult
    func check(_ bytes: [UInt8], format: RecordingMutator.Format, bufferSize: Int = 1 << 20,
               in directory: TemporaryDirectory, context: String) throws -> Outcome {
        let path = try directory.write(format == .csv ? "fuzz.csv" : "fuzz.ndjson", bytes)
        let name = "fuzz"
        var items: [RecordingItem] = []
        var failure: RecordingError?
        do {
            switch format {
            case .ndjson:
                let descriptor = open(path, O_RDONLY)
                defer { close(descriptor) }
                let reader = NDJSONReader(fileDescriptor: descriptor, displayName: name, bufferSize: bufferSize, maxLineLength: 64 << 20)
                do {
                    while let item = try reader.next() { items.append(item) }
                } catch {
                    // A failed reader stays failed with the same error.
                    #expect(throws: error) { try reader.next() }
                    throw error
                }
            case .csv:
                var behaviors = BehaviorSet()
                try behaviors.add("blurHeader")
                let reader = try CSVReader(path: path, displayName: name, header: SessionHeader(behaviors: behaviors))
                do {
                    while let item = try reader.next() { items.append(item) }
                } catch {
                    #expect(throws: error) { try reader.next() }
                    throw error
                }
            }
        } catch let error as RecordingError {
            failure = error
        }

        if let failure {
            let lines = Self.lines(bytes)
            #expect(failure.kind == .invalidInput, "\(context): \(failure)")
            #expect(failure.file == name)
            #expect(!failure.message.isEmpty)
            #expect(failure.description.hasPrefix("\(name):\(failure.line):\(failure.column): error: "), "\(context): \(failure)")
            let lineInRange = failure.line >= 1 && failure.line <= max(1, lines.count)
            #expect(lineInRange, "\(context): \(failure) but the input has \(lines.count) lines")
            if lineInRange, !lines.isEmpty {
                let length = lines[failure.line - 1]
                #expect(failure.column >= 1 && failure.column <= length + 1,
                        "\(context): \(failure) but line \(failure.line) has \(length) bytes")
            }
            return .failed(failure)
        }

        // Read fully: the items form sessions, and every value obeys the format's rules.
        var sessions = 0, samples = 0
        var open = false, sessionSamples = 0, sessionEvents = 0, lastT = -Double.infinity
        for item in items {
            switch item {
            case .header(let header):
                #expect(!open, "\(context): a header inside an open session")
                #expect(SessionHeader.supportedVersions.contains(header.formatVersion))
                open = true; sessionSamples = 0; sessionEvents = 0; lastT = -.infinity
            case .sample(let sample, let observed):
                #expect(open, "\(context): a sample outside a session")
                #expect(sample.t.isFinite && sample.y.isFinite && abs(sample.y) <= 1e7 && sample.t <= 1e7, "\(context): \(sample)")
                #expect(sample.t >= lastT, "\(context): t went back to \(sample.t) after \(lastT)")
                #expect(sample.vy.map(\.isFinite) ?? true, "\(context): \(sample)")
                if let observed, let alpha = observed.blurAlpha { #expect(alpha.isFinite, "\(context): \(observed)") }
                lastT = sample.t
                sessionSamples += 1; samples += 1
            case .event(let event):
                #expect(open, "\(context): an event outside a session")
                #expect(event.t.isFinite && event.t >= lastT, "\(context): \(event)")
                lastT = event.t
                sessionEvents += 1
            case .endOfSession(let summary):
                #expect(open, "\(context): end of a session that did not start")
                #expect(summary.samples == sessionSamples && summary.events == sessionEvents, "\(context): \(summary)")
                #expect(summary.contentID?.hasPrefix("auto-") == true && summary.contentID?.count == 37)
                open = false
                sessions += 1
            }
        }
        #expect(!open, "\(context): the last session has no end")
        return .read(sessions: sessions, samples: samples)
    }

    /// The byte length of each line as readers count columns (without `\n` or a final `\r`).
    static func lines(_ bytes: [UInt8]) -> [Int] {
        RecordingMutator.lineRanges(bytes).map { range in
            range.count > 0 && bytes[range.upperBound - 1] == 0x0D ? range.count - 1 : range.count
        }
    }

    // MARK: - Inputs too large to draw at random

    static let long = ProcessInfo.processInfo.environment["NAVREC_FUZZ_LONG"] == "1"
    static let tenMegabytes = 10 << 20
    /// The size of the extreme inputs that are not always 10 MB.
    static let big = long ? 10 << 20 : 1 << 20

    /// A single hostile input that every format must survive within the time limit.
    struct Extreme: CustomTestStringConvertible, Sendable {
        var name: String
        var format: RecordingMutator.Format
        var make: @Sendable () -> [UInt8]
        /// nil: either outcome is fine; else whether it must read fully.
        var reads: Bool?
        var testDescription: String { name }
    }

    static let header = Array((largeTitleHeader + "\n").utf8)

    static let extremes: [Extreme] = [
        Extreme(name: "NDJSON: a 10 MB string in an unknown key", format: .ndjson, make: {
            header + Array(#"{"t":0,"y":0,"blob":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: tenMegabytes) + Array("\"}\n".utf8)
        }, reads: true),
        Extreme(name: "NDJSON: a \(big >> 20) MB string of escapes", format: .ndjson, make: {
            var escapes: [UInt8] = []
            escapes.reserveCapacity(big)
            while escapes.count < big { escapes += Array(#"\u00e9\n\"\ud83d\ude00"#.utf8) }
            return header + Array(#"{"t":0,"y":0,"blob":""#.utf8) + escapes + Array("\"}\n".utf8)
        }, reads: true),
        Extreme(name: "NDJSON: a \(big >> 20) MB number", format: .ndjson, make: {
            header + Array(#"{"t":0,"y":1"#.utf8) + Array(repeating: UInt8(ascii: "0"), count: big) + Array("}\n".utf8)
        }, reads: false),
        Extreme(name: "NDJSON: a \(big >> 20) MB number in an unknown key", format: .ndjson, make: {
            header + Array(#"{"t":0,"y":1,"n":0."#.utf8) + Array(repeating: UInt8(ascii: "1"), count: big) + Array("}\n".utf8)
        }, reads: nil),
        Extreme(name: "NDJSON: \(big >> 20) MB of spaces inside a line", format: .ndjson, make: {
            header + Array(#"{"t":0,"#.utf8) + Array(repeating: 0x20, count: big) + Array(#""y":0}"#.utf8) + [0x0A]
        }, reads: true),
        Extreme(name: "NDJSON: \(big >> 20) MB line of nothing but opening brackets", format: .ndjson, make: {
            header + Array(#"{"t":0,"y":0,"a":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: big) + [0x0A]
        }, reads: false),
        Extreme(name: "NDJSON: an object with \(long ? 1_000_000 : 100_000) keys", format: .ndjson, make: {
            var line = Array(#"{"t":0,"y":0,"a":{"#.utf8)
            for index in 0..<(long ? 1_000_000 : 100_000) { line += Array("\"k\(index)\":0,".utf8) }
            line[line.count - 1] = UInt8(ascii: "}")
            return header + line + Array("}\n".utf8)
        }, reads: true),
        Extreme(name: "NDJSON: \(long ? 200_000 : 20_000) sessions of one line each", format: .ndjson, make: {
            var bytes: [UInt8] = []
            for _ in 0..<(long ? 200_000 : 20_000) { bytes += header }
            return bytes
        }, reads: true),
        Extreme(name: "NDJSON: a 70 MB line is refused, not buffered", format: .ndjson, make: {
            header + Array(#"{"t":0,"y":0,"blob":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 70 << 20) + Array("\"}\n".utf8)
        }, reads: false),
        Extreme(name: "NDJSON: \(big >> 20) MB of NUL bytes", format: .ndjson, make: {
            header + Array(repeating: 0, count: big)
        }, reads: false),
        Extreme(name: "CSV: a 10 MB cell in an ignored column", format: .csv, make: {
            Array("t,y,note\n0,1,".utf8) + Array(repeating: UInt8(ascii: "x"), count: tenMegabytes) + [0x0A]
        }, reads: true),
        Extreme(name: "CSV: a \(big >> 20) MB quoted cell over many lines", format: .csv, make: {
            var cell: [UInt8] = []
            while cell.count < big { cell += Array("line of a note\n".utf8) }
            return Array("t,y,note\n0,1,\"".utf8) + cell + Array("\"\n0.1,2,x\n".utf8)
        }, reads: true),
        Extreme(name: "CSV: an unclosed quote followed by \(big >> 20) MB of short lines", format: .csv, make: {
            var rows: [UInt8] = []
            while rows.count < big { rows += Array("1,2,3\n".utf8) }
            return Array("t,y,note\n0,1,\"".utf8) + [0x0A] + rows
        }, reads: false),
        Extreme(name: "CSV: \(big >> 20) MB of commas in one row", format: .csv, make: {
            Array("t,y\n0,1".utf8) + Array(repeating: UInt8(ascii: ","), count: big) + [0x0A]
        }, reads: false),
        Extreme(name: "CSV: a header row of 100,000 columns", format: .csv, make: {
            var row = Array("t,y".utf8)
            for index in 0..<100_000 { row += Array(",c\(index)".utf8) }
            return row + Array("\n0,1".utf8) + Array(repeating: UInt8(ascii: ","), count: 100_000) + [0x0A]
        }, reads: true),
    ].filter { long || !$0.name.contains("70 MB") }

    @Test("extreme inputs: 10 MB lines, deep nesting, huge objects, NUL floods", .timeLimit(.minutes(2)), arguments: extremes)
    func extreme(_ input: Extreme) throws {
        let directory = try TemporaryDirectory()
        let started = ContinuousClock.now
        let outcome = try check(input.make(), format: input.format, in: directory, context: input.name)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(20), "\(input.name) took \(elapsed)")
        if let reads = input.reads {
            if case .failed(let error) = outcome { #expect(!reads, "\(input.name): \(error)") } else { #expect(reads, "\(input.name) read fully") }
        }
    }
}

/// Regressions the fuzzer found (each took tens of seconds or more before its fix).
@Suite("Reader time stays linear on hostile CSV")
struct FuzzRegressionTests {
    func time(_ text: String, reads: Bool) throws -> Duration {
        let directory = try TemporaryDirectory()
        let started = ContinuousClock.now
        let outcome = try FuzzReaderTests().check(Array(text.utf8), format: .csv, in: directory, context: "regression")
        if case .failed(let error) = outcome { #expect(!reads, "\(error)") } else { #expect(reads) }
        return ContinuousClock.now - started
    }

    @Test("a stray quote followed by 12,000 rows fails fast (took 15 s before the fix: every row re-split the record)")
    func strayQuote() throws {
        let text = "t,y,note\n0,1,\"\n" + String(repeating: "1,2,3\n", count: 12_000)
        #expect(try time(text, reads: false) < .seconds(2))
    }

    @Test("a quoted cell of 12,000 lines reads in linear time (took 26 s before the fix)")
    func longQuotedCell() throws {
        let text = "t,y,note\n0,1,\"" + String(repeating: "a line, \"\"quoted\"\"\n", count: 12_000) + "\"\n0.1,2,x\n"
        #expect(try time(text, reads: true) < .seconds(2))
    }

    @Test("a header row of 100,000 columns reads in under 2 s (took 9 to 15 s before the fix: a name lookup per column rebuilt every field name)")
    func wideHeader() throws {
        let text = "t,y" + String(repeating: ",c", count: 100_000) + "\n0,1" + String(repeating: ",", count: 100_000) + "\n"
        #expect(try time(text, reads: true) < .seconds(2))
    }
}

/// Whether this is the fuzzing run (`NAVREC_FUZZ=1`, README "Getting started"), not the default suite.
let fuzzRun = ProcessInfo.processInfo.environment["NAVREC_FUZZ"] == "1"
