import BarModel
import Foundation
import Recording
import Testing

@Suite("Recording writer")
struct RecordingWriterTests {
    @Test("everything written reads back identically through the NDJSON reader")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        var first = BehaviorSet()
        try first.add("largeTitle")
        try first.add("avatar")
        try first.add("dropdownTitle")
        try first.set("largeTitle", "largeHeight", to: .number(100.25))
        try first.set("dropdownTitle", "title", to: .string("Caf\u{E9} \"quoted\" \\ \n 😀"))
        try first.set("dropdownTitle", "subtitle", to: .null)
        var second = BehaviorSet()
        try second.add("blurHeader")
        try second.add("hideOnSwipe")

        var items: [RecordingItem] = [
            .header(SessionHeader(
                id: "album-0001",
                metadata: SessionMetadata(
                    app: "Music", screen: "Album\tDetail", device: "iPhone16,1", os: "iOS 18.1", fps: 119.88,
                    startedAt: "2026-11-02T10:15:00Z"),
                behaviors: first, line: 1)),
        ]
        var generator = SplitMix(seed: 42)
        var t = 0.0
        for index in 0..<500 {
            t += Double(generator.next() % 1000) / 59_999
            let y = Double(bitPattern: 0x4000_0000_0000_0000 | generator.next() >> 12) * (index.isMultiple(of: 2) ? 1 : -1)
            let vy: Double? = index % 3 == 0 ? nil : index % 3 == 1 ? -0.0 : Double(bitPattern: generator.next() >> 2)
            let phase = ScrollPhase(rawValue: UInt8(index % 6))
            var bar: BarState?
            if index % 4 == 0 {
                bar = BarState(
                    barHeight: 96.5 - Double(index) / 7, barHidden: index % 8 == 0, barShown: 1e-7,
                    largeTitleAlpha: 0, inlineTitleAlpha: 1, contentTitleAlpha: 0.5, avatarScale: 0.9, avatarTx: 4,
                    avatarTy: 1e16, blurAlpha: 0.1 + 0.2, background: index % 8 == 0 ? .default : .transparent,
                    subtitleVisible: true, subtitleHasText: false, dropdownExpanded: index % 16 == 0)
            } else if index % 4 == 1 {
                bar = BarState()
            }
            items.append(.sample(ScrollSample(t: t, y: y, phase: phase, vy: vy), observed: bar))
            if index % 50 == 0 { items.append(.event(ScrollEvent(t: t, target: [.content, .title, .bar][index % 3]))) }
        }
        items.append(.header(SessionHeader(behaviors: second, line: 0)))
        items.append(.sample(ScrollSample(t: 0, y: 0), observed: nil))

        let path = directory.url.appendingPathComponent("out.ndjson").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let writer = RecordingWriter(fileHandle: handle, bufferCapacity: 1000)
        for item in items {
            switch item {
            case .header(let header): try writer.writeHeader(header)
            case .sample(let sample, let observed): try writer.writeSample(sample, observed: observed)
            case .event(let event): try writer.writeEvent(event)
            case .endOfSession: break
            }
        }
        try writer.flush()
        try handle.close()

        let read = readNDJSON(path)
        #expect(read.error == nil)
        let withoutSummaries = read.items.filter { if case .endOfSession = $0 { false } else { true } }
        // Headers carry the line they were read from; compare everything else.
        let normalised = withoutSummaries.map { item -> RecordingItem in
            guard case .header(var header) = item else { return item }
            header.line = 0
            return .header(header)
        }
        let expected = items.map { item -> RecordingItem in
            guard case .header(var header) = item else { return item }
            header.line = 0
            return .header(header)
        }
        #expect(normalised.count == expected.count)
        for (got, want) in zip(normalised, expected) where got != want {
            Issue.record("read back \(got), wrote \(want)")
            break
        }
        // Negative zero survives as such.
        let signs = read.samples.compactMap(\.sample.vy).filter { $0 == 0 }.map(\.sign)
        #expect(!signs.isEmpty && signs.allSatisfy { $0 == .minus })
    }

    @Test("writes the format's compact lines: integers without .0, fields in a fixed order")
    func exactText() throws {
        var text = ""
        let writer = RecordingWriter { text += $0 }
        var behaviors = BehaviorSet()
        try behaviors.add("blurHeader")
        try writer.writeHeader(SessionHeader(id: "hover-84", metadata: SessionMetadata(fps: 60), behaviors: behaviors))
        try writer.writeSample(ScrollSample(t: 0.0167, y: 2.5, phase: .drag, vy: 150), observed: BarState(blurAlpha: 0.03, background: .transparent))
        try writer.writeEvent(ScrollEvent(t: 1.25, target: .title))
        #expect(text.isEmpty)  // still buffered
        try writer.flush()
        #expect(text == """
            {"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{"imageHeight":150,"navBarHeight":66,"hysteresis":0}}}}
            {"t":0.0167,"y":2.5,"phase":"drag","vy":150,"bar":{"blurAlpha":0.03,"background":"transparent"}}
            {"t":1.25,"event":"tap","target":"title"}

            """)
    }

    @Test("a non-finite number is refused instead of writing invalid JSON")
    func nonFinite() throws {
        var text = ""
        let writer = RecordingWriter(bufferCapacity: 1) { text += $0 }
        #expect(throws: RecordingWriter.WriteError.nonFiniteNumber(field: "y")) {
            try writer.writeSample(ScrollSample(t: 0, y: .nan))
        }
        #expect(throws: RecordingWriter.WriteError.nonFiniteNumber(field: "bar.barHeight")) {
            try writer.writeSample(ScrollSample(t: 0, y: 0), observed: BarState(barHeight: .infinity))
        }
        #expect(text.isEmpty)
    }
}
