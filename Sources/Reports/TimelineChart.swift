import Analyzer
import BarModel

/// One session's inline SVG timeline, drawn from its ``TimelineDigest``.
///
/// Rows from top to bottom: time axis, `y`, bar height, bar shown (when the session has it), one
/// lane per title presentation and stream (`data-lane="computed largeTitle"`), one lane per kind
/// of finding the session has (`data-lane="findings flapping"`, or one empty `findings` lane),
/// then the legend. Flapping, jitter and title-mismatch spans are also shaded over the `y`, height
/// and shown plots, so a flap reads as `y` wandering across the threshold guide; a hitch finding's
/// span (first to last late frame) is not shaded, as it would tint whole sessions.
///
/// Readability choices: series carry their scale at the plot's top and bottom edge; guide labels
/// sit at the plot's left with a white halo so curves never cross them; the data colours (greys,
/// greens, blue and teal titles) and the finding colours (orange, grape, grey, pink) do not share
/// hues; errors are solid with a dark outline, warnings pale, as the legend says (which lists only
/// what the session has).
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
        case .jitter: "#ae3ec9"
        case .hitch: "#495057"
        case .titleMismatch: "#e64980"
        }
    }

    /// Title lanes' colour per stream: blue for navrec's model, teal for what the app reported.
    private static let computedColor = "#4c6ef5"
    private static let observedColor = "#12b886"
    private static let yColor = "#343a40"
    private static let heightColor = "#2b8a3e"
    private static let shownColor = "#0c8599"

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
        let hasObservedHeight = digest.buckets.contains { $0.range(of: .barHeight, observed: true) != nil }
        let chartsTop = top
        body += series("y", label: "scroll offset y (pt)", color: Self.yColor, height: 90, top: &top, guides: thresholds) { bucket in
            bucket.samples > 0 ? bucket.y : nil
        }
        // With an observed bar height both rows share one scale, so the two streams compare by eye.
        let heights = digest.buckets.flatMap { [$0.barHeight, $0.range(of: .barHeight, observed: true)].compactMap { $0 } }
        let heightScale = hasObservedHeight && !heights.isEmpty
            ? (heights.map(\.lowerBound).min() ?? 0)...(heights.map(\.upperBound).max() ?? 1) : nil
        if hasHeight {
            body += series("barHeight", label: "bar height (pt)", color: Self.heightColor, height: 56, top: &top, fixed: heightScale) {
                $0.barHeight
            }
        }
        if hasObservedHeight {
            // The envelope of what the app reported, in its own row: jitter shows as a band.
            body += series("observedBarHeight", label: "bar height, observed (pt)", color: Self.observedColor, height: 56, top: &top,
                           fixed: heightScale) { $0.range(of: .barHeight, observed: true) }
        }
        body += findingSignals(top: &top)
        if hasShown {
            body += series("barShown", label: "bar shown (fraction)", color: Self.shownColor, height: 36, top: &top, fixed: 0...1) {
                $0.barShown
            }
        }
        let seriesBottom = top - 4
        var streams: [(name: String, color: String, values: (TimelineDigest.Bucket) -> [Double?])] = [
            ("computed", Self.computedColor, { $0.computedVisible })
        ]
        if digest.hasObserved { streams.append(("observed", Self.observedColor, { $0.observedVisible })) }
        for stream in streams {
            for (lane, presentation) in digest.presentations.enumerated() {
                body += titleLane(stream.name, presentation: presentation, color: stream.color, top: &top) {
                    stream.values($0)[lane]
                }
            }
        }
        body += findingLanes(top: &top)
        body += lateFrameLane(top: &top)
        let chartsBottom = top
        let shading = findingShading(top: chartsTop, bottom: seriesBottom)
        let axis = timeAxis(bottom: chartsBottom)
        top += 8
        let legend = legend(top: &top)
        let height = top + 6
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"\(n(width))\" height=\"\(n(height))\""
            + " viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\"\(escape("Timeline of \(session.id)"))\">\n"
            + "<title>\(escape("Timeline of \(session.id)"))</title>\n"
            + axis + body + shading + legend + "</svg>\n"
    }

    /// The other continuous signals a finding is about (`avatarTx`, `blurAlpha`, …): a row per
    /// stream that has them, computed and observed on one scale.
    private func findingSignals(top: inout Double) -> String {
        let buckets = session.timeline.buckets
        let named = Set(session.findings.map(\.signal))
        var svg = ""
        for signal in ContinuousSignal.allCases where named.contains(signal.name) && signal != .barHeight && signal != .barShown {
            let streams = [false, true].filter { observed in buckets.contains { $0.range(of: signal, observed: observed) != nil } }
            let ranges = buckets.flatMap { bucket in streams.compactMap { bucket.range(of: signal, observed: $0) } }
            guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { continue }
            for observed in streams {
                let name = signal.name + (observed ? " (observed)" : " (computed)")
                svg += series(name, label: name, color: observed ? Self.observedColor : Self.computedColor, height: 46, top: &top,
                              fixed: low...high) { $0.range(of: signal, observed: observed) }
            }
        }
        return svg
    }

    /// One tick per late frame, when the session has any: hitches as they happened rather than one
    /// span from the first to the last.
    private func lateFrameLane(top: inout Double) -> String {
        let frames = session.timeline.lateFrames
        guard !frames.isEmpty else { return "" }
        let height = 12.0
        var svg = "<g class=\"lane\" data-lane=\"late frames\">\n"
        svg += "<text x=\"6\" y=\"\(n(top + 9))\">late frames (\(frames.count))</text>\n"
        svg += "<rect x=\"\(n(labelWidth))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#f1f3f5\"/>\n"
        for t in frames {
            svg += "<rect class=\"late-frame\" x=\"\(n(x(t) - 1))\" y=\"\(n(top + 1))\" width=\"2\" height=\"\(n(height - 2))\""
                + " fill=\"\(Self.color(of: .hitch))\"/>\n"
        }
        top += height + 3
        return svg + "</g>\n"
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
        svg += "<text x=\"6\" y=\"\(n(rowTop + 14))\" font-weight=\"bold\">\(escape(label))</text>\n"
        // The scale where a reader looks for it: the top value level with the plot's top edge,
        // the bottom value with its bottom edge.
        svg += "<text x=\"\(n(labelWidth - 6))\" y=\"\(n(plotTop + 8))\" text-anchor=\"end\" class=\"range\">\(escape(scaleText(high)))</text>"
            + "<text x=\"\(n(labelWidth - 6))\" y=\"\(n(plotTop + plotHeight))\" text-anchor=\"end\" class=\"range\">\(escape(scaleText(low)))</text>\n"
        if !upper.isEmpty {
            let points = (upper + lower.reversed()).joined(separator: " ")
            svg += "<polygon points=\"\(points)\" fill=\"\(color)\" fill-opacity=\"0.35\" stroke=\"\(color)\""
                + " stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
        }
        // Guides over the curve, their labels at the left with a white halo so a curve never hides them.
        for guide in guides where guide.value >= low && guide.value <= high {
            let py = yPixel(guide.value)
            let below = py - plotTop < 12
            svg += "<line class=\"guide\" x1=\"\(n(labelWidth))\" y1=\"\(n(py))\" x2=\"\(n(labelWidth + plotWidth))\" y2=\"\(n(py))\""
                + " stroke=\"#868e96\" stroke-dasharray=\"4 3\"/>"
                + "<text class=\"guide-label\" x=\"\(n(labelWidth + 4))\" y=\"\(n(below ? py + 11 : py - 3))\" stroke=\"#ffffff\""
                + " stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(escape(guide.label))</text>\n"
        }
        top += height + 4
        return svg + "</g>\n"
    }

    /// A scale value: whole numbers without a fraction, others to 0.1 (`120`, `52.5`, `0`).
    private func scaleText(_ value: Double) -> String {
        let number = rounded(value, 1)
        // Whole numbers beyond Int64 (a bar height of 1e300 from a parameter) keep their double form.
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : decimalText(number, digits: 1)
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

    /// One lane per kind of finding in the session, so findings of different kinds never hide each
    /// other; a session without findings gets one empty lane that says so.
    private func findingLanes(top: inout Double) -> String {
        let height = 14.0
        let kinds = Finding.Kind.allCases.filter { kind in session.findings.contains { $0.kind == kind } }
        guard !kinds.isEmpty else {
            var svg = "<g class=\"lane findings\" data-lane=\"findings\">\n"
            svg += "<rect x=\"\(n(labelWidth))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#f1f3f5\"/>\n"
            svg += "<text x=\"6\" y=\"\(n(top + 11))\">findings</text>"
                + "<text x=\"\(n(labelWidth + 6))\" y=\"\(n(top + 11))\" fill=\"#2b8a3e\">none</text>\n"
            top += height + 3
            return svg + "</g>\n"
        }
        var svg = ""
        for kind in kinds {
            svg += "<g class=\"lane findings\" data-lane=\"findings \(kind.name)\">\n"
            svg += "<rect x=\"\(n(labelWidth))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#f1f3f5\"/>\n"
            svg += "<text x=\"6\" y=\"\(n(top + 11))\">\(kind.name)</text>\n"
            for finding in session.findings where finding.kind == kind {
                let severity = finding.severity == .error
                    ? " stroke=\"#212529\" stroke-width=\"1.5\"" : " fill-opacity=\"0.45\" stroke=\"\(Self.color(of: kind))\""
                svg += "<rect class=\"finding \(finding.severity.name)\" x=\"\(n(x(finding.start)))\" y=\"\(n(top + 1.5))\""
                    + " width=\"\(n(max(3, x(finding.end) - x(finding.start))))\" height=\"\(n(height - 3))\""
                    + " fill=\"\(Self.color(of: kind))\"\(severity)>"
                    + "<title>\(escape("\(ReportText.span(finding)) s \(finding.severity.name): \(finding.message)"))</title></rect>\n"
            }
            svg += "</g>\n"
            top += height + 3
        }
        return svg
    }

    /// Pale bands over the series plots where flapping, jitter and title mismatches happen.
    private func findingShading(top: Double, bottom: Double) -> String {
        let shaded = session.findings.filter { $0.kind != .hitch }
        guard !shaded.isEmpty else { return "" }
        var svg = "<g class=\"shading\">\n"
        for finding in shaded {
            svg += "<rect x=\"\(n(x(finding.start)))\" y=\"\(n(top))\" width=\"\(n(max(3, x(finding.end) - x(finding.start))))\""
                + " height=\"\(n(bottom - top))\" fill=\"\(Self.color(of: finding.kind))\" fill-opacity=\"0.13\"/>\n"
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

    /// The legend: what the title lanes' colours mean, then, when the session has findings, the
    /// colours of the kinds it has, the shading and how severity is drawn. The series rows are named
    /// at their left, so they need no swatch.
    private func legend(top: inout Double) -> String {
        enum Swatch { case solid, outlined, pale }
        var rows: [(title: String, items: [(label: String, color: String, swatch: Swatch)])] = []
        if !session.timeline.presentations.isEmpty {
            var lanes = [(label: "title visible, computed (navrec's model)", color: Self.computedColor, swatch: Swatch.solid)]
            if session.timeline.hasObserved {
                lanes.append(("title visible, observed (what the app reported)", Self.observedColor, .solid))
            }
            rows.append(("lanes", lanes))
        }
        let findings = session.findings
        if !findings.isEmpty {
            var items = Finding.Kind.allCases.filter { kind in findings.contains { $0.kind == kind } }
                .map { (label: $0.name, color: Self.color(of: $0), swatch: Swatch.solid) }
            if let shaded = findings.first(where: { $0.kind != .hitch }) {
                items.append(("shaded: where it happens", Self.color(of: shaded.kind), .pale))
            }
            if findings.contains(where: { $0.severity == .error }) { items.append(("outlined: error", "#868e96", .outlined)) }
            if findings.contains(where: { $0.severity == .warning }) { items.append(("pale: warning", "#868e96", .pale)) }
            rows.append(("findings", items))
        }
        var svg = "<g class=\"legend\">\n"
        for row in rows {
            svg += "<text x=\"6\" y=\"\(n(top + 9))\">\(row.title)</text>\n"
            var left = labelWidth
            for item in row.items {
                let textWidth = Double(item.label.count) * 6.2 + 28
                if left + textWidth > width - rightMargin {
                    left = labelWidth
                    top += 16
                }
                let style = switch item.swatch {
                case .solid: ""
                case .outlined: " stroke=\"#212529\" stroke-width=\"1.5\""
                case .pale: " fill-opacity=\"0.45\" stroke=\"\(item.color)\""
                }
                svg += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"10\" height=\"10\" fill=\"\(item.color)\"\(style)/>"
                    + "<text x=\"\(n(left + 15))\" y=\"\(n(top + 9))\">\(escape(item.label))</text>\n"
                left += textWidth
            }
            top += 17
        }
        return svg + "</g>\n"
    }

    /// A coordinate with at most two decimals.
    private func n(_ value: Double) -> String {
        let number = (value * 100).rounded() / 100
        if number == number.rounded(), abs(number) < 1e9 { return String(Int(number)) }
        return "\(number)"
    }
}
