import Analyzer
import BarModel

/// The trade-off curve as inline SVG: one point per value, p95 switch delay across, sessions still
/// flapping up; the Pareto front joined by a line, the recommended value ringed.
struct TuningChart {
    let run: TuningRun
    let width = 640.0
    let height = 360.0
    private let left = 56.0, right = 24.0, top = 20.0, bottom = 48.0

    func svg() -> String {
        let results = run.results
        let delays = results.map { ($0.delayP95 ?? 0) * 1000 }
        let shares = results.map { run.sessions > 0 ? 100 * Double($0.flappingSessions) / Double(run.sessions) : 0 }
        let (xStep, xTicks) = Self.ticks(delays.max() ?? 0)
        let (yStep, yTicks) = Self.ticks(shares.max() ?? 0)
        let xMax = xStep * Double(xTicks), yMax = yStep * Double(yTicks)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ value: Double) -> Double { left + value / xMax * plotWidth }
        func y(_ value: Double) -> Double { top + plotHeight - value / yMax * plotHeight }
        func f(_ value: Double) -> String { formatNumber(rounded(value, 1)) }

        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\""
            + " aria-label=\"sessions flapping against p95 delay, one point per value\">\n"
        for tick in 0...xTicks {
            let gx = xStep * Double(tick)
            svg += "<line x1=\"\(f(x(gx)))\" y1=\"\(f(top))\" x2=\"\(f(x(gx)))\" y2=\"\(f(top + plotHeight))\" class=\"grid\"/>\n"
            svg += "<text x=\"\(f(x(gx)))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(formatNumber(rounded(gx, 2)))</text>\n"
        }
        for tick in 0...yTicks {
            let gy = yStep * Double(tick)
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y(gy)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(gy)))\" class=\"grid\"/>\n"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y(gy) + 4))\" text-anchor=\"end\">\(formatNumber(rounded(gy, 2)))%</text>\n"
        }
        let axis: String = switch run.parameter.response {
        case .switchDelay: "p95 switch delay, ms (against \(run.parameter.name)=\(formatNumber(run.reference)))"
        case .settleTime(let signal): "p95 time for \(signal.name) to settle, ms"
        }
        svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 10))\" text-anchor=\"middle\">\(escape(axis))</text>\n"
        svg += "<text x=\"14\" y=\"\(f(top + plotHeight / 2))\" text-anchor=\"middle\""
            + " transform=\"rotate(-90 14 \(f(top + plotHeight / 2)))\">sessions still flapping</text>\n"

        let front = results.indices.filter { results[$0].isPareto }.sorted { (delays[$0], shares[$0]) < (delays[$1], shares[$1]) }
        if front.count > 1 {
            svg += "<polyline class=\"front\" points=\"" + front.map { "\(f(x(delays[$0]))),\(f(y(shares[$0])))" }.joined(separator: " ") + "\"/>\n"
        }
        // Values that land on the same point share one label.
        var labels: [String: [String]] = [:]
        var order: [String] = []
        for index in results.indices {
            let key = "\(f(x(delays[index]))),\(f(y(shares[index])))"
            if labels[key] == nil { order.append(key) }
            labels[key, default: []].append(formatNumber(results[index].value))
        }
        for index in results.indices {
            let cx = f(x(delays[index])), cy = f(y(shares[index]))
            let recommended = run.recommendation.value == results[index].value
            svg += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"4\" class=\"\(results[index].isPareto ? "pareto" : "dominated")\">"
                + "<title>\(escape(run.parameter.parameter)) \(formatNumber(results[index].value)): \(results[index].flappingSessions) sessions flapping,"
                + " p95 delay \(results[index].delayP95.map(millisecondsText) ?? "–") ms</title></circle>\n"
            if recommended {
                svg += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"9\" class=\"recommended\"/>\n"
            }
        }
        // Each label goes above its point, else below, else further out, wherever it overlaps no
        // label placed before it (values close in delay would otherwise print over each other).
        var placed: [(x: Double, y: Double, half: Double)] = []
        for key in order {
            let parts = key.split(separator: ",").compactMap { Double($0) }
            let values = labels[key]!
            let text = values.count > 3 ? "\(values.first!)–\(values.last!)" : values.joined(separator: ", ")
            let half = Double(text.count) * 3.2 + 2
            let offsets = [-13.0, 19, -25, 31, -37, 43]
            let offset = offsets.first { offset in
                !placed.contains { abs($0.x - parts[0]) < $0.half + half && abs($0.y - (parts[1] + offset)) < 12 }
            } ?? offsets[0]
            placed.append((parts[0], parts[1] + offset, half))
            svg += "<text x=\"\(f(parts[0]))\" y=\"\(f(parts[1] + offset))\" class=\"label\">\(escape(text))</text>\n"
        }
        if let value = run.recommendation.value {
            svg += "<text x=\"\(f(left + plotWidth - 4))\" y=\"\(f(top + 14))\" text-anchor=\"end\""
                + " class=\"recommended-label\">◯ recommended: \(escape(run.parameter.parameter)) \(formatNumber(value))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// A round tick step (1, 2, 2.5 or 5 × 10ⁿ) that splits `0...maximum` into at most four or five
    /// parts, and how many steps reach `maximum` (one step of 1 for 0).
    static func ticks(_ maximum: Double) -> (step: Double, count: Int) {
        guard maximum > 0 else { return (1, 1) }
        let rough = maximum / 4
        var scale = 1.0
        while scale * 10 <= rough { scale *= 10 }
        while scale > rough { scale /= 10 }
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * scale }.first { $0 >= rough - 1e-12 } ?? 10 * scale
        return (step, max(1, Int((maximum / step - 1e-9).rounded(.up))))
    }
}
