@testable import Analyzer
import BarModel
import Testing

/// The per-session metrics builds are compared on (Docs/comparing-builds.md).
@Suite("Comparable session metrics")
struct SessionMetricsTests {
    @Test("overrun percentiles are nearest-rank over 0.01 ms bins, 1 % log bins beyond ±10 ms")
    func histogram() {
        var histogram = OverrunHistogram()
        #expect(histogram.percentile(50) == nil)
        for value in [-0.004, 0.0, 0.013, 0.33, 2.5, 2.5, 2.5, 4.0, 33.3, -20.0] { histogram.add(value) }
        #expect(histogram.total == 10)
        #expect(histogram.percentile(10) == -20 * (1 + 0.005) || abs(histogram.percentile(10)! + 20) < 0.2)
        #expect(histogram.percentile(20) == 0)  // -0.004 rounds to the 0 bin
        #expect(histogram.percentile(50) == 0.33)
        #expect(histogram.percentile(70) == 2.5)
        #expect(histogram.percentile(80) == 2.5)
        #expect(histogram.percentile(90) == 4)
        #expect(abs(histogram.percentile(99)! - 33.3) / 33.3 < 0.005)
    }

    /// 99 frames of 10 ms then one of `late` seconds, the content moving at 100 pt/s throughout (so
    /// the long frame is a freeze mid-motion, not a gap).
    static func session(late: Double) throws -> Fixture {
        var t = 0.0
        var samples: [(Double, Double)] = [(0, 0)]
        for index in 1...100 {
            t += index == 50 ? late : 0.01
            samples.append((t, t * 100))
        }
        return try Fixture(["largeTitle"], samples: samples, fps: 100)
    }

    @Test("a 60 ms frame among 100 intervals: P99 is the 99th, still on time; rates per minute of movement")
    func metricsOfOneHitch() throws {
        let analysis = try Self.session(late: 0.06).analyze()
        let metrics = analysis.metrics
        #expect(abs(metrics.movingTime - 1.05) < 1e-6)
        #expect(metrics.overrunP50 == 0)
        #expect(metrics.overrunP90 == 0)
        #expect(metrics.overrunP99 == 0)
        #expect(abs(analysis.hitchTimeRatio - 50 / 1.05) < 0.001)
        #expect(metrics.hangsPerMinute == 0)
        #expect(metrics.flappingEpisodesPerMinute == 0)
        #expect(metrics.gapFraction == 0)
        #expect(metrics.titleDisagreementPerMinute == 0)
    }

    @Test("a 300 ms freeze mid-motion is a hang: 1 per 1.29 s of movement")
    func hang() throws {
        let metrics = try Self.session(late: 0.3).analyze().metrics
        #expect(metrics.hangsPerMinute == rounded(60 / 1.29, 3))
    }

    @Test("a session that never moved has no per-movement rates")
    func noMovement() throws {
        let fixture = try Fixture(["largeTitle"], samples: [(0, 0), (0.5, 0), (1, 0)], phase: .idle)
        let metrics = try fixture.analyze().metrics
        #expect(metrics.movingTime == 0)
        #expect(metrics.overrunP50 == nil && metrics.hangsPerMinute == nil && metrics.flappingEpisodesPerMinute == nil)
        #expect(metrics.gapFraction == 0)
    }
}
