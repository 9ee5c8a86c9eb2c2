import Foundation
import Recording
import Testing

/// One bad recording and where and how the reader must report it.
struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// `LINE:COLUMN`.
    var position: String
    var message: String

    init(_ name: String, _ text: String, _ position: String, _ message: String) {
        self.init(name, Array(text.utf8), position, message)
    }

    init(_ name: String, _ bytes: [UInt8], _ position: String, _ message: String) {
        self.name = name
        self.bytes = bytes
        self.position = position
        self.message = message
    }

    var testDescription: String { name }
}

private let h = largeTitleHeader + "\n"
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Every "Bad input" rule of RECORDING_FORMAT.md, plus the JSON and UTF-8 rules behind "not valid JSON".
let badInputs: [BadInput] = [
    // Not valid JSON
    .init("not JSON at all", h + "not json\n", "2:1", "expected a JSON object"),
    .init("an array line", h + "[1,2]\n", "2:1", "expected a JSON object"),
    .init("unquoted key", h + "{t:1,y:0}\n", "2:2", "expected a key in double quotes"),
    .init("missing comma", h + #"{"t":1 "y":0}"# + "\n", "2:8", "expected ',' or '}'"),
    .init("missing colon", h + #"{"t" 1,"y":0}"# + "\n", "2:6", "expected ':' after the key"),
    .init("trailing garbage", h + #"{"t":1,"y":0} x"# + "\n", "2:15", "unexpected text after the object"),
    .init("two objects on a line", h + #"{"t":1,"y":0}{"t":2,"y":0}"# + "\n", "2:14", "unexpected text after the object"),
    .init("truncated last line", h + #"{"t":1,"y":"#, "2:12", "'y' must be a number, found the end of the line"),
    .init("unterminated string at end of file", h + #"{"t":1,"y":0,"phase":"dra"#, "2:22", "unterminated string"),
    .init("leading zero", h + #"{"t":01,"y":0}"# + "\n", "2:6", "leading zeros"),
    .init("bare minus", h + #"{"t":1,"y":-}"# + "\n", "2:12", "invalid number"),
    .init("fraction without digits", h + #"{"t":1,"y":1.}"# + "\n", "2:14", "expected a digit after the decimal point"),
    .init("exponent without digits", h + #"{"t":1,"y":1e}"# + "\n", "2:14", "expected a digit in the number's exponent"),
    .init("NaN literal", h + #"{"t":1,"y":NaN}"# + "\n", "2:12", "NaN and Infinity are not JSON numbers"),
    .init("Infinity in an unknown key", h + #"{"t":1,"y":0,"a":Infinity}"# + "\n", "2:18", "NaN and Infinity are not JSON numbers"),
    .init("misspelt literal", h + #"{"t":1,"y":0,"a":tru}"# + "\n", "2:18", "expected a JSON value"),
    .init("unclosed array in an unknown key", h + #"{"t":1,"y":0,"a":[1,2}"# + "\n", "2:22", "expected ',' or ']'"),
    .init("duplicate known key", h + #"{"t":1,"y":0,"t":2}"# + "\n", "2:14", "duplicate key 't'"),
    .init("duplicate unknown key", h + #"{"t":1,"y":0,"a":1,"a":2}"# + "\n", "2:20", "duplicate key 'a'"),
    .init("duplicate key spelt with an escape", h + #"{"t":1,"y":0,"\u0074":2}"# + "\n", "2:14", "duplicate key 't'"),
    .init("duplicate key in a nested unknown object", h + #"{"t":1,"y":0,"a":{"b":1,"b":2}}"# + "\n", "2:25", "duplicate key 'b'"),
    .init("duplicate key in bar", h + #"{"t":1,"y":0,"bar":{"blurAlpha":1,"blurAlpha":0}}"# + "\n", "2:35", "duplicate key 'blurAlpha'"),
    .init("NUL byte in a string", bytes(h + #"{"t":1,"y":0,"a":"x"#) + [0] + bytes("\"}\n"), "2:20", "NUL byte"),
    .init("NUL byte between tokens", bytes(h + #"{"t":1,"#) + [0] + bytes(#""y":0}"# + "\n"), "2:8", "NUL byte"),
    .init("escaped NUL", h + #"{"t":1,"y":0,"a":"\u0000"}"# + "\n", "2:19", "\\u0000"),
    .init("invalid UTF-8", bytes(h + #"{"t":1,"y":0,"a":""#) + [0xC3, 0x28] + bytes("\"}\n"), "2:19", "invalid UTF-8"),
    .init("overlong UTF-8", bytes(h + #"{"t":1,"y":0,"a":""#) + [0xC0, 0xAF] + bytes("\"}\n"), "2:19", "invalid UTF-8"),
    .init("UTF-8 surrogate", bytes(h + #"{"t":1,"y":0,"a":""#) + [0xED, 0xA0, 0x80] + bytes("\"}\n"), "2:19", "invalid UTF-8"),
    .init("truncated UTF-8 at end of string", bytes(h + #"{"t":1,"y":0,"a":""#) + [0xE2, 0x82] + bytes("\"}\n"), "2:19", "invalid UTF-8"),
    .init("raw tab in a string", h + "{\"t\":1,\"y\":0,\"a\":\"x\ty\"}\n", "2:20", "control character 0x09"),
    .init("invalid escape", h + #"{"t":1,"y":0,"a":"\q"}"# + "\n", "2:19", "invalid escape '\\q'"),
    .init("short unicode escape", h + #"{"t":1,"y":0,"a":"\u12"}"# + "\n", "2:19", "expected four hex digits"),
    .init("lone high surrogate", h + #"{"t":1,"y":0,"a":"\uD800x"}"# + "\n", "2:19", "unpaired surrogate \\uD800"),
    .init("lone low surrogate", h + #"{"t":1,"y":0,"a":"\uDC00"}"# + "\n", "2:19", "unpaired surrogate \\uDC00"),
    .init("nesting deeper than 32", h + #"{"t":1,"y":0,"a":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}\n", "2:49", "nesting deeper than 32 levels"),
    .init("deep objects", h + #"{"t":1,"y":0,"a":"# + String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 41) + "\n", "2:173", "nesting deeper than 32 levels"),
    // Missing t/y
    .init("missing t", h + #"{"y":1}"# + "\n", "2:1", "missing required key 't'"),
    .init("missing y", h + #"{"t":1}"# + "\n", "2:1", "missing required key 'y'"),
    .init("empty object", h + "{}\n", "2:1", "missing required key 't'"),
    .init("event without target", h + #"{"t":1,"event":"tap"}"# + "\n", "2:1", "missing required key 'target'"),
    // Wrong types
    .init("t as a string", h + #"{"t":"1","y":2}"# + "\n", "2:6", "'t' must be a number, found a string"),
    .init("y as a boolean", h + #"{"t":1,"y":true}"# + "\n", "2:12", "'y' must be a number, found a boolean"),
    .init("y null", h + #"{"t":1,"y":null}"# + "\n", "2:12", "'y' must be a number, found null"),
    .init("vy as a string", h + #"{"t":1,"y":0,"vy":"fast"}"# + "\n", "2:19", "'vy' must be a number, found a string"),
    .init("phase as a number", h + #"{"t":1,"y":0,"phase":1}"# + "\n", "2:22", "'phase' must be a string, found a number"),
    .init("bar as a number", h + #"{"t":1,"y":0,"bar":5}"# + "\n", "2:20", "'bar' must be an object"),
    .init("bar boolean as a number", h + #"{"t":1,"y":0,"bar":{"barHidden":1}}"# + "\n", "2:33", "'bar.barHidden' must be true or false, found a number"),
    .init("bar number as a string", h + #"{"t":1,"y":0,"bar":{"blurAlpha":"1"}}"# + "\n", "2:33", "'bar.blurAlpha' must be a number, found a string"),
    .init("event as a number", h + #"{"t":1,"event":1,"target":"title"}"# + "\n", "2:16", "'event' must be a string"),
    // Non-finite or absurd numbers
    .init("overflowing y", h + #"{"t":1,"y":1e999}"# + "\n", "2:12", "number out of range"),
    .init("overflowing vy", h + #"{"t":1,"y":0,"vy":-2e308}"# + "\n", "2:19", "number out of range"),
    .init("absurd y", h + #"{"t":1,"y":2e7}"# + "\n", "2:12", "'y' is out of range: |y| must be at most 1e7 points, found 20000000"),
    .init("absurd negative y", h + #"{"t":1,"y":-10000000.5}"# + "\n", "2:12", "'y' is out of range"),
    .init("absurd t", h + #"{"t":2e7,"y":0}"# + "\n", "2:6", "'t' is out of range: at most 1e7 seconds"),
    .init("negative t", h + #"{"t":-1,"y":0}"# + "\n", "2:6", "'t' must not be negative"),
    .init("number too long to compute", h + #"{"t":1,"y":0."# + String(repeating: "1", count: 5000) + "}\n", "2:12", "number is longer than 4096 characters"),
    // t decreasing
    .init("t going back", h + #"{"t":2,"y":0}"# + "\n" + #"{"t":1,"y":0}"# + "\n", "3:6", "'t' went back: 1 is smaller than the previous line's 2"),
    .init("event going back", h + #"{"t":2,"y":0}"# + "\n" + #"{"t":1.5,"event":"tap","target":"title"}"# + "\n", "3:6", "'t' went back"),
    .init("sample going back after an event", h + #"{"t":2,"event":"tap","target":"bar"}"# + "\n" + #"{"t":1,"y":0}"# + "\n", "3:6", "'t' went back"),
    // Unknown values
    .init("unknown phase", h + #"{"t":1,"y":0,"phase":"dragging"}"# + "\n", "2:22", "unknown phase 'dragging'; expected idle, drag, decelerate, bounce or animate"),
    .init("unknown event", h + #"{"t":1,"event":"swipe","target":"title"}"# + "\n", "2:16", "unknown event 'swipe'; expected tap, background, foreground, dropped, disappear or appear"),
    .init("lifecycle event with a target", h + #"{"t":1,"event":"background","target":"bar"}"# + "\n", "2:16", "a 'background' event has no 'target' (only taps do)"),
    .init("zero frameDuration", h + #"{"t":1,"y":0,"frameDuration":0}"# + "\n", "2:30", "'frameDuration' must be a positive number of seconds up to 1"),
    .init("frameDuration over a second", h + #"{"t":1,"y":0,"frameDuration":1.5}"# + "\n", "2:30", "found 1.5"),
    .init("frameDuration as a string", h + #"{"t":1,"y":0,"frameDuration":"8ms"}"# + "\n", "2:30", "'frameDuration' must be a number"),
    .init("duplicate frameDuration", h + #"{"t":1,"y":0,"frameDuration":0.01,"frameDuration":0.01}"# + "\n", "2:35", "duplicate key 'frameDuration'"),
    .init("unknown target", h + #"{"t":1,"event":"tap","target":"nav"}"# + "\n", "2:31", "unknown target 'nav'; expected content, title or bar"),
    .init("unknown background", h + #"{"t":1,"y":0,"bar":{"background":"blue"}}"# + "\n", "2:34", "unknown background 'blue'; expected transparent or default"),
    // Before any header
    .init("sample before any header", #"{"t":0,"y":0}"# + "\n", "1:1", "sample before any session header"),
    .init("event before any header", "\n" + #"{"t":0,"event":"tap","target":"bar"}"# + "\n", "2:1", "event before any session header"),
    // Header rules
    .init("format version 2", #"{"navrec":2,"session":{"behaviors":{"largeTitle":{}}}}"# + "\n", "1:11", "unsupported navrec format version 2; this navrec reads version 1"),
    .init("format version 1.5", #"{"navrec":1.5,"session":{"behaviors":{"largeTitle":{}}}}"# + "\n", "1:11", "unsupported navrec format version 1.5"),
    .init("format version as a string", #"{"navrec":"1","session":{"behaviors":{"largeTitle":{}}}}"# + "\n", "1:11", "'navrec' must be a number"),
    .init("header without session", #"{"navrec":1}"# + "\n", "1:1", "missing 'session'"),
    .init("session without navrec", #"{"session":{"behaviors":{"largeTitle":{}}}}"# + "\n", "1:1", "needs 'navrec'"),
    .init("session not an object", #"{"navrec":1,"session":[]}"# + "\n", "1:23", "'session' must be an object, found an array"),
    .init("missing behaviors", #"{"navrec":1,"session":{"id":"x"}}"# + "\n", "1:23", "missing 'session.behaviors'"),
    .init("behaviors not an object", #"{"navrec":1,"session":{"behaviors":[]}}"# + "\n", "1:36", "'session.behaviors' must be an object"),
    .init("no behaviour", #"{"navrec":1,"session":{"behaviors":{}}}"# + "\n", "1:24", "a session needs at least one behaviour"),
    .init("unknown behaviour", #"{"navrec":1,"session":{"behaviors":{"largeTitel":{}}}}"# + "\n", "1:37", "unknown behaviour 'largeTitel'; known: largeTitle, avatar, customTitle, hideOnSwipe, blurHeader, dropdownTitle (did you mean 'largeTitle'?)"),
    .init("unknown parameter", #"{"navrec":1,"session":{"behaviors":{"largeTitle":{"largeHieght":90}}}}"# + "\n", "1:51", "unknown parameter 'largeHieght' for largeTitle"),
    .init("parameter of the wrong type", #"{"navrec":1,"session":{"behaviors":{"largeTitle":{"largeHeight":"big"}}}}"# + "\n", "1:65", "largeTitle.largeHeight must be a finite number"),
    .init("parameter as an object", #"{"navrec":1,"session":{"behaviors":{"largeTitle":{"largeHeight":{}}}}}"# + "\n", "1:65", "must be a number, boolean, string or null, found an object"),
    .init("behaviour parameters not an object", #"{"navrec":1,"session":{"behaviors":{"largeTitle":true}}}"# + "\n", "1:50", "'session.behaviors.largeTitle' must be an object"),
    .init("duplicate behaviour", #"{"navrec":1,"session":{"behaviors":{"largeTitle":{},"largeTitle":{}}}}"# + "\n", "1:53", "duplicate key 'largeTitle'"),
    .init("avatar without largeTitle", #"{"navrec":1,"session":{"behaviors":{"avatar":{}}}}"# + "\n", "1:24", "avatar needs largeTitle"),
    .init("two title presentations", #"{"navrec":1,"session":{"behaviors":{"largeTitle":{},"blurHeader":{}}}}"# + "\n", "1:24", "largeTitle and blurHeader cannot be combined"),
    .init("fps not positive", #"{"navrec":1,"session":{"fps":0,"behaviors":{"largeTitle":{}}}}"# + "\n", "1:30", "'session.fps' must be a positive number"),
    .init("id as a number", #"{"navrec":1,"session":{"id":7,"behaviors":{"largeTitle":{}}}}"# + "\n", "1:29", "'session.id' must be a string, found a number"),
    .init("bad header in a later session", h + #"{"t":0,"y":0}"# + "\n" + #"{"navrec":1,"session":{"behaviors":{"hideOnSwipe":{"swipeDistance":-1}}}}"# + "\n", "3:68", "hideOnSwipe.swipeDistance must be"),
    .init("CRLF keeps columns", h.replacingOccurrences(of: "\n", with: "\r\n") + #"{"t":1,"y":true}"# + "\r\n", "2:12", "'y' must be a number"),
    .init("byte-order mark counts in columns", [0xEF, 0xBB, 0xBF] + bytes(#"{"navrec":3,"session":{"behaviors":{"largeTitle":{}}}}"#), "1:14", "unsupported navrec format version 3"),
]

@Suite("NDJSON bad input")
struct BadInputTests {
    @Test("each bad-input rule is reported as FILE:LINE:COL with a clear message", arguments: badInputs)
    func reportsPosition(_ input: BadInput) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.ndjson", input.bytes)
        let result = readNDJSON(path, name: "bad.ndjson")
        let error = try #require(result.error)
        #expect(error.kind == .invalidInput)
        #expect("\(error.file):\(error.line):\(error.column)" == "bad.ndjson:\(input.position)")
        #expect(error.message.contains(input.message), "\(error.message)")
        #expect(error.description == "bad.ndjson:\(input.position): error: \(error.message)")
    }

    @Test("after an error the reader keeps throwing it")
    func staysFailed() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.ndjson", h + "oops\n" + #"{"t":1,"y":0}"# + "\n")
        let reader = try NDJSONReader(path: path, displayName: "bad.ndjson")
        #expect(try reader.next() != nil)
        #expect(throws: RecordingError.self) { try reader.next() }
        let again = #expect(throws: RecordingError.self) { try reader.next() }
        #expect(again?.line == 2)
    }

    @Test("a missing file is unreadable, not bad input, with no position")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: RecordingError.self) {
            _ = try NDJSONReader(path: directory.url.appendingPathComponent("nope.ndjson").path, displayName: "nope.ndjson")
        }
        #expect(error?.kind == .unreadable)
        #expect(error?.description == "nope.ndjson: error: cannot open: No such file or directory")
    }

    @Test("a directory opens but fails to read as unreadable")
    func directoryIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let result = readNDJSON(directory.url.path, name: "dir")
        #expect(result.error?.kind == .unreadable)
        #expect(result.error?.message.contains("Is a directory") == true)
    }

    @Test("a line longer than the cap is an error, not a crash")
    func lineTooLong() throws {
        let directory = try TemporaryDirectory()
        // 65 MiB of one unknown string value, no newline.
        var bytes = Array((h + #"{"t":1,"y":0,"a":""#).utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 65 << 20)
        let path = try directory.write("long.ndjson", bytes)
        let result = readNDJSON(path, name: "long.ndjson")
        #expect(result.error?.description == "long.ndjson:2:67108865: error: line is longer than 64 MiB")
        #expect(result.headers.count == 1)
    }
}
