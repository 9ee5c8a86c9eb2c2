internal import Analyzer
internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Recording
internal import Reports
internal import Simulation
internal import Store

/// `navrec demo`: imports the built-in simulated sessions into a fresh database and reports them.
struct DemoCommand: NavRecCommand {
    static let defaultDatabase = "navrec-demo.sqlite"

    static let spec = CommandSpec(
        name: "demo",
        abstract: "Import built-in simulated sessions into a fresh database and report them.",
        arguments: "",
        options: [
            DatabaseOptions.database.help("Where to create the demo database (default: ./\(DemoCommand.defaultDatabase), replaced each run).").spec,
            Options.format.spec,
        ],
        discussion: """
            The sessions cover every behaviour: clean ones, and the classic glitches (slow scroll
            flapping at the blur threshold, hovering at the large-title collapse point, zigzag on a
            hide-on-swipe bar, a nil subtitle) and app bugs injected into observed states.
            Explore the result afterwards, e.g.:
              sqlite3 navrec-demo.sqlite "select * from session_summary"
              navrec query --db navrec-demo.sqlite flapping_hot_spots
            """)

    /// Devices the demo sessions pretend to come from, so per-device queries have something to group.
    static let devices = [("iPhone16,1", "iOS 18.1"), ("iPhone15,2", "iOS 17.5"), ("iPhone17,3", "iOS 18.2")]

    let context: CommandContext
    let databasePath: String
    let format: ReportFormat

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        format = try arguments.choice(Options.format, default: .text, command: Self.spec.name)
        if let path = arguments.value(DatabaseOptions.database) {
            // Never delete a database the user named: the demo wants a fresh one.
            guard !FileManager.default.fileExists(atPath: path) else {
                throw UsageError("\(path) exists; the demo creates a fresh database (choose a new --db path)", command: Self.spec.name)
            }
            databasePath = path
        } else {
            databasePath = Self.defaultDatabase
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
        }
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath, creating: true)
        let scratch = FileManager.default.temporaryDirectory.appending(path: "navrec-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        // Each scenario goes through the real pipeline: simulate → NDJSON file → import.
        var importer = Importer(store: store, replace: false)
        let errors = context.errors
        importer.onFailure = { errors.line(TerminalText.escaped($0.description)) }
        var samples = 0
        for (index, scenario) in DemoScenarios.all.enumerated() {
            let (device, os) = Self.devices[index % Self.devices.count]
            let path = scratch.appending(path: scenario.id + ".ndjson").path
            do {
                let output = try Output(path: path)
                try SimulatedRecording(scenario.configuration).write(
                    id: scenario.id,
                    metadata: SessionMetadata(app: scenario.app, screen: scenario.screen, device: device, os: os),
                    to: output)
                try output.finish()
            }
            let summary = try importer.importAll(
                from: try NDJSONReader(path: path, displayName: scenario.id), displayName: scenario.id,
                sourcePath: "demo:\(scenario.id)")
            samples += summary.samples
        }
        context.output.line("Imported \(DemoScenarios.all.count) simulated sessions (\(samples) samples) into \(databasePath):")
        context.output.line()
        context.output.write(ResultTable(sessions: try store.sessions()).render(.table))
        context.output.line()
        var renderer = format.renderer()
        var totals = Report.Totals()
        context.output.write(renderer.begin())
        let analysis = StoredSessionAnalysis(
            store: store, databasePath: databasePath, settings: AnalyzerSettings(), settingsKey: "", charts: format.drawsCharts,
            reporter: context)
        try analysis.run(sessionIDs: []) { analysis in
            totals.add(analysis)
            context.output.write(renderer.session(analysis))
        }
        context.output.write(renderer.end(totals))
        context.output.line()
        context.output.line("Next: sqlite3 \(databasePath) \"select * from session_summary\", or navrec report --db \(databasePath) --format html --output report.html")
        return .success
    }
}

extension DemoCommand {
    /// The options only `navrec demo` takes.
    enum Options {
        static let format: Option<ReportFormat> = OutputOptions.format("Report format (default: text).")
    }
}
