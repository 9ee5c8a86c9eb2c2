import BarModel
import Foundation
import Recording
import Testing

/// A throwaway throughput measurement, off unless `NAVREC_BENCH=1`:
/// `NAVREC_BENCH=1 swift test -c release --filter ReadThroughput`.
@Suite("Read throughput", .enabled(if: ProcessInfo.processInfo.environment["NAVREC_BENCH"] == "1"))
struct ReadThroughputTests {
    @Test("NDJSON: 1 M sample lines", arguments: ["plain", "with bar"])
    func ndjson(_ kind: String) throws {
        let directory = try TemporaryDirectory()
        var text = #"{"navrec":1,"session":{"id":"bench","fps":120,"behaviors":{"largeTitle":{},"avatar":{}}}}"# + "\n"
        text.reserveCapacity(120_000_000)
        var y = 0.0
        for index in 0..<benchLines {
            y += Double(index % 200) / 8 - 12.4
            let t = Double(index) / 120
            if kind == "plain" {
                text += #"{"t":\#(t),"y":\#(y),"phase":"drag"}"# + "\n"
            } else {
                text += #"{"t":\#(t),"y":\#(y),"phase":"decelerate","vy":\#(y * 3.5),"bar":{"barHeight":\#(96.5 - y / 10),"largeTitleAlpha":1,"inlineTitleAlpha":0,"avatarScale":0.9}}"# + "\n"
            }
        }
        let path = try directory.write("bench.ndjson", text)
        let bytes = text.utf8.count
        var best = Double.infinity
        var bestCPU = Double.infinity
        for _ in 0..<3 {
            let cpuStart = threadCPUSeconds()
            let start = ContinuousClock.now
            let reader = try NDJSONReader(path: path, displayName: "bench.ndjson")
            var samples = 0
            while let item = try reader.next() {
                if case .sample = item { samples += 1 }
            }
            let elapsed = ContinuousClock.now - start
            #expect(samples == benchLines)
            best = min(best, Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
            bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
        }
        print("NAVREC_BENCH ndjson \(kind): \(Int(Double(benchLines) / best)) lines/s wall, \(Int(Double(benchLines) / bestCPU)) lines/s of thread CPU time, \(Int(Double(bytes) / bestCPU / 1e6)) MB/s (best of 3, \(bytes / 1_000_000) MB)")
    }

    @Test("CSV: 1 M rows")
    func csv() throws {
        let directory = try TemporaryDirectory()
        var text = "t,y,phase,vy\n"
        var y = 0.0
        for index in 0..<1_000_000 {
            y += Double(index % 200) / 8 - 12.4
            text += "\(Double(index) / 120),\(y),drag,\(y * 3.5)\n"
        }
        let path = try directory.write("bench.csv", text)
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        let cpuStart = threadCPUSeconds()
        let start = ContinuousClock.now
        let reader = try CSVReader(path: path, displayName: "bench.csv", header: SessionHeader(behaviors: behaviors))
        var samples = 0
        while let item = try reader.next() {
            if case .sample = item { samples += 1 }
        }
        let elapsed = ContinuousClock.now - start
        #expect(samples == 1_000_000)
        let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
        print("NAVREC_BENCH csv: \(Int(1e6 / seconds)) rows/s wall, \(Int(1e6 / (threadCPUSeconds() - cpuStart))) rows/s of thread CPU time")
    }
}

extension ReadThroughputTests {
    @Test("item sizes")
    func sizes() {
        print("NAVREC_BENCH sizes: item \(MemoryLayout<RecordingItem>.size), bar \(MemoryLayout<BarState>.size), header \(MemoryLayout<SessionHeader>.size)")
    }
}

/// CPU time of the calling thread, seconds: unlike wall time, not inflated by other processes
/// sharing the machine's two cores.
private func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Lines per measurement: `NAVREC_BENCH_LINES`, default 1 M.
private let benchLines = ProcessInfo.processInfo.environment["NAVREC_BENCH_LINES"].flatMap { Int($0) } ?? 1_000_000
