internal import BarModel
internal import TextTools

/// A sequence of gestures written as text, one per line (`navrec simulate --script FILE`).
///
/// ```
/// # comments start with '#'; blank lines are ignored
/// drag to=120 duration=0.8      # to: offset in points; duration: seconds
/// wait 0.5                      # or: wait seconds=0.5
/// fling velocity=1500 rate=fast # rate: normal (0.998), fast (0.99) or a factor per ms
/// bounce pull=150 duration=0.5
/// hover at=84 hold=2            # at defaults to the behaviours' threshold
/// zigzag amplitude=25 legs=8 leg=0.25
/// tap title                     # content (default), title or bar; or: tap target=title
/// top duration=0.3              # a status-bar tap: scroll to the top
/// scroll to=600 duration=0.3    # a programmatic scroll
/// refresh pull=250 hold=1.5     # pull to refresh: spring to the spinner's hold, then back
/// pop reach=0.4 duration=0.35   # an interactive pop; reach < 0.5 cancels it (appear event)
/// push duration=0.35 to=0       # a push; the session ends (so does a pop that completes)
/// ```
/// Each line is a gesture name followed by `key=value` parameters in any order; omitted ones take
/// ``Gesture``'s defaults. `wait` and `tap` also take their one parameter bare.
public struct SimulationScript: Sendable, Hashable, CustomStringConvertible {
    /// The gestures in order.
    public var steps: [Gesture]

    /// A script of `steps`.
    public init(steps: [Gesture]) {
        self.steps = steps
    }

    /// Parses script text; throws a ``SimulationError`` naming the 1-based line of the first
    /// problem (unknown gesture or parameter, with a "did you mean" hint; a bad value), or saying
    /// the script has no steps.
    public init(parsing text: String) throws(SimulationError) {
        var steps: [Gesture] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let name = words.first else { continue }
            steps.append(try Self.gesture(name, Array(words.dropFirst()), line: lineNumber))
        }
        if steps.isEmpty { throw SimulationError("the script has no gestures; known: \(Gesture.names.joined(separator: ", "))") }
        self.steps = steps
    }

    /// The script as text that parses back to the same steps.
    public var description: String {
        steps.map(\.scriptLine).joined(separator: "\n") + "\n"
    }

    private static func gesture(_ name: String, _ words: [String], line: Int) throws(SimulationError) -> Gesture {
        let keys: [String]
        let bareKey: String?
        switch name {
        case "drag": (keys, bareKey) = (["to", "duration"], nil)
        case "fling": (keys, bareKey) = (["velocity", "rate"], nil)
        case "bounce": (keys, bareKey) = (["pull", "duration"], nil)
        case "hover": (keys, bareKey) = (["at", "hold"], nil)
        case "zigzag": (keys, bareKey) = (["amplitude", "legs", "leg"], nil)
        case "tap": (keys, bareKey) = (["target"], "target")
        case "wait": (keys, bareKey) = (["seconds"], "seconds")
        case "top": (keys, bareKey) = (["duration"], nil)
        case "scroll": (keys, bareKey) = (["to", "duration"], nil)
        case "refresh": (keys, bareKey) = (["pull", "hold"], nil)
        case "push": (keys, bareKey) = (["duration", "to"], nil)
        case "pop": (keys, bareKey) = (["reach", "duration", "to"], nil)
        default:
            throw SimulationError("unknown gesture '\(name)'; known: \(Gesture.names.joined(separator: ", "))"
                + didYouMean(name, in: Gesture.names), line: line)
        }
        var values: [String: String] = [:]
        for word in words {
            let key: String
            let value: String
            if let equals = word.firstIndex(of: "=") {
                key = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            } else if let bareKey, values[bareKey] == nil {
                (key, value) = (bareKey, word)
            } else {
                throw SimulationError("expected KEY=VALUE after '\(name)', got '\(word)'; keys: \(keys.joined(separator: ", "))", line: line)
            }
            guard keys.contains(key) else {
                throw SimulationError("unknown parameter '\(key)' for \(name); known: \(keys.joined(separator: ", "))"
                    + didYouMean(key, in: keys), line: line)
            }
            guard values[key] == nil else { throw SimulationError("'\(key)' given twice", line: line) }
            values[key] = value
        }
        let reader = ValueReader(gesture: name, values: values, line: line)
        switch name {
        case "drag":
            return .drag(to: try reader.number("to", default: 150), duration: try reader.number("duration", default: 1, above: 0))
        case "fling":
            return .fling(velocity: try reader.number("velocity", default: 1500), rate: try reader.rate())
        case "bounce":
            return .bounce(pull: try reader.number("pull", default: 150, above: 0), duration: try reader.number("duration", default: 0.5, above: 0))
        case "hover":
            return .hover(at: try reader.optionalNumber("at"), hold: try reader.number("hold", default: 2, atLeast: 0))
        case "zigzag":
            let legs = try reader.number("legs", default: 8, above: 0)
            guard legs == legs.rounded(), legs <= 10_000 else {
                throw SimulationError("zigzag legs must be a whole number from 1 to 10000, got '\(values["legs"] ?? "")'", line: line)
            }
            return .zigzag(amplitude: try reader.number("amplitude", default: 25, above: 0), legs: Int(legs),
                           legDuration: try reader.number("leg", default: 0.25, above: 0))
        case "tap":
            guard let text = values["target"] else { return .tap() }
            guard let target = ScrollEvent.Target(rawValue: text) else {
                let known = ScrollEvent.Target.allCases.map(\.rawValue)
                throw SimulationError("unknown tap target '\(text)'; known: \(known.joined(separator: ", "))"
                    + didYouMean(text, in: known), line: line)
            }
            return .tap(target)
        case "top":
            return .top(duration: try reader.number("duration", default: 0.3, above: 0))
        case "scroll":
            return .scroll(to: try reader.number("to", default: 600, atLeast: 0), duration: try reader.number("duration", default: 0.3, above: 0))
        case "refresh":
            return .refresh(pull: try reader.number("pull", default: 250, above: 0), hold: try reader.number("hold", default: 1.5, atLeast: 0))
        case "push":
            return .push(duration: try reader.number("duration", default: 0.35, above: 0), to: try reader.number("to", default: 0, atLeast: 0))
        case "pop":
            let reach = try reader.number("reach", default: 1, above: 0)
            guard reach <= 1 else { throw SimulationError("pop reach must be at most 1, got \(formatNumber(reach))", line: line) }
            return .pop(reach: reach, duration: try reader.number("duration", default: 0.35, above: 0),
                        to: try reader.number("to", default: 0, atLeast: 0))
        default:
            return .wait(try reader.number("seconds", default: 1, atLeast: 0))
        }
    }
}

/// Reads and range-checks one script line's values.
private struct ValueReader {
    let gesture: String
    let values: [String: String]
    let line: Int

    func optionalNumber(_ key: String) throws(SimulationError) -> Double? {
        guard let text = values[key] else { return nil }
        guard let number = Double(text), number.isFinite, abs(number) <= 1e7 else {
            throw SimulationError("\(gesture) \(key) must be a number, got '\(text)'", line: line)
        }
        return number
    }

    func number(_ key: String, default value: Double, above: Double? = nil, atLeast: Double? = nil) throws(SimulationError) -> Double {
        guard let number = try optionalNumber(key) else { return value }
        if let above, number <= above {
            throw SimulationError("\(gesture) \(key) must be greater than \(formatNumber(above)), got \(formatNumber(number))", line: line)
        }
        if let atLeast, number < atLeast {
            throw SimulationError("\(gesture) \(key) must be at least \(formatNumber(atLeast)), got \(formatNumber(number))", line: line)
        }
        return number
    }

    func rate() throws(SimulationError) -> DecelerationRate {
        switch values["rate"] {
        case nil, "normal": return .normal
        case "fast": return .fast
        case let text?:
            guard let number = Double(text), number > 0, number < 1 else {
                throw SimulationError("fling rate must be normal, fast or a factor per millisecond in 0 < rate < 1, got '\(text)'", line: line)
            }
            return DecelerationRate(perMillisecond: number)
        }
    }
}
