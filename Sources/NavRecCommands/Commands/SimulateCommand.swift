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
            RecordingOptions.behavior.help("A behaviour the screen uses (at least one).").spec,
            RecordingOptions.parameter.help("A behaviour parameter.").spec,
            Options.gesture.spec,
            Options.script.spec,
            Options.duration.spec,
            Options.fps.spec,
            Options.seed.spec,
            Options.observed.spec,
            Options.fault.spec,
            Options.recorder.spec,
            Options.idleFrames.spec,
            Options.recorderPolicy.spec,
            Options.refresh.spec,
            Options.touchNoise.spec,
            Options.timestampNoise.spec,
            Options.duplicates.spec,
            Options.background.spec,
            Options.clockOffset.spec,
            RecordingOptions.sessionID.help("The session's id (default: derived from the content).").spec,
            Options.app.spec,
            Options.screen.spec,
            Options.device.spec,
            Options.os.spec,
            Options.startedAt.spec,
            Options.scale.spec,
            Options.appVersion.spec,
            Options.build.spec,
            OutputOptions.output.spec,
        ],
        discussion: """
            EXAMPLES:
              navrec simulate --behavior blurHeader --gesture hover | navrec import -
              navrec simulate --behavior largeTitle --behavior avatar --gesture fling --fps 120 --duration 10
              navrec simulate --behavior hideOnSwipe --gesture zigzag --observed --fault droppedFrames=0.1
              navrec simulate --behavior customTitle --script scroll.txt --output session.ndjson
              navrec simulate --behavior largeTitle --gesture fling --fps 120 --refresh adaptive --recorder display-link
              navrec simulate --behavior blurHeader --script bursts.txt --recorder scroll-callbacks --background 3=30
              navrec simulate --behavior largeTitle --gesture fling --gesture pop --observed --recorder library
              navrec simulate --behavior largeTitle --script taps.txt --recorder library --idle-frames --fault touchDownFreeze
            """)

    let context: CommandContext
    let configuration: SimulationConfiguration
    let recorder: RecorderOptions
    let declaresPolicy: Bool
    let sessionID: String?
    /// The header's metadata: app, screen, device, OS, start time.
    let metadata: SessionMetadata
    let outputPath: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        let command = Self.spec.name
        let names = arguments.all(RecordingOptions.behavior)
        guard !names.isEmpty else { throw UsageError("missing --behavior NAME (e.g. --behavior blurHeader)", command: command) }
        let behaviors = try RecordingInputs.behaviors(names: names, parameters: arguments.all(RecordingOptions.parameter), command: command)

        var gestures: [Gesture] = []
        for name in arguments.all(Options.gesture) {
            guard let gesture = Gesture(name: name) else {
                throw UsageError("unknown gesture '\(name)'; known: \(Gesture.names.joined(separator: ", "))"
                    + didYouMean(name, in: Gesture.names), command: command)
            }
            gestures.append(gesture)
        }
        if let path = arguments.value(Options.script) {
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

        func number(_ option: Option<String>, zero: Bool = false) throws(UsageError) -> Double? {
            guard let text = arguments.value(option) else { return nil }
            guard let value = Double(text), value.isFinite, value > 0 || (zero && value == 0) else {
                throw UsageError("--\(option.name) takes a \(zero ? "non-negative" : "positive") number, not '\(text)'", command: command)
            }
            return value
        }
        let duration = try number(Options.duration)
        var fps = 60
        if let text = arguments.value(Options.fps) {
            guard let value = Int(text), (1...240).contains(value) else {
                throw UsageError("--fps takes a frame rate such as 60 or 120, not '\(text)'", command: command)
            }
            fps = value
        }
        var seed: UInt64 = 1
        if let text = arguments.value(Options.seed) {
            guard let value = UInt64(text) else { throw UsageError("--seed takes a whole number, not '\(text)'", command: command) }
            seed = value
        }
        var faults: [Fault] = []
        for argument in arguments.all(Options.fault) {
            do { faults.append(try Fault(argument: argument)) } catch { throw UsageError(error.description, command: command) }
        }
        let observed = arguments.has(Options.observed) || !faults.isEmpty
        var screenScale: Double? = 3
        if let text = arguments.value(Options.scale) {
            if text == "off" {
                screenScale = nil
            } else {
                guard let value = Double(text), value >= 1, value <= 4 else {
                    throw UsageError("--scale takes the screen's pixels per point (1, 2 or 3) or 'off', not '\(text)'", command: command)
                }
                screenScale = value
            }
        }
        var configuration = SimulationConfiguration(
            behaviors: behaviors, gestures: gestures, duration: duration, fps: fps, seed: seed, observed: observed,
            faults: faults)
        configuration.scale = screenScale
        configuration.idleFrames = arguments.has(Options.idleFrames)
        do { try configuration.validate() } catch { throw UsageError(error.description, command: command) }
        self.configuration = configuration

        var recorder = RecorderOptions()
        recorder.style = try arguments.choice(Options.recorder, default: recorder.style, command: command)
        recorder.refresh = try arguments.choice(Options.refresh, default: recorder.refresh, command: command)
        recorder.touchNoise = try number(Options.touchNoise, zero: true) ?? 0
        recorder.timestampNoise = (try number(Options.timestampNoise, zero: true) ?? 0) / 1000
        recorder.duplicates = try number(Options.duplicates, zero: true) ?? 0
        recorder.clockOffset = try number(Options.clockOffset, zero: true) ?? 0
        if let text = arguments.value(Options.background) {
            let parts = text.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let at = Double(parts[0]), let seconds = Double(parts[1]) else {
                throw UsageError("--background takes AT=SECONDS (e.g. 3=30), not '\(text)'", command: command)
            }
            recorder.background = (at, seconds)
        }
        do { try recorder.validate(fps: fps) } catch { throw UsageError(error.description, command: command) }
        if configuration.idleFrames, recorder.style == .scrollCallbacks {
            throw UsageError("--idle-frames needs a recorder that runs every frame (frames, display-link or library): scroll-callbacks writes nothing at rest", command: command)
        }
        self.recorder = recorder
        declaresPolicy = try arguments.choice(Options.recorderPolicy, default: .declared, command: command) == .declared
        sessionID = arguments.value(RecordingOptions.sessionID)
        metadata = SessionMetadata(
            app: arguments.value(Options.app), screen: arguments.value(Options.screen), device: arguments.value(Options.device),
            os: arguments.value(Options.os), startedAt: arguments.value(Options.startedAt), screenScale: screenScale,
            appVersion: arguments.value(Options.appVersion), build: arguments.value(Options.build))
        outputPath = arguments.value(OutputOptions.output)
    }

    func run() throws -> ExitCode {
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        try SimulatedRecording(configuration, recorder: recorder, declaresPolicy: declaresPolicy).write(id: sessionID, metadata: metadata, to: output)
        try output.finish()
        return .success
    }
}

extension SimulateCommand {
    /// The options only `navrec simulate` takes.
    enum Options {
        static let gesture = Option<[String]>.repeatable("gesture", "NAME", "drag, fling, bounce, hover, zigzag, tap, wait, top, scroll, refresh, push or pop (default: drag).")
            .completing(Gesture.names)
        static let script = Option<String>.value("script", "FILE", "A gesture script: one gesture per line (see Docs/commands.md).")
        static let duration = Option<String>.value("duration", "S", "Seconds to fill by repeating the gestures (default: play them once).")
        static let fps = Option<String>.value("fps", "N", "Frames per second, 60 or 120 (default: 60).")
            .completing(["60", "120"])
        static let seed = Option<String>.value("seed", "N", "Random seed; the same seed gives the same bytes (default: 1).")
        static let observed = Option<Bool>.flag("observed", "Also write the bar states an app would report.")
        static let fault = Option<[String]>.repeatable("fault", "NAME[=VALUE]", "Inject an app bug: titleEarly, heightJitter, droppedFrames, flicker, noTitle, freeze, touchDownFreeze, stuckTitles.")
            .completing(Fault.names)
        static let recorder = Option<RecorderStyle>.choice("recorder", "How the app records: frames (default), display-link (adds frameDuration), scroll-callbacks (only when the offset changes) or library (as the Recording library's ScrollRecorder writes it).")
        static let idleFrames = Option<Bool>.flag("idle-frames", "The recorder writes every frame at rest too (ScrollRecorder's writesIdleFrames; the header says atRest everyFrame).")
        static let recorderPolicy = Option<RecorderPolicyDeclaration>.choice("recorder-policy", "declared (default: the header says what the recorder writes) or omitted (no session.recorder: navrec infers it).")
        static let refresh = Option<RefreshMode>.choice("refresh", "fixed (default) or adaptive (ProMotion: slow motion at 2/3, 1/2 or 1/3 of --fps).")
        static let touchNoise = Option<String>.value("touch-noise", "PT", "Uniform noise on y while dragging, ± points.")
        static let timestampNoise = Option<String>.value("timestamp-noise", "MS", "Uniform noise on t, ± milliseconds (t never decreases).")
        static let duplicates = Option<String>.value("duplicates", "FRACTION", "Fraction of moving samples followed by a second callback in the same frame.")
        static let background = Option<String>.value("background", "AT=SECONDS", "Go to the background at AT seconds for SECONDS (lifecycle events, nothing between).")
        static let clockOffset = Option<String>.value("clock-offset", "SECONDS", "Add SECONDS to every t, like a recorder writing CACurrentMediaTime() (e.g. 100000).")
        static let app = Option<String>.value("app", "NAME", "The header's app name (e.g. for a simulated fleet).")
        static let screen = Option<String>.value("screen", "NAME", "The header's screen name.")
        static let device = Option<String>.value("device", "MODEL", "The header's device model (e.g. iPhone16,1).")
        static let os = Option<String>.value("os", "VERSION", "The header's OS (e.g. 'iOS 18.1').")
        static let startedAt = Option<String>.value("started-at", "ISO8601", "The header's session start time.")
        static let scale = Option<String>.value("scale", "N", "Pixels per point (UIScreen.scale: 1, 2 or 3; default 3): offsets on that pixel grid, and the header's scale. 'off': not aligned, no scale.")
        static let appVersion = Option<String>.value("app-version", "VERSION", "The header's app version (e.g. 5.12).")
        static let build = Option<String>.value("build", "BUILD", "The header's app build (e.g. 513).")
    }
}

/// `simulate --recorder-policy`: whether the header declares what the recorder writes.
enum RecorderPolicyDeclaration: String, CaseIterable, CommandLineChoice {
    case declared
    case omitted
}
