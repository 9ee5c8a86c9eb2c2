import Testing
@testable import BarModel
@testable import Simulation

@Suite("Simulation scripts")
struct SimulationScriptTests {
    @Test("a script parses into gestures, with defaults, bare values and comments")
    func parse() throws {
        let script = try SimulationScript(parsing: """
            # a session
            drag to=120 duration=0.8
              wait 0.5   # pause
            fling velocity=-1500 rate=fast

            bounce
            hover at=84 hold=3
            hover
            zigzag amplitude=30 legs=4 leg=0.2
            tap title
            tap target=content
            fling rate=0.995
            """)
        #expect(script.steps == [
            .drag(to: 120, duration: 0.8), .wait(0.5), .fling(velocity: -1500, rate: .fast), .bounce(),
            .hover(at: 84, hold: 3), .hover(), .zigzag(amplitude: 30, legs: 4, legDuration: 0.2), .tap(.title), .tap(.content),
            .fling(velocity: 1500, rate: DecelerationRate(perMillisecond: 0.995)),
        ])
        #expect(try SimulationScript(parsing: script.description) == script)
    }

    @Test("every gesture name gives its defaults", arguments: Gesture.names)
    func names(name: String) throws {
        let gesture = try #require(Gesture(name: name))
        #expect(gesture.name == name)
        #expect(try SimulationScript(parsing: name).steps == [gesture])
    }

    @Test("parse errors carry the line number and a hint", arguments: [
        ("drag\n\nflng velocity=3", 3, "unknown gesture 'flng'; known: drag, fling, bounce, hover, zigzag, tap, wait, top, scroll, refresh, push, pop (did you mean 'fling'?)"),
        ("drag duraton=1", 1, "unknown parameter 'duraton' for drag; known: to, duration (did you mean 'duration'?)"),
        ("# c\ndrag to=abc", 2, "drag to must be a number, got 'abc'"),
        ("wait -1", 1, "wait seconds must be at least 0, got -1"),
        ("drag duration=0", 1, "drag duration must be greater than 0, got 0"),
        ("zigzag legs=2.5", 1, "zigzag legs must be a whole number from 1 to 10000, got '2.5'"),
        ("tap tilte", 1, "unknown tap target 'tilte'; known: content, title, bar (did you mean 'title'?)"),
        ("drag 120", 1, "expected KEY=VALUE after 'drag', got '120'; keys: to, duration"),
        ("drag to=1 to=2", 1, "'to' given twice"),
        ("fling rate=slow", 1, "fling rate must be normal, fast or a factor per millisecond in 0 < rate < 1, got 'slow'"),
    ])
    func errors(text: String, line: Int, message: String) {
        #expect(throws: SimulationError(message, line: line)) { _ = try SimulationScript(parsing: text) }
        #expect(SimulationError(message, line: line).description == "line \(line): \(message)")
    }

    @Test("an empty script is an error")
    func empty() {
        #expect(throws: SimulationError("the script has no gestures; known: drag, fling, bounce, hover, zigzag, tap, wait, top, scroll, refresh, push, pop")) {
            _ = try SimulationScript(parsing: "# nothing\n\n")
        }
    }
}
