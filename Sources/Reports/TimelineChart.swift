import Analyzer
import BarModel

/// One session's inline SVG timeline, drawn from its ``TimelineDigest``.
///
/// Rows from top to bottom: time axis, `y`, bar height, bar shown (when the session has it), one
/// lane per title presentation and stream (`data-lane="computed largeTitle"`), a findings lane,
/// then the legend. Findings are also shaded across all rows where they happen.
struct TimelineChart {
    let session: SessionAnalysis
    let width: Double

    private let labelWidth = 150.0
    private let rightMargin = 12.0
    private var plotWidth: Double { width - labelWidth - rightMargin }

    /// A kind's colour in charts and tables.
    static func color(of kind: Finding.Kind) -> String {
        switch kind {
        case .flapping: "#f76707"
        case .jitter: "#7048e8"
        case .hitch: "#1c7ed6"
        case .titleMismatch: "#d6336c"
        }
    }

    private func x(_ t: Double) -> Double {
        let digest = session.timeline
        let span = digest.end - digest.start
        guard span > 0 else { return labelWidth + plotWidth / 2 }
        return labelWidth + (t - digest.start) / span * plotWidth
    }

    func svg() -> String {
        let digest = session.timeline
        var body = ""
        var top = 22.0

        let hasHeight = digest.buckets.contains { $0.barHeight != nil }
        let hasShown = digest.buckets.contains { $0.barShown != nil }
        let chartsTop = top
        body += series("y", label: "y (pt)", color: "#343a40", height: 90, top: &top, guides: thresholds) { bucket in
            bucket.samples > 0 ? bucket.y : nil
        }
        if hasHeight {
            body += series("barHeight", label: "bar height (pt)", color: "#2b8a3e", height: 56, top: &top) { $0.barHeight }
        }
        if hasShown {
            body += series("barShown", label: "bar shown", color: "#1098ad", height: 32, top: &top, fixed: 0...1) { $0.barShown }
        }
        var streams: [(name: String, color: String, values: (TimelineDigest.Bucket) -> [Double?])] = [
            ("computed", "#4c6ef5", { $0.computedVisible })
        ]
        if digest.hasObserved { streams.append(("observed", "#f08c00", { $0.observedVisible })) }
        for stream in streams {
            for (lane, presentation) in digest.presentations.enumerated() {
                body += titleLane(stream.name, presentation: presentation, color: stream.color, top: &top) {
                    stream.values($0)[lane]
                }
            }
        }
        body += findingsLane(top: &top)
        let chartsBottom = top
        let shading = findingShading(top: chartsTop, bottom: chartsBottom)
        let axis = timeAxis(bottom: chartsBottom)
        top += 8
        let legend = legend(top: &top)
        let height = top + 6
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"\(n(width))\" height=\"\(n(height))\""
            + " viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"\(escape("Timeline of \(session.id)"))\">\n"
            + "<title>\(escape("Timeline of \(session.id)"))</title>\n"
            + axis + body + shading + legend + "</svg>\n"
    }

    /// The offsets where the session's Schmitt states switch, drawn on the `y` chart so a flap
    /// reads as `y` wandering across the line.
    private var thresholds: [(value: Double, label: String)] {
        let behaviors = session.behaviors
        var guides: [(value: Double, label: String)] = []
        if let largeTitle = behaviors.largeTitle {
            guides.append((largeTitle.collapseDistance, "largeTitle collapse \(decimalText(largeTitle.collapseDistance, digits: 1)) pt"))
        }
        if let customTitle = behaviors.customTitle {
            let value = customTitle.labelHeight * customTitle.labelScale + customTitle.labelTop - customTitle.slack
            guides.append((value, "customTitle hand-over \(decimalText(value, digits: 1)) pt"))
        }
        if let blurHeader = behaviors.blurHeader {
            guides.append((blurHeader.threshold, "blurHeader switch \(decimalText(blurHeader.threshold, digits: 1)) pt"))
        }
        return guides
    }

    /// A value over time as an envelope (each bucket's min...max), scaled to its own range.
    private func series(
        _ name: String, label: String, color: String, height: Double, top: inout Double,
        fixed: ClosedRange<Double>? = nil, guides: [(value: Double, label: String)] = [],
        range: (TimelineDigest.Bucket) -> ClosedRange<Double>?
    ) -> String {
        let ranges = session.timeline.buckets.map { bucket in range(bucket).map { (bucket, $0) } }.compactMap { $0 }
        var low = fixed?.lowerBound ?? ranges.map(\.1.lowerBound).min() ?? 0
        var high = fixed?.upperBound ?? ranges.map(\.1.upperBound).max() ?? 1
        if high - low < 1e-9 {
            low -= 1
            high += 1
        }
        let rowTop = top
        let plotTop = rowTop + 4
        let plotHeight = height - 8
        func yPixel(_ value: Double) -> Double { plotTop + (high - value) / (high - low) * plotHeight }
        var upper: [String] = []
        var lower: [String] = []
        for (bucket, values) in ranges {
            let xMid = x((bucket.start + bucket.end) / 2)
            upper.append("\(n(xMid)),\(n(yPixel(values.upperBound)))")
            lower.append("\(n(xMid)),\(n(yPixel(values.lowerBound)))")
        }
        var svg = "<g class=\"series\" data-series=\"\(name)\">\n"
        svg += "<rect x=\"\(n(labelWidth))\" y=\"\(n(rowTop))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#f8f9fa\"/>\n"
        svg += "<text x=\"6\" y=\"\(n(rowTop + 14))\">\(escape(label))</text>\n"
        svg += "<text x=\"6\" y=\"\(n(rowTop + 28))\" class=\"range\">\(escape(rangeText(low, high)))</text>\n"
        for guide in guides where guide.value >= low && guide.value <= high {
            let py = yPixel(guide.value)
            svg += "<line class=\"guide\" x1=\"\(n(labelWidth))\" y1=\"\(n(py))\" x2=\"\(n(labelWidth + plotWidth))\" y2=\"\(n(py))\""
                + " stroke=\"#868e96\" stroke-dasharray=\"4 3\"/>"
                + "<text x=\"\(n(labelWidth + plotWidth - 4))\" y=\"\(n(py - 3))\" text-anchor=\"end\">\(escape(guide.label))</text>\n"
        }
        if !upper.isEmpty {
            let points = (upper + lower.reversed()).joined(separator: " ")
            svg += "<polygon points=\"\(points)\" fill=\"\(color)\" fill-opacity=\"0.35\" stroke=\"\(color)\""
                + " stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
        }
        top += height + 4
        return svg + "</g>\n"
    }

    private func rangeText(_ low: Double, _ high: Double) -> String {
        "\(decimalText(low, digits: 1))…\(decimalText(high, digits: 1))"
    }

    /// A title presentation's lane: filled where the title is visible in at least half the samples.
    private func titleLane(
        _ stream: String, presentation: TitlePresentation, color: String, top: inout Double,
        fraction: (TimelineDigest.Bucket) -> Double?
    ) -> String {
        let height = 14.0
        var svg = "<g class=\"lane\" data-lane=\"\(stream) \(presentation.signalName)\">\n"
        svg += "<rect x=\"\(n(labelWidth))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#f1f3f5\"/>\n"
        svg += "<text x=\"6\" y=\"\(n(top + 11))\">\(escape("\(presentation.signalName) (\(stream))"))</text>\n"
        for run in runs(where: { (fraction($0) ?? 0) >= BarState.visibleAlpha }) {
            svg += "<rect class=\"visible\" x=\"\(n(x(run.start)))\" y=\"\(n(top + 1))\""
                + " width=\"\(n(max(1, x(run.end) - x(run.start))))\" height=\"\(n(height - 2))\" fill=\"\(color)\"/>\n"
        }
        top += height + 3
        return svg + "</g>\n"
    }

    /// Consecutive buckets satisfying `condition`, merged into time ranges.
    private func runs(where condition: (TimelineDigest.Bucket) -> Bool) -> [(start: Double, end: Double)] {
        var result: [(start: Double, end: Double)] = []
        var open: (start: Double, end: Double)?
        for bucket in session.timeline.buckets {
            if bucket.samples > 0, !condition(bucket) {
                if let run = open { result.append(run) }
                open = nil
            } else if bucket.samples > 0 {
                open = (open?.start ?? bucket.start, bucket.end)
            } else if let run = open {
                // Nothing recorded: the last state holds until the next sample.
                open = (run.start, bucket.end)
            }
        }
        if let run = open { result.append(run) }
        return result
    }

    private func findingsLane(top: inout Double) -> String {
        let height = 14.0
        var svg = "<g class=\"lane findings\" data-lane=\"findings\">\n"
        svg += "<rect x=\"\(n(labelWidth))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#f1f3f5\"/>\n"
        svg += "<text x=\"6\" y=\"\(n(top + 11))\">findings</text>\n"
        for finding in session.findings {
            svg += "<rect class=\"finding \(finding.severity.name)\" x=\"\(n(x(finding.start)))\" y=\"\(n(top + 1))\""
                + " width=\"\(n(max(3, x(finding.end) - x(finding.start))))\" height=\"\(n(height - 2))\""
                + " fill=\"\(Self.color(of: finding.kind))\"\(finding.severity == .error ? " stroke=\"#c92a2a\" stroke-width=\"1.5\"" : "")>"
                + "<title>\(escape("\(ReportText.span(finding)) s \(finding.severity.name): \(finding.message)"))</title></rect>\n"
        }
        top += height + 3
        return svg + "</g>\n"
    }

    private func findingShading(top: Double, bottom: Double) -> String {
        guard !session.findings.isEmpty else { return "" }
        var svg = "<g class=\"shading\">\n"
        for finding in session.findings {
            svg += "<rect x=\"\(n(x(finding.start)))\" y=\"\(n(top))\" width=\"\(n(max(3, x(finding.end) - x(finding.start))))\""
                + " height=\"\(n(bottom - top))\" fill=\"\(Self.color(of: finding.kind))\" fill-opacity=\"0.16\"/>\n"
        }
        return svg + "</g>\n"
    }

    /// Ticks at a round step (1, 2 or 5 × 10ⁿ seconds) giving about eight labels.
    private func timeAxis(bottom: Double) -> String {
        let digest = session.timeline
        let span = digest.end - digest.start
        var svg = "<g class=\"axis\">\n<text x=\"6\" y=\"14\">time (s)</text>\n"
        guard span > 0 else { return svg + "</g>\n" }
        var step = 1.0
        while span / step > 10 { step *= 10 }
        while span / step < 1 { step /= 10 }
        if span / step < 2 { step /= 5 } else if span / step < 4 { step /= 2 }
        var tick = (digest.start / step).rounded(.up) * step
        while tick <= digest.end + step * 1e-6 {
            let px = x(tick)
            svg += "<line x1=\"\(n(px))\" y1=\"18\" x2=\"\(n(px))\" y2=\"\(n(bottom))\" stroke=\"#e9ecef\"/>\n"
            svg += "<text x=\"\(n(px))\" y=\"14\" text-anchor=\"middle\">\(decimalText(tick, digits: 3))</text>\n"
            tick += step
        }
        return svg + "</g>\n"
    }

    private func legend(top: inout Double) -> String {
        var items: [(String, String)] = [("y", "#343a40")]
        if session.timeline.buckets.contains(where: { $0.barHeight != nil }) { items.append(("bar height", "#2b8a3e")) }
        if session.timeline.buckets.contains(where: { $0.barShown != nil }) { items.append(("bar shown", "#1098ad")) }
        if !session.timeline.presentations.isEmpty {
            items.append(("title visible (computed)", "#4c6ef5"))
            if session.timeline.hasObserved { items.append(("title visible (observed)", "#f08c00")) }
        }
        for kind in Finding.Kind.allCases { items.append((kind.name, Self.color(of: kind))) }
        var svg = "<g class=\"legend\">\n"
        var left = labelWidth
        for (label, color) in items {
            let textWidth = Double(label.count) * 6.2 + 26
            if left + textWidth > width - rightMargin {
                left = labelWidth
                top += 16
            }
            svg += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
                + "<text x=\"\(n(left + 14))\" y=\"\(n(top + 9))\">\(escape(label))</text>\n"
            left += textWidth
        }
        top += 14
        return svg + "</g>\n"
    }

    /// A coordinate with at most two decimals.
    private func n(_ value: Double) -> String {
        let number = (value * 100).rounded() / 100
        if number == number.rounded(), abs(number) < 1e9 { return String(Int(number)) }
        return "\(number)"
    }
}
