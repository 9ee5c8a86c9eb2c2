internal import BarModel

/// The built-in simulated sessions: every behaviour, some clean, some with the classic glitches,
/// and some with observed states carrying injected faults. Each is a few seconds long.
public enum DemoScenarios {
    /// Every scenario, in display order; ids are unique.
    public static let all: [DemoScenario] = [
        scenario(
            "demo-large-drag", "Mail", "Inbox", "clean: a drag collapses the large title, a fling down bounces at the top",
            [("largeTitle", []), ("avatar", [])], "drag to=150 duration=1\nwait 1.2\nfling velocity=-1800", seed: 11),
        scenario(
            "demo-large-hover", "Settings", "General",
            "glitch: the finger rests at the collapse point (52.5 pt): the large and inline titles flap",
            [("largeTitle", []), ("avatar", [])], "hover hold=2.5", seed: 12),
        scenario(
            "demo-large-hover-fixed", "Settings", "General",
            "clean: the same hover with largeTitle.hysteresis 2.5, the fix the report suggests",
            [("largeTitle", [("hysteresis", .number(2.5))]), ("avatar", [])], "hover hold=2.5", seed: 12),
        scenario(
            "demo-large-snap", "Mail", "Mailboxes", "clean: drags that stop mid-collapse snap to the nearer end",
            [("largeTitle", [])], "drag to=20 duration=0.6\nwait 1.2\ndrag to=40 duration=0.6\nwait 1.2\ndrag to=0 duration=0.6",
            seed: 13),
        scenario(
            "demo-custom-fling", "Podcasts", "Show", "clean: flings hand the title over to the toolbar and back",
            [("customTitle", [])], "fling velocity=1200\nwait 1.2\nfling velocity=-1500", seed: 21),
        scenario(
            "demo-blur-drag", "Music", "Album", "clean: a drag past the header switches the bar to the default background",
            [("blurHeader", [])], "drag to=220 duration=1.2\nwait 1.2\ndrag to=0 duration=1.2", seed: 31),
        scenario(
            "demo-blur-hover", "Music", "Album",
            "glitch: a slow scroll that stops at the blur threshold (84 pt): the background flaps",
            [("blurHeader", [])], "hover hold=2.5", seed: 32),
        scenario(
            "demo-hide-zigzag", "Safari", "Reader",
            "glitch: short alternating drags toggle hide-on-swipe every 25 pt: barHidden flaps",
            [("largeTitle", []), ("hideOnSwipe", [])], "drag to=200 duration=1\nwait 0.3\nzigzag amplitude=25 legs=8 leg=0.25",
            seed: 41),
        scenario(
            "demo-hide-tap", "Photos", "Library", "clean: a swipe hides the bar, taps on the content show and hide it",
            [("hideOnSwipe", [])], "drag to=300 duration=1\nwait 0.5\ntap content\nwait 1.2\ntap content", seed: 42),
        scenario(
            "demo-dropdown-nil-subtitle", "Calendar", "Month",
            "glitch: the subtitle is nil, so an empty subtitle label stays visible (empty_subtitle_visible)",
            [("largeTitle", []), ("dropdownTitle", [("title", .string("March")), ("subtitle", .null)])],
            "drag to=120 duration=1\nwait 0.3\ntap title\nwait 1.2\ntap title", seed: 51),
        scenario(
            "demo-dropdown-subtitle", "Mail", "All Inboxes", "clean: a dropdown title with a subtitle, opened and closed",
            [("largeTitle", []), ("dropdownTitle", [("title", .string("All Inboxes")), ("subtitle", .string("3 unread"))])],
            "drag to=120 duration=1\nwait 0.3\ntap title\nwait 1.2\ntap title", seed: 52),
        scenario(
            "demo-observed-title-early", "Notes", "Folders",
            "fault titleEarly: the app shows the inline title 12 pt early (both_visible, observed_vs_expected)",
            [("largeTitle", [])], "drag to=90 duration=3", seed: 61, faults: [.titleEarly()]),
        scenario(
            "demo-observed-flicker-hitches", "Podcasts", "Episode",
            "faults flicker + droppedFrames: the toolbar title flickers at the switch (flapping) and frames drop (hitch)",
            [("customTitle", [])], "drag to=120 duration=1.5\nwait 1.2\ndrag to=0 duration=1.5", seed: 62,
            faults: [.flicker(), .droppedFrames()]),
        scenario(
            "demo-observed-jitter-no-title", "Music", "Artist",
            "faults heightJitter + noTitle: the bar height wobbles (jitter) and no title shows after the switch (none_visible)",
            [("blurHeader", [])], "drag to=200 duration=1.5\nwait 1.2", seed: 63, faults: [.heightJitter(), .noTitle()]),
    ]

    /// The screen scale every scenario is simulated at (an @3x iPhone: offsets on ⅓-pt pixels).
    public static let scale = 3.0

    /// The scenario with `id`, or `nil`.
    public static func scenario(id: String) -> DemoScenario? {
        all.first { $0.id == id }
    }

    private static func scenario(
        _ id: String, _ app: String, _ screen: String, _ summary: String,
        _ behaviors: [(name: String, parameters: [(name: String, value: ParameterValue)])], _ script: String,
        seed: UInt64, faults: [Fault]? = nil
    ) -> DemoScenario {
        do {
            var configuration = SimulationConfiguration(
                behaviors: try BehaviorSet(behaviors), script: try SimulationScript(parsing: script), fps: 60, seed: seed,
                observed: faults != nil, faults: faults ?? [])
            configuration.scale = scale
            return DemoScenario(id: id, app: app, screen: screen, summary: summary, configuration: configuration)
        } catch {
            preconditionFailure("demo scenario \(id) is invalid: \(error)")
        }
    }
}
