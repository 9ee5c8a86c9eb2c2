import Foundation
import Testing

/// `navrec analyze` reads a large recording file in place (mapped) instead of copying it through
/// `read(2)`: what it prints is what the same bytes through a pipe (never mapped) give, and its
/// memory does not grow with the file, because the pages read are given back as it goes.
@Suite("analyze: large recordings read in place")
struct MappedRecordingTests {
    /// `copies` sessions of one simulated 30-second session (each with its own id) in one file.
    private func recording(_ copies: Int, in directory: TemporaryDirectory) throws -> String {
        let one = directory.path("one.ndjson")
        if !FileManager.default.fileExists(atPath: one) {
            let simulated = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--behavior", "avatar", "--gesture", "fling",
                                                  "--gesture", "hover", "--duration", "30", "--fps", "120", "--observed",
                                                  "--session-id", "copy", "--output", one])
            #expect(simulated.status == 0, "\(simulated.stderr)")
        }
        let text = try String(contentsOfFile: one, encoding: .utf8)
        let path = directory.path("copies-\(copies).ndjson")
        let joined = (0..<copies).map { text.replacingOccurrences(of: #""id":"copy""#, with: #""id":"copy-\#($0)""#) }.joined()
        try joined.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("the same output mapped as through a pipe, and peak memory at 45 MB within 16 MB of 4.5 MB's")
    func mappedAgreesAndStaysSmall() throws {
        let directory = TemporaryDirectory()
        let small = try recording(8, in: directory), large = try recording(80, in: directory)
        let few = try PeakMemory.run(["analyze", small], in: directory)
        let many = try PeakMemory.run(["analyze", large], in: directory)
        #expect(few.status == 0 && many.status == 0, "\(many.stderr)")
        #expect(many.stdout.utf8.count { $0 == UInt8(ascii: "\n") } == 80, "\(many.stdout.prefix(300))")
        #expect(many.peakBytes - few.peakBytes < 16 << 20, "\(few.peakBytes >> 20) MB at 4.5 MB, \(many.peakBytes >> 20) MB at 45 MB")

        let piped = Process()
        piped.executableURL = URL(fileURLWithPath: "/bin/sh")
        piped.arguments = ["-c", #"cat "$1" | "$2" analyze -"#, "sh", large, NavRecBinary.url.path]
        let output = Pipe()
        piped.standardOutput = output
        try piped.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        piped.waitUntilExit()
        #expect(piped.terminationStatus == many.status)
        #expect(String(decoding: bytes, as: UTF8.self) == many.stdout)
    }
}
