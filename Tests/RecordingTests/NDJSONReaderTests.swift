import BarModel
import Foundation
import Recording
import Testing

@Suite("NDJSON reader")
struct NDJSONReaderTests {
    @Test("reads the format document's example session in order, ending with a summary")
    func formatExample() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{}}}}
            {"t":0.000,"y":82.0,"phase":"drag"}
            {"t":0.017,"y":85.0,"phase":"drag"}
            {"t":0.033,"y":83.0,"phase":"drag"}
            {"t":0.050,"y":86.0,"phase":"drag"}
            {"t":0.067,"y":82.5,"phase":"drag"}

            """
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error == nil)
        #expect(result.items.count == 7)
        var behaviors = BehaviorSet()
        try behaviors.add("blurHeader")
        #expect(result.headers == [SessionHeader(id: "hover-84", metadata: SessionMetadata(fps: 60), behaviors: behaviors, line: 1)])
        #expect(result.samples.map(\.sample) == [
            ScrollSample(t: 0, y: 82, phase: .drag), ScrollSample(t: 0.017, y: 85, phase: .drag),
            ScrollSample(t: 0.033, y: 83, phase: .drag), ScrollSample(t: 0.050, y: 86, phase: .drag),
            ScrollSample(t: 0.067, y: 82.5, phase: .drag),
        ])
        let summary = try #require(result.summaries.first)
        #expect(summary.samples == 5 && summary.events == 0 && summary.ignoredKeys == 0)
        #expect(summary.firstLine == 1 && summary.lastLine == 6)
        guard case .endOfSession = result.items.last else {
            Issue.record("the last item must be the summary")
            return
        }
    }

    @Test("reads every header field, observed bar state, velocity and events")
    func everyField() throws {
        let directory = try TemporaryDirectory()
        let text = #"""
            {"navrec":1,"session":{"id":"album-0001","app":"Music","screen":"AlbumDetail","device":"iPhone16,1","os":"iOS 18.1","fps":120,"startedAt":"2026-11-02T10:15:00Z","behaviors":{"largeTitle":{"largeHeight":100},"avatar":{"sizeLarge":44},"hideOnSwipe":{"onTap":false},"dropdownTitle":{"title":"Caf\u00e9 \ud83d\ude00","subtitle":null}}}}
            {"t":0.0167,"y":2.5,"phase":"drag","vy":150,"bar":{"background":"transparent","blurAlpha":0.03,"inlineTitleAlpha":0,"barHidden":false,"barHeight":null}}
            {"t":1.25,"event":"tap","target":"title"}
            {"t":1.25,"y":-3,"phase":null,"vy":null,"bar":null}
            """#
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error == nil)
        let header = try #require(result.headers.first)
        #expect(header.id == "album-0001" && header.app == "Music" && header.screen == "AlbumDetail")
        #expect(header.device == "iPhone16,1" && header.os == "iOS 18.1" && header.fps == 120)
        #expect(header.startedAt == "2026-11-02T10:15:00Z" && header.formatVersion == 1 && header.line == 1)
        #expect(header.behaviors.enabledNames == ["largeTitle", "avatar", "hideOnSwipe", "dropdownTitle"])
        #expect(header.behaviors.largeTitle?.largeHeight == 100)
        #expect(header.behaviors.avatar?.sizeLarge == 44)
        #expect(header.behaviors.hideOnSwipe?.onTap == false)
        #expect(header.behaviors.dropdownTitle?.title == "Café 😀")
        #expect(header.behaviors.dropdownTitle?.subtitle == nil)
        #expect(result.samples == [
            ScrollSampleWithBar(
                sample: ScrollSample(t: 0.0167, y: 2.5, phase: .drag, vy: 150),
                bar: BarState(barHidden: false, inlineTitleAlpha: 0, blurAlpha: 0.03, background: .transparent)),
            ScrollSampleWithBar(sample: ScrollSample(t: 1.25, y: -3), bar: nil),
        ])
        #expect(result.items[2] == .event(ScrollEvent(t: 1.25, target: .title)))
        #expect(result.summaries.first?.events == 1)
    }

    @Test("several sessions per file: each header closes the previous session with its own summary")
    func severalSessions() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"navrec":1,"session":{"id":"a","behaviors":{"largeTitle":{}}}}
            {"t":5,"y":0}
            {"t":6,"y":1}
            {"navrec":1,"session":{"id":"b","behaviors":{"blurHeader":{}}}}
            {"t":0,"y":0}
            {"t":0.5,"event":"tap","target":"content"}
            {"navrec":1,"session":{"id":"c","behaviors":{"customTitle":{}}}}
            """
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error == nil)
        let kinds = result.items.map { item -> String in
            switch item {
            case .header(let header): "h:\(header.id!)@\(header.line)"
            case .sample: "s"
            case .event: "e"
            case .endOfSession(let summary): "end:\(summary.samples)/\(summary.events)@\(summary.firstLine)-\(summary.lastLine)"
            }
        }
        // t restarts at 0 in the second session: ordering is per session.
        #expect(kinds == ["h:a@1", "s", "s", "end:2/0@1-3", "h:b@4", "s", "e", "end:1/1@4-6", "h:c@7", "end:0/0@7-7"])
        let ids = Set(result.summaries.map(\.contentID))
        #expect(ids.count == 3)
    }

    @Test("blank and whitespace-only lines are ignored anywhere, and do not change the content id")
    func blankLines() throws {
        let directory = try TemporaryDirectory()
        let plain = try readNDJSON(text: largeTitleHeader + "\n{\"t\":0,\"y\":1}\n{\"t\":1,\"y\":2}\n", in: directory, name: "a.ndjson")
        let blanks = try readNDJSON(text: "\n  \n" + largeTitleHeader + "\n\n\t\n{\"t\":0,\"y\":1}\n \n{\"t\":1,\"y\":2}\n\n\n", in: directory, name: "b.ndjson")
        #expect(blanks.error == nil)
        #expect(blanks.samples == plain.samples)
        #expect(blanks.summaries.first?.contentID == plain.summaries.first?.contentID)
        #expect(blanks.headers.first?.line == 3)
        #expect(blanks.summaries.first?.lastLine == 8)
    }

    @Test("CRLF and LF files give the same items and the same content id")
    func crlf() throws {
        let directory = try TemporaryDirectory()
        let lines = [largeTitleHeader, #"{"t":0,"y":1,"phase":"drag"}"#, #"{"t":1,"event":"tap","target":"bar"}"#]
        let lf = try readNDJSON(text: lines.joined(separator: "\n") + "\n", in: directory, name: "lf.ndjson")
        let crlf = try readNDJSON(text: lines.joined(separator: "\r\n") + "\r\n", in: directory, name: "crlf.ndjson")
        let noFinalNewline = try readNDJSON(text: lines.joined(separator: "\r\n"), in: directory, name: "last.ndjson")
        #expect(crlf.error == nil && lf.error == nil && noFinalNewline.error == nil)
        #expect(crlf.items == lf.items)
        #expect(noFinalNewline.items == lf.items)
        #expect(lf.summaries.count == 1)
    }

    @Test("the content id follows the documented algorithm and never changes")
    func contentIDIsPinned() throws {
        // Computed independently from the algorithm in ContentHasher's documentation: Python's
        // hashlib.sha256(b"\n".join(lines)).hexdigest()[:32], as the Spark landing table's session_key.
        let directory = try TemporaryDirectory()
        let text = largeTitleHeader + "\n" + #"{"t":0,"y":0}"# + "\n" + #"{"t":0.5,"y":12.25,"phase":"drag"}"# + "\n"
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.summaries.first?.contentID == "auto-096890f3a7f9f7f79f24751a10f5a852")
        // The 64-bit id of navrec before SHA-256, kept to recognize sessions it stored.
        #expect(result.summaries.first?.legacyContentID == "auto-f83412e85f4d8100")
    }

    @Test("a reader told not to leaves the legacy id out (nil) and keeps every other byte; by default it is there")
    func legacyContentIDOff() throws {
        let directory = try TemporaryDirectory()
        let text = largeTitleHeader + "\n" + #"{"t":0,"y":0}"# + "\n" + #"{"t":0.5,"y":12.25,"phase":"drag"}"# + "\n"
            + largeTitleHeader + "\n" + #"{"t":1,"y":3}"# + "\n"
        let path = try directory.write("two.ndjson", text)
        func items(legacy: Bool?) throws -> [RecordingItem] {
            let reader = try NDJSONReader(path: path, displayName: "two.ndjson")
            if let legacy { reader.legacyContentIDs = legacy }
            var items: [RecordingItem] = []
            while let item = try reader.next() { items.append(item) }
            return items
        }
        func summaries(_ items: [RecordingItem]) -> [SessionSummary] {
            items.compactMap { if case .endOfSession(let summary) = $0 { summary } else { nil } }
        }
        let byDefault = try items(legacy: nil), on = try items(legacy: true), off = try items(legacy: false)
        #expect(on == byDefault)
        #expect(summaries(byDefault).first?.legacyContentID == "auto-f83412e85f4d8100")
        #expect(summaries(byDefault).allSatisfy { $0.legacyContentID != nil })
        #expect(summaries(off).count == 2 && summaries(off).allSatisfy { $0.legacyContentID == nil })
        // Everything else, the SHA-256 content ids included, is the same item for item.
        var cleared = byDefault
        for index in cleared.indices {
            if case .endOfSession(var summary) = cleared[index] {
                summary.legacyContentID = nil
                cleared[index] = .endOfSession(summary)
            }
        }
        #expect(off == cleared)
        #expect(summaries(off)[0].contentID == "auto-096890f3a7f9f7f79f24751a10f5a852")
    }

    @Test("a reader told to leaves the content id out of named sessions only; by default every session has one")
    func namedSessionContentIDsOff() throws {
        let directory = try TemporaryDirectory()
        let named = #"{"navrec":1,"session":{"id":"s1","behaviors":{"largeTitle":{}}}}"#
        let text = named + "\n" + #"{"t":0,"y":0}"# + "\n" + largeTitleHeader + "\n" + #"{"t":0,"y":0}"# + "\n"
            + #"{"t":0.5,"y":12.25,"phase":"drag"}"# + "\n"
        let path = try directory.write("two.ndjson", text)
        func items(named: Bool?) throws -> [RecordingItem] {
            let reader = try NDJSONReader(path: path, displayName: "two.ndjson")
            if let named { reader.namedSessionContentIDs = named }
            var items: [RecordingItem] = []
            while let item = try reader.next() { items.append(item) }
            return items
        }
        func summaries(_ items: [RecordingItem]) -> [SessionSummary] {
            items.compactMap { if case .endOfSession(let summary) = $0 { summary } else { nil } }
        }
        let byDefault = try items(named: nil), on = try items(named: true), off = try items(named: false)
        #expect(on == byDefault)
        #expect(summaries(byDefault).count == 2 && summaries(byDefault).allSatisfy { $0.contentID != nil && $0.legacyContentID != nil })
        // The named session has neither id; the unnamed one keeps both, the same as by default.
        #expect(summaries(off).count == 2)
        #expect(summaries(off)[0].contentID == nil && summaries(off)[0].legacyContentID == nil)
        #expect(summaries(off)[1] == summaries(byDefault)[1])
        var cleared = byDefault
        for index in cleared.indices {
            if case .endOfSession(var summary) = cleared[index], summary.firstLine == 1 {
                summary.contentID = nil
                summary.legacyContentID = nil
                cleared[index] = .endOfSession(summary)
            }
        }
        #expect(off == cleared)
    }

    @Test("the content id changes with any byte of the session, including the header")
    func contentIDSensitivity() throws {
        let directory = try TemporaryDirectory()
        let base = largeTitleHeader + "\n" + #"{"t":0,"y":0}"# + "\n"
        let variants = [
            base,
            base.replacingOccurrences(of: "\"y\":0}", with: "\"y\":1}"),
            base.replacingOccurrences(of: "largeTitle", with: "blurHeader"),
            base + #"{"t":0,"y":0}"# + "\n",
        ]
        var ids: [String] = []
        for (index, text) in variants.enumerated() {
            let result = try readNDJSON(text: text, in: directory, name: "v\(index).ndjson")
            ids.append(try #require(result.summaries.first?.contentID))
        }
        #expect(Set(ids).count == variants.count)
        #expect(ids.allSatisfy { $0.hasPrefix("auto-") && $0.count == 37 })
    }

    @Test("unknown keys are ignored and counted on samples, events, bar states and headers")
    func unknownKeys() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"navrec":1,"producer":"app 2.0","session":{"behaviors":{"largeTitle":{}},"buildFlavor":"42"}}
            {"t":0,"y":1,"frame":1,"touch":{"x":[1,2,{"z":null}],"y":true}}
            {"t":1,"y":2,"bar":{"blurAlpha":0.5,"futureField":1}}
            {"t":2,"event":"tap","target":"title","y":3,"source":"finger"}
            """
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error == nil)
        // producer, buildFlavor, frame, touch, futureField, y (not an event field), source
        #expect(result.summaries.first?.ignoredKeys == 7)
        #expect(result.samples[1].bar == BarState(blurAlpha: 0.5))
    }

    @Test("lines crossing the 1 MiB read buffer are read whole")
    func bufferBoundaries() throws {
        let directory = try TemporaryDirectory()
        var text = largeTitleHeader + "\n"
        let count = 60_000  // ~2.4 MB: several buffer refills at odd offsets
        for index in 0..<count {
            text += #"{"t":\#(index),"y":\#(index % 997).25,"phase":"drag"}"# + (index % 3 == 0 ? "\r\n" : "\n")
        }
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error == nil)
        let samples = result.samples
        #expect(samples.count == count)
        #expect(samples.enumerated().allSatisfy { $0.element.sample == ScrollSample(t: Double($0.offset), y: Double($0.offset % 997) + 0.25, phase: .drag) })
    }

    @Test("a 10 MB line is read (and its unknown value skipped)")
    func tenMegabyteLine() throws {
        let directory = try TemporaryDirectory()
        let big = String(repeating: "é", count: 5_000_000)  // 10 MB of 2-byte UTF-8
        let text = largeTitleHeader + "\n" + #"{"t":0,"y":1,"blob":""# + big + "\"}\n" + #"{"t":1,"y":2}"# + "\n"
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error == nil)
        #expect(result.samples.map(\.sample) == [ScrollSample(t: 0, y: 1), ScrollSample(t: 1, y: 2)])
        #expect(result.summaries.first?.ignoredKeys == 1)
    }

    @Test("a 10 MB line of garbage fails cleanly at its first bad byte")
    func tenMegabyteGarbage() throws {
        let directory = try TemporaryDirectory()
        let text = largeTitleHeader + "\n" + #"{"t":0,"y":1,"a":["# + String(repeating: "1,", count: 5_000_000) + "x]}\n"
        let result = try readNDJSON(text: text, in: directory)
        #expect(result.error?.line == 2)
        #expect(result.error?.column == 19 + 10_000_000)
    }

    @Test("an object with 200 000 keys is checked for duplicates in linear time")
    func manyKeys() throws {
        let directory = try TemporaryDirectory()
        let keys = (0..<200_000).map { #""k\#($0)":0"# }.joined(separator: ",")
        let ok = try readNDJSON(text: largeTitleHeader + "\n" + #"{"t":0,"y":1,"a":{"# + keys + "}}\n", in: directory, name: "ok.ndjson")
        #expect(ok.error == nil)
        let duplicate = try readNDJSON(
            text: largeTitleHeader + "\n" + #"{"t":0,"y":1,"a":{"# + keys + #","k7":1}}"# + "\n", in: directory, name: "dup.ndjson")
        #expect(duplicate.error?.message == "duplicate key 'k7'")
    }

    @Test("a UTF-8 byte-order mark before the first header is skipped")
    func byteOrderMark() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bom.ndjson", [0xEF, 0xBB, 0xBF] + Array((largeTitleHeader + "\n{\"t\":0,\"y\":1}\n").utf8))
        let result = readNDJSON(path)
        #expect(result.error == nil)
        #expect(result.samples.count == 1)
    }

    @Test("an empty file has no sessions")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let result = try readNDJSON(text: "\n\n", in: directory)
        #expect(result.error == nil && result.items.isEmpty)
    }

    @Test("reads from a file descriptor such as standard input")
    func fileDescriptor() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("in.ndjson", largeTitleHeader + "\n{\"t\":0,\"y\":1}\n")
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let reader = NDJSONReader(fileDescriptor: handle.fileDescriptor, displayName: "<stdin>")
        var items: [RecordingItem] = []
        while let item = try reader.next() { items.append(item) }
        #expect(items.count == 3)
        #expect(reader.displayName == "<stdin>")
    }
}
