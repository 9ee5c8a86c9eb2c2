import BarModel
import Recording
import Testing

private func header(_ names: String...) throws -> SessionHeader {
    var behaviors = BehaviorSet()
    for name in names { try behaviors.add(name) }
    return SessionHeader(id: "csv-1", behaviors: behaviors)
}

@Suite("CSV reader")
struct CSVReaderTests {
    @Test("reads a header row, samples with phase, velocity and bar fields by either name, then a summary")
    func happyPath() throws {
        let directory = try TemporaryDirectory()
        let text = "t,y,phase,vy,blur_alpha,background,barHidden,notes,\"sub\"\"title\"\r\n"
            + "0,82,drag,150,0.5,transparent,0,hello,x\r\n"
            + "0.017, 85.5 ,drag,,1,default,TRUE,\"a, \"\"quoted\"\" note\",\r\n"
            + "\r\n"
            + "0.033,83,,-2.5e1,,,false,\"multi\nline\",\n"
            + ".05,+86.,idle,,,,1,,\n"
        let path = try directory.write("s.csv", text)
        let sessionHeader = try header("blurHeader")
        let result = readCSV(path, header: sessionHeader)
        #expect(result.error == nil)
        #expect(result.headers == [sessionHeader])
        #expect(result.samples == [
            ScrollSampleWithBar(
                sample: ScrollSample(t: 0, y: 82, phase: .drag, vy: 150),
                bar: BarState(barHidden: false, blurAlpha: 0.5, background: .transparent)),
            ScrollSampleWithBar(
                sample: ScrollSample(t: 0.017, y: 85.5, phase: .drag),
                bar: BarState(barHidden: true, blurAlpha: 1, background: .default)),
            ScrollSampleWithBar(sample: ScrollSample(t: 0.033, y: 83, vy: -25), bar: BarState(barHidden: false)),
            ScrollSampleWithBar(sample: ScrollSample(t: 0.05, y: 86, phase: .idle), bar: BarState(barHidden: true)),
        ])
        let summary = try #require(result.summaries.first)
        // notes and sub"title: each unknown column once, however many rows.
        #expect(summary.ignoredKeys == 2 && summary.samples == 4 && summary.events == 0)
        #expect(summary.lastLine == 7)
        guard case .header = result.items.first, case .endOfSession = result.items.last else {
            Issue.record("header first, summary last")
            return
        }
    }

    @Test("LF and CRLF give the same content id; other behaviours give another")
    func contentID() throws {
        let directory = try TemporaryDirectory()
        let lf = readCSV(try directory.write("lf.csv", "t,y\n0,1\n1,2\n"), header: try header("largeTitle"))
        let crlf = readCSV(try directory.write("crlf.csv", "t,y\r\n0,1\r\n1,2"), header: try header("largeTitle"))
        let other = readCSV(try directory.write("other.csv", "t,y\n0,1\n1,2\n"), header: try header("blurHeader"))
        let id = try #require(lf.summaries.first?.contentID)
        #expect(crlf.summaries.first?.contentID == id)
        #expect(other.summaries.first?.contentID != id)
        #expect(crlf.samples == lf.samples)
    }

    @Test("bad CSV is reported as FILE:LINE:COL", arguments: [
        ("", "1:1", "the CSV file is empty"),
        ("y,phase\n0,drag\n", "1:1", "missing required column 't'"),
        ("t,y,y\n", "1:5", "duplicate column 'y'"),
        ("t,blurAlpha,blur_alpha,y\n", "1:13", "duplicate column 'blur_alpha'"),
        ("t,y\n0,1,2\n", "2:5", "expected 2 fields as in the header row, found 3"),
        ("t,y,phase\n0,1\n", "2:4", "expected 3 fields as in the header row, found 2"),
        ("t,y\n0,abc\n", "2:3", "'y' must be a number, found 'abc'"),
        ("t,y\n0,1e999\n", "2:3", "'y' must be a number"),
        ("t,y\n0,nan\n", "2:3", "'y' must be a number"),
        ("t,y\n,1\n", "2:1", "missing value for 't'"),
        ("t,y\n0,\n", "2:3", "missing value for 'y'"),
        ("t,y\n-1,0\n", "2:1", "'t' must not be negative"),
        ("t,y\n0,20000000\n", "2:3", "'y' is out of range"),
        ("t,y\n2,0\n1,0\n", "3:1", "'t' went back: 1 is smaller than the previous row's 2"),
        ("t,y,phase\n0,1,dragging\n", "2:5", "unknown phase 'dragging'"),
        ("t,y,background\n0,1,blue\n", "2:5", "unknown background 'blue'"),
        ("t,y,bar_hidden\n0,1,yes\n", "2:5", "'barHidden' must be true, false, 1 or 0, found 'yes'"),
        ("t,y\n0,1\"2\"\n", "2:4", "a quote inside an unquoted field"),
        ("t,y\n0,\"1\"x\n", "2:6", "after a closing quote"),
        ("t,y,notes\n0,1,\"open\n", "2:1", "a quoted field is not closed"),
        ("t,y,notes\n0,1,\"two\nlines\",extra\n", "3:8", "expected 3 fields as in the header row, found 4"),
        ("t,y\n0,1\u{0}\n", "2:4", "NUL byte"),
    ])
    func badInput(text: String, position: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let result = readCSV(try directory.write("bad.csv", text), name: "bad.csv", header: try header("largeTitle"))
        let error = try #require(result.error)
        #expect("\(error.line):\(error.column)" == position)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.description.hasPrefix("bad.csv:\(position): error: "))
    }

    @Test("a missing CSV file is unreadable")
    func missing() throws {
        let error = #expect(throws: RecordingError.self) {
            _ = try CSVReader(path: "/nonexistent/navrec.csv", displayName: "x.csv", header: try header("largeTitle"))
        }
        #expect(error?.kind == .unreadable)
    }
}
