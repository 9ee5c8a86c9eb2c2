internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Recording
internal import Simulation
internal import TextTools

/// `navrec simulate`: writes NDJSON sessions from the scroll-physics simulator.
struct SimulateCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "simulate",
        abstract: "Write a simulated scroll session as NDJSON (try a bar before shipping it).",
        arguments: "",
        options: [
            .value("behavior", "NAME", "A behaviour the screen uses (at least one).", repeatable: true),
            .value("param", "NAME.KEY=VALUE", "A behaviour parameter.", repeatable: true),
            .value("gesture", "NAME", "drag, fling, bounce, hover, zigzag, tap, wait, top or scroll (default: drag).", repeatable: true),
            .value("script", "FILE", "A gesture script: one gesture per line (see Docs/commands.md)."),
            .value("duration", "S", "Seconds to fill by repeating the gestures (default: play them once)."),
            .value("fps", "N", "Frames per second, 60 or 120 (default: 60)."),
            .value("seed", "N", "Random seed; the same seed gives the same bytes (default: 1)."),
            .flag("observed", "Also write the bar states an app would report."),
            .value("fault", "NAME[=VALUE]",
                   "Inject an app bug into the observed states: titleEarly, heightJitter, droppedFrames, flicker, noTitle.",
                   repeatable: true),
            .choice("recorder", RecorderStyle.self,
                    "How the app records: frames (default), display-link (adds frameDuration), scroll-callbacks (only when the offset changes) or library (as the Recording library's ScrollRecorder writes it)."),
            .choice("refresh", RefreshMode.self, "fixed (default) or adaptive (ProMotion: slow motion at 2/3, 1/2 or 1/3 of --fps)."),
            .value("touch-noise", "PT", "Uniform noise on y while dragging, ± points."),
            .value("timestamp-noise", "MS", "Uniform noise on t, ± milliseconds (t never decreases)."),
            .value("duplicates", "FRACTION", "Fraction of moving samples followed by a second callback in the same frame."),
            .value("background", "AT=SECONDS", "Go to the background at AT seconds for SECONDS (lifecycle events, nothing between)."),
            .value("clock-offset", "SECONDS", "Add SECONDS to every t, like a recorder writing CACurrentMediaTime() (e.g. 100000)."),
            .value("session-id", "ID", "The session's id (default: derived from the content)."),
            .value("app", "NAME", "The header's app name (e.g. for a simulated fleet)."),
            .value("screen", "NAME", "The header's screen name."),
            .value("device", "MODEL", "The header's device model (e.g. iPhone16,1)."),
            .value("os", "VERSION", "The header's OS (e.g. 'iOS 18.1')."),
            .value("started-at", "ISO8601", "The header's session start time."),
            .value("scale", "N", "The header's screen scale, pixels per point (UIScreen.scale: 1, 2 or 3)."),
            .value("app-version", "VERSION", "The header's app version (e.g. 5.12)."),
            .value("build", "BUILD", "The header's app build (e.g. 513)."),
            .value("output", "FILE", "Write to FILE instead of standard output."),
        ],
        discussion: """
            EXAMPLES:
              navrec simulate --behavior blurHeader --gesture hover | navrec import -
              navrec simulate --behavior largeTitle --behavior avatar --gesture fling --fps 120 --duration 10
              navrec simulate --behavior hideOnSwipe --gesture zigzag --observed --fault droppedFrames=0.1
              navrec simulate --behavior customTitle --script scroll.txt --output session.ndjson
              navrec simulate --behavior largeTitle --gesture fling --fps 120 --refresh adaptive --recorder display-link
              navrec simulate --behavior blurHeader --script bursts.txt --recorder scroll-callbacks --background 3=30
            """)

    let context: CommandContext
    let configuration: SimulationConfiguration
    let recorder: RecorderOptions
    let sessionID: String?
    /// The header's metadata: app, screen, device, OS, start time.
    let metadata: SessionMetadata
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
                throw CommandError(.noInput, "\(path): no such script file")
            }
            do {
                gestures = try SimulationScript(parsing: String(decoding: data, as: UTF8.self)).steps
            } catch {
                throw CommandError(.dataError, error.message, at: error.line.map { "\(path):\($0):1" } ?? path)
            }
        }
        if gestures.isEmpty { gestures = [Gesture(name: "drag")!] }

        func number(_ name: String, zero: Bool = false) throws(UsageError) -> Double? {
            guard let text = arguments.value(name) else { return nil }
            guard let value = Double(text), value.isFinite, value > 0 || (zero && value == 0) else {
                throw UsageError("--\(name) takes a \(zero ? "non-negative" : "positive") number, not '\(text)'", command: command)
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

        var recorder = RecorderOptions()
        recorder.style = try arguments.choice("recorder", default: recorder.style, command: command)
        recorder.refresh = try arguments.choice("refresh", default: recorder.refresh, command: command)
        recorder.touchNoise = try number("touch-noise", zero: true) ?? 0
        recorder.timestampNoise = (try number("timestamp-noise", zero: true) ?? 0) / 1000
        recorder.duplicates = try number("duplicates", zero: true) ?? 0
        recorder.clockOffset = try number("clock-offset", zero: true) ?? 0
        if let text = arguments.value("background") {
            let parts = text.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let at = Double(parts[0]), let seconds = Double(parts[1]) else {
                throw UsageError("--background takes AT=SECONDS (e.g. 3=30), not '\(text)'", command: command)
            }
            recorder.background = (at, seconds)
        }
        do { try recorder.validate(fps: fps) } catch { throw UsageError(error.description, command: command) }
        self.recorder = recorder
        sessionID = arguments.value("session-id")
        var screenScale: Double?
        if let text = arguments.value("scale") {
            guard let value = Double(text), value >= 1, value <= 4 else {
                throw UsageError("--scale takes the screen's pixels per point (1, 2 or 3), not '\(text)'", command: command)
            }
            screenScale = value
        }
        metadata = SessionMetadata(
            app: arguments.value("app"), screen: arguments.value("screen"), device: arguments.value("device"),
            os: arguments.value("os"), startedAt: arguments.value("started-at"), screenScale: screenScale,
            appVersion: arguments.value("app-version"), build: arguments.value("build"))
        outputPath = arguments.value("output")
    }

    func run() throws -> ExitCode {
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        try SimulatedRecording(configuration, recorder: recorder).write(id: sessionID, metadata: metadata, to: output)
        try output.finish()
        return .success
    }
}
