import BarModel
import Foundation
@testable import Recording
import Testing

/// The NDJSON reader's skeleton path (`parseLearnedSample`, after the full scanner learned a
/// line's skeleton) against the full scanner: whenever the skeleton path takes a line, the full
/// scanner reads it as a sample with nothing ignored, at the same `t` column, with every number bit
/// for bit the same; and it takes the lines recorders write.
@Suite("Skeleton sample lines")
struct SkeletonSampleTests {
    /// A sample as bit patterns (so `-0` and `0` differ), with its `t` column.
    struct Parsed: Equatable, CustomStringConvertible {
        var tOffset: Int
        var sample: [UInt64?]
        var observed: [UInt64?]?

        init(tOffset: Int, sample: ScrollSample, observed: BarState?) {
            self.tOffset = tOffset
            self.sample = [
                sample.t.bitPattern, sample.y.bitPattern, sample.phase.map { UInt64(ScrollPhase.allCases.firstIndex(of: $0)!) },
                sample.vy?.bitPattern, sample.frameDuration?.bitPattern,
            ]
            self.observed = observed.map { state in BarStateField.allCases.map { $0.value(in: state)?.bitPattern } }
        }

        var description: String { "t at \(tOffset), sample \(sample), observed \(String(describing: observed))" }
    }

    /// The skeleton path's reading of `line` after the full scanner learned the skeleton from
    /// `line` itself, or `nil` when the line is not learned or the path leaves it to the full scanner.
    static func fast(_ line: String) -> Parsed? {
        skeleton(line, after: line)
    }

    /// The skeleton path's reading of `line` after the full scanner learned `template`'s
    /// skeleton (`nil` when it leaves `line` to the full scanner); a scanner that read `before` with
    /// the full scanner in between, when given, so the observed state (and the skeleton, where
    /// `before` teaches one) starts from that line's.
    static func skeleton(_ line: String, after template: String, fullLineBetween before: String? = nil) -> Parsed? {
        var scanner = JSONScanner()
        defer { scanner.release() }
        let templateBytes = Array(template.utf8)
        let learned = templateBytes.withUnsafeBufferPointer { buffer in
            scanner.reset(buffer)
            _ = try? scanner.parseRecordLine()
            return scanner.skeleton.count > 0
        }
        guard learned else { return nil }
        if let before {
            let beforeBytes = Array(before.utf8)
            beforeBytes.withUnsafeBufferPointer { buffer in
                scanner.reset(buffer)
                _ = try? scanner.parseRecordLine()
            }
        }
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            scanner.reset(buffer)
            guard let tOffset = scanner.parseLearnedSample() else { return nil }
            return Parsed(tOffset: tOffset, sample: scanner.sample, observed: scanner.observed)
        }
    }

    /// Checks the skeleton path's promise for `line` after `template`; returns whether it took it.
    @discardableResult
    static func checkSkeleton(
        _ line: String, after template: String, fullLineBetween before: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let parsed = skeleton(line, after: template, fullLineBetween: before) else { return false }
        #expect(full(line) == parsed, "\(template) then \(line)", sourceLocation: sourceLocation)
        return true
    }

    /// The full scanner's reading of `line` when it is a sample with no ignored key, else `nil`.
    static func full(_ line: String) -> Parsed? {
        var scanner = JSONScanner()
        defer { scanner.release() }
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            scanner.reset(buffer)
            guard case .sample(let tOffset, ignoredKeys: 0)? = try? scanner.parseRecordLine() else { return nil }
            return Parsed(tOffset: tOffset, sample: scanner.sample, observed: scanner.observed)
        }
    }

    /// Checks the skeleton path's one promise for `line` after itself; returns whether it took the line.
    @discardableResult
    static func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = fast(line) else { return false }
        #expect(full(line) == fast, "\(line)", sourceLocation: sourceLocation)
        return true
    }

    @Test("the recorder's lines teach a skeleton that takes them and reads them as the full scanner does")
    func writerLines() throws {
        var generator = SplitMix(seed: 26)
        var lines: [String] = []
        let writer = RecordingWriter(bufferCapacity: 1) { lines.append(contentsOf: $0.split(separator: "\n").map(String.init)) }
        var t = 0.0
        var samples = 0
        for index in 0..<3000 {
            t += Double(generator.next() % 20_000) / 1_000_000
            let sample = ScrollSample(
                t: index % 7 == 0 ? (t * 1000).rounded() / 1000 : t, y: Self.randomNumber(&generator, index),
                phase: index % 5 == 0 ? nil : ScrollPhase.allCases[Int(generator.next() % UInt64(ScrollPhase.allCases.count))],
                vy: index % 3 == 0 ? nil : Self.randomNumber(&generator, index + 1),
                frameDuration: index % 2 == 0 ? nil : [1.0 / 120, 1.0 / 60, 0.008333, 1][index % 4 / 2 + index % 3 % 2 * 2])
            let observed = index % 4 == 0 ? nil : Self.randomState(&generator)
            try writer.writeSample(sample, observed: observed)
            samples += 1
        }
        try writer.writeEvent(ScrollEvent(t: t, target: .title))
        try writer.flush()
        var taken = 0
        for line in lines where Self.check(line) { taken += 1 }
        #expect(taken == samples, "every sample line the writer wrote takes the skeleton it teaches")
        // Each line after one of the same shape takes the skeleton path; any line after any other
        // reads as the full scanner reads it when the skeleton path takes it.
        var firstOfShape: [String: String] = [:]
        var sameShape = 0
        var takenAfterSameShape = 0
        for (previous, line) in zip(lines, lines.dropFirst()) {
            Self.checkSkeleton(line, after: previous)
            let shape = Self.shape(line)
            guard Self.full(line) != nil else { continue }
            if let template = firstOfShape[shape] {
                sameShape += 1
                if Self.checkSkeleton(line, after: template) { takenAfterSameShape += 1 }
            } else {
                firstOfShape[shape] = line
            }
        }
        #expect(sameShape > 100)
        #expect(takenAfterSameShape == sameShape, "a line after one of its shape takes the skeleton path")
    }

    /// A line's keys and punctuation without its values: its skeleton.
    static func shape(_ line: String) -> String {
        line.replacing(/:("[^"]*"|[^,{}]*)/, with: ":")
    }

    @Test("the skeleton path: after a line of the same keys it reads every value as the full scanner does")
    func skeletonValues() {
        var generator = SplitMix(seed: 41)
        var texts = numberTexts + ["-0", "0", "0.0", "1e-05", "2.5e+20", "1234567890123456789", "12345678901234567890", "0.00000000001234567890123456789"]
        for index in 0..<3000 { texts.append(Self.randomText(&generator, index)) }
        let template = #"{"t":1,"y":2,"phase":"drag","vy":3,"frameDuration":0.008,"bar":{"barHeight":4,"barHidden":true,"avatarTx":5,"background":"default"}}"#
        var taken = 0
        for (index, text) in texts.enumerated() {
            let other = texts[(index * 7 + 3) % texts.count]
            let phase = ["\"drag\"", "\"idle\"", "\"decelerate\"", "\"bounce\"", "\"animate\"", "null", "\"dra\"", "\"Idle\""][index % 8]
            let boolean = ["true", "false", "null", "tru", "fals", "nul"][index % 6]
            let background = ["\"default\"", "\"transparent\"", "null", "\"red\""][index % 4]
            let frameDuration = ["0.008333", "null", "1", "0", "2", text][index % 6]
            let line = #"{"t":\#(text.hasPrefix("-") ? String(text.dropFirst()) : text),"y":\#(other),"phase":\#(phase),"vy":\#(text),"frameDuration":\#(frameDuration),"bar":{"barHeight":\#(other),"barHidden":\#(boolean),"avatarTx":\#(text),"background":\#(background)}}"#
            if Self.checkSkeleton(line, after: template) { taken += 1 }
            #expect((Self.skeleton(line, after: template) != nil) == (Self.fast(line) != nil), "\(line)")
        }
        #expect(taken > 100)
    }

    @Test("the skeleton path: a line of other keys, or after a full-scanner line, reads as the full scanner reads it")
    func skeletonShapes() {
        let lines = [
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"inlineTitleAlpha":0,"largeTitleAlpha":1}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0,"x":1}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}} "#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":null}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2}"#,
            #"{"t":0.5,"y":1,"phase":"drag"}"#,
            #"{"t":0.5,"y":1}"#,
            #"{"y":1,"t":0.5}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"frameDuration":0.008333}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0},"frameDuration":0.01}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"blurAlpha":0.5,"background":"transparent","subtitleVisible":false}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":null,"largeTitleAlpha":null,"inlineTitleAlpha":null}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0,"inlineTitleAlpha":0}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}}}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"inlineTitleAlpha":0}"#,
            #"{"t":0.5,"y":1,"event":"tap","target":"title"}"#,
            #"{"t":0.5,"y":1,"phase":"drag","vy":2,"bar":{"barHeight":96,"largeTitleAlpha":1,"avatarScale":1,"avatarTx":0,"avatarTy":0,"inlineTitleAlpha":0}}"#,
        ]
        var taken = 0
        for template in lines {
            for line in lines {
                if Self.checkSkeleton(line, after: template) { taken += 1 }
                for before in lines { Self.checkSkeleton(line, after: template, fullLineBetween: before) }
            }
        }
        #expect(taken >= 14)
    }

    @Test("numbers: exponents, negative zero, many digits, edges of the 19-digit and 3-digit-exponent limits")
    func numbers() {
        var texts = numberTexts + [
            "-0", "0", "0.0", "-0.0", "0e0", "-0e-0", "1e-05", "2.5e+20", "1E+308", "1e-307", "1e999", "1e0001",
            "1234567890123456789", "12345678901234567890", "0.1234567890123456789", "0.12345678901234567890",
            "0.00000000001234567890123456789", "1234567890.123456789", "1234567890.1234567891", "99999999999999999999",
            "0.000000000000000000000000000000000000001", "12345678.12345678", "1.00000000", "10000000000000000000",
        ]
        var generator = SplitMix(seed: 6)
        for index in 0..<4000 { texts.append(Self.randomText(&generator, index)) }
        var taken = 0
        for text in texts {
            let line = #"{"t":0,"y":0,"vy":\#(text)}"#
            if Self.check(line) {
                taken += 1
                let expected = Double(text)!
                #expect(Self.fast(line)?.sample[3] == expected.bitPattern, "\(text)")
            }
        }
        // The rest have more than 19 significant digits or a value beyond Eisel-Lemire's table.
        #expect(taken > 2000)
    }

    @Test("lines that teach no skeleton or that the skeleton path leaves to the full scanner", arguments: [
        #"{"t":0,"y":0,"x":1}"#, #"{"t":0,"y":0} "#, #"{"t":0,"y":0,"t":1}"#,
        #"{"t":0}"#, #"{"y":0}"#, #"{"t":-1,"y":0}"#, #"{"t":1e8,"y":0}"#, #"{"t":0,"y":2e7}"#, #"{"t":0,"y":01}"#,
        #"{"t":0,"y":1.}"#, #"{"t":0,"y":.5}"#, #"{"t":0,"y":-}"#, #"{"t":0,"y":1e}"#, #"{"t":0,"y":1e+}"#, #"{"t":0,"y":1e1000}"#,
        #"{"t":0,"y":1,"frameDuration":0}"#, #"{"t":0,"y":1,"frameDuration":2}"#, #"{"t":0,"y":1,"phase":"fly"}"#,
        #"{"t":0,"y":1,"phase":"Drag"}"#, #"{"t":0,"y":1,"phase":"dr\u0061g"}"#, #"{"t":0,"y":1,"bar":{"x":1}}"#,
        #"{"t":0,"y":1,"bar":{"barHidden":1}}"#, #"{"t":0,"y":1,"bar":{"background":"red"}}"#,
        #"{"t":0,"y":1,"bar":{"barHeight":1,"barHeight":2}}"#, #"{"t":0,"y":1,"bar":{"barHeight":1}"#, #"{"t":0,"y":1,"bar":{}"#,
        #"{"t":0,"y":1,"event":"tap","target":"title"}"#, #"{"navrec":1,"session":{"behaviors":{}}}"#, #"{"t":0,"y":1}}"#,
        #"{"t":0,"y":1,}"#, #"{"t":0,"y":NaN}"#, #"{"t":0,"y":1,"vy":nul}"#, #"{"t":0,"y":1,"bar":{"barHeight":tru}}"#,
        #"{"t":0,"y":123456789012345678901}"#, #"{"t":0,"y":1,"bar":{"barHeight":1,"x":2}}"#, #"{"t":0,"y":1,"target":"bar"}"#,
        #"{"t":0,"y":1,"phase":"drag",\#(String(repeating: " ", count: 40))"vy":2}"#, "{}", "{", "}", "",
    ])
    func fallbacks(_ line: String) {
        #expect(Self.fast(line) == nil)
    }

    @Test("the counter-case: lines no writer writes but the full scanner reads whole teach a skeleton that takes them", arguments: [
        #"{"t":0, "y":0}"#, #" {"t":0,"y":0,"phase":"idle"}"#, #"{"\u0074":0,"y":1,"phase":"idle"}"#, #"{"t":0,"y":1,"bar":null}"#, #"{ "t" : 0 , "y" : 1 }"#,
        #"{"y":1,"t":0,"bar":{"largeTitleAlpha":1,"barHeight":96}}"#, #"{"t":0,"y":1,"phase":"drag",            "vy":2}"#,
    ])
    func learnedUnusual(_ line: String) {
        #expect(Self.check(line), "\(line)")
    }

    @Test("every corpus file's lines: the skeleton path agrees with the full scanner, and takes every sample")
    func corpus() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".ndjson") }.sorted()
        #expect(files.count >= 40)
        var samples = 0
        var taken = 0
        for file in files {
            let text = try String(contentsOf: corpus.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if Self.full(line) != nil { samples += 1 }
                if Self.check(line) { taken += 1 }
            }
        }
        #expect(samples > 40_000)
        #expect(taken == samples, "the corpus's samples are all in the common shape")
    }

    @Test("mutated lines: wherever the skeleton path takes one, the full scanner reads it the same")
    func mutations() {
        var generator = SplitMix(seed: 23)
        let bases = [
            #"{"t":0.008333,"y":12.345678901234567,"phase":"drag","vy":-3.5e-05,"frameDuration":0.008333,"bar":{"barHeight":96,"barHidden":false,"largeTitleAlpha":0.25,"background":"transparent","subtitleVisible":null}}"#,
            #"{"y":-0,"t":1234.5,"vy":null,"phase":null,"bar":{}}"#,
            #"{"t":0.1,"y":1E+2,"bar":{"avatarTx":-0.0,"dropdownExpanded":true,"blurAlpha":1e-3}}"#,
        ]
        let alphabet = Array(#"{}[]":,.-+eE0123456789 tnufl\"abyx"#.utf8)
        var taken = 0
        for _ in 0..<20_000 {
            var bytes = Array(bases[Int(generator.next() % UInt64(bases.count))].utf8)
            for _ in 0...(generator.next() % 3) {
                let position = Int(generator.next() % UInt64(bytes.count))
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            guard let line = String(bytes: bytes, encoding: .utf8) else { continue }
            if Self.check(line) { taken += 1 }
            for base in bases { Self.checkSkeleton(line, after: base) }
        }
        #expect(taken > 400)
    }

    /// A number as recordings hold them, or at an edge of the skeleton path's number reader.
    static func randomNumber(_ generator: inout SplitMix, _ index: Int) -> Double {
        let bits = generator.next()
        switch index % 6 {
        case 0: return Double(Int64(bits % 2_000_000) - 1_000_000) / 1000
        case 1: return Double(bits >> 11) / Double(1 << 53) * 1000 - 500
        case 2: return index % 12 == 2 ? -0.0 : 0
        case 3: return Double(Int64(bits % 2001) - 1000) * pow(10, -Double(bits >> 60))
        case 4: return Double(bitPattern: 0x3F00_0000_0000_0000 | bits >> 12)
        default: return Double(bits % 1_000_000) * 1e-9
        }
    }

    /// A random number text: digits before and after the point, an exponent, a sign.
    static func randomText(_ generator: inout SplitMix, _ index: Int) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(generator.next() % 10)) })
        }
        var text = generator.next() % 3 == 0 ? "-" : ""
        let integer = digits(Int(generator.next() % 12))
        text += integer.isEmpty || integer.hasPrefix("0") ? "0" : integer
        if generator.next() % 4 != 0 {
            text += "." + String(repeating: "0", count: Int(generator.next() % 5)) + digits(1 + Int(generator.next() % 20))
        }
        if index % 3 == 0 {
            text += ["e", "E"][Int(generator.next() % 2)] + ["", "+", "-"][Int(generator.next() % 3)] + String(generator.next() % 330)
        }
        return text
    }

    /// A bar state with a random subset of fields.
    static func randomState(_ generator: inout SplitMix) -> BarState {
        var state = BarState()
        for field in BarStateField.allCases where generator.next() % 2 == 0 {
            let value: Double =
                switch field.kind {
                case .length: Double(Int64(generator.next() % 20_000) - 10_000) / 64
                case .fraction: Double(generator.next() >> 11) / Double(1 << 53)
                case .boolean: Double(generator.next() % 2)
                case .enumeration: Double(generator.next() % UInt64(field.valueNames.count))
                }
            field.set(value, in: &state)
        }
        return state
    }
}
