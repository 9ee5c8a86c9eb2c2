import BarModel
import Testing
@testable import Store

/// `frames` stores numbers as exact thousandths (INTEGER) where that is lossless, else as REAL:
/// every value must come back bit for bit, through Swift and through the `timeline` view.
@Suite("Number encoding in frames")
struct NumberEncodingTests {
    let directory = TemporaryDirectory()

    static let values: [Double] = [
        0, 0.1, 82.5, -23.5, 1.0 / 3, 0.0083333, 1e-7, 0.0005, -0.0005, 0.0015, 2.0000000000000004,
        4.5e12, -4.5e12, 4_503_599_627_370.495, 1e300, -1e-300, 96.5, 52.49, 0.016666666666666666,
        Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
    ]

    @Test("thousandths are used exactly when they round-trip", arguments: values)
    func thousandths(value: Double) {
        if let m = ParameterBinder.thousandths(value) {
            #expect((Double(m) / 1000).bitPattern == value.bitPattern || value == 0)
        }
    }

    @Test("every value reads back bit for bit, in Swift and through the timeline view")
    func roundTrip() throws {
        let store = try SessionStore(path: directory.path("n.sqlite"))
        try store.importSession { writer in
            for (seq, value) in Self.values.enumerated() {
                try writer.append(ScrollSample(t: Double(seq), y: value, vy: value),
                                  computed: BarState(barHeight: value, avatarScale: value), observed: BarState(blurAlpha: value))
            }
            return StoredSession(
                key: writer.sessionKey, id: "n", behaviorNames: ["largeTitle"], parametersJSON: "{}", contentID: "auto-0",
                source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: 0,
                ignoredKeys: 0, duration: writer.duration, importedAt: "2026-11-29T00:00:00Z")
        }
        let session = try #require(try store.session(id: "n"))
        let frames = try store.frames(of: session).readAll()
        #expect(frames.map(\.sample.y) == Self.values)
        #expect(frames.map(\.sample.vy) == Self.values)
        #expect(frames.map(\.computed.barHeight) == Self.values)
        #expect(frames.map(\.computed.avatarScale) == Self.values)
        #expect(frames.map { $0.observed?.blurAlpha } == Self.values)
        let statement = try store.database.prepare(
            "SELECT y, bar_height FROM timeline WHERE session_id = 'n' AND source = 'computed' ORDER BY seq")
        var fromView: [Double] = []
        while try statement.step() {
            #expect(statement.double(0).bitPattern == statement.double(1).bitPattern)
            fromView.append(statement.double(0))
        }
        #expect(fromView == Self.values)
        let observed = try store.database.prepare(
            "SELECT blur_alpha FROM timeline WHERE session_id = 'n' AND source = 'observed' ORDER BY seq")
        var observedValues: [Double] = []
        while try observed.step() { observedValues.append(observed.double(0)) }
        #expect(observedValues == Self.values)
    }
}
