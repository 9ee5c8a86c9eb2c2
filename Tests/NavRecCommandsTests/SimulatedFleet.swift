import BarModel
import Foundation
import Recording
import Simulation

/// NDJSON recordings of many simulated sessions, made in-process: the demo's scenarios, and a
/// varied fleet (every behaviour combination, gesture and fault, with and without ids, metadata and
/// observed states) for comparing `navrec analyze` with `navrec import` + `navrec report`.
enum SimulatedFleet {
    static let behaviorSets: [[String]] = [
        ["largeTitle", "avatar"], ["largeTitle"], ["customTitle"], ["blurHeader"], ["hideOnSwipe"],
        ["largeTitle", "dropdownTitle", "hideOnSwipe"], ["blurHeader", "dropdownTitle"], ["customTitle", "hideOnSwipe"],
    ]
    static let gestures: [Gesture] = [.drag(), .fling(), .bounce(), .hover(), .zigzag(), .drag(to: 90, duration: 2)]
    static let faults: [Fault?] = [nil, .titleEarly(), .heightJitter(), .droppedFrames(), .flicker(), .noTitle()]

    /// The demo's sessions, as `navrec demo` simulates them.
    static func demo() throws -> String {
        let devices = [("iPhone16,1", "iOS 18.1"), ("iPhone15,2", "iOS 17.5"), ("iPhone17,3", "iOS 18.2")]
        var text = ""
        for (index, scenario) in DemoScenarios.all.enumerated() {
            let (device, os) = devices[index % devices.count]
            text += try session(scenario.configuration, header: SessionHeader(
                id: scenario.id,
                metadata: SessionMetadata(
                    app: scenario.app, screen: scenario.screen, device: device, os: os, fps: Double(scenario.configuration.fps)),
                behaviors: scenario.configuration.behaviors))
        }
        return text
    }

    /// `count` varied sessions; session `i` is the same on every call.
    static func fleet(count: Int, duration: Double = 2.5) throws -> String {
        var text = ""
        for index in 0..<count {
            let names = behaviorSets[index % behaviorSets.count]
            let behaviors = try BehaviorSet(names.map { ($0, []) })
            let fault = faults[(index / behaviorSets.count) % faults.count]
            let configuration = SimulationConfiguration(
                behaviors: behaviors, gestures: [gestures[(index / 3) % gestures.count], .tap(.title), .zigzag()],
                duration: duration, fps: index % 4 == 0 ? 120 : 60, seed: UInt64(index + 1),
                observed: fault != nil || index % 5 == 0, faults: fault.map { [$0] } ?? [])
            let header = SessionHeader(
                id: index % 7 == 3 ? nil : String(format: "fleet-%04d", index),
                metadata: SessionMetadata(
                    app: ["Mail", "Music", "Maps"][index % 3], screen: "Screen\(index % 4)",
                    device: index % 6 == 5 ? nil : ["iPhone16,1", "iPhone15,2"][index % 2],
                    os: ["iOS 18.1", "iOS 17.5", "iOS 18.2"][index % 3], fps: index % 9 == 4 ? nil : Double(configuration.fps),
                    startedAt: String(format: "2026-11-%02dT10:%02d:00Z", 1 + index % 3, index % 60)),
                behaviors: behaviors)
            text += try session(configuration, header: header)
        }
        return text
    }

    /// One simulated session as NDJSON text.
    static func session(_ configuration: SimulationConfiguration, header: SessionHeader) throws -> String {
        var text = ""
        let writer = RecordingWriter { text += $0 }
        try writer.writeHeader(header)
        for item in try Simulator(configuration) {
            switch item {
            case .sample(let sample, let observed): try writer.writeSample(sample, observed: observed)
            case .event(let event): try writer.writeEvent(event)
            }
        }
        try writer.flush()
        return text
    }
}
