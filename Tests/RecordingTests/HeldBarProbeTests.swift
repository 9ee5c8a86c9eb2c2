import BarModel
@testable import Recording
import Testing

/// The skeleton path's held bar (a bar whose bytes repeat the last line's is not read again) and
/// the eight bytes it compares first, where the last comparison found a difference: over lines
/// read in turn by one scanner, as the reader reads them, every line reads as the full scanner
/// reads it on its own, whatever changed since the line before and wherever the probe stands.
@Suite("Held bar probe")
struct HeldBarProbeTests {
    static let fields = ["barHeight", "largeTitleAlpha", "inlineTitleAlpha", "avatarScale", "avatarTx", "avatarTy"]
    static let values = ["96.5", "0", "1", "0.3333333333333333", "44", "12.25", "-0.5", "null", "0.050793650793649725", "7"]

    static func line(t: Int, bar: [String]) -> String {
        let members = zip(fields, bar).map { #""\#($0)":\#($1)"# }.joined(separator: ",")
        return #"{"t":\#(Double(t) / 120),"y":1.5,"phase":"drag","vy":0,"bar":{\#(members),"barHidden":false}}"#
    }

    /// Reads `lines` in turn with one scanner (the skeleton path first, the full scanner where it
    /// declines) and checks each against a fresh full scanner's reading; returns how many lines the
    /// skeleton path took and the probes it left after each line.
    @discardableResult
    static func readInTurn(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> (taken: Int, probes: [Int]) {
        var scanner = JSONScanner()
        defer { scanner.release() }
        var taken = 0
        var probes: [Int] = []
        for line in lines {
            let bytes = Array(line.utf8)
            let parsed = bytes.withUnsafeBufferPointer { buffer -> SkeletonSampleTests.Parsed? in
                scanner.reset(buffer)
                if let tOffset = scanner.parseLearnedSample() {
                    taken += 1
                    return SkeletonSampleTests.Parsed(tOffset: tOffset, sample: scanner.sample, observed: scanner.observed)
                }
                scanner.reset(buffer)
                guard case .sample(let tOffset, ignoredKeys: 0)? = try? scanner.parseRecordLine() else { return nil }
                return SkeletonSampleTests.Parsed(tOffset: tOffset, sample: scanner.sample, observed: scanner.observed)
            }
            #expect(parsed != nil && parsed == SkeletonSampleTests.full(line), "\(line)", sourceLocation: sourceLocation)
            probes.append(scanner.skeleton.heldBarProbe)
        }
        return (taken, probes)
    }

    @Test("random bars in turn: repeated, one or several fields changed, values of other lengths; each line as the full scanner reads it")
    func randomSequences() {
        var generator = SplitMix(seed: 38)
        for _ in 0..<20 {
            var bar = Self.fields.map { _ in Self.values[Int(generator.next() % UInt64(Self.values.count))] }
            var lines: [String] = []
            for t in 0..<300 {
                if generator.next() % 10 >= 4 {
                    for _ in 0...(generator.next() % 3) {
                        bar[Int(generator.next() % UInt64(bar.count))] = Self.values[Int(generator.next() % UInt64(Self.values.count))]
                    }
                }
                lines.append(Self.line(t: t, bar: bar))
            }
            let read = Self.readInTurn(lines)
            #expect(read.taken >= 290)
            #expect(read.probes.contains { $0 > 0 }, "the probe moves off the bar's first word")
        }
    }

    @Test("the counter-case: a bar that differs from the held one only away from the probe is read, not taken as held")
    func differenceAwayFromProbe() {
        var bar = ["96.5", "1", "0", "1", "0", "0"]
        var lines = [Self.line(t: 0, bar: bar), Self.line(t: 1, bar: bar)]
        bar[0] = "90.25"  // the probe moves to barHeight's bytes
        lines.append(Self.line(t: 2, bar: bar))
        bar[5] = "3"  // barHeight as the line before: the probe's bytes match, the bar does not
        lines.append(Self.line(t: 3, bar: bar))
        lines.append(Self.line(t: 4, bar: bar))
        // A shorter bar after a long one: the probe past its end only sends it to the fields.
        lines.append(Self.line(t: 5, bar: ["0.050793650793649725", "0.3333333333333333", "1", "1", "0.050793650793649725", "0.5"]))
        lines.append(Self.line(t: 6, bar: ["0.050793650793649725", "0.3333333333333333", "1", "1", "0.050793650793649725", "0.75"]))
        lines.append(Self.line(t: 7, bar: ["1", "1", "1", "1", "1", "1"]))
        lines.append(Self.line(t: 8, bar: ["1", "1", "1", "1", "1", "2"]))
        lines.append(Self.line(t: 9, bar: ["1", "1", "1", "1", "1", "2"]))
        let read = Self.readInTurn(lines)
        #expect(read.taken == lines.count - 1)
        #expect(read.probes[2] > 0)
    }
}
