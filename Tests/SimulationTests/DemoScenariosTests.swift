import Testing
@testable import BarModel
@testable import Simulation

@Suite("Demo scenarios")
struct DemoScenariosTests {
    static let clean = DemoScenarios.all.filter { $0.summary.hasPrefix("clean") }

    @Test("ids are unique demo- names and every behaviour is covered")
    func catalogue() {
        let ids = DemoScenarios.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("demo-") })
        #expect(ids.contains("demo-blur-hover"))
        let covered = Set(DemoScenarios.all.flatMap { $0.configuration.behaviors.enabledNames })
        #expect(covered == Set(BehaviorSet.names))
        #expect(DemoScenarios.all.contains { $0.configuration.observed && !$0.configuration.faults.isEmpty })
        #expect(DemoScenarios.scenario(id: "demo-blur-hover")?.app == "Music")
    }

    @Test("each scenario runs and lasts a few seconds", arguments: DemoScenarios.all.map(\.id))
    func runs(id: String) throws {
        let scenario = try #require(DemoScenarios.scenario(id: id))
        let session = try Collected(scenario.configuration)
        let length = try #require(session.samples.last?.t)
        #expect(length >= 1 && length <= 8)
    }

    @Test("clean scenarios have no flapping, jitter or title mismatch", arguments: clean.map(\.id))
    func cleanScenario(id: String) throws {
        let scenario = try #require(DemoScenarios.scenario(id: id))
        let s = try Collected(scenario.configuration)
        let t = s.samples.map(\.t)
        let binary: [[Bool?]] = [
            s.computed.map(\.barHidden), s.computed.map { $0.background.map { $0 == .default } },
            s.computed.map { visible($0.largeTitleAlpha) }, s.computed.map { visible($0.inlineTitleAlpha) },
            s.computed.map { visible($0.contentTitleAlpha) }, s.computed.map(\.subtitleVisible), s.computed.map(\.dropdownExpanded),
        ]
        for signal in binary { #expect(flappingEpisodes(t, signal).isEmpty) }
        let y = s.samples.map(\.y)
        let lengths: [[Double?]] = [s.computed.map(\.barHeight), s.computed.map(\.avatarTx), s.computed.map(\.avatarTy)]
        for signal in lengths { #expect(jitterEpisodes(t, signal, y: y, epsilon: 0.5).isEmpty) }
        let fractions: [[Double?]] = [
            s.computed.map(\.barShown), s.computed.map(\.avatarScale), s.computed.map(\.blurAlpha),
            s.computed.map(\.largeTitleAlpha), s.computed.map(\.inlineTitleAlpha), s.computed.map(\.contentTitleAlpha),
        ]
        for signal in fractions { #expect(jitterEpisodes(t, signal, y: y, epsilon: 0.02).isEmpty) }
        #expect(longestRun(s, source: s.computed) <= 0.1 + scenario.configuration.behaviors.longestTitleAnimation)
        #expect(!zip(s.computed.map(\.subtitleVisible), s.computed.map(\.subtitleHasText)).contains { $0 == true && $1 == false })
    }

    @Test("glitch scenarios show their glitch")
    func glitches() throws {
        func run(_ id: String) throws -> Collected { try Collected(try #require(DemoScenarios.scenario(id: id)).configuration) }
        var s = try run("demo-large-hover")
        #expect(!flappingEpisodes(s.samples.map(\.t), s.computed.map { visible($0.inlineTitleAlpha) }).isEmpty)
        s = try run("demo-large-hover-fixed")
        #expect(flappingEpisodes(s.samples.map(\.t), s.computed.map { visible($0.inlineTitleAlpha) }).isEmpty)
        s = try run("demo-blur-hover")
        #expect(!flappingEpisodes(s.samples.map(\.t), s.computed.map { $0.background.map { $0 == .default } }).isEmpty)
        s = try run("demo-hide-zigzag")
        #expect(!flappingEpisodes(s.samples.map(\.t), s.computed.map(\.barHidden)).isEmpty)
        s = try run("demo-dropdown-nil-subtitle")
        #expect(s.computed.allSatisfy { $0.subtitleVisible == true && $0.subtitleHasText == false })
    }

    @Test("fault scenarios carry their faults into the observed stream")
    func faultScenarios() throws {
        func run(_ id: String) throws -> (Collected, DemoScenario) {
            let scenario = try #require(DemoScenarios.scenario(id: id))
            return (try Collected(scenario.configuration), scenario)
        }
        var (s, scenario) = try run("demo-observed-title-early")
        let tolerance = 0.1 + scenario.configuration.behaviors.longestTitleAnimation
        #expect(longestRun(s, source: s.observed.map { $0! }, counting: { $0 >= 2 }) > tolerance)
        (s, scenario) = try run("demo-observed-flicker-hitches")
        let inline: [Bool?] = s.observed.map { state in visible(state?.inlineTitleAlpha) }
        #expect(!flappingEpisodes(s.samples.map(\.t), inline).isEmpty)
        #expect(zip(s.samples, s.samples.dropFirst()).contains { $1.t - $0.t > 1.5 / 60 && $1.phase != .idle })
        (s, scenario) = try run("demo-observed-jitter-no-title")
        let heights: [Double?] = s.observed.map { state in state?.barHeight }
        #expect(!jitterEpisodes(s.samples.map(\.t), heights, y: s.samples.map(\.y), epsilon: 0.5).isEmpty)
        #expect(longestRun(s, source: s.observed.map { $0! }, counting: { $0 == 0 }) > 0.5)
    }

    /// The longest time the bar is shown with a wrong number of visible title presentations
    /// (`counting` says which counts are wrong; default: anything but one).
    private func longestRun(_ s: Collected, source: [BarState], counting wrong: (Int) -> Bool = { $0 != 1 }) -> Double {
        let presentations = s.computed.isEmpty ? [] : DemoScenariosTests.presentations(s)
        guard !presentations.isEmpty else { return 0 }
        var longest = 0.0
        var start: Double?
        for (sample, state) in zip(s.samples, source) {
            let count = presentations.filter { ($0.alpha(in: state) ?? 0) >= BarState.visibleAlpha }.count
            if state.barHidden != true, wrong(count) {
                if start == nil { start = sample.t }
                longest = max(longest, sample.t - start!)
            } else {
                start = nil
            }
        }
        return longest
    }

    private static func presentations(_ s: Collected) -> [TitlePresentation] {
        let state = s.computed[0]
        if state.largeTitleAlpha != nil { return [.large, .inline] }
        if state.contentTitleAlpha != nil { return [.inline, .content] }
        return []
    }
}
