import Analyzer
import BarModel
import Testing

@Suite("hitch")
struct HitchTests {
    /// 99 frames of 10 ms then one of `late` seconds, all dragging: moving time `0.99 + late`.
    static func session(late: Double, fps: Double?) throws -> Fixture {
        var t = 0.0
        var samples: [(Double, Double)] = [(0, 0)]
        for index in 1...100 {
            t += index == 50 ? late : 0.01
            samples.append((t, Double(index)))
        }
        return try Fixture(["largeTitle"], samples: samples, fps: fps)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var late: Double
        var severity: Finding.Severity?
        var testDescription: String { "a \(late * 1000) ms frame at 100 fps → \(severity?.name ?? "no finding")" }
    }

    static let cases = [
        Case(late: 0.0149, severity: nil),  // under 1.5 × 10 ms: not a hitch at all
        Case(late: 0.01502, severity: nil),  // a hitch, but 5.02 ms / 1.00502 s = 4.995 ms/s: below the warning
        Case(late: 0.016, severity: .warning),  // 6 ms / 1.006 s = 5.96 ms/s
        Case(late: 0.0195, severity: .warning),  // 9.5 ms / 1.0095 s = 9.41 ms/s
        Case(late: 0.021, severity: .error),  // 11 ms / 1.011 s = 10.88 ms/s
    ]

    @Test("hitch time ratio and severity around 5 and 10 ms/s", arguments: cases, [100.0, nil])
    func ratio(_ item: Case, fps: Double?) throws {
        let analysis = try Self.session(late: item.late, fps: fps).analyze()
        let hitchMs = item.late > 0.015 ? (item.late - 0.01) * 1000 : 0
        let expectedRatio = hitchMs / (0.99 + item.late)
        #expect(abs(analysis.hitchTimeRatio - expectedRatio) < 0.001)
        let findings = analysis.findings.filter { $0.kind == .hitch }
        let severity: Finding.Severity? = expectedRatio >= 10 ? .error : expectedRatio >= 5 ? .warning : nil
        #expect(severity == item.severity)
        #expect(findings.first?.severity == severity)
        if let finding = findings.first {
            #expect(finding.count == 1)
            #expect(abs(finding.start - 0.49) < 1e-9)
            #expect(abs(finding.end - (0.49 + item.late)) < 1e-9)
            #expect(finding.source == .recording)
            #expect(finding.hitch?.expectedInterval == 10)
        }
    }

    @Test("idle intervals are not hitches; a late interval that starts at rest is a gap, one mid-motion a hitch")
    func idle() throws {
        var fixture = try Fixture(["largeTitle"], samples: (0...100).map { (Double($0) / 100, Double($0)) }, fps: 100)
        // Two seconds idle, logged: same y, idle phase.
        fixture.frames.append(SessionFrame(seq: 101, sample: ScrollSample(t: 3, y: 100, phase: .idle), computed: BarState()))
        #expect(try fixture.analyze().hitchTimeRatio == 0)
        // Movement 50 ms after the idle sample: it starts at rest, so it is a gap (Docs/findings.md
        // "Hitch model"; an earlier model counted it as a 40 ms hitch).
        fixture.frames.append(SessionFrame(seq: 102, sample: ScrollSample(t: 3.05, y: 101, phase: .idle), computed: BarState()))
        var analysis = try fixture.analyze()
        #expect(analysis.hitchTimeRatio == 0)
        #expect(analysis.gaps == 1)
        #expect(abs(analysis.gapTime - 0.05) < 1e-9)
        // Moving on at 100 pt/s, then a 50 ms freeze after which the content is where the motion
        // would have taken it: a hitch.
        fixture.frames.append(SessionFrame(seq: 103, sample: ScrollSample(t: 3.06, y: 102), computed: BarState()))
        fixture.frames.append(SessionFrame(seq: 104, sample: ScrollSample(t: 3.07, y: 103), computed: BarState()))
        fixture.frames.append(SessionFrame(seq: 105, sample: ScrollSample(t: 3.12, y: 108), computed: BarState()))
        analysis = try fixture.analyze()
        #expect(abs(analysis.hitchTimeRatio - 40 / 1.07) < 0.001)
        #expect(analysis.findings.first { $0.kind == .hitch }?.severity == .error)
    }

    @Test("frame jitter follows RFC 3550: J += (|D| − J) / 16, in milliseconds")
    func frameJitter() throws {
        // Alternating 10 and 12 ms frames against 10 ms expected: |D| = 0, 2, 0, 2 … ms.
        var t = 0.0
        var samples: [(Double, Double)] = [(0, 0)]
        var expected = 0.0
        for index in 1...40 {
            let interval = index % 2 == 0 ? 0.012 : 0.01
            t += interval
            samples.append((t, Double(index)))
            expected += (abs(interval - 0.01) * 1000 - expected) / 16
        }
        let analysis = try Fixture(["largeTitle"], samples: samples, fps: 100).analyze()
        #expect(abs(analysis.frameJitter - expected) < 0.001)
        #expect(analysis.findings.isEmpty)
    }

    /// A drag at 600 pt/s through frames of the given intervals (seconds), in microseconds; each
    /// frame records `frameDurations[i]` (the duration the display meant frame i to last) if given.
    static func intervals(_ intervals: [Double], fps: Double? = 120, frameDurations: [Double]? = nil) throws -> SessionAnalysis {
        var t = 0.0
        var samples: [(Double, Double)] = [(0, 0)]
        for interval in intervals {
            t += interval
            samples.append(((t * 1_000_000).rounded() / 1_000_000, (t * 600 * 1000).rounded() / 1000))
        }
        var fixture = try Fixture(["largeTitle"], samples: samples, fps: fps)
        if let frameDurations {
            for index in fixture.frames.indices.dropLast() {
                fixture.frames[index].sample.frameDuration = frameDurations[index]
            }
        }
        return try fixture.analyze()
    }

    static let fast = Array(repeating: 1.0 / 120, count: 30)

    @Test("ProMotion: a steady run at 80, 60, 40 or 30 Hz is not late; one dropped frame at 120 Hz is")
    func adaptiveRates() throws {
        for rate in [80.0, 60, 40, 30] {
            let analysis = try Self.intervals(Self.fast + Array(repeating: 1 / rate, count: 6) + Self.fast)
            #expect(analysis.hitchTimeRatio == 0, "\(rate) Hz")
            #expect(analysis.findings.isEmpty, "\(rate) Hz")
        }
        // One 16.7 ms interval among 8.3 ms ones is a dropped frame: 8.3 ms late.
        let dropped = try Self.intervals(Self.fast + [1.0 / 60] + Self.fast)
        let hitch = try #require(dropped.findings.first { $0.kind == .hitch })
        #expect(hitch.count == 1)
        #expect(abs(try #require(hitch.hitch).hitchTime - 8.333) < 0.002)
        // A lone 80 Hz frame is exactly 1.5 × 8.33 ms: never late, whatever the rounding.
        #expect(try Self.intervals(Self.fast + [0.0125] + Self.fast).findings.isEmpty)
        #expect(try Self.intervals(Self.fast + [0.012501] + Self.fast).findings.isEmpty)
        // On a 60 Hz display (no ProMotion) two 33 ms frames in a row are two hitches.
        let fixed = try Self.intervals(Array(repeating: 1.0 / 60, count: 30) + [1.0 / 30, 1.0 / 30] + Array(repeating: 1.0 / 60, count: 30), fps: 60)
        #expect(fixed.findings.first { $0.kind == .hitch }?.count == 2)
    }

    @Test("a 50 ms hitch during a 60 Hz stretch is measured against 60 Hz, or the recorded frameDuration")
    func hitchAtLowerRate() throws {
        let intervals = Self.fast + Array(repeating: 1.0 / 60, count: 10) + [0.05] + Array(repeating: 1.0 / 60, count: 10)
        // The display meant the frame before the freeze to last 16.7 ms, like its neighbours.
        var meant = intervals
        meant[40] = 1.0 / 60
        for frameDurations in [nil, meant] {
            let analysis = try Self.intervals(intervals, frameDurations: frameDurations)
            let hitch = try #require(analysis.findings.first { $0.kind == .hitch })
            #expect(hitch.count == 1)
            #expect(abs(try #require(hitch.hitch).hitchTime - 33.333) < 0.002, "\(frameDurations == nil)")
        }
        // A frame the display meant to last 50 ms (ProMotion idling down) is not late.
        #expect(try Self.intervals(intervals, frameDurations: intervals).findings.isEmpty)
    }
}
