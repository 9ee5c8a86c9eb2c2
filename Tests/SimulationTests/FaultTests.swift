import Testing
@testable import BarModel
@testable import Simulation

@Suite("Faults")
struct FaultTests {
    private func session(_ names: [String], _ script: String, faults: [Fault], seed: UInt64 = 5) throws -> Collected {
        try Collected(SimulationConfiguration(
            behaviors: try makeBehaviors(names), script: try SimulationScript(parsing: script), seed: seed,
            observed: true, faults: faults))
    }

    @Test("titleEarly shows the inline title before the threshold while the large one still shows")
    func titleEarly() throws {
        let s = try session(["largeTitle"], "drag to=90 duration=3", faults: [.titleEarly(by: 12)])
        let early = s.samples.indices.filter { s.samples[$0].y >= 40.5 && s.samples[$0].y < 52.5 }
        #expect(early.count > 6)  // longer than the 0.1 s tolerance
        for i in early {
            #expect(s.observed[i]?.inlineTitleAlpha == 1)
            #expect(s.observed[i]?.largeTitleAlpha == 1)  // both visible
            #expect(s.computed[i].inlineTitleAlpha == 0)
        }
        let before = s.samples.indices.filter { s.samples[$0].y < 40.5 }
        #expect(before.allSatisfy { s.observed[$0]?.inlineTitleAlpha == 0 })
    }

    @Test("heightJitter alternates ±amplitude on barHeight while moving, and reads as jitter")
    func heightJitter() throws {
        let s = try session(["blurHeader"], "drag to=200 duration=1.5", faults: [.heightJitter(amplitude: 3)])
        var sign = 0.0
        for (i, sample) in s.samples.enumerated() {
            let delta = s.observed[i]!.barHeight! - s.computed[i].barHeight!
            if sample.phase == .idle {
                #expect(delta == 0)
            } else {
                #expect(abs(delta) == 3)
                #expect(delta != sign)
                sign = delta
            }
        }
        let times = s.samples.map(\.t)
        let observedHeights: [Double?] = s.observed.map { $0?.barHeight }
        let episodes = jitterEpisodes(times, observedHeights, y: s.samples.map(\.y), epsilon: 0.5)
        #expect(!episodes.isEmpty)
        #expect(jitterEpisodes(times, s.computed.map(\.barHeight), y: s.samples.map(\.y), epsilon: 0.5).isEmpty)
    }

    @Test("droppedFrames leaves gaps of 2 to 4 frames and otherwise the same motion")
    func droppedFrames() throws {
        let clean = try session(["largeTitle"], "drag to=300 duration=2", faults: [])
        let faulty = try session(["largeTitle"], "drag to=300 duration=2", faults: [.droppedFrames(fraction: 0.1)])
        #expect(faulty.samples.count < clean.samples.count)
        #expect(Set(faulty.samples).isSubset(of: Set(clean.samples)))
        let gaps = zip(faulty.samples, faulty.samples.dropFirst()).map { (($1.t - $0.t) * 60).rounded() }
        #expect(gaps.contains { $0 >= 2 })
        #expect(gaps.allSatisfy { $0 >= 1 && $0 <= 4 })
        // Hitch time per moving second is far above ANALYSIS.md's 10 ms/s error threshold.
        let hitch = gaps.filter { $0 > 1.5 }.map { ($0 - 1) / 60 * 1000 }.reduce(0, +)
        #expect(hitch / 2 > 10)
    }

    @Test("flicker toggles the observed inline title after each switch: flapping only in the observed stream")
    func flicker() throws {
        let s = try session(["customTitle"], "drag to=120 duration=1.5\nwait 1.2\ndrag to=0 duration=1.5", faults: [.flicker()])
        let times = s.samples.map(\.t)
        let inline: [Bool?] = s.observed.map { state in visible(state?.inlineTitleAlpha) }
        let observed = flappingEpisodes(times, inline)
        #expect(observed.count == 2)
        #expect(observed.allSatisfy { $0 >= 6 })
        #expect(flappingEpisodes(times, s.computed.map { visible($0.inlineTitleAlpha) }).isEmpty)
    }

    @Test("noTitle hides every title presentation for its duration after each switch")
    func noTitle() throws {
        let s = try session(["blurHeader"], "drag to=200 duration=1.5\nwait 1.2", faults: [.noTitle(duration: 0.6)])
        let none = s.samples.indices.filter { i in
            s.observed[i]?.inlineTitleAlpha == 0 && s.observed[i]?.contentTitleAlpha == 0
        }
        let first = try #require(none.first)
        let last = try #require(none.last)
        #expect(s.samples[last].t - s.samples[first].t > 0.5)
        #expect(s.samples[last].t - s.samples[first].t < 0.6)
        #expect(s.computed.allSatisfy { ($0.inlineTitleAlpha ?? 0) + ($0.contentTitleAlpha ?? 0) == 1 })
    }

    @Test("faults without what they act on change nothing")
    func inapplicable() throws {
        let s = try session(["hideOnSwipe"], "drag to=200 duration=1", faults: [.titleEarly(), .heightJitter(), .flicker(), .noTitle()])
        #expect(s.observed == s.computed.map { Optional($0) })
    }

    @Test("fault arguments parse as NAME[=VALUE]", arguments: [
        ("titleEarly", Fault.titleEarly(by: 12)),
        ("heightJitter=2", .heightJitter(amplitude: 2)),
        ("droppedFrames=0.2", .droppedFrames(fraction: 0.2)),
        ("flicker", .flicker(duration: 0.3)),
        ("noTitle=1", .noTitle(duration: 1)),
    ])
    func parse(argument: String, fault: Fault) throws {
        #expect(try Fault(argument: argument) == fault)
        #expect(try Fault(argument: fault.argument) == fault)
    }

    @Test("bad fault arguments say what is known or expected", arguments: [
        ("bogus", "unknown fault 'bogus'; known: titleEarly, heightJitter, droppedFrames, flicker, noTitle, freeze, touchDownFreeze, stuckTitles"),
        ("flcker", "unknown fault 'flcker'; known: titleEarly, heightJitter, droppedFrames, flicker, noTitle, freeze, touchDownFreeze, stuckTitles (did you mean 'flicker'?)"),
        ("droppedFrames=2", "fault droppedFrames must be a fraction in 0 < f <= 1, got 2"),
        ("heightJitter=x", "fault heightJitter needs a number after '=', got 'x'"),
        ("noTitle=0", "fault noTitle must be greater than 0 seconds, got 0"),
    ])
    func parseErrors(argument: String, message: String) {
        #expect(throws: SimulationError(message)) { _ = try Fault(argument: argument) }
    }
}
