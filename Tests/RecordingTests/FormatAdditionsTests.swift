import BarModel
import Recording
import Testing

/// The format additions of the hitch model: per-sample `frameDuration` and the lifecycle events
/// `background` / `foreground`, in NDJSON and CSV, written by ``RecordingWriter``.
@Suite("frameDuration and lifecycle events")
struct FormatAdditionsTests {
    @Test("NDJSON: frameDuration on samples, background and foreground events without a target")
    func ndjson() throws {
        let directory = try TemporaryDirectory()
        let text = largeTitleHeader + "\n" + """
            {"t":0,"y":0,"phase":"drag","frameDuration":0.008333}
            {"t":0.008333,"y":1,"frameDuration":null}
            {"t":0.5,"event":"background"}
            {"t":30.5,"event":"foreground"}
            {"t":31,"event":"tap","target":"title"}
            {"t":31,"y":2}

            """
        let read = try readNDJSON(text: text, in: directory)
        #expect(read.error == nil)
        #expect(read.samples.map(\.sample.frameDuration) == [0.008333, nil, nil])
        let events = read.items.compactMap { if case .event(let event) = $0 { event } else { nil } }
        #expect(events == [
            ScrollEvent(t: 0.5, kind: .background), ScrollEvent(t: 30.5, kind: .foreground), ScrollEvent(t: 31, target: .title),
        ])
        #expect(events.map(\.kind.name) == ["background", "foreground", "tap"])
        #expect(read.summaries.first?.events == 3)
        #expect(read.summaries.first?.ignoredKeys == 0)
    }

    @Test("CSV: a frameDuration or frame_duration column, and event rows")
    func csv() throws {
        let directory = try TemporaryDirectory()
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        let header = SessionHeader(id: "csv-1", behaviors: behaviors)
        for column in ["frameDuration", "frame_duration"] {
            let path = try directory.write("a.csv", "t,y,\(column),event\n0,0,0.008333,\n0.5,,,background\n30.5,, ,foreground\n31,2,,\n")
            let read = readCSV(path, header: header)
            #expect(read.error == nil, "\(String(describing: read.error))")
            #expect(read.samples.map(\.sample.frameDuration) == [0.008333, nil])
            let events = read.items.compactMap { if case .event(let event) = $0 { event } else { nil } }
            #expect(events == [ScrollEvent(t: 0.5, kind: .background), ScrollEvent(t: 30.5, kind: .foreground)])
            #expect(read.summaries.first?.events == 2)
        }
        let bad: [(String, String)] = [
            ("t,y,event\n0,0,tap\n", "test.csv:2:5: error: unknown event 'tap'; expected background or foreground (or an empty cell for a sample)"),
            ("t,y,event\n0,1,background\n", "test.csv:2:5: error: a 'background' event row has no 'y' (leave it empty; samples leave 'event' empty)"),
            ("t,y,frame_duration\n0,1,-0.01\n", "test.csv:2:5: error: 'frameDuration' must be a positive number of seconds up to 1 (CADisplayLink targetTimestamp − timestamp), found -0.01"),
            ("t,y,event\n1,,background\n0.5,1,\n", "test.csv:3:1: error: 't' went back: 0.5 is smaller than the previous row's 1 (t never decreases within a session)"),
        ]
        for (text, message) in bad {
            let read = readCSV(try directory.write("b.csv", text), header: header)
            #expect(read.error?.description == message)
        }
    }

    @Test("RecordingWriter writes frameDuration and lifecycle events the readers read back")
    func writer() throws {
        var text = ""
        let writer = RecordingWriter { text += $0 }
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        try writer.writeHeader(SessionHeader(id: "w", metadata: SessionMetadata(fps: 120), behaviors: behaviors))
        try writer.writeSample(ScrollSample(t: 0, y: 0, phase: .drag, frameDuration: 0.016667))
        try writer.writeEvent(ScrollEvent(t: 0.5, kind: .background))
        try writer.writeEvent(ScrollEvent(t: 30.5, kind: .foreground))
        try writer.writeEvent(ScrollEvent(t: 31, target: .bar))
        try writer.flush()
        #expect(text == """
            {"navrec":1,"session":{"id":"w","fps":120,"behaviors":{"largeTitle":{"largeHeight":96.5,"smallHeight":44,"hysteresis":0}}}}
            {"t":0,"y":0,"phase":"drag","frameDuration":0.016667}
            {"t":0.5,"event":"background"}
            {"t":30.5,"event":"foreground"}
            {"t":31,"event":"tap","target":"bar"}

            """)
        let directory = try TemporaryDirectory()
        let read = try readNDJSON(text: text, in: directory)
        #expect(read.error == nil)
        #expect(read.samples.first?.sample.frameDuration == 0.016667)
    }
}
