import BarModel

/// What one NDJSON line holds, before the reader checks it against the session so far.
enum NDJSONLine {
    /// Only whitespace.
    case blank
    /// A session header (its `line` is set by the reader).
    indirect case header(SessionHeader, ignoredKeys: Int)
    /// A sample, left in ``JSONScanner/sample`` and ``JSONScanner/observed`` (large values are
    /// not copied through return values on the hot path); `tOffset` is where its `t` starts.
    case sample(tOffset: Int, ignoredKeys: Int)
    /// An event.
    case event(ScrollEvent, tOffset: Int, ignoredKeys: Int)
}

/// A parsed session header, held by reference while the rest of its line is read.
private final class HeaderBox {
    let value: SessionHeader
    init(_ value: SessionHeader) { self.value = value }
}

/// Keys a top-level line object may have, as bits for duplicate detection.
private enum TopKey: UInt16 {
    case t = 1, y = 2, phase = 4, vy = 8, bar = 16, event = 32, target = 64, navrec = 128, session = 256
    case frameDuration = 512, samples = 1024
    case unknown = 0

    @inline(__always)
    init(_ key: UnsafeBufferPointer<UInt8>) {
        switch key.count {
        case 1:
            let byte = key[0]
            self = byte == UInt8(ascii: "t") ? .t : byte == UInt8(ascii: "y") ? .y : .unknown
        case 2: self = bytesEqual(key, "vy") ? .vy : .unknown
        case 3: self = bytesEqual(key, "bar") ? .bar : .unknown
        case 5: self = bytesEqual(key, "phase") ? .phase : bytesEqual(key, "event") ? .event : .unknown
        case 6: self = bytesEqual(key, "target") ? .target : bytesEqual(key, "navrec") ? .navrec : .unknown
        case 7: self = bytesEqual(key, "session") ? .session : bytesEqual(key, "samples") ? .samples : .unknown
        case 13: self = bytesEqual(key, "frameDuration") ? .frameDuration : .unknown
        default: self = .unknown
        }
    }

    var name: String {
        switch self {
        case .t: "t"
        case .y: "y"
        case .phase: "phase"
        case .vy: "vy"
        case .bar: "bar"
        case .event: "event"
        case .target: "target"
        case .navrec: "navrec"
        case .session: "session"
        case .frameDuration: "frameDuration"
        case .samples: "samples"
        case .unknown: "?"
        }
    }
}

/// The largest `t` (seconds) and `|y|` (points) accepted: anything beyond is a broken recorder.
let maximumTime = 1e7
let maximumOffset = 1e7
/// What to do about a `t` beyond ``maximumTime``: such values come from clocks that do not count
/// from the session start (the Unix epoch, a long uptime), so say how to make them count from it.
let tooLargeTimeHint =
    "; t counts seconds from the session start: subtract the session's first timestamp (e.g. the CACurrentMediaTime() or Date() taken when the screen appeared) from every t"
/// The longest `frameDuration` (seconds) accepted: no display refreshes less than once a second.
let maximumFrameDuration = 1.0

extension JSONScanner {
    /// Parses one NDJSON line (set with ``reset(_:)``): a header, a sample or an event. A sample
    /// with nothing ignored becomes ``skeleton``, for ``parseLearnedSample()`` to read the lines
    /// of its shape after it.
    mutating func parseRecordLine() throws(ScanError) -> NDJSONLine {
        // Here rather than in `reset`: the skeleton path never needs it.
        keys.reset()
        observedMatchesSkeleton = false
        skeleton.heldBarLength = 0
        skeleton.beginLearning()
        skipWhitespace()
        if atEnd { return .blank }
        guard base[index] == UInt8(ascii: "{") else {
            throw unexpected(expected: "a JSON object ('{')")
        }
        let objectOffset = index
        var seen: UInt16 = 0
        var t = 0.0
        var tOffset = 0
        var y = 0.0
        var phase: ScrollPhase?
        var vy: Double?
        var frameDuration: Double?
        var lifecycle: ScrollEvent.Kind?
        var eventOffset = 0
        var droppedSamples = 0
        hasObserved = false
        var target = ScrollEvent.Target.content
        var version = 0
        // Boxed: a ~360-byte optional header local was copied between the loop's blocks on every
        // line, ten times a sample line; the box is one pointer.
        var header: HeaderBox?
        var ignoredKeys = 0
        if try !beginObject() {
            keys.push()
            while true {
                let (key, keyOffset) = try parseKey()
                let which = TopKey(key)
                if which != .unknown {
                    if seen & which.rawValue != 0 { throw ScanError(keyOffset, "duplicate key '\(which.name)'") }
                    seen |= which.rawValue
                }
                let valueOffset = index
                switch which {
                case .t:
                    tOffset = valueOffset
                    t = try numberValue("t")
                    if t < 0 {
                        throw ScanError(valueOffset, "'t' must not be negative (seconds since the session start), found \(formatNumber(t))")
                    }
                    if t > maximumTime {
                        throw ScanError(valueOffset, "'t' is out of range: at most 1e7 seconds, found \(formatNumber(t))\(tooLargeTimeHint)")
                    }
                    skeleton.record(.t, start: valueOffset, end: index)
                case .y:
                    y = try numberValue("y")
                    if abs(y) > maximumOffset {
                        throw ScanError(valueOffset, "'y' is out of range: |y| must be at most 1e7 points, found \(formatNumber(y))")
                    }
                    skeleton.record(.y, start: valueOffset, end: index)
                case .phase:
                    phase = try phaseValue()
                    skeleton.record(.phase, start: valueOffset, end: index)
                case .vy:
                    vy = try optionalNumberValue("vy")
                    skeleton.record(.vy, start: valueOffset, end: index)
                case .frameDuration:
                    frameDuration = try optionalNumberValue("frameDuration")
                    if let duration = frameDuration, !(duration > 0 && duration <= maximumFrameDuration) {
                        throw ScanError(
                            valueOffset,
                            "'frameDuration' must be a positive number of seconds up to 1 (CADisplayLink targetTimestamp − timestamp), found \(formatNumber(duration))")
                    }
                    skeleton.record(.frameDuration, start: valueOffset, end: index)
                case .bar:
                    if current == UInt8(ascii: "n"), consume("null") { break }
                    try parseObservedBar(ignoredKeys: &ignoredKeys)
                    hasObserved = true
                case .event:
                    eventOffset = valueOffset
                    lifecycle = try eventValue()
                case .target:
                    target = try targetValue()
                case .samples:
                    let count = try numberValue("samples")
                    guard count >= 1, count <= 1e9, count == count.rounded() else {
                        throw ScanError(valueOffset, "'samples' must be a whole number of frames, at least 1, found \(formatNumber(count))")
                    }
                    droppedSamples = Int(count)
                case .navrec:
                    let number = try numberValue("navrec")
                    guard number == number.rounded(.towardZero), let known = SessionHeader.supportedVersions.first(where: { Double($0) == number }) else {
                        throw ScanError(
                            valueOffset,
                            "unsupported navrec format version \(formatNumber(number)); this navrec reads version \(SessionHeader.supportedVersions.map(String.init).joined(separator: ", "))")
                    }
                    version = known
                case .session:
                    header = HeaderBox(try sessionValue(ignoredKeys: &ignoredKeys))
                case .unknown:
                    try trackKey(key, offset: keyOffset)
                    try skipValue(depth: 1)
                    ignoredKeys += 1
                }
                if try endOfMember() { break }
            }
            keys.pop()
        }
        skipWhitespace()
        guard atEnd else { throw ScanError(index, "invalid JSON: unexpected text after the object") }

        let sampleKeys = TopKey.t.rawValue | TopKey.y.rawValue | TopKey.phase.rawValue | TopKey.vy.rawValue | TopKey.bar.rawValue
            | TopKey.frameDuration.rawValue
        if seen & TopKey.navrec.rawValue != 0 {
            guard var header = header?.value else {
                throw ScanError(objectOffset, "missing 'session' in the header line (an object with at least 'behaviors')")
            }
            header.formatVersion = version
            let extra = seen & (sampleKeys | TopKey.event.rawValue | TopKey.target.rawValue | TopKey.samples.rawValue)
            return .header(header, ignoredKeys: ignoredKeys + extra.nonzeroBitCount)
        }
        if seen & TopKey.session.rawValue != 0 {
            throw ScanError(objectOffset, "a header line needs 'navrec' (the format version, 1)")
        }
        guard seen & TopKey.t.rawValue != 0 else {
            throw ScanError(objectOffset, "missing required key 't' (seconds since the session start)")
        }
        if seen & TopKey.event.rawValue != 0 {
            if var lifecycle {
                guard seen & TopKey.target.rawValue == 0 else {
                    throw ScanError(eventOffset, "a '\(lifecycle.name)' event has no 'target' (only taps do)")
                }
                if case .dropped = lifecycle {
                    guard seen & TopKey.samples.rawValue != 0 else {
                        throw ScanError(objectOffset, "missing required key 'samples' (frames the recorder dropped) in the 'dropped' event")
                    }
                    lifecycle = .dropped(samples: droppedSamples)
                } else if seen & TopKey.samples.rawValue != 0 {
                    throw ScanError(eventOffset, "a '\(lifecycle.name)' event has no 'samples' (only 'dropped' events do)")
                }
                let extra = seen & (sampleKeys & ~TopKey.t.rawValue)
                return .event(ScrollEvent(t: t, kind: lifecycle), tOffset: tOffset, ignoredKeys: ignoredKeys + extra.nonzeroBitCount)
            }
            guard seen & TopKey.target.rawValue != 0 else {
                throw ScanError(objectOffset, "missing required key 'target' (content, title or bar) in the event")
            }
            let extra = seen & ((sampleKeys & ~TopKey.t.rawValue) | TopKey.samples.rawValue)
            return .event(ScrollEvent(t: t, target: target), tOffset: tOffset, ignoredKeys: ignoredKeys + extra.nonzeroBitCount)
        }
        guard seen & TopKey.y.rawValue != 0 else {
            throw ScanError(objectOffset, "missing required key 'y' (scroll position in points)")
        }
        let extra = seen & (TopKey.target.rawValue | TopKey.samples.rawValue)
        sample = ScrollSample(t: t, y: y, phase: phase, vy: vy, frameDuration: frameDuration)
        ignoredKeys += extra.nonzeroBitCount
        // A bar was reset and then filled with the skeleton's fields only.
        if ignoredKeys == 0, skeleton.finishLearning(base, count: end, hasBar: hasObserved) { observedMatchesSkeleton = hasObserved }
        return .sample(tOffset: tOffset, ignoredKeys: ignoredKeys)
    }

    /// Parses the header's `session` object at nesting level 2.
    private mutating func sessionValue(ignoredKeys: inout Int) throws(ScanError) -> SessionHeader {
        guard current == UInt8(ascii: "{"), !atEnd else {
            throw ScanError(index, "'session' must be an object, found \(valueKind)")
        }
        let sessionOffset = index
        var header = SessionHeader(behaviors: BehaviorSet())
        var behaviors: BehaviorSet?
        if try !beginObject() {
            keys.push()
            defer { keys.pop() }
            while true {
                let (key, keyOffset) = try parseFreeKey()
                let name = String(decoding: key, as: UTF8.self)
                switch name {
                case "id": header.id = try optionalStringValue("session.id")
                case "app": header.app = try optionalStringValue("session.app")
                case "screen": header.screen = try optionalStringValue("session.screen")
                case "device": header.device = try optionalStringValue("session.device")
                case "os": header.os = try optionalStringValue("session.os")
                case "startedAt": header.startedAt = try optionalStringValue("session.startedAt")
                case "appVersion": header.appVersion = try optionalStringValue("session.appVersion")
                case "build": header.build = try optionalStringValue("session.build")
                case "scale":
                    let valueOffset = index
                    header.screenScale = try optionalNumberValue("session.scale")
                    if let scale = header.screenScale, !(scale >= 1 && scale <= 4) {
                        throw ScanError(valueOffset, "'session.scale' must be the screen's pixels per point (UIScreen.scale: 1, 2 or 3), found \(formatNumber(scale))")
                    }
                case "fps":
                    let valueOffset = index
                    header.fps = try optionalNumberValue("session.fps")
                    if let fps = header.fps, fps <= 0 {
                        throw ScanError(valueOffset, "'session.fps' must be a positive number of frames per second, found \(formatNumber(fps))")
                    }
                case "behaviors":
                    behaviors = try behaviorsValue(keyOffset: keyOffset)
                case "recorder":
                    header.recorder = try recorderValue(ignoredKeys: &ignoredKeys)
                default:
                    try skipValue(depth: 2)
                    ignoredKeys += 1
                }
                if try endOfMember() { break }
            }
        }
        guard let behaviors else {
            throw ScanError(sessionOffset, "missing 'session.behaviors' (an object of behaviour names, e.g. {\"largeTitle\":{}})")
        }
        header.behaviors = behaviors
        return header
    }

    /// Parses `session.recorder` at nesting level 3: what the recorder declares it writes
    /// (``RecorderPolicy``). A value it does not know is an error (never a silent default); an
    /// unknown key is skipped and counted.
    private mutating func recorderValue(ignoredKeys: inout Int) throws(ScanError) -> RecorderPolicy {
        if current == UInt8(ascii: "n"), consume("null") { return RecorderPolicy() }
        guard current == UInt8(ascii: "{"), !atEnd else {
            throw ScanError(index, "'session.recorder' must be an object ({\"moving\":…,\"atRest\":…}), found \(valueKind)")
        }
        try checkDepth(3)
        var policy = RecorderPolicy()
        if try !beginObject() {
            keys.push()
            defer { keys.pop() }
            while true {
                let (key, _) = try parseFreeKey()
                let name = String(decoding: key, as: UTF8.self)
                let valueOffset = index
                switch name {
                case "moving":
                    guard let text = try optionalStringValue("session.recorder.moving") else { break }
                    guard let value = RecorderPolicy.Moving(rawValue: text) else {
                        throw ScanError(valueOffset, "unknown 'session.recorder.moving' '\(text)'; expected \(RecorderPolicy.Moving.allCases.map(\.rawValue).joined(separator: " or "))")
                    }
                    policy.moving = value
                case "atRest":
                    guard let text = try optionalStringValue("session.recorder.atRest") else { break }
                    guard let value = RecorderPolicy.AtRest(rawValue: text) else {
                        throw ScanError(valueOffset, "unknown 'session.recorder.atRest' '\(text)'; expected \(RecorderPolicy.AtRest.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    policy.atRest = value
                default:
                    try skipValue(depth: 3)
                    ignoredKeys += 1
                }
                if try endOfMember() { break }
            }
        }
        return policy
    }

    /// Parses and validates `session.behaviors` at nesting level 3; errors point at the key (or
    /// value) they are about.
    private mutating func behaviorsValue(keyOffset: Int) throws(ScanError) -> BehaviorSet {
        guard current == UInt8(ascii: "{"), !atEnd else {
            throw ScanError(index, "'session.behaviors' must be an object of behaviour names, found \(valueKind)")
        }
        try checkDepth(3)
        var set = BehaviorSet()
        if try !beginObject() {
            keys.push()
            defer { keys.pop() }
            while true {
                let (key, behaviorOffset) = try parseFreeKey()
                let behavior = String(decoding: key, as: UTF8.self)
                do {
                    try set.add(behavior)
                } catch {
                    throw ScanError(behaviorOffset, error.description)
                }
                guard current == UInt8(ascii: "{"), !atEnd else {
                    throw ScanError(index, "'session.behaviors.\(behavior)' must be an object of parameter overrides ({} for the defaults), found \(valueKind)")
                }
                try checkDepth(4)
                if try !beginObject() {
                    keys.push()
                    defer { keys.pop() }
                    while true {
                        let (parameterKey, parameterOffset) = try parseFreeKey()
                        let parameter = String(decoding: parameterKey, as: UTF8.self)
                        let valueOffset = index
                        let value = try parameterValue(behavior: behavior, parameter: parameter)
                        do {
                            try set.set(behavior, parameter, to: value)
                        } catch {
                            if case .invalidValue = error { throw ScanError(valueOffset, error.description) }
                            throw ScanError(parameterOffset, error.description)
                        }
                        if try endOfMember() { break }
                    }
                }
                if try endOfMember() { break }
            }
        }
        do {
            try set.validate()
        } catch {
            throw ScanError(keyOffset, error.description)
        }
        return set
    }
}
