import Foundation
import Testing

@Suite("navrec simulate, end to end")
struct SimulateTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("sim.sqlite") }

    @Test("every gesture's output imports through stdin",
          arguments: ["drag", "fling", "bounce", "hover", "zigzag", "tap", "wait", "top", "scroll", "refresh", "push", "pop"])
    func gestureImports(gesture: String) throws {
        let simulated = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--behavior", "hideOnSwipe", "--gesture", gesture])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        // An @3x screen by default: the header says its scale and what the recorder writes.
        #expect(simulated.stdout.hasPrefix(
            #"{"navrec":1,"session":{"fps":60,"scale":3,"recorder":{"moving":"everyFrame","atRest":"changes"},"behaviors":{"largeTitle":"#))
        let imported = try NavRecBinary.run(["import", "-", "--db", db], stdin: Data(simulated.stdout.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("<stdin>: 1 session stored"))
    }

    @Test("the same seed gives the same bytes; another seed other bytes")
    func determinism() throws {
        let arguments = ["simulate", "--behavior", "blurHeader", "--gesture", "hover", "--fps", "120", "--observed", "--fault", "heightJitter"]
        let first = try NavRecBinary.run(arguments + ["--seed", "7"])
        let second = try NavRecBinary.run(arguments + ["--seed", "7"])
        let other = try NavRecBinary.run(arguments + ["--seed", "8"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout != other.stdout)
        #expect(first.stdout.contains(#""bar":{"#))
    }

    @Test("--duration fills the session and --fps sets the frame grid")
    func durationAndFPS() throws {
        let result = try NavRecBinary.run(["simulate", "--behavior", "customTitle", "--gesture", "fling", "--duration", "5",
                                           "--fps", "120", "--output", directory.path("s.ndjson")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try NavRecBinary.run(["import", directory.path("s.ndjson"), "--db", db]).status == 0)
        let query = try NavRecBinary.run(["query", "select fps, duration >= 4.9 as long_enough from sessions", "--db", db, "--format", "csv"])
        #expect(query.stdout == "fps,long_enough\r\n120.0,1\r\n")
    }

    @Test("a script file drives the gestures; its errors name the file and line, exit 65")
    func script() throws {
        let good = try directory.write("good.txt", ["# collapse, then come back", "drag to=120 duration=0.8", "wait 0.5", "tap title", "fling velocity=-1500"])
        let result = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--behavior", "dropdownTitle", "--script", good])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""event":"tap","target":"title""#))
        let bad = try directory.write("bad.txt", ["drag to=120", "flig velocity=3"])
        let failed = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--script", bad])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("bad.txt:2:"))
        #expect(failed.stderr.contains("fling"))
    }

    @Test("recorder options reach the output: clock offset, frameDuration, lifecycle events; same seed, same bytes")
    func recorderOptions() throws {
        let arguments = ["simulate", "--behavior", "largeTitle", "--gesture", "drag", "--fps", "120", "--refresh", "adaptive",
                         "--recorder", "display-link", "--clock-offset", "100000", "--background", "0.2=30", "--touch-noise", "0.4",
                         "--timestamp-noise", "0.3", "--duplicates", "0.3", "--seed", "4"]
        let first = try NavRecBinary.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == (try NavRecBinary.run(arguments)).stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines[1].hasPrefix(#"{"t":100000"#))
        #expect(lines[1].contains(#""frameDuration":0.008333"#))
        #expect(lines.contains(#"{"t":100000.2,"event":"background"}"#))
        #expect(lines.contains(#"{"t":100030.2,"event":"foreground"}"#))
    }

    @Test("wrong arguments are usage errors with hints", arguments: [
        (["--gesture", "hover"], "missing --behavior"),
        (["--behavior", "blurHeader", "--gesture", "hovr"], "did you mean 'hover'?"),
        (["--behavior", "blurHeader", "--fault", "titleErly"], "titleEarly"),
        (["--behavior", "blurHeader", "--fps", "0"], "--fps"),
        (["--behavior", "blurHeader", "--seed", "x"], "--seed"),
        (["--behavior", "avatar"], "avatar needs largeTitle"),
        (["--behavior", "largeTitle", "--recorder", "callbacks"], "--recorder takes frames, display-link, scroll-callbacks or library, not 'callbacks'"),
        (["--behavior", "largeTitle", "--refresh", "promotion"], "--refresh takes fixed or adaptive, not 'promotion'"),
        (["--behavior", "largeTitle", "--background", "3"], "--background takes AT=SECONDS (e.g. 3=30), not '3'"),
        (["--behavior", "largeTitle", "--background", "3=0"], "background needs AT ≥ 0 and SECONDS > 0"),
        (["--behavior", "largeTitle", "--duplicates", "2"], "duplicates must be a fraction from 0 to 1"),
        (["--behavior", "largeTitle", "--touch-noise", "-1"], "--touch-noise takes a non-negative number, not '-1'"),
        (["--behavior", "largeTitle", "--fps", "30", "--refresh", "adaptive"], "adaptive refresh needs a display of at least 60 fps"),
    ])
    func usageErrors(arguments: [String], fragment: String) throws {
        let result = try NavRecBinary.run(["simulate"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }

    @Test("--scale puts offsets on its pixel grid (default 3; off: millipoints, no scale in the header)")
    func scale() throws {
        func offsets(_ extra: [String]) throws -> (header: String, ys: [Double]) {
            let result = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--gesture", "fling"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let ys = lines.dropFirst().compactMap { line -> Double? in
                guard let range = line.range(of: #""y":"#) else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "," && $0 != "}" })
            }
            return (lines[0], ys)
        }
        let three = try offsets([])
        #expect(three.header.contains(#""scale":3"#))
        #expect(three.ys.allSatisfy { $0 == ($0 * 3).rounded() / 3 + 0 })
        let two = try offsets(["--scale", "2"])
        #expect(two.header.contains(#""scale":2"#))
        #expect(two.ys.allSatisfy { $0 == ($0 * 2).rounded() / 2 })
        let off = try offsets(["--scale", "off"])
        #expect(!off.header.contains(#""scale""#))
        #expect(off.ys.contains { abs($0 * 3 - ($0 * 3).rounded()) > 1e-6 })
        #expect(try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--scale", "5"]).status == 64)
    }

    @Test("--idle-frames declares atRest everyFrame; --recorder-policy omitted leaves the declaration out")
    func recorderDeclaration() throws {
        let script = directory.path("idle.txt")
        try "drag to=100 duration=0.5\nwait 0.5\ndrag to=0 duration=0.5\n".write(toFile: script, atomically: true, encoding: .utf8)
        let idle = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--script", script, "--recorder", "library", "--idle-frames"])
        #expect(idle.status == 0, "\(idle.stderr)")
        #expect(idle.stdout.contains(#""recorder":{"moving":"everyFrame","atRest":"everyFrame"}"#))
        // Every frame of the half-second wait is written (30 at 60 Hz, plus the first at rest).
        #expect(idle.stdout.components(separatedBy: #""phase":"idle""#).count - 1 >= 31)
        let omitted = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--recorder-policy", "omitted"])
        #expect(omitted.status == 0)
        #expect(!omitted.stdout.contains(#""recorder""#))
        let callbacks = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--recorder", "scroll-callbacks", "--idle-frames"])
        #expect(callbacks.status == 64)
        #expect(callbacks.stderr.contains("--idle-frames needs a recorder that runs every frame"))
    }

    @Test("a cancelled pop through --recorder library: disappear, the bar's cross-fade at one y, appear")
    func libraryPop() throws {
        let script = directory.path("pop.txt")
        try "drag to=200 duration=1\nwait 0.5\npop reach=0.4\nwait 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--script", script, "--recorder", "library", "--observed"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let disappear = try #require(lines.firstIndex { $0.contains(#""event":"disappear""#) })
        let appear = try #require(lines.firstIndex { $0.contains(#""event":"appear""#) })
        let between = lines[(disappear + 1)..<appear]
        #expect(between.count == 36)
        #expect(between.allSatisfy { $0.contains(#""y":200,"phase":"idle""#) })
        #expect(Set(between.map { $0[$0.range(of: #""bar""#)!.lowerBound...] }).count >= 30)
    }
}
