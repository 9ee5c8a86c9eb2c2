import BarModel
import Foundation
import Recording
import Testing

/// Figures for Benchmarks/README.md, run only when asked (timing is not a test):
/// `NAVREC_RECORDER_BENCH=1 swift test -c release --filter ScrollRecorderBenchmark`.
@Suite("ScrollRecorder benchmark", .enabled(if: ProcessInfo.processInfo.environment["NAVREC_RECORDER_BENCH"] == "1"))
struct ScrollRecorderBenchmark {
    @Test("per-tick cost on the calling thread and writer throughput, medians of 5 runs")
    func figures() throws {
        var tickCosts: [Double] = []
        var throughputs: [Double] = []
        for _ in 0..<5 {
            let sink = MemorySink()
            let count = 200_000
            // Room for every tick: the calling thread's cost without drops.
            let recorder = ScrollRecorder(header: ScrollRecorderTests.header, sink: sink,
                                          options: .init(bufferCapacity: count, flushInterval: 0.05))
            var ticks: [RecorderTick] = []
            ticks.reserveCapacity(count)
            for i in 0..<count {
                var tick = ScrollSamplerTests.tick(i, y: Double(i % 1000) * 0.5, dragging: true)
                tick.observed = BarState(barHeight: 96.5 - Double(i % 100) * 0.5, largeTitleAlpha: 1, inlineTitleAlpha: 0)
                ticks.append(tick)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            for tick in ticks { recorder.tick(tick) }
            let fed = DispatchTime.now().uptimeNanoseconds
            try recorder.finish()
            let written = DispatchTime.now().uptimeNanoseconds
            tickCosts.append(Double(fed - start) / Double(count))
            throughputs.append(Double(count) / (Double(written - start) / 1e9))
            #expect(sink.lines.count == count + 1)
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        print("ScrollRecorder: \(String(format: "%.0f", median(tickCosts))) ns per tick on the calling thread; writer \(String(format: "%.0f", median(throughputs))) samples/s with observed states (medians of 5)")
    }
}
