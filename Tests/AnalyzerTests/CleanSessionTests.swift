import Analyzer
import BarModel
import Testing

@Suite("clean sessions")
struct CleanSessionTests {
    static let combinations: [[String]] = [
        ["largeTitle"], ["largeTitle", "avatar"], ["customTitle"], ["blurHeader"], ["largeTitle", "hideOnSwipe"],
        ["blurHeader", "hideOnSwipe"], ["customTitle", "dropdownTitle"], ["largeTitle", "avatar", "hideOnSwipe", "dropdownTitle"],
    ]

    @Test("a smooth scroll down and back with a small tremor yields no findings", arguments: combinations)
    func smoothScroll(_ names: [String]) throws {
        // 3 s at 60 Hz: up to 180 pt and back, ±0.2 pt tremor; a dropdown with a real subtitle.
        var samples: [(Double, Double)] = []
        for index in 0...180 {
            let travel = index <= 90 ? Double(index) : Double(180 - index)
            samples.append((Double(index) / 60, travel * 2 + (index % 2 == 0 ? 0.2 : -0.2)))
        }
        let parameters: [(String, String, ParameterValue)] =
            names.contains("dropdownTitle") ? [("dropdownTitle", "subtitle", .string("All inboxes"))] : []
        let analysis = try Fixture(names, samples: samples, parameters: parameters).analyze()
        #expect(analysis.findings.map(\.message) == [])
        #expect(analysis.hitchTimeRatio == 0)
    }
}
