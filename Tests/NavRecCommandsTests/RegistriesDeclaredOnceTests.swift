@testable import Analyzer
import BarModel
import Comparison
import Foundation
@testable import NavRec
import Store
import Testing

/// Issue 37, item 5: each string-keyed registry is declared once. The detector settings and the
/// behaviour parameters are derived from their one list (``AnalyzerSettings`` and each
/// behaviour's `parameterList`); the per-session metrics live in several formats, so this names
/// every place that disagrees with ``SessionMetrics``, their one definition.
@Suite("Registries declared once")
struct RegistriesDeclaredOnceTests {
    let directory = TemporaryDirectory()

    @Test("every --set key survives the library's AnalysisConfiguration both ways")
    func settingsKeys() throws {
        #expect(AnalyzerSettings.keys.count == 16)
        #expect(Set(AnalyzerSettings.keys).count == AnalyzerSettings.keys.count)
        #expect(AnalyzerSettings().assignments.map { String($0.prefix { $0 != "=" }) } == AnalyzerSettings.keys)
        for key in AnalyzerSettings.keys {
            // 7 is a valid value for every key (a count, seconds, points, a factor of at least 1).
            var direct = AnalyzerSettings()
            try direct.set("\(key)=7")
            #expect(direct != AnalyzerSettings(), "\(key)=7 changed nothing")
            let throughLibrary = try AnalysisConfiguration(settings: ["\(key)=7"]).analyzerSettings()
            #expect(throughLibrary == direct, "AnalysisConfiguration loses \(key)")
            // The assignments read back as the same settings.
            var again = AnalyzerSettings()
            for assignment in direct.assignments { try again.set(assignment) }
            #expect(again == direct, "\(key): \(direct.assignments)")
        }
    }

    @Test("every behaviour parameter reads back what was set, by name, and an unknown name is refused")
    func behaviourParameters() throws {
        for name in BehaviorSet.names {
            var set = BehaviorSet()
            if name == Avatar.name { try set.add(LargeTitle.name) }
            try set.add(name)
            let entry = try #require(set.parameters.first { $0.name == name })
            #expect(Set(entry.parameters.map(\.name)).count == entry.parameters.count, "\(name) repeats a parameter")
            for (index, parameter) in entry.parameters.enumerated() {
                let value: ParameterValue = switch parameter.value {
                case .number(let number): .number(number + Double(index + 1))
                case .bool(let flag): .bool(!flag)
                default: .string("text \(index)")
                }
                var changed = set
                try changed.set(name, parameter.name, to: value)
                let after = try #require(changed.parameters.first { $0.name == name }?.parameters)
                // The parameter set reads back the new value; every other one keeps its own.
                for (before, now) in zip(entry.parameters, after) {
                    let expected = before.name == parameter.name ? value : before.value
                    #expect(now.name == before.name && now.value == expected,
                            "\(name).\(parameter.name) = \(value): \(now.name) reads \(now.value), not \(expected)")
                }
            }
            #expect(throws: BehaviorError.self) { try set.set(name, "noSuchParameter", to: .number(1)) }
        }
    }

    /// `overrunP50` → `overrun_p50`.
    static func column(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the per-session metrics: every place that stores, prints, compares or documents them agrees with SessionMetrics")
    func metrics() throws {
        let metrics = SessionMetrics(
            movingTime: 1, overrunP50: nil, overrunP90: nil, overrunP99: nil, hangsPerMinute: nil, flappingEpisodesPerMinute: nil,
            flappingTogglesPerMinute: nil, titleDisagreementPerMinute: nil, jitterFindingsPerMinute: nil, gapFraction: nil)
        let names = Mirror(reflecting: metrics).children.compactMap(\.label)
        #expect(names.first == "movingTime" && names.count == 10, "\(names)")
        let compared = names.filter { $0 != "movingTime" }
        var disagreements: [String] = []
        func check(_ place: String, _ found: [String], _ expected: [String]) {
            if found != expected { disagreements.append("\(place): \(found) instead of \(expected)") }
        }
        // The comparison (hitchTimeRatio is the analysis' own, compared first).
        check("ComparedMetric.all names", ComparedMetric.all.map(\.name), ["hitchTimeRatio"] + compared)
        check("ComparedMetric.all columns", ComparedMetric.all.map(\.column), (["hitchTimeRatio"] + compared).map(Self.column))
        // Storage: the analyses columns StoredMetrics writes, and the library's public value type.
        check("StoredMetrics.columns", StoredMetrics.columns, names.map(Self.column))
        let report = Mirror(reflecting: SessionReport.Metrics(hitchTimeRatio: 0, frameJitter: 0, gaps: 0, gapTime: 0, movingTime: 1))
            .children.compactMap(\.label)
        check("SessionReport.Metrics", report.filter { names.contains($0) }, names)

        // navrec analyze's JSON line and the analyses table navrec report writes.
        let recording = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--gesture", "hover"])
        let line = try NavRecBinary.run(["analyze", "-"], stdin: Data(recording.stdout.utf8))
        #expect(line.status == 0, "\(line.stderr)")
        let keys = try #require(JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any]).keys
        check("analyze's JSON line", names.filter { keys.contains($0) }, names)
        let db = directory.path("metrics.sqlite")
        let file = directory.path("hover.ndjson")
        try Data(recording.stdout.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try NavRecBinary.run(["import", "--db", db, file]).status == 0)
        #expect(try NavRecBinary.run(["report", "--db", db]).status <= 1)
        let header = try NavRecBinary.run(["query", "--db", db, "select * from analyses limit 0", "--format", "csv"])
        let columns = header.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        check("the analyses table", names.map(Self.column).filter { columns.contains($0) }, names.map(Self.column))

        // Spark's schema of the analyze line, and the documentation.
        let ddl = try String(contentsOf: Self.root.appending(path: "Integrations/spark/analyze_schema.ddl"), encoding: .utf8)
        check("Integrations/spark/analyze_schema.ddl", names.filter { ddl.contains("\($0) DOUBLE") }, names)
        let comparing = try String(contentsOf: Self.root.appending(path: "Docs/comparing-builds.md"), encoding: .utf8)
        check("Docs/comparing-builds.md", names.filter { comparing.contains("`\($0)`") }, names)
        let database = try String(contentsOf: Self.root.appending(path: "Docs/database.md"), encoding: .utf8)
        check("Docs/database.md", names.map(Self.column).filter { database.contains($0) }, names.map(Self.column))
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
