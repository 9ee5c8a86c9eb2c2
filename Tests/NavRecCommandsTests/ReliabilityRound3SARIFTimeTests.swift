import Foundation
import Testing

/// Issue 39 item 14: SARIF's finding locations cost no more than one pass over the session.
@Suite("reliability round 3: SARIF time")
struct ReliabilityRound3SARIFTimeTests {
    /// 100,000 samples with 940 findings (more than SQLite's page cache holds), imported from a file under the source root so every
    /// finding gets its line. Before, each finding walked the session's chunks (`max(key)` over
    /// an unindexed `t_us_base`): at 100,000 samples and 940 findings SARIF made 303,883 read
    /// calls against JSON's 2,301 (1 M samples, 1,000 findings: 8.7 s). Read calls, not seconds,
    /// are counted (Linux adds a reaped child's to its parent's `/proc/PID/io`): they do not
    /// depend on the machine's load. Now SARIF reads each chunk once plus a chunk or two a finding.
    @Test("report --format sarif reads the session once, not once per finding")
    func sarifIsLinear() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/io") else { return }
        let directory = TemporaryDirectory()
        let simulated = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--gesture", "hover", "--fault", "flicker", "--duration", "2500", "--output", directory.path("s.ndjson")])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(try NavRecBinary.run(["import", "s.ndjson", "--db", "d.sqlite"], in: directory.url).status == 0)
        // The first report stores the analysis, so both runs below only read and render.
        #expect(try NavRecBinary.run(["report", "--db", "d.sqlite"], in: directory.url).status <= 1)
        func readCalls(_ format: String) throws -> (calls: Int, stderr: String) {
            let script = #""$1" report --db d.sqlite --format "$2" --output "r.$2" --jobs 1; echo "status $?" >&2; grep syscr /proc/$$/io"#
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", NavRecBinary.url.path, format]
            process.currentDirectoryURL = directory.url
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(errors.contains("status 0") || errors.contains("status 1"), "\(errors)")
            return (Int(output.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1, errors)
        }
        let json = try readCalls("json")
        let sarif = try readCalls("sarif")
        let findings = Int(sarif.stderr.split(separator: " ").first { $0.count > 2 && $0.allSatisfy(\.isNumber) } ?? "") ?? 0
        #expect(findings > 500, "\(sarif.stderr)")
        #expect(try String(contentsOfFile: directory.path("r.sarif"), encoding: .utf8).contains("\"startLine\""), "no finding got its line")
        #expect(json.calls > 0 && sarif.calls <= json.calls + 4 * findings + 1_000, "SARIF \(sarif.calls) read calls, JSON \(json.calls), \(findings) findings")
    }
}
