import Foundation
import NavRec
import Testing

/// The `NavRec` library's in-process results equal `navrec analyze`'s lines, decoded into the same
/// public types: on the demo, a varied simulated fleet (bad session included) and with `--set`.
/// (A 2,000-session fleet: `Integrations/check_library.sh`.)
@Suite("NavRec library equals navrec analyze")
struct LibraryAgreesWithAnalyzeTests {
    let directory = TemporaryDirectory()

    /// Expects `RecordingAnalyzer` on `text` to give exactly the sessions and failures of
    /// `navrec analyze` with `settings`.
    func expectAgreement(_ text: String, settings: [String] = [], status: Int32 = 0) throws {
        let file = directory.path("recording.ndjson")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try NavRecBinary.run(["analyze", file] + settings.flatMap { ["--set", $0] })
        #expect(result.status == status, "\(result.stderr)")
        var expected = RecordingAnalysis(name: file)
        for line in result.stdout.split(separator: "\n") {
            let data = Data(line.utf8)
            if line.contains(#""error": "#), let failure = try? JSONDecoder().decode(SessionFailure.self, from: data) {
                expected.failures.append(failure)
            } else {
                expected.sessions.append(try JSONDecoder().decode(SessionReport.self, from: data))
            }
        }
        let analyzer = RecordingAnalyzer(configuration: try AnalysisConfiguration(settings: settings))
        let analysis = try analyzer.analyze(.file(URL(filePath: file)))
        #expect(analysis.sessions.count == expected.sessions.count)
        for (got, want) in zip(analysis.sessions, expected.sessions) {
            #expect(got == want, "session \(want.id)")
        }
        #expect(analysis.failures == expected.failures)
        #expect(!analysis.sessions.isEmpty)
    }

    @Test("the demo's sessions")
    func demo() throws {
        try expectAgreement(try SimulatedFleet.demo())
    }

    @Test("240 varied simulated sessions, with a bad session among them (exit 65)")
    func fleet() throws {
        let text = try SimulatedFleet.fleet(count: 240)
        let bad = #"{"navrec":1,"session":{"id":"bad","app":"Mail","startedAt":"2026-11-01T10:00:00Z","behaviors":{"largeTitle":{}}}}"#
            + "\n" + #"{"t":0.0,"y":"x"}"# + "\n"
        try expectAgreement(text + bad + (try SimulatedFleet.fleet(count: 8)), status: 65)
    }

    @Test("with --set: detector settings and replayed behaviour parameters")
    func settings() throws {
        try expectAgreement(
            try SimulatedFleet.fleet(count: 48),
            settings: ["flapping.window=0.5", "blurHeader.hysteresis=1.5", "largeTitle.hysteresis=1", "jitter.epsilon=1"])
    }
}
