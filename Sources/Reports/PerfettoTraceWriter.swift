package import Analyzer
package import BarModel

/// Sessions as a Chrome Trace Event JSON file (`navrec export --format perfetto`) that
/// ui.perfetto.dev and chrome://tracing open, written session by session so memory stays flat.
///
/// Per session a process (pid = its position, 1-based) named `id — app › screen`, with:
/// - counter tracks (`"ph":"C"`, one numeric arg `value`) `y` and, per stream, `barHeight`,
///   `barShown`, the three title alphas, `avatarScale`, `avatarTx`, `avatarTy` and `blurAlpha`,
///   named `barHeight (computed)` / `barHeight (observed)`; an event where the value changes (the
///   first sample always), so the track's step function equals the stored value at every sample;
/// - title visibility (alpha ≥ 0.5, as the analyzer reads it) and `subtitleVisible` as complete
///   slices (`"ph":"X"`) on one thread per title and stream, so slices never overlap on a thread;
/// - each late frame the analysis found (its hitch model: ``TimelineDigest/lateFrames``) as a
///   slice (`"ph":"X"`) on the thread `late frames` from the frame before it to it, so its duration
///   is the late interval (also in `args.interval_ms`, exact to the microsecond);
/// - each finding as an async slice (`"ph":"b"`/`"e"`, category `finding`, an id unique in the
///   trace) whose args carry severity, message, count and the evidence fields (as in the JSON report's `details`).
///
/// Timestamps are microseconds from the session's start (`t` × 10⁶, rounded: what the database
/// stores), so every session starts at 0.
package struct PerfettoTraceWriter {
    private let emit: (String) -> Void
    private var nextFindingID = 1
    private var wroteEvent = false
    /// The current session's threads that have their name already.
    private var namedThreads: Set<Int> = []

    /// A writer that hands the trace's text to `emit` piece by piece.
    package init(emit: @escaping (String) -> Void) {
        self.emit = emit
    }

    /// The continuous fields drawn as counters, with their names.
    static let counters: [(name: String, value: @Sendable (BarState) -> Double?)] =
        BarStateField.allCases.filter(\.isNumber).map { field in (field.name, field.value(in:)) }

    /// The visibilities drawn as slices, with their names.
    static let slices: [(name: String, visible: @Sendable (BarState) -> Bool?)] = [
        ("largeTitle", { $0.largeTitleAlpha.map { $0 >= 0.5 } }),
        ("inlineTitle", { $0.inlineTitleAlpha.map { $0 >= 0.5 } }),
        ("contentTitle", { $0.contentTitleAlpha.map { $0 >= 0.5 } }),
        ("subtitle", \.subtitleVisible),
    ]

    /// Thread ids: late frames, then one per slice track and stream.
    private static let lateFramesThread = 1
    private static func sliceThread(_ index: Int, observed: Bool) -> Int { 10 + 2 * index + (observed ? 1 : 0) }

    /// Starts the document.
    package mutating func begin() {
        emit("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
    }

    /// Writes one session: its metadata, its frames' counters and slices, late frames and findings.
    /// `pid` must be unique in the trace (1, 2, …).
    package mutating func session(_ analysis: SessionAnalysis, pid: Int, frames: any SessionFrameReader) throws {
        var name = analysis.id
        let place = [analysis.app, analysis.screen].compactMap { $0 }.joined(separator: " › ")
        if !place.isEmpty { name += " — " + place }
        event(#"{"ph":"M","pid":\#(pid),"tid":0,"name":"process_name","args":{"name":\#(jsonQuoted(name))}}"#)
        event(#"{"ph":"M","pid":\#(pid),"tid":0,"name":"process_sort_index","args":{"sort_index":\#(pid)}}"#)
        // Threads are named when their first event comes, so tracks without any stay hidden.
        namedThreads = []

        var lastY: Double?
        var lastCounters = [[Double?]](repeating: [Double?](repeating: nil, count: Self.counters.count), count: 2)
        // Per slice track and stream: when the current visible run started.
        var openSlices = [[Int64?]](repeating: [Int64?](repeating: nil, count: Self.slices.count), count: 2)
        var previous: ScrollSample?
        // The late frames come in time order, at the times of the frames they end with.
        let lateFrames = analysis.timeline.lateFrames
        var nextLate = 0
        var lastTs: Int64 = 0
        var frame = SessionFrame.empty
        while try frames.read(into: &frame) {
            let ts = Self.microseconds(frame.sample.t)
            lastTs = ts
            if lastY != frame.sample.y {
                counter(pid: pid, name: "y", ts: ts, value: frame.sample.y)
                lastY = frame.sample.y
            }
            for (stream, state) in [frame.computed, frame.observed].enumerated() {
                guard let state else { continue }
                let suffix = stream == 0 ? " (computed)" : " (observed)"
                for (index, track) in Self.counters.enumerated() {
                    guard let value = track.value(state), lastCounters[stream][index] != value else { continue }
                    counter(pid: pid, name: track.name + suffix, ts: ts, value: value)
                    lastCounters[stream][index] = value
                }
                for (index, track) in Self.slices.enumerated() {
                    guard let visible = track.visible(state) else { continue }
                    if visible, openSlices[stream][index] == nil {
                        openSlices[stream][index] = ts
                    } else if !visible, let start = openSlices[stream][index] {
                        slice(pid: pid, tid: Self.sliceThread(index, observed: stream == 1), name: track.name, from: start, to: ts)
                        openSlices[stream][index] = nil
                    }
                }
            }
            while nextLate < lateFrames.count, lateFrames[nextLate] < frame.sample.t { nextLate += 1 }
            if nextLate < lateFrames.count, lateFrames[nextLate] == frame.sample.t, let before = previous {
                nextLate += 1
                nameThread(pid: pid, tid: Self.lateFramesThread, "late frames")
                // A slice over the late interval, so its length shows; the milliseconds come from
                // the integer microseconds, so they carry no binary-fraction noise.
                let start = Self.microseconds(before.t)
                event(#"{"ph":"X","pid":\#(pid),"tid":\#(Self.lateFramesThread),"name":"late frame","ts":\#(start),"dur":\#(ts - start),"#
                    + #""args":{"interval_ms":\#(Self.milliseconds(ts - start))}}"#)
            }
            previous = frame.sample
        }
        for stream in 0..<2 {
            for (index, track) in Self.slices.enumerated() {
                if let start = openSlices[stream][index] {
                    slice(pid: pid, tid: Self.sliceThread(index, observed: stream == 1), name: track.name, from: start, to: lastTs)
                }
            }
        }

        for finding in analysis.findings {
            let id = nextFindingID
            nextFindingID += 1
            var title = finding.subkind.map { "\(finding.kind.name)/\($0)" } ?? finding.kind.name
            title += " " + ReportText.signalAndStream(finding)
            var args = #""severity":\#(jsonQuoted(finding.severity.name)),"message":\#(jsonQuoted(finding.message))"#
            if let count = finding.count { args += #","count":\#(count)"# }
            for field in finding.evidence.fields {
                let value = switch field.value {
                case .integer(let number): String(number)
                case .number(let number): Self.number(number)
                case .string(let text): jsonQuoted(text)
                }
                args += ",\(jsonQuoted(field.key)):\(value)"
            }
            let common = #""cat":"finding","id":\#(id),"pid":\#(pid),"tid":0,"name":\#(jsonQuoted(title))"#
            event(#"{"ph":"b",\#(common),"ts":\#(Self.microseconds(finding.start)),"args":{\#(args)}}"#)
            event(#"{"ph":"e",\#(common),"ts":\#(Self.microseconds(finding.end))}"#)
        }
    }

    /// Ends the document.
    package mutating func end() {
        emit("\n]}\n")
    }

    private mutating func event(_ json: String) {
        emit(wroteEvent ? ",\n" + json : json)
        wroteEvent = true
    }

    private mutating func nameThread(pid: Int, tid: Int, _ name: String) {
        guard namedThreads.insert(tid).inserted else { return }
        event(#"{"ph":"M","pid":\#(pid),"tid":\#(tid),"name":"thread_name","args":{"name":"\#(name)"}}"#)
        event(#"{"ph":"M","pid":\#(pid),"tid":\#(tid),"name":"thread_sort_index","args":{"sort_index":\#(tid)}}"#)
    }

    private mutating func counter(pid: Int, name: String, ts: Int64, value: Double) {
        event(#"{"ph":"C","pid":\#(pid),"name":\#(jsonQuoted(name)),"ts":\#(ts),"args":{"value":\#(Self.number(value))}}"#)
    }

    private mutating func slice(pid: Int, tid: Int, name: String, from start: Int64, to end: Int64) {
        nameThread(pid: pid, tid: tid, "\(name) (\(tid % 2 == 1 ? "observed" : "computed"))")
        event(#"{"ph":"X","pid":\#(pid),"tid":\#(tid),"name":"\#(name)","ts":\#(start),"dur":\#(end - start)}"#)
    }

    /// Integer microseconds as a decimal number of milliseconds: `66667` → `66.667`, `50000` → `50`.
    static func milliseconds(_ microseconds: Int64) -> String {
        let sign = microseconds < 0 ? "-" : "", magnitude = microseconds.magnitude
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 1000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Seconds as the database's integer microseconds.
    static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// Shortest round-trip text; JSON has no infinities, so those become 0 (counters must be numbers).
    static func number(_ value: Double) -> String { value.isFinite ? formatNumber(value) : "0" }
}
