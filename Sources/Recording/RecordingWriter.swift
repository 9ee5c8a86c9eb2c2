public import BarModel
public import Foundation

/// Writes a navrec NDJSON recording (RECORDING_FORMAT.md), for apps that record sessions and for
/// `navrec simulate`.
///
/// Lines are collected in a buffer and handed to the output when it fills and on ``flush()``;
/// call ``flush()`` before closing the file (``deinit`` flushes too, ignoring errors). Numbers are
/// written as the shortest text that reads back as the same `Double` (integers without `.0`), so
/// everything written reads back identically through ``NDJSONReader``.
///
/// ```swift
/// let writer = RecordingWriter(fileHandle: handle)
/// try writer.writeHeader(SessionHeader(id: "album-0001", metadata: SessionMetadata(app: "Music", fps: 120), behaviors: behaviors))
/// try writer.writeSample(ScrollSample(t: 0.0083, y: 1.25, phase: .drag))
/// try writer.flush()
/// ```
/// Not thread-safe: write from one thread or actor.
public final class RecordingWriter {
    /// Why a line could not be written.
    public enum WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A number is NaN or infinite; JSON has no text for it.
        case nonFiniteNumber(field: String)

        public var description: String {
            switch self {
            case .nonFiniteNumber(let field): "'\(field)' is not a finite number"
            }
        }
    }

    private let output: (String) throws -> Void
    private let bufferCapacity: Int
    private var buffer = ""
    private var line = ""

    /// A writer that appends to an open file handle.
    ///
    /// - Parameter bufferCapacity: Bytes collected before a write to the handle.
    public convenience init(fileHandle: FileHandle, bufferCapacity: Int = 64 * 1024) {
        self.init(bufferCapacity: bufferCapacity) { text in
            try fileHandle.write(contentsOf: Data(text.utf8))
        }
    }

    /// A writer that hands chunks of whole lines to `output` (for example appending to a `String`
    /// or any `TextOutputStream`).
    ///
    /// - Parameters:
    ///   - bufferCapacity: Bytes collected before `output` is called.
    ///   - output: Receives the text; an error it throws comes out of the write that flushed.
    public init(bufferCapacity: Int = 64 * 1024, output: @escaping (String) throws -> Void) {
        self.output = output
        self.bufferCapacity = max(1, bufferCapacity)
        buffer.reserveCapacity(self.bufferCapacity + 1024)
    }

    deinit {
        try? flush()
    }

    /// Starts a session with `header` (its `line` is ignored).
    public func writeHeader(_ header: SessionHeader) throws {
        line = "{\"navrec\":\(header.formatVersion),\"session\":{"
        var first = true
        func string(_ key: String, _ value: String?) {
            guard let value else { return }
            line += (first ? "" : ",") + jsonQuoted(key) + ":" + jsonQuoted(value)
            first = false
        }
        string("id", header.id)
        string("app", header.app)
        string("screen", header.screen)
        string("device", header.device)
        string("os", header.os)
        if let fps = header.fps {
            line += (first ? "" : ",") + "\"fps\":" + (try Self.number(fps, "fps"))
            first = false
        }
        string("startedAt", header.startedAt)
        if let scale = header.screenScale {
            line += (first ? "" : ",") + "\"scale\":" + (try Self.number(scale, "scale"))
            first = false
        }
        string("appVersion", header.appVersion)
        string("build", header.build)
        if header.recorder.isDeclared {
            var parts: [String] = []
            if let moving = header.recorder.moving { parts.append("\"moving\":\"\(moving.rawValue)\"") }
            if let atRest = header.recorder.atRest { parts.append("\"atRest\":\"\(atRest.rawValue)\"") }
            line += (first ? "" : ",") + "\"recorder\":{" + parts.joined(separator: ",") + "}"
            first = false
        }
        line += (first ? "" : ",") + "\"behaviors\":" + header.behaviors.json + "}}\n"
        try append()
    }

    /// Writes one sample, with the bar state the app showed on that frame when given.
    ///
    /// - Throws: ``WriteError/nonFiniteNumber(field:)``, or the output's error when the buffer is written.
    public func writeSample(_ sample: ScrollSample, observed: BarState? = nil) throws {
        line = "{\"t\":" + (try Self.number(sample.t, "t")) + ",\"y\":" + (try Self.number(sample.y, "y"))
        if let phase = sample.phase { line += ",\"phase\":\"" + phase.name + "\"" }
        if let vy = sample.vy { line += ",\"vy\":" + (try Self.number(vy, "vy")) }
        if let frameDuration = sample.frameDuration { line += ",\"frameDuration\":" + (try Self.number(frameDuration, "frameDuration")) }
        if let observed {
            line += ",\"bar\":{"
            var first = true
            for field in BarStateField.allCases {
                guard let value = field.value(in: observed) else { continue }
                let text: String
                switch field.kind {
                case .length, .fraction: text = try Self.number(value, "bar.\(field.name)")
                case .boolean: text = value != 0 ? "true" : "false"
                case .enumeration: text = "\"" + field.valueNames[Int(value)] + "\""
                }
                line += (first ? "\"" : ",\"") + field.name + "\":" + text
                first = false
            }
            line += "}"
        }
        line += "}\n"
        try append()
    }

    /// Writes one event: a tap with its target, or a lifecycle event (`background`, `foreground`).
    public func writeEvent(_ event: ScrollEvent) throws {
        line = "{\"t\":" + (try Self.number(event.t, "t")) + ",\"event\":\"" + event.kind.name + "\""
        if let target = event.target { line += ",\"target\":\"" + target.rawValue + "\"" }
        if case .dropped(let samples) = event.kind { line += ",\"samples\":\(samples)" }
        line += "}\n"
        try append()
    }

    /// Writes one line a ``ScrollSampler`` decided on.
    public func write(_ line: ScrollSampler.Line) throws {
        switch line {
        case .sample(let sample, let observed): try writeSample(sample, observed: observed)
        case .event(let event): try writeEvent(event)
        case .dropped(let t, let count): try writeEvent(ScrollEvent(t: t, kind: .dropped(samples: count)))
        }
    }

    /// Bytes written but not yet handed to the output.
    public var bufferedByteCount: Int { buffer.utf8.count }

    /// Hands everything buffered to the output.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        let text = buffer
        buffer.removeAll(keepingCapacity: true)
        try output(text)
    }

    private func append() throws {
        buffer += line
        if buffer.utf8.count >= bufferCapacity { try flush() }
    }

    /// Shortest round-trip text; integers without `.0`, negative zero as `-0`.
    private static func number(_ value: Double, _ field: String) throws(WriteError) -> String {
        guard value.isFinite else { throw .nonFiniteNumber(field: field) }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        if abs(value) < 1e15, let integer = Int64(exactly: value) { return String(integer) }
        return value.description
    }
}
