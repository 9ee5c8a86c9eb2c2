import Foundation
import NavRec

// check-library ANALYZE_OUTPUT [--set ASSIGNMENT]... FILE...
//
// Analyses each FILE in-process with the NavRec library and compares the sessions and failures,
// in order, with `navrec analyze`'s lines for the same files and settings (ANALYZE_OUTPUT),
// decoded into the same public types. Prints the count that agreed, or each disagreement (exit 1).

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: check-library ANALYZE_OUTPUT [--set ASSIGNMENT]... FILE...\n".utf8))
    exit(64)
}
let outputPath = arguments.removeFirst()
var settings: [String] = []
var files: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument == "--set", !arguments.isEmpty { settings.append(arguments.removeFirst()) } else { files.append(argument) }
}

var expected = RecordingAnalysis(name: "navrec analyze")
let output = try String(contentsOfFile: outputPath, encoding: .utf8)
for line in output.split(separator: "\n") {
    let data = Data(line.utf8)
    if let session = try? JSONDecoder().decode(SessionReport.self, from: data) {
        expected.sessions.append(session)
    } else {
        expected.failures.append(try JSONDecoder().decode(SessionFailure.self, from: data))
    }
}

let analyzer = RecordingAnalyzer(configuration: try AnalysisConfiguration(settings: settings))
var got = RecordingAnalysis(name: "NavRec")
for file in files {
    let analysis = try analyzer.analyze(.file(URL(filePath: file)))
    got.sessions += analysis.sessions
    got.failures += analysis.failures
}

var differences = 0
if got.sessions.count != expected.sessions.count || got.failures.count != expected.failures.count {
    print("counts differ: library \(got.sessions.count) sessions, \(got.failures.count) failures; analyze \(expected.sessions.count) sessions, \(expected.failures.count) failures")
    differences += 1
}
for (library, analyze) in zip(got.sessions, expected.sessions) where library != analyze {
    differences += 1
    if differences <= 5 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        print("session \(analyze.id) differs:\n  library \(String(decoding: try encoder.encode(library), as: UTF8.self))\n  analyze \(String(decoding: try encoder.encode(analyze), as: UTF8.self))")
    }
}
for (library, analyze) in zip(got.failures, expected.failures) where library != analyze {
    differences += 1
    print("failure differs: library \(library.error); analyze \(analyze.error)")
}
if differences > 0 {
    print("check-library: \(differences) difference\(differences == 1 ? "" : "s")")
    exit(1)
}
let findings = got.sessions.reduce(0) { $0 + $1.findings.count }
print("check-library: \(got.sessions.count) sessions (\(findings) findings) and \(got.failures.count) failed session\(got.failures.count == 1 ? "" : "s") equal navrec analyze's")
