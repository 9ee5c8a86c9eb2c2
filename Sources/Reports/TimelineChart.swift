package import Analyzer
import BarModel

/// One session's timeline, drawn from its ``TimelineDigest``: a stack of rows, each an HTML label
/// beside a small inline SVG plot.
///
/// Rows from top to bottom: time axis, `y`, bar height, bar shown (when the session has it), one
/// lane per title presentation and stream (`data-lane="computed largeTitle"`), one lane per kind
/// of finding the session has (`data-lane="findings flapping"`, or one empty `findings` lane), the
/// late frames, then the legend. Flapping, jitter and title-mismatch spans are also shaded over the
/// `y`, height and shown plots, so a flap reads as `y` wandering across the threshold guide; a
/// hitch finding's span (first to last late frame) is not shaded, as it would tint whole sessions.
/// Each late frame is drawn as the interval it froze (from the frame before it to it), its hitch
/// time in its tooltip; the three longest are labelled with their duration and the lane's label
/// gives the count, the longest hitch and the hangs (intervals of 250 ms or more).
///
/// Why HTML labels and stretched plots: every text is page text (12 CSS px, 11 for scales and
/// guides) at any width, so a 390 px phone reads it as a desktop does; the plots' SVGs scale to the
/// width left (`preserveAspectRatio="none"`, strokes unscaled), time in 0…1000 units; on narrow
/// screens the label goes above its plot. Guide labels sit at the plot's left on a white halo so
/// curves never hide them; the data colours (greys, greens, blue and teal titles) and the finding
/// colours (orange, grape, grey, pink) do not share hues; errors are solid with a dark outline,
/// warnings pale, as the legend says (which lists only what the session has).
///
/// A compact chart (`full: false`, for fleet-size reports) is one lane: the findings, coloured by
/// kind (the findings table's swatches), over the late frames, at a few hundred bytes.
package struct TimelineChart {
    let session: SessionAnalysis
    /// Every row, or (false) one lane with the findings and late frames.
    var full = true
    /// The digest's buckets, made once (``TimelineDigest/buckets`` builds them on each read); the
    /// compact chart draws none.
    private let buckets: [TimelineDigest.Bucket]

    /// The chart of `session`, every row or (`full: false`) the compact one.
    package init(session: SessionAnalysis, full: Bool = true) {
        self.session = session
        self.full = full
        buckets = full ? session.timeline.buckets : []
    }

    /// Width of every plot's coordinate system: time maps to 0…1000.
    private static let plotUnits = 1000.0

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

    /// Time as plot units, 0…1000.
    private func x(_ t: Double) -> Double {
        let digest = session.timeline
        let span = digest.end - digest.start
        guard span > 0 else { return Self.plotUnits / 2 }
        return min(Self.plotUnits, max(0, (t - digest.start) / span * Self.plotUnits))
    }

    /// The chart as an HTML fragment.
    package func html() -> String {
        let digest = session.timeline
        var rows = timeAxis()
        if full {
            let hasHeight = buckets.contains { $0.barHeight != nil }
            let hasShown = buckets.contains { $0.barShown != nil }
            let hasObservedHeight = buckets.contains { $0.range(of: .barHeight, observed: true) != nil }
            rows += series("y", label: "scroll offset y (pt)", color: Self.yColor, height: 84, guides: thresholds, grid: true) { bucket in
                bucket.samples > 0 ? bucket.y : nil
            }
            // With an observed bar height both rows share one scale, so the two streams compare by eye.
            let heights = buckets.flatMap { [$0.barHeight, $0.range(of: .barHeight, observed: true)].compactMap { $0 } }
            let heightScale = hasObservedHeight && !heights.isEmpty
                ? (heights.map(\.lowerBound).min() ?? 0)...(heights.map(\.upperBound).max() ?? 1) : nil
            if hasHeight {
                rows += series("barHeight", label: "bar height (pt)", color: Self.heightColor, height: 48, fixed: heightScale) { $0.barHeight }
            }
            if hasObservedHeight {
                // The envelope of what the app reported, in its own row: jitter shows as a band.
                rows += series("observedBarHeight", label: "bar height, observed (pt)", color: Self.observedColor, height: 48,
                               fixed: heightScale) { $0.range(of: .barHeight, observed: true) }
            }
            rows += findingSignals()
            if hasShown {
                rows += series("barShown", label: "bar shown (fraction)", color: Self.shownColor, height: 32, fixed: 0...1) { $0.barShown }
            }
            var streams: [(name: String, color: String, values: (TimelineDigest.Bucket) -> [Double?])] = [
                ("computed", Self.computedColor, { $0.computedVisible })
            ]
            if digest.hasObserved { streams.append(("observed", Self.observedColor, { $0.observedVisible })) }
            for stream in streams {
                for (lane, presentation) in digest.presentations.enumerated() {
                    rows += titleLane(stream.name, presentation: presentation, color: stream.color) { stream.values($0)[lane] }
                }
            }
        }
        guard full else {
            return "<div class=\"timeline compact\" role=\"img\" aria-label=\"\(escape("Timeline of \(session.id)"))\">\n" + strip() + "</div>\n"
        }
        rows += findingLanes()
        rows += lateFrameLane()
        return "<div class=\"timeline\" role=\"img\" aria-label=\"\(escape("Timeline of \(session.id)"))\">\n" + rows + legend() + "</div>\n"
    }

    /// A row: the label, then the plot (an SVG whose x runs over 0…1000 time units, stretched to
    /// the width left) and any text over it.
    private func row(_ attribute: String, label: String, plotClass: String, height: Double, viewHeight: Double,
                     svg: String, overlay: String = "") -> String {
        "<div class=\"tl-row\" \(attribute)><div class=\"tl-label\">\(label)</div>"
            + "<div class=\"tl-plot \(plotClass)\" style=\"height:\(n(height))px\">"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(Self.plotUnits)) \(n(viewHeight))\" preserveAspectRatio=\"none\">"
            + svg + "</svg>" + overlay + "</div></div>\n"
    }

    /// The other continuous signals a finding is about (`avatarTx`, `blurAlpha`, …): a row per
    /// stream that has them, computed and observed on one scale.
    private func findingSignals() -> String {
        let named = Set(session.findings.map(\.signal))
        var html = ""
        for signal in ContinuousSignal.allCases where named.contains(signal.name) && signal != .barHeight && signal != .barShown {
            let streams = [false, true].filter { observed in buckets.contains { $0.range(of: signal, observed: observed) != nil } }
            let ranges = buckets.flatMap { bucket in streams.compactMap { bucket.range(of: signal, observed: $0) } }
            guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { continue }
            for observed in streams {
                let name = signal.name + (observed ? " (observed)" : " (computed)")
                html += series(name, label: name, color: observed ? Self.observedColor : Self.computedColor, height: 40,
                               fixed: low...high) { $0.range(of: signal, observed: observed) }
            }
        }
        return html
    }

    /// The late frames, when the session has any: each the interval it froze, the three longest
    /// labelled with their hitch time.
    private func lateFrameLane() -> String {
        let digest = session.timeline
        guard !digest.hitches.isEmpty else { return "" }
        var svg = ""
        for hitch in digest.hitches {
            let left = x(hitch.start), right = x(hitch.end)
            svg += "<rect class=\"late-frame\" x=\"\(n(left))\" y=\"12\" width=\"\(n(max(3, right - left)))\" height=\"12\""
                + " fill=\"\(Self.color(of: .hitch))\"><title>\(escape("late frame \(secondsText(hitch.start))–\(secondsText(hitch.end)) s: \(Self.milliseconds(hitch.late)) late"))</title></rect>"
        }
        var overlay = ""
        for label in Self.hitchLabels(digest.hitches.map { (x(($0.start + $0.end) / 2) / Self.plotUnits * 100, $0.late) }) {
            overlay += "<span class=\"hitch-label\(label.anchor)\" style=\"left:\(n(label.position))%\">\(label.text)</span>"
        }
        let count = digest.hitches.count
        var facts = ["longest \(Self.milliseconds(digest.longestHitch))"]
        facts.append(ReportText.count(digest.hangs, "hang"))
        let label = "late frames (\(count))<span class=\"range\">\(escape(facts.joined(separator: ", ")))</span>"
        return row("data-lane=\"late frames\"", label: label, plotClass: "lane hitches", height: 26, viewHeight: 24, svg: svg, overlay: overlay)
    }

    /// The narrowest plot a label must fit in, CSS px: a 390 px phone's plot column (labels go above
    /// the plots there), and the width of one character of an 11 px label.
    static let narrowestPlot = 340.0, labelCharacter = 6.5

    /// The labels of the late-frame lane: the longest late frames, at most three, each where its
    /// interval is (percent of the plot; anchored at its start or end near an edge), leaving out one
    /// whose text would touch a longer one's at the narrowest plot, so adjacent labels never run
    /// into each other (`33 m33 ms`).
    static func hitchLabels(_ hitches: [(position: Double, late: Double)]) -> [(position: Double, anchor: String, text: String)] {
        var labels: [(position: Double, anchor: String, text: String)] = []
        var taken: [ClosedRange<Double>] = []
        for hitch in hitches.sorted(by: { $0.late > $1.late }) where labels.count < 3 {
            let text = milliseconds(hitch.late)
            // The label's extent in percent of the narrowest plot, with a character's gap.
            let width = (Double(text.count) + 1) * labelCharacter / narrowestPlot * 100
            let anchor = hitch.position > 90 ? " end" : hitch.position < 10 ? " start" : ""
            let extent = anchor == " end" ? (hitch.position - width)...hitch.position
                : anchor == " start" ? hitch.position...(hitch.position + width)
                : (hitch.position - width / 2)...(hitch.position + width / 2)
            guard !taken.contains(where: { $0.overlaps(extent) }) else { continue }
            taken.append(extent)
            labels.append((hitch.position, anchor, text))
        }
        return labels
    }

    /// Milliseconds for a reader: `100 ms`, `8.3 ms`.
    static func milliseconds(_ seconds: Double) -> String {
        let value = seconds * 1000
        return "\(value >= 10 ? String(Int(value.rounded())) : decimalText(value, digits: 1)) ms"
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

    /// A value over time as an envelope (each bucket's min...max), scaled to its own range; its
    /// scale (bottom–top) is in the label.
    private func series(
        _ name: String, label: String, color: String, height: Double,
        fixed: ClosedRange<Double>? = nil, guides: [(value: Double, label: String)] = [], grid: Bool = false,
        range: (TimelineDigest.Bucket) -> ClosedRange<Double>?
    ) -> String {
        let ranges = buckets.map { bucket in range(bucket).map { (bucket, $0) } }.compactMap { $0 }
        var low = fixed?.lowerBound ?? ranges.map(\.1.lowerBound).min() ?? 0
        var high = fixed?.upperBound ?? ranges.map(\.1.upperBound).max() ?? 1
        if high - low < 1e-9 {
            low -= 1
            high += 1
        }
        // The plot's own units: 0 (top) … 100 (bottom), with a margin so a flat line stays visible.
        func yUnit(_ value: Double) -> Double {
            let unit = 4 + (high - value) / (high - low) * 92
            // Values near ±Double.greatestFiniteMagnitude overflow the span: draw them mid-plot.
            return unit.isFinite ? min(100, max(0, unit)) : 50
        }
        var svg = ""
        if grid { svg += gridLines() }
        svg += shading()
        if !ranges.isEmpty {
            let xs = ranges.map { x(($0.0.start + $0.0.end) / 2).rounded() }
            let upper = Self.outline(xs, ranges.map { yUnit($0.1.upperBound).rounded() })
            let lower = Self.outline(xs, ranges.map { yUnit($0.1.lowerBound).rounded() })
            svg += "<polygon points=\"\((upper + lower.reversed()).joined(separator: " "))\" fill=\"\(color)\" fill-opacity=\"0.35\""
                + " stroke=\"\(color)\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>"
        }
        var overlay = ""
        // Guides over the curve, their labels at the left on a white halo so a curve never hides them.
        for guide in guides where guide.value >= low && guide.value <= high {
            let unit = yUnit(guide.value)
            svg += "<line class=\"guide\" x1=\"0\" y1=\"\(n(unit, digits: 1))\" x2=\"\(n(Self.plotUnits))\" y2=\"\(n(unit, digits: 1))\""
                + " stroke=\"#868e96\" stroke-dasharray=\"4 3\"/>"
            overlay += "<span class=\"guide-label\(unit < 20 ? " below" : "")\" style=\"top:\(n(unit, digits: 1))%\">\(escape(guide.label))</span>"
        }
        let scale = "<span class=\"range\">\(escape(scaleText(low)))–\(escape(scaleText(high)))</span>"
        return row("data-series=\"\(escape(name))\"", label: "<b>\(escape(label))</b> \(scale)", plotClass: "series",
                   height: height, viewHeight: 100, svg: svg, overlay: overlay)
    }

    /// Whole-unit points `x,y` of a line, without the points inside a level run (the line is the
    /// same without them): a flat bar height costs two points, not one per bucket.
    private static func outline(_ xs: [Double], _ ys: [Double]) -> [String] {
        var points: [String] = []
        for index in xs.indices {
            let level = index > 0 && index < xs.count - 1 && ys[index - 1] == ys[index] && ys[index + 1] == ys[index]
            if !level { points.append("\(Int(xs[index])),\(Int(ys[index]))") }
        }
        return points
    }

    /// A scale value: whole numbers without a fraction, others to 0.1 (`120`, `52.5`, `0`).
    private func scaleText(_ value: Double) -> String {
        let number = rounded(value, 1)
        // Whole numbers beyond Int64 (a bar height of 1e300 from a parameter) keep their double form.
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : decimalText(number, digits: 1)
    }

    /// A title presentation's lane: filled where the title is visible in at least half the samples.
    private func titleLane(
        _ stream: String, presentation: TitlePresentation, color: String, fraction: (TimelineDigest.Bucket) -> Double?
    ) -> String {
        var svg = ""
        for run in runs(where: { (fraction($0) ?? 0) >= BarState.visibleAlpha }) {
            svg += "<rect class=\"visible\" x=\"\(n(x(run.start)))\" y=\"0\" width=\"\(n(max(1, x(run.end) - x(run.start))))\""
                + " height=\"10\" fill=\"\(color)\"/>"
        }
        return row("data-lane=\"\(stream) \(presentation.signalName)\"", label: escape("\(presentation.signalName) (\(stream))"),
                   plotClass: "lane", height: 14, viewHeight: 10, svg: svg)
    }

    /// Consecutive buckets satisfying `condition`, merged into time ranges.
    private func runs(where condition: (TimelineDigest.Bucket) -> Bool) -> [(start: Double, end: Double)] {
        var result: [(start: Double, end: Double)] = []
        var open: (start: Double, end: Double)?
        for bucket in buckets {
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
    private func findingLanes() -> String {
        let kinds = Finding.Kind.allCases.filter { kind in session.findings.contains { $0.kind == kind } }
        guard !kinds.isEmpty else {
            return row("data-lane=\"findings\"", label: "findings", plotClass: "lane", height: 14, viewHeight: 10, svg: "",
                       overlay: "<span class=\"none\">none</span>")
        }
        var html = ""
        for kind in kinds {
            var svg = ""
            for finding in session.findings where finding.kind == kind {
                let severity = finding.severity == .error
                    ? " stroke=\"#212529\" stroke-width=\"1.5\"" : " fill-opacity=\"0.45\" stroke=\"\(Self.color(of: kind))\""
                svg += "<rect class=\"finding \(finding.severity.name)\" x=\"\(n(x(finding.start)))\" y=\"1\""
                    + " width=\"\(n(max(4, x(finding.end) - x(finding.start))))\" height=\"8\" fill=\"\(Self.color(of: kind))\"\(severity)>"
                    + "<title>\(escape("\(ReportText.span(finding)) s \(finding.severity.name): \(finding.message)"))</title></rect>"
            }
            html += row("data-lane=\"findings \(kind.name)\"", label: kind.name, plotClass: "lane", height: 14, viewHeight: 10, svg: svg)
        }
        return html
    }

    /// The compact chart: one lane with the findings (coloured by kind, errors outlined) over the
    /// late frames (each the interval it froze), time from the session's start to its end.
    private func strip() -> String {
        var svg = ""
        for finding in session.findings {
            let severity = finding.severity == .error ? " stroke=\"#212529\"" : " fill-opacity=\"0.45\""
            svg += "<rect x=\"\(n(x(finding.start)))\" y=\"0\" width=\"\(n(max(4, x(finding.end) - x(finding.start))))\" height=\"9\""
                + " fill=\"\(Self.color(of: finding.kind))\"\(severity)/>"
        }
        for hitch in session.timeline.hitches {
            svg += "<rect x=\"\(n(x(hitch.start)))\" y=\"11\" width=\"\(n(max(3, x(hitch.end) - x(hitch.start))))\" height=\"5\" fill=\"#212529\"/>"
        }
        let digest = session.timeline
        let label = "findings\(digest.hitches.isEmpty ? "" : ", late frames")"
            + "<span class=\"range\">\(secondsText(0))–\(secondsText(digest.end - digest.start)) s</span>"
        return row("data-lane=\"strip\"", label: label, plotClass: "lane", height: 18, viewHeight: 16, svg: svg)
    }

    /// Pale bands over a series plot where flapping, jitter and title mismatches happen.
    private func shading() -> String {
        let shaded = session.findings.filter { $0.kind != .hitch }
        guard !shaded.isEmpty else { return "" }
        var svg = "<g class=\"shading\">"
        for finding in shaded {
            svg += "<rect x=\"\(n(x(finding.start)))\" y=\"0\" width=\"\(n(max(4, x(finding.end) - x(finding.start))))\""
                + " height=\"100\" fill=\"\(Self.color(of: finding.kind))\" fill-opacity=\"0.13\"/>"
        }
        return svg + "</g>"
    }

    /// Ticks at a round step (1, 2 or 5 × 10ⁿ seconds) giving about eight labels.
    private var ticks: [Double] {
        let digest = session.timeline
        let span = digest.end - digest.start
        guard span > 0 else { return [] }
        var step = 1.0
        while span / step > 10 { step *= 10 }
        while span / step < 1 { step /= 10 }
        if span / step < 2 { step /= 5 } else if span / step < 4 { step /= 2 }
        var result: [Double] = []
        var tick = (digest.start / step).rounded(.up) * step
        while tick <= digest.end + step * 1e-6 {
            result.append(tick)
            tick += step
        }
        return result
    }

    /// The time axis: tick labels over the plots' column.
    private func timeAxis() -> String {
        var labels = ""
        for tick in ticks {
            let position = x(tick) / Self.plotUnits * 100
            labels += "<span class=\"tick\(position > 95 ? " end" : position < 5 ? " start" : "")\" style=\"left:\(n(position, digits: 1))%\">"
                + "\(decimalText(tick, digits: 3))</span>"
        }
        return "<div class=\"tl-row tl-axis\"><div class=\"tl-label\">time (s)</div><div class=\"tl-plot axis\">\(labels)</div></div>\n"
    }

    /// Vertical lines at the ticks, for the `y` plot.
    private func gridLines() -> String {
        ticks.map { tick in
            "<line x1=\"\(n(x(tick), digits: 1))\" y1=\"0\" x2=\"\(n(x(tick), digits: 1))\" y2=\"100\" stroke=\"#e9ecef\"/>"
        }.joined()
    }

    /// The legend: what the title lanes' colours mean, then, when the session has findings, the
    /// colours of the kinds it has, the shading and how severity is drawn. The series rows are named
    /// at their left, so they need no swatch.
    private func legend() -> String {
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
        var html = ""
        for row in rows {
            html += "<div class=\"tl-row legend\"><div class=\"tl-label\">\(row.title)</div><div class=\"items\">"
            for item in row.items {
                let style = switch item.swatch {
                case .solid: "background:\(item.color)"
                case .outlined: "background:\(item.color);border-color:#212529"
                case .pale: "background:\(item.color)73;border-color:\(item.color)"
                }
                html += "<span class=\"item\"><i style=\"\(style)\"></i><span>\(escape(item.label))</span></span> "
            }
            html += "</div></div>\n"
        }
        return html
    }

    /// A coordinate with at most `digits` decimals (0 by default: plot units are fine enough).
    private func n(_ value: Double, digits: Int = 0) -> String {
        let scale = digits == 1 ? 10.0 : 1.0
        let number = (value * scale).rounded() / scale
        if number == number.rounded(), abs(number) < 1e9 { return String(Int(number)) }
        return "\(number)"
    }
}
