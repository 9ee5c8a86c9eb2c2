import BarModel
@testable import Recording
import Testing

/// The skeletons the full scanner learns, line after line through one scanner as `NDJSONReader`
/// reads them (the last two skeletons first, the full scanner on a miss): which path reads each line,
/// and that every line reads as a fresh full scanner reads it alone — no value of an earlier line
/// left in a sample or a bar state, every refused line refused with the full scanner's message.
@Suite("Skeletons learned by the full scanner")
struct SkeletonLearningTests {
    enum Path: Equatable { case skeleton, full }

    /// One line's reading: its path, and the sample as a fresh full scanner reads it or the error.
    struct Reading: Equatable, CustomStringConvertible {
        var path: Path
        var parsed: SkeletonSampleTests.Parsed?
        var error: String?

        var description: String { "\(path) \(parsed.map(\.description) ?? error ?? "not a sample")" }
    }

    /// Reads `lines` through one scanner, skeleton path first; checks each reading against a fresh
    /// full scanner's and returns the paths taken.
    static func read(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [Path] {
        var scanner = JSONScanner()
        defer { scanner.release() }
        var paths: [Path] = []
        for line in lines {
            let bytes = Array(line.utf8)
            let reading = bytes.withUnsafeBufferPointer { buffer -> Reading in
                scanner.reset(buffer)
                if let tOffset = scanner.parseLearnedSample() {
                    return Reading(path: .skeleton, parsed: .init(tOffset: tOffset, sample: scanner.sample, observed: scanner.observed))
                }
                return Self.fullReading(&scanner)
            }
            #expect(reading == Reading(path: reading.path, parsed: SkeletonSampleTests.full(line), error: Self.error(line)), "\(line)",
                    sourceLocation: sourceLocation)
            paths.append(reading.path)
        }
        return paths
    }

    /// The full scanner's reading of the line `scanner` was reset to.
    static func fullReading(_ scanner: inout JSONScanner) -> Reading {
        do {
            guard case .sample(let tOffset, ignoredKeys: 0) = try scanner.parseRecordLine() else { return Reading(path: .full) }
            return Reading(path: .full, parsed: .init(tOffset: tOffset, sample: scanner.sample, observed: scanner.observed))
        } catch {
            return Reading(path: .full, error: "\(error.offset): \(error.message)")
        }
    }

    /// A fresh full scanner's error for `line`, as `offset: message`.
    static func error(_ line: String) -> String? {
        var scanner = JSONScanner()
        defer { scanner.release() }
        return Array(line.utf8).withUnsafeBufferPointer { buffer -> String? in
            scanner.reset(buffer)
            return fullReading(&scanner).error
        }
    }

    static let a = #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#
    static let a2 = #"{"t":0.6,"y":1.5,"phase":"idle","vy":null,"bar":{"barHeight":95.5,"largeTitleAlpha":0.25,"inlineTitleAlpha":0.75}}"#
    static let b = #"{"t":0.7,"y":2,"phase":"drag","frameDuration":0.008333}"#
    static let b2 = #"{"t":0.8,"y":3,"phase":"decelerate","frameDuration":0.016667}"#

    @Test("a session of one shape: the first line teaches, every later one takes the skeleton")
    func oneShape() {
        #expect(Self.read([Self.a, Self.a2, Self.a, Self.a2]) == [.full, .skeleton, .skeleton, .skeleton])
    }

    @Test("the counter-case: a shape that changes mid-session is read by the full scanner once, then learned; a third evicts the older")
    func shapeChanges() {
        #expect(Self.read([Self.a, Self.a2, Self.b, Self.b2, Self.a2]) == [.full, .skeleton, .full, .skeleton, .skeleton])
        let c = #"{"t":0.9,"y":2,"phase":"idle"}"#
        // a, b, then c evicts a (the least recently used); b is still there, a is learned again.
        #expect(Self.read([Self.a, Self.b, Self.b2, c, Self.b, Self.a2, c]) == [.full, .full, .skeleton, .full, .skeleton, .full, .full])
    }

    @Test("a line matching for three keys then diverging: no value of the line before carries over")
    func divergesAfterThreeKeys() {
        let line = #"{"t":0.9,"y":4,"phase":"drag","frameDuration":0.01,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#
        #expect(Self.read([Self.a, line, Self.a2]) == [.full, .full, .skeleton])
        #expect(SkeletonSampleTests.full(line).map { $0.sample[3] == nil } == true, "the vy of the line before is not kept")
    }

    @Test("a duplicate key: the skeleton misses and the full scanner gives its error; a line with one teaches nothing")
    func duplicateKey() {
        let duplicate = #"{"t":0.9,"y":4,"phase":"drag","vy":2,"vy":3,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#
        let duplicateField = #"{"t":0.9,"y":4,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"largeTitleAlpha":0}}"#
        #expect(Self.error(duplicate) == "37: duplicate key 'vy'")
        #expect(Self.error(duplicateField) == "79: duplicate key 'largeTitleAlpha'")
        // The skeleton learned from `a` stays: the lines after the errors still take it.
        #expect(Self.read([Self.a, duplicate, Self.a2, duplicateField, Self.a]) == [.full, .full, .skeleton, .full, .skeleton])
        #expect(Self.read([duplicate, Self.a]) == [.full, .full])
    }

    @Test("null where the skeleton had a number: taken where the full scanner takes null, refused with its message where not")
    func nullForNumber() {
        let nullBar = #"{"t":0.9,"y":4,"phase":null,"vy":null,"bar":{"barHeight":null,"largeTitleAlpha":1,"inlineTitleAlpha":null}}"#
        let nullY = #"{"t":0.9,"y":null,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#
        let nullT = #"{"t":null,"y":4,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#
        #expect(Self.read([Self.a, nullBar, Self.a2]) == [.full, .skeleton, .skeleton])
        #expect(SkeletonSampleTests.full(nullBar)?.observed?.compactMap { $0 }.count == 1, "only largeTitleAlpha is set")
        #expect(Self.read([Self.a, nullY, nullT, Self.a2]) == [.full, .full, .full, .skeleton])
        #expect(Self.error(nullY) == "13: 'y' must be a number, found null")
        #expect(Self.error(nullT) == "5: 't' must be a number, found null")
    }

    @Test("a bar object that diverges midway: no field of the old shape is left in the state, nor of the new one after")
    func barDiverges() {
        let other = #"{"t":0.9,"y":4,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"avatarScale":0.5}}"#
        let longer = #"{"t":1,"y":4,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0,"avatarScale":0.5}}"#
        let empty = #"{"t":1.1,"y":4,"phase":"drag","vy":2,"bar":{}}"#
        #expect(Self.read([Self.a, other, Self.a2, longer, Self.a, empty, other]) == [.full, .full, .skeleton, .full, .skeleton, .full, .full])
        #expect(Self.read([Self.a, other, other, Self.a2, Self.a2, empty, empty, other]) == [.full, .full, .skeleton, .skeleton, .skeleton, .full, .skeleton, .full])
    }

    @Test("a value that repeats the last line's at its slot reads the same; one of other bytes is read again")
    func repeatedValues() {
        func line(_ t: Int, vy: String, height: String, hidden: String) -> String {
            #"{"t":\#(t),"y":1,"phase":"drag","vy":\#(vy),"bar":{"barHeight":\#(height),"barHidden":\#(hidden),"largeTitleAlpha":0.5}}"#
        }
        // Seven-byte values fill the word with the byte after them; a one-byte value leaves most
        // of it to the next text; `null`, `-0` and `0` differ.
        let lines = [
            line(1, vy: "-7.5186", height: "96.5", hidden: "false"), line(2, vy: "-7.5186", height: "96.5", hidden: "false"),
            line(3, vy: "-7.9816", height: "96.25", hidden: "true"), line(4, vy: "-7.9816", height: "96.25", hidden: "true"),
            line(5, vy: "1", height: "null", hidden: "null"), line(6, vy: "1", height: "null", hidden: "null"),
            line(7, vy: "12", height: "-0", hidden: "null"), line(8, vy: "1", height: "0", hidden: "false"),
            line(9, vy: "null", height: "0.123456789012345678", hidden: "true"), line(10, vy: "null", height: "0.123456789012345678", hidden: "true"),
            line(11, vy: "1e5", height: "1", hidden: "true"), line(12, vy: "1e5", height: "1.5", hidden: "true"),
        ]
        #expect(Self.read(lines) == [.full] + Array(repeating: .skeleton, count: lines.count - 1))
    }

    @Test("lines alternating between two shapes: both take a skeleton, every value its own")
    func alternating() {
        #expect(Self.read([Self.a, Self.b, Self.a2, Self.b2, Self.a, Self.b]) == [.full, .full, .skeleton, .skeleton, .skeleton, .skeleton])
    }

    @Test("the counter-case: lines cycling through three shapes are each read by the full scanner")
    func threeShapes() {
        let c = #"{"t":0.9,"y":2,"phase":"idle"}"#
        #expect(Self.read([Self.a, Self.b, c, Self.a2, Self.b2, c]) == [.full, .full, .full, .full, .full, .full])
    }

    @Test("the counter-case: events and lines that teach nothing between samples leave the skeleton as it was")
    func untaughtLinesKeepSkeleton() {
        let event = #"{"t":0.65,"event":"tap","target":"title"}"#
        let ignored = #"{"t":0.66,"y":1,"phase":"drag","vy":2,"x":1,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#
        let trailingSpace = Self.a + " "
        #expect(Self.read([Self.a, event, Self.a2, ignored, Self.a, trailingSpace, Self.a2]) == [.full, .full, .skeleton, .full, .skeleton, .full, .skeleton])
    }

    /// A line with `bar` last: barHeight `height`, then two more fields.
    static func barLine(_ t: Double, height: String, hidden: String = "false", alpha: String = "0.25") -> String {
        #"{"t":\#(t),"y":1,"phase":"drag","vy":2,"bar":{"barHeight":\#(height),"barHidden":\#(hidden),"largeTitleAlpha":\#(alpha)}}"#
    }

    /// The held bar's length after reading `lines` through one scanner (as ``read(_:sourceLocation:)``).
    static func heldBar(after lines: [String]) -> Int {
        var scanner = JSONScanner()
        defer { scanner.release() }
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { buffer in
                scanner.reset(buffer)
                if scanner.parseLearnedSample() == nil { _ = try? scanner.parseRecordLine() }
            }
        }
        return scanner.skeleton.heldBarLength
    }

    @Test("a bar that repeats the last line's bytes reads as the state holds it; one that differs in its last value byte is read again")
    func heldBar() {
        let rest = Self.barLine(1, height: "96.16666666666667")
        let lines = [
            rest, Self.barLine(1.5, height: "96.16666666666667"), Self.barLine(2, height: "96.16666666666667"),
            Self.barLine(2.5, height: "96.16666666666667", alpha: "0.26"), Self.barLine(3, height: "96.16666666666667", alpha: "0.26"),
            Self.barLine(3.5, height: "96.16666666666668", alpha: "0.26"), Self.barLine(4, height: "96.16666666666668", hidden: "null", alpha: "0.26"),
        ]
        #expect(Self.read(lines) == [.full] + Array(repeating: .skeleton, count: lines.count - 1))
        #expect(Self.heldBar(after: [rest, Self.barLine(1.5, height: "96.16666666666667")]) == #","bar":{"barHeight":96.16666666666667,"barHidden":false,"largeTitleAlpha":0.25}}"#.utf8.count)
        #expect(Self.heldBar(after: [rest]) == 0, "the full scanner's line holds none")
    }

    @Test("the counter-cases: a bar left midway, another shape, an event or a full-scanner line between repeats — the bar is read again")
    func heldBarDropped() {
        let rest = Self.barLine(1, height: "96.5")
        let again = Self.barLine(3, height: "96.5")
        // Written up to barHidden, then refused at largeTitleAlpha: the state holds part of it.
        let leftMidway = Self.barLine(2, height: "50", hidden: "true", alpha: "\"x\"")
        let other = #"{"t":2,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":10,"inlineTitleAlpha":1}}"#
        let event = #"{"t":2,"event":"tap","target":"title"}"#
        let ignored = #"{"t":2,"y":1,"phase":"drag","vy":2,"x":1,"bar":{"barHeight":20,"barHidden":true,"largeTitleAlpha":0.25}}"#
        for between in [leftMidway, other, event, ignored, Self.b] {
            #expect(Self.read([rest, Self.barLine(2, height: "96.5"), between, again, again]).suffix(2) == [.skeleton, .skeleton], "\(between)")
            #expect(Self.heldBar(after: [rest, Self.barLine(2, height: "96.5"), between]) == 0, "\(between)")
        }
    }

    @Test("the counter-case: the full scanner's bar between two repeats, read without a skeleton's try, drops the held bar")
    func fullScannerDropsHeldBar() {
        var scanner = JSONScanner()
        defer { scanner.release() }
        func read(_ line: String, full: Bool = false) -> BarState? {
            Array(line.utf8).withUnsafeBufferPointer { buffer in
                scanner.reset(buffer)
                if full || scanner.parseLearnedSample() == nil { _ = try? scanner.parseRecordLine() }
                return scanner.observed
            }
        }
        _ = read(Self.barLine(1, height: "96.5"))
        _ = read(Self.barLine(2, height: "96.5"))
        #expect(scanner.skeleton.heldBarLength > 0)
        _ = read(#"{"t":3,"y":1,"phase":"drag","vy":2,"x":1,"bar":{"barHeight":20,"barHidden":true,"largeTitleAlpha":0.5}}"#, full: true)
        #expect(scanner.skeleton.heldBarLength == 0)
        #expect(read(Self.barLine(4, height: "96.5"))?.barHeight == 96.5)
    }

    @Test("the counter-case: a bar before another key is never held, and the key after it is read on every line")
    func barNotLast() {
        func line(_ t: Int, vy: Int) -> String { #"{"t":\#(t),"y":1,"bar":{"barHeight":96.5,"barHidden":false},"vy":\#(vy)}"# }
        let lines = (1...4).map { line($0, vy: $0) }
        #expect(Self.read(lines) == [.full, .skeleton, .skeleton, .skeleton])
        #expect(Self.heldBar(after: lines) == 0)
    }

    @Test("a bar longer than the held bytes' capacity is read on every line, and reads the same")
    func longBar() {
        let fields = [
            "barHeight", "largeTitleAlpha", "inlineTitleAlpha", "avatarScale", "avatarTx", "avatarTy", "contentTitleAlpha", "barShown",
            "blurAlpha",
        ]
        func line(_ t: Int, _ value: String) -> String {
            #"{"t":\#(t),"y":1,"bar":{"# + fields.map { #""\#($0)": \#(value) "# }.joined(separator: ",") + "}}"
        }
        // 40 bytes a value (the longest number the skeleton path reads is 42): leading zeros after
        // the point are not significant digits.
        let tiny = "0." + String(repeating: "0", count: 33) + "12345"
        let long = [line(1, tiny), line(2, tiny), line(3, tiny.dropLast() + "6")]
        #expect(long[0].utf8.count > SampleLineSkeleton.heldBarCapacity + 20)
        #expect(Self.read(long) == [.full, .skeleton, .skeleton])
        #expect(Self.heldBar(after: long) == 0)
        let short = [line(1, "0.5"), line(2, "0.5")]
        #expect(Self.read(short) == [.full, .skeleton])
        #expect(Self.heldBar(after: short) > 0, "the counter-case: the same bar with short values is held")
    }

    @Test("a number of up to 42 bytes is read on the skeleton path; the counter-case: a longer one is left to the full scanner")
    func numberReach() {
        func line(_ t: Int, _ y: String) -> String { #"{"t":\#(t),"y":\#(y),"phase":"drag"}"# }
        // Leading zeros after the point are not significant digits: the careful number reader's.
        let reached = "-0." + String(repeating: "0", count: JSONScanner.numberReach - 8) + "12345"
        #expect(reached.utf8.count == JSONScanner.numberReach)
        #expect(Self.read([line(1, "2"), line(2, reached), line(3, reached.dropLast() + "6")]) == [.full, .skeleton, .skeleton])
        let beyond = "-0.0" + reached.dropFirst(3)
        #expect(Self.read([line(1, "2"), line(2, beyond), line(3, "4")]) == [.full, .full, .skeleton])
    }

    @Test("the tail is the end slot's text and ends the line; the counter-cases: another tail, or bytes after it, go to the full scanner")
    func tailEndsLine() {
        let bar = #"{"t":1,"y":2,"bar":{"barHeight":96}}"#
        #expect(Self.read([bar, bar, #"{"t":2,"y":3,"bar":{"barHeight":90}} "#, #"{"t":3,"y":3,"bar":{"barHeight":90}}"#]) == [
            .full, .skeleton, .full, .skeleton,
        ])
        #expect(Self.read([bar, #"{"t":2,"y":3,"bar":{"barHeight":90} }"#, bar]) == [.full, .full, .skeleton])
        // A 17-32-byte tail is a slot's text too.
        let tail = #","vy":null,"phase":null  ,  "bar" : { } }"#
        let long = [#"{"t":1,"y":2"# + tail, #"{"t":2,"y":3"# + tail, #"{"t":3,"y":4"# + tail.dropLast() + " }"]
        #expect(Self.read(long) == [.full, .skeleton, .full])
    }

    @Test("a whole line is read from a copy: a line cut short is not completed by the bytes a longer one left after it")
    func lineCopy() {
        let long = #"{"t":1,"y":1234.56789,"phase":"drag"}"#
        let cut = #"{"t":2,"y":1234"#
        let cutAtPhase = #"{"t":2,"y":1234.56789,"phase":"#
        #expect(Self.read([long, long, cut, long, cutAtPhase, long]) == [.full, .skeleton, .full, .skeleton, .full, .skeleton])
    }
}
