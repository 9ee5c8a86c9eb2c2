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
/// - each finding as an async slice (`"ph":"b"`/`"e"`, category `finding`, a process-local id
///   `"id2":{"local":N}`, N unique in the trace) whose args carry severity, message, count and the
///   evidence fields (as in the JSON report's `details`). A plain `"id"` would make Perfetto put
///   every finding on a global track named after it, away from its session (what its trace
///   processor did with navrec's traces before: `legacy_async_global_slice`).
///
/// Timestamps are microseconds (`t` × 10⁶, rounded: what the database stores) on one time line:
/// each session starts at its header's `startedAt`, counted from the earliest `startedAt` of the
/// trace (``begin(origin:)``), so a fleet's sessions lie side by side as they were recorded; a
/// session without a readable `startedAt` starts at 0.
package struct PerfettoTraceWriter {
    private let emit: (String) -> Void
    /// Microseconds since 1970 that ts 0 stands for; nil when no session has a start time.
    private var origin: Int64?
    /// The current session's start on the trace's time line, microseconds.
    private var offset: Int64 = 0
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

    /// Starts the document; `origin` (microseconds since 1970, ``epochMicroseconds(_:)``) is the
    /// earliest `startedAt` of the sessions to come, the trace's 0.
    package mutating func begin(origin: Int64? = nil) {
        self.origin = origin
        emit("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n")
    }

    /// Writes one session: its metadata, its frames' counters and slices, late frames and findings.
    /// `pid` must be unique in the trace (1, 2, …).
    package mutating func session(_ analysis: SessionAnalysis, pid: Int, frames: any SessionFrameReader) throws {
        var name = analysis.id
        let place = [analysis.app, analysis.screen].compactMap { $0 }.joined(separator: " › ")
        if !place.isEmpty { name += " — " + place }
        offset = 0
        if let origin, let start = analysis.startedAt.flatMap(Self.epochMicroseconds) { offset = start - origin }
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
        let block = FrameColumns()
        var computed = BarState(), observed = BarState()
        while try frames.read(into: block) {
            for row in 0..<block.count {
                let sample = block.sample(row)
                let ts = offset + Self.microseconds(sample.t)
                lastTs = ts
                if lastY != sample.y {
                    counter(pid: pid, name: "y", ts: ts, value: sample.y)
                    lastY = sample.y
                }
                block.computed.load(row, into: &computed)
                let hasObserved = block.observedRows >> UInt64(row) & 1 != 0
                if hasObserved { block.observed.load(row, into: &observed) }
                for (stream, state) in [computed, observed].enumerated() where stream == 0 || hasObserved {
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
                while nextLate < lateFrames.count, lateFrames[nextLate] < sample.t { nextLate += 1 }
                if nextLate < lateFrames.count, lateFrames[nextLate] == sample.t, let before = previous {
                    nextLate += 1
                    nameThread(pid: pid, tid: Self.lateFramesThread, "late frames")
                    // A slice over the late interval, so its length shows; the milliseconds come from
                    // the integer microseconds, so they carry no binary-fraction noise.
                    let start = offset + Self.microseconds(before.t)
                    event(#"{"ph":"X","pid":\#(pid),"tid":\#(Self.lateFramesThread),"name":"late frame","ts":\#(start),"dur":\#(ts - start),"#
                        + #""args":{"interval_ms":\#(Self.milliseconds(ts - start))}}"#)
                }
                previous = sample
            }
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
            let common = #""cat":"finding","id2":{"local":\#(id)},"pid":\#(pid),"tid":0,"name":\#(jsonQuoted(title))"#
            event(#"{"ph":"b",\#(common),"ts":\#(offset + Self.microseconds(finding.start)),"args":{\#(args)}}"#)
            event(#"{"ph":"e",\#(common),"ts":\#(offset + Self.microseconds(finding.end))}"#)
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

    /// An ISO 8601 date and time (`2026-11-30T09:15:02Z`, `2026-11-30T10:15:02.250+01:00`; no zone
    /// reads as UTC) as microseconds since 1970, or nil when it is not one.
    package static func epochMicroseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += digits
            return value
        }
        func skip(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2), skip("Tt "),
              let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        var micro: Int64 = 0
        if skip(".,") {
            var scale: Int64 = 100_000
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                micro += Int64(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var zone: Int64 = 0
        if skip("Zz") {
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign: Int64 = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let zoneHours = number(2) else { return nil }
            _ = skip(":")
            guard let zoneMinutes = number(2) else { return nil }
            zone = sign * (zoneHours * 3600 + zoneMinutes * 60)
        }
        guard index == bytes.count else { return nil }
        // Days since 1970-01-01 of the proleptic Gregorian date (H. Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days * 86_400 + hour * 3600 + minute * 60 + second) - zone) * 1_000_000 + micro
    }

    /// Seconds as the database's integer microseconds.
    static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// Shortest round-trip text; JSON has no infinities, so those become 0 (counters must be numbers).
    static func number(_ value: Double) -> String { value.isFinite ? formatNumber(value) : "0" }
}
