internal import BarModel
internal import Foundation
internal import Recording

/// `navrec simulate`: writes NDJSON sessions from the scroll-physics simulator.
struct SimulateCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "simulate",
        abstract: "Write a simulated scroll session as NDJSON (try a bar before shipping it).",
        arguments: "",
        options: [
            .value("behavior", "NAME", "A behaviour the screen uses (at least one).", repeatable: true),
            .value("param", "NAME.KEY=VALUE", "A behaviour parameter.", repeatable: true),
            .value("gesture", "NAME", "drag, fling, bounce, hover, zigzag, tap or wait (default: drag).", repeatable: true),
            .value("script", "FILE", "A gesture script: one gesture per line (see README)."),
            .value("duration", "S", "Seconds to fill by repeating the gestures (default: play them once)."),
            .value("fps", "N", "Frames per second, 60 or 120 (default: 60)."),
            .value("seed", "N", "Random seed; the same seed gives the same bytes (default: 1)."),
            .flag("observed", "Also write the bar states an app would report."),
            .value("fault", "NAME[=VALUE]",
                   "Inject an app bug into the observed states: titleEarly, heightJitter, droppedFrames, flicker, noTitle.",
                   repeatable: true),
            .value("session-id", "ID", "The session's id (default: derived from the content)."),
            .value("app", "NAME", "The header's app name (e.g. for a simulated fleet)."),
            .value("screen", "NAME", "The header's screen name."),
            .value("device", "MODEL", "The header's device model (e.g. iPhone16,1)."),
            .value("os", "VERSION", "The header's OS (e.g. 'iOS 18.1')."),
            .value("started-at", "ISO8601", "The header's session start time."),
            .value("output", "FILE", "Write to FILE instead of standard output."),
        ],
        discussion: """
            EXAMPLES:
              navrec simulate --behavior blurHeader --gesture hover | navrec import -
              navrec simulate --behavior largeTitle --behavior avatar --gesture fling --fps 120 --duration 10
              navrec simulate --behavior hideOnSwipe --gesture zigzag --observed --fault droppedFrames=0.1
              navrec simulate --behavior customTitle --script scroll.txt --output session.ndjson
            """)

    let context: CommandContext
    let configuration: SimulationConfiguration
    let sessionID: String?
    /// The header's metadata: app, screen, device, OS, start time.
    let metadata: (app: String?, screen: String?, device: String?, os: String?, startedAt: String?)
    let outputPath: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        let command = Self.spec.name
        let names = arguments.all("behavior")
        guard !names.isEmpty else { throw UsageError("missing --behavior NAME (e.g. --behavior blurHeader)", command: command) }
        let behaviors = try RecordingInputs.behaviors(names: names, parameters: arguments.all("param"), command: command)

        var gestures: [Gesture] = []
        for name in arguments.all("gesture") {
            guard let gesture = Gesture(name: name) else {
                var message = "unknown gesture '\(name)'; known: \(Gesture.names.joined(separator: ", "))"
                if let hint = closestName(to: name, in: Gesture.names) { message += " (did you mean '\(hint)'?)" }
                throw UsageError(message, command: command)
            }
            gestures.append(gesture)
        }
        if let path = arguments.value("script") {
            guard gestures.isEmpty else { throw UsageError("use --gesture or --script, not both", command: command) }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandError(.noInput, "error: \(path): no such script file")
            }
            do {
                gestures = try SimulationScript(parsing: String(decoding: data, as: UTF8.self)).steps
            } catch {
                let location = error.line.map { "\(path):\($0):1: " } ?? "\(path): "
                throw CommandError(.dataError, location + "error: " + error.message)
            }
        }
        if gestures.isEmpty { gestures = [Gesture(name: "drag")!] }

        func number(_ name: String) throws(UsageError) -> Double? {
            guard let text = arguments.value(name) else { return nil }
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError("--\(name) takes a positive number, not '\(text)'", command: command)
            }
            return value
        }
        let duration = try number("duration")
        var fps = 60
        if let text = arguments.value("fps") {
            guard let value = Int(text), (1...240).contains(value) else {
                throw UsageError("--fps takes a frame rate such as 60 or 120, not '\(text)'", command: command)
            }
            fps = value
        }
        var seed: UInt64 = 1
        if let text = arguments.value("seed") {
            guard let value = UInt64(text) else { throw UsageError("--seed takes a whole number, not '\(text)'", command: command) }
            seed = value
        }
        var faults: [Fault] = []
        for argument in arguments.all("fault") {
            do { faults.append(try Fault(argument: argument)) } catch { throw UsageError(error.description, command: command) }
        }
        let observed = arguments.has("observed") || !faults.isEmpty
        configuration = SimulationConfiguration(
            behaviors: behaviors, gestures: gestures, duration: duration, fps: fps, seed: seed, observed: observed,
            faults: faults)
        do { try configuration.validate() } catch { throw UsageError(error.description, command: command) }
        sessionID = arguments.value("session-id")
        metadata = (arguments.value("app"), arguments.value("screen"), arguments.value("device"), arguments.value("os"),
                    arguments.value("started-at"))
        outputPath = arguments.value("output")
    }

    func run() throws -> ExitCode {
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        try Self.write(
            configuration, id: sessionID, app: metadata.app, screen: metadata.screen, device: metadata.device,
            os: metadata.os, startedAt: metadata.startedAt, to: output)
        output.flush()
        return .success
    }

    /// Writes one simulated session as NDJSON to `output`.
    static func write(
        _ configuration: SimulationConfiguration, id: String?, app: String? = nil, screen: String? = nil,
        device: String? = nil, os: String? = nil, startedAt: String? = nil, to output: Output
    ) throws {
        let writer = RecordingWriter { output.write($0) }
        try writer.writeHeader(SessionHeader(
            id: id, app: app, screen: screen, device: device, os: os, fps: Double(configuration.fps),
            startedAt: startedAt, behaviors: configuration.behaviors))
        for item in try Simulator(configuration) {
            switch item {
            case .sample(let sample, let observed): try writer.writeSample(sample, observed: observed)
            case .event(let event): try writer.writeEvent(event)
            }
        }
        try writer.flush()
    }
}
