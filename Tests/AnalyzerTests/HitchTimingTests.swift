import Analyzer
import BarModel
import Testing

/// The hitch rules (Docs/findings.md "Hitch model"): a frame duration in effect never
/// shorter than `1/fps`, stamp noise that a late stamp's short successor cancels, and the
/// touch-down hitch.
@Suite("hitch timing")
struct HitchTimingTests {
    static let fast = HitchTests.fast

    @Test("two short stamps do not make a rate faster than the display: the next normal frame is not late")
    func neverFasterThanTheDisplay() throws {
        // 5.7 ms twice reads as a steady 176 Hz; against it 10.9 ms would be late.
        let analysis = try HitchTests.intervals(Self.fast + [0.0057, 0.0057, 0.0109] + Self.fast)
        #expect(analysis.hitchTimeRatio == 0)
        #expect(analysis.findings.isEmpty)
    }

    @Test("a late stamp followed by a short interval is noise; a frame shown late is not")
    func lateStampIsNoise() throws {
        // 14.3 ms then 4.4 ms: the stamp between them was 6 ms late, the frames were on time.
        #expect(try HitchTests.intervals(Self.fast + [0.0143, 0.0044] + Self.fast).hitchTimeRatio == 0)
        // 16.7 ms then 8.3 ms: a dropped frame.
        let dropped = try HitchTests.intervals(Self.fast + [1.0 / 60, 1.0 / 120] + Self.fast)
        #expect(dropped.findings.first { $0.kind == .hitch }?.count == 1)
    }

    /// A display link at 120 Hz: `rest` idle frames at 0.5 s, then a drag whose first moving frame
    /// comes `delay` seconds after the last idle one, then 30 frames at 600 pt/s.
    static func touchDown(rest: Int, delay: Double, frameDuration: Double? = 1.0 / 120) throws -> SessionAnalysis {
        var frames: [(Double, Double, ScrollPhase)] = (0..<rest).map { (0.5 + Double($0) / 120, 0, .idle) }
        var t = 0.5 + Double(rest - 1) / 120 + delay
        for index in 0..<30 {
            frames.append((t, Double(index + 1) * 5, .drag))
            t += 1.0 / 120
        }
        var fixture = try Fixture(["largeTitle"], samples: frames.map { ($0.0, $0.1) }, fps: 120)
        for index in fixture.frames.indices {
            fixture.frames[index].sample.phase = frames[index].2
            fixture.frames[index].sample.frameDuration = frameDuration
        }
        return try fixture.analyze()
    }

    @Test("a late first moving frame after idle frames at the display rate is a hitch, else a gap")
    func touchDownHitch() throws {
        // Three rest intervals at 120 Hz before it: the recorder logs every frame at rest.
        for frameDuration in [1.0 / 120, nil] {
            let logged = try Self.touchDown(rest: 4, delay: 0.06, frameDuration: frameDuration)
            let hitch = try #require(logged.findings.first { $0.kind == .hitch }, "\(String(describing: frameDuration))")
            #expect(hitch.count == 1)
            #expect(abs(try #require(hitch.hitch).hitchTime - 51.667) < 0.002)
            #expect(logged.gaps == 0)
        }
        // Two rest intervals are not yet evidence; a single sample at rest never is.
        for rest in [3, 1] {
            let unknown = try Self.touchDown(rest: rest, delay: 0.06)
            #expect(unknown.hitchTimeRatio == 0, "\(rest)")
            #expect(unknown.gaps == 1, "\(rest)")
        }
        // On time after the rest frames: nothing.
        #expect(try Self.touchDown(rest: 4, delay: 1.0 / 120).findings.isEmpty)
    }
}
