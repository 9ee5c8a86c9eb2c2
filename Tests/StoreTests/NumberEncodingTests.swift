import BarModel
import Foundation
import Simulation
@testable import Store
import Testing

/// `frame_chunks` stores numbers as exact thousandths where that is lossless, else as their shortest
/// round-trip text: every value must come back bit for bit, through Swift and through the
/// `timeline` view (SQLite's own text-to-number conversion).
@Suite("Number encoding in frame chunks")
struct NumberEncodingTests {
    let directory = TemporaryDirectory()

    static let values: [Double] = [
        0, 0.1, 82.5, -23.5, 1.0 / 3, 0.0083333, 1e-7, 0.0005, -0.0005, 0.0015, 2.0000000000000004,
        4.5e12, -4.5e12, 4_503_599_627_370.495, 1e300, -1e-300, 96.5, 52.49, 0.016666666666666666,
        Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
    ]

    @Test("thousandths are used exactly when they round-trip", arguments: values)
    func thousandths(value: Double) {
        if let m = DigitColumn.thousandths(value) {
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

    /// SplitMix64: the same values on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Stores `values` as session `id`'s y and computed avatarScale; returns them as navrec reads
    /// them back and as `timeline` gives them (y, then avatar_scale).
    func storeAndRead(_ values: [Double], id: String) throws -> (swift: [Double?], sql: [(Double, Double)]) {
        let store = try SessionStore(path: directory.path("\(id).sqlite"))
        try store.importSession { writer in
            for (seq, value) in values.enumerated() {
                try writer.append(ScrollSample(t: Double(seq) / 120, y: value), computed: BarState(avatarScale: value), observed: nil)
            }
            return StoredSession(
                key: writer.sessionKey, id: id, behaviorNames: ["avatar"], parametersJSON: "{}", contentID: "auto-\(id)",
                source: "test", samples: writer.samples, observedSamples: 0, events: 0,
                ignoredKeys: 0, duration: writer.duration, importedAt: "2026-12-01T00:00:00Z")
        }
        let session = try #require(try store.session(id: id))
        let frames = try store.frames(of: session).readAll()
        #expect(frames.map(\.sample.y.bitPattern) == frames.map { $0.computed.avatarScale?.bitPattern ?? 0 })
        let statement = try store.database.prepare("SELECT y, avatar_scale FROM timeline WHERE session_id = ? ORDER BY seq")
        try statement.bind([.text(id)])
        var sql: [(Double, Double)] = []
        while try statement.step() { sql.append((statement.double(0), statement.double(1))) }
        return (frames.map(\.computed.avatarScale), sql)
    }

    @Test("5,000 numbers as recorders and models write them read back bit for bit, in Swift and through timeline")
    func realisticRoundTrip() throws {
        var random = SeededGenerator(state: 15)
        let values: [Double] = (0..<5_000).map { index in
            switch index % 4 {
            case 0: Double(Int.random(in: -100_000...100_000, using: &random)) / 1000  // whole thousandths
            case 1: Double.random(in: 0...1, using: &random)  // an alpha from a model
            case 2: Double.random(in: -500...500, using: &random).rounded() / 3  // 1/3 points
            default: sin(Double(index)) * 96.5 * Double.random(in: 0.001...1, using: &random)
            }
        }
        let (swift, sql) = try storeAndRead(values, id: "real")
        #expect(swift.map { $0?.bitPattern } == values.map(\.bitPattern))
        let wrong = zip(sql, values).filter { $0.0.0.bitPattern != $0.1.bitPattern || $0.0.1.bitPattern != $0.1.bitPattern }
        #expect(wrong.isEmpty, "\(wrong.count) values differ in SQL: \(wrong.prefix(5))")
        #expect(sql.count == values.count)
    }

    @Test("a @3x pixel grid's thirds are stored as three-thousandths, five digits a field here, and read back bit for bit")
    func threeThousandths() throws {
        // Offsets a third of a point apart, as UIKit gives them at @3x, negative ones (a bounce) too: three chunks.
        let values = (-90..<90).map { Double($0) / 3 }
        let (swift, sql) = try storeAndRead(values, id: "thirds")
        #expect(swift.map { $0?.bitPattern } == values.map(\.bitPattern))
        #expect(sql.map(\.0.bitPattern) == values.map(\.bitPattern))
        #expect(sql.map(\.1.bitPattern) == values.map(\.bitPattern))
        let store = try SessionStore(path: directory.path("thirds.sqlite"))
        // 64 thirds span 63,000 three-thousandths: 5 digits (their binary form took 16 to 19).
        #expect(try layouts(store, "y") == [105, 105, 105])
        #expect(try layouts(store, "avatar_scale") == [105, 105, 105])
    }

    @Test("three-thousandths only where every value of the chunk is one: thousandths keep their form, one other value takes the chunk to the binary form")
    func threeThousandthsCounterCases() throws {
        // Halves and thousandths are three-thousandths too, but their own form is shorter.
        _ = try storeAndRead([0.5, 0.001, 82.5, -23.5], id: "thousandths")
        #expect(try layouts(SessionStore(path: directory.path("thousandths.sqlite")), "y") == [6])
        // Thirds among thousandths: the chunk is three-thousandths (0.001 is 3 / 3000).
        _ = try storeAndRead([1.0 / 3, 0.001, 0.5, -2.0 / 3], id: "mixed")
        #expect(try layouts(SessionStore(path: directory.path("mixed.sqlite")), "y") == [104])
        // One model output among thirds (no exact three-thousandths): the chunk takes the binary form, exact as before.
        let offGrid = [1.0 / 3, 2.0 / 3, 0.9987301587301587, 96.5 - 1.0 / 3]
        let (swift, sql) = try storeAndRead(offGrid, id: "offgrid")
        #expect(try layouts(SessionStore(path: directory.path("offgrid.sqlite")), "y").allSatisfy { $0 < 0 })
        #expect(swift.map { $0?.bitPattern } == offGrid.map(\.bitPattern))
        #expect(sql.map(\.0.bitPattern) == offGrid.map(\.bitPattern))
        // A value just off a third (one unit in the last place) is no three-thousandth.
        #expect(DigitColumn.threeThousandths((1.0 / 3).nextUp) == nil)
        #expect(DigitColumn.threeThousandths(1.0 / 3) == 1000)
        #expect(DigitColumn.threeThousandths(-0.0) == 0)
    }

    @Test("NULLs among three-thousandths stay NULL, in Swift and through timeline, and observed_gaps reads them")
    func threeThousandthsWithNulls() throws {
        let store = try SessionStore(path: directory.path("null.sqlite"))
        let values = (0..<70).map { Double($0) / 3 }
        func scale(_ index: Int) -> Double? { index % 5 == 2 ? nil : values[index] }
        try store.importSession { writer in
            for (seq, value) in values.enumerated() {
                try writer.append(
                    ScrollSample(t: Double(seq) / 120, y: value), computed: BarState(avatarScale: scale(seq)),
                    observed: BarState(avatarScale: seq % 7 == 3 ? nil : value + 1.0 / 3))
            }
            return StoredSession(
                key: writer.sessionKey, id: "null", behaviorNames: ["avatar"], parametersJSON: "{}", contentID: "auto-null",
                source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: 0,
                ignoredKeys: 0, duration: writer.duration, importedAt: "2026-12-06T00:00:00Z")
        }
        #expect(try layouts(store, "avatar_scale").allSatisfy { $0 >= 102 })
        let session = try #require(try store.session(id: "null"))
        let frames = try store.frames(of: session).readAll()
        #expect(frames.map { $0.computed.avatarScale?.bitPattern } == values.indices.map { scale($0)?.bitPattern })
        let statement = try store.database.prepare(
            "SELECT avatar_scale FROM timeline WHERE session_id = 'null' AND source = 'computed' ORDER BY seq")
        var fromView: [Double?] = []
        while try statement.step() { fromView.append(statement.isNull(0) ? nil : statement.double(0)) }
        #expect(fromView.map { $0?.bitPattern } == values.indices.map { scale($0)?.bitPattern })
        // The gap of each sample with both values, and NULL where either is NULL, as Swift works it out.
        let gaps = try store.database.prepare("SELECT avatar_scale_gap FROM observed_gaps WHERE session_id = 'null' ORDER BY seq")
        var index = 0
        while try gaps.step() {
            let observed: Double? = index % 7 == 3 ? nil : values[index] + 1.0 / 3
            let expected = scale(index).flatMap { computed in observed.map { abs($0 - computed) } }
            #expect((gaps.isNull(0) ? nil : gaps.double(0)) == expected, "seq \(index)")
            index += 1
        }
        #expect(index == values.count)
        // Observed equal to computed, byte for byte: the view gives 0 without decoding, and NULL
        // where the field is NULL, which it must find in the three-thousandths' fields.
        let same = try SessionStore(path: directory.path("same.sqlite"))
        try same.importSession { writer in
            for (seq, value) in values.enumerated() {
                try writer.append(
                    ScrollSample(t: Double(seq) / 120, y: value), computed: BarState(avatarScale: scale(seq)),
                    observed: BarState(avatarScale: scale(seq)))
            }
            return StoredSession(
                key: writer.sessionKey, id: "same", behaviorNames: ["avatar"], parametersJSON: "{}", contentID: "auto-same",
                source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: 0,
                ignoredKeys: 0, duration: writer.duration, importedAt: "2026-12-06T00:00:00Z")
        }
        #expect(try layouts(same, "o_avatar_scale") == layouts(same, "avatar_scale"))
        let sameGaps = try same.database.prepare("SELECT avatar_scale_gap FROM observed_gaps WHERE session_id = 'same' ORDER BY seq")
        var sameValues: [Double?] = []
        while try sameGaps.step() { sameValues.append(sameGaps.isNull(0) ? nil : sameGaps.double(0)) }
        #expect(sameValues == values.indices.map { scale($0) == nil ? nil : 0 })
    }

    @Test("three-thousandths are written only into a database whose views read them (schema 21 on), whatever the build embeds")
    func threeThousandthsNeedTheirViews() throws {
        for version in [20, 21] {
            let database = try Database(path: directory.path("v\(version).sqlite"))
            _ = try Migrator(migrations: Migration.embedded.filter { $0.version <= version }).migrate(database)
            let builder = FrameChunkBuilder(
                insert: ParameterBinder(try database.prepare(FrameChunkBuilder.insertSQL)),
                textNumber: try database.prepare(FrameChunkBuilder.textNumberSQL),
                schemaVersion: Int(try database.scalarInt("PRAGMA user_version") ?? 0))
            let block = FrameColumns()
            for seq in 0..<10 { block.append(seq: seq, sample: ScrollSample(t: Double(seq) / 120, y: Double(seq) / 3), computed: BarState(), observed: nil) }
            _ = builder.append(block, from: 0, rows: block.count, seq: 0)
            try database.execute("PRAGMA foreign_keys = OFF")
            try builder.store(sessionKey: 1)
            let width = try #require(try database.scalarInt("SELECT y_w FROM frame_chunks"))
            // Schema 20's views read thirds only in the binary form (w < 0); 21's read three-thousandths.
            #expect(version == 20 ? width < 0 : width == 104, "schema \(version): y_w \(width)")
        }
    }

    /// The `_w` of column `name` in each chunk, in key order.
    func layouts(_ store: SessionStore, _ name: String) throws -> [Int64] {
        let statement = try store.database.prepare("SELECT \(name)_w FROM frame_chunks ORDER BY key")
        var widths: [Int64] = []
        while try statement.step() { widths.append(statement.int64(0)) }
        return widths
    }

    @Test("a scaled column's factor above 1 (a hand edit) is checked: a value it makes infinite names the chunk; 1 and below read")
    func scaledFactor() throws {
        // Sevenths: no exact thousandths nor three-thousandths, so the chunk holds them scaled by a power of two.
        let values = (0..<10).map { Double($0) / 7 }
        _ = try storeAndRead(values, id: "factor")
        let store = try SessionStore(path: directory.path("factor.sqlite"))
        let session = try #require(try store.session(id: "factor"))
        let layout = try store.database.prepare("SELECT y_w < 0 AND typeof(y_base) = 'real', y_base FROM frame_chunks")
        #expect(try layout.step())
        #expect(layout.int64(0) == 1)
        let factor = layout.double(1)
        layout.reset()
        // 1e300 times an integer of 16 or more digits is infinite: the first such row (seq 1; seq 0 is 0) is named.
        try store.database.execute("UPDATE frame_chunks SET y_base = 1e300")
        let error = #expect(throws: DatabaseError.self) { _ = try store.frames(of: session).readAll() }
        #expect(error?.message.hasSuffix("column y value of seq 1 is not a finite number") == true, "\(String(describing: error))")
        // The counter-case: a factor of 1 (the largest the encoder writes) reads the integers as they are.
        try store.database.execute("UPDATE frame_chunks SET y_base = 1.0")
        let integers = try store.frames(of: session).readAll().map(\.sample.y)
        #expect(integers == values.map { $0 / factor }, "\(integers)")
    }

    @Test("-0.0 reads back as 0.0 also in a chunk column stored as scaled integers or text, as StoredValues promises")
    func negativeZero() throws {
        // 1e300 next to 1e-300 fits no single power of two: that chunk is stored as text.
        for (neighbour, id) in [(1.0 / 3, "scaled"), (1e300, "text")] {
            let (swift, sql) = try storeAndRead([neighbour, -0.0, 1e-300], id: id)
            #expect(swift[1]?.bitPattern == 0.0.bitPattern, "\(id)")
            #expect(sql[1].0.bitPattern == 0.0.bitPattern && sql[1].1.bitPattern == 0.0.bitPattern, "\(id)")
        }
    }

    @Test("any finite bit pattern reads back bit for bit in Swift, and within one unit in the last place through timeline")
    func wildRoundTrip() throws {
        var random = SeededGenerator(state: 16)
        var values: [Double] = []
        while values.count < 3_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(value) }
        }
        let (swift, sql) = try storeAndRead(values, id: "wild")
        #expect(swift.map { $0?.bitPattern } == values.map(\.bitPattern))
        let far = zip(sql, values).filter { ![$0.1.nextDown, $0.1, $0.1.nextUp].contains($0.0.0) }
        #expect(far.isEmpty, "\(far.count) values: \(far.prefix(5))")
        #expect(sql.count == values.count)
    }
}

/// ``DigitColumn/decodeIntegers``: the 8-bytes-at-a-time path against a digit at a time.
@Suite("Digit decoding")
struct DigitDecodingTests {
    /// `values` written as right-aligned fields of `width` digits (`nil` as the NULL field).
    static func fields(_ values: [UInt64?], width: Int) -> [UInt8] {
        values.flatMap { value -> [UInt8] in
            guard let value else { return Array(repeating: UInt8(ascii: "-"), count: width) }
            let text = String(value)
            return Array((String(repeating: "0", count: width - text.count) + text).utf8)
        }
    }

    static func decode(_ bytes: [UInt8], count: Int, width: Int, base: Int64 = 0) -> ([Int64], Bool) {
        var values = [Int64](repeating: 0, count: count)
        let ok = bytes.withUnsafeBufferPointer { bytes in
            values.withUnsafeMutableBufferPointer {
                DigitColumn.decodeIntegers(bytes.baseAddress!, count: count, width: width, base: base, null: .min, into: $0.baseAddress!)
            }
        }
        return (values, ok)
    }

    @Test("every width from 1 to 20 and every count from 1 to 64 read back, NULLs and the base included", arguments: 1...20)
    func widths(width: Int) {
        var generator = SystemRandomNumberGenerator()
        let limit: UInt64 = width >= 19 ? UInt64(Int64.max) : (0..<width).reduce(1) { acc, _ in acc * 10 }
        for count in 1...64 {
            let values: [UInt64?] = (0..<count).map { $0 % 7 == 3 ? nil : UInt64.random(in: 0..<limit, using: &generator) }
            let (decoded, ok) = Self.decode(Self.fields(values, width: width), count: count, width: width, base: -5)
            #expect(ok)
            #expect(decoded == values.map { $0.map { Int64(bitPattern: $0) &- 5 } ?? .min }, "width \(width), count \(count)")
        }
        #expect(Self.decode(Self.fields([99_999_999 % limit], width: width), count: 1, width: width).0 == [Int64(99_999_999 % limit)])
    }

    @Test("vectors of digits only (one pass tells them) read as vectors with a NULL do, field for field", arguments: 1...8)
    func digitsOnly(width: Int) {
        var generator = SystemRandomNumberGenerator()
        let limit = (0..<width).reduce(UInt64(1)) { acc, _ in acc * 10 }
        for count in 1...64 {
            let values: [UInt64] = (0..<count).map { _ in UInt64.random(in: 0..<limit, using: &generator) }
            let (decoded, ok) = Self.decode(Self.fields(values, width: width), count: count, width: width, base: 7)
            #expect(ok)
            #expect(decoded == values.map { Int64($0) + 7 }, "width \(width), count \(count)")
            // Counter-cases: a NULL first or last, or a damaged byte, takes the field-by-field path.
            for position in Set([0, count - 1]) {
                var withNull: [UInt64?] = values
                withNull[position] = nil
                let (nulled, nullOK) = Self.decode(Self.fields(withNull, width: width), count: count, width: width, base: 7)
                #expect(nullOK)
                #expect(nulled == withNull.map { $0.map { Int64($0) + 7 } ?? .min }, "width \(width), count \(count), NULL at \(position)")
                var damaged = Self.fields(values, width: width)
                damaged[position * width + width - 1] = UInt8(ascii: ":")
                #expect(!Self.decode(damaged, count: count, width: width, base: 7).1, "width \(width), count \(count), ':' in field \(position)")
            }
        }
    }

    @Test("thousandths of digits only: a field whose base plus digits wraps to the NULL marker stays NULL, its neighbours read")
    func digitsOnlyNullMarker() {
        let width = 4, count = 16
        let values: [UInt64?] = (0..<count).map { UInt64($0) }
        var numbers = [Double](repeating: -1, count: count)
        // Int64.max + 1 + 5 wraps to Int64.min + 5; base Int64.max - 4 puts field 5 exactly on Int64.min.
        let base = Int64.max - 4
        let (rows, valid) = Self.fields(values, width: width).withUnsafeBufferPointer { bytes in
            numbers.withUnsafeMutableBufferPointer {
                DigitColumn.decodeThousandths(bytes.baseAddress!, count: count, width: width, base: base, denominator: 1000, null: .min, into: $0.baseAddress!)
            }
        }
        #expect(valid)
        #expect(rows == FrameColumns.rows(count) & ~(1 << 5))
        #expect(numbers[5] == -1)
        #expect(numbers[4] == Double(Int64.max) / 1000 && numbers[6] == Double(Int64.min + 1) / 1000)
    }

    @Test("a byte that is not a digit fails in any field and position, on either path", arguments: [1, 3, 6, 8, 9])
    func damaged(width: Int) {
        let count = 40
        let clean = Self.fields((0..<count).map { UInt64($0 % 10) }, width: width)
        for index in [0, 1, count / 2, count - 2, count - 1] {
            for offset in 0..<width {
                for byte in [UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "*"), UInt8(ascii: " "), 0xFF, 0x00] {
                    var bytes = clean
                    bytes[index * width + offset] = byte
                    // A '-' first byte is the NULL field, whatever follows; any other byte is damage.
                    #expect(!Self.decode(bytes, count: count, width: width).1, "width \(width), field \(index), byte \(offset): \(byte)")
                }
            }
        }
    }

    /// The digit-at-a-time reading ``DigitColumn/decodeScaled`` had before its 8-digit groups.
    static func scaledReference(_ field: [UInt8], factor: Double) -> Double? {
        var position = 0
        while position < field.count, field[position] == UInt8(ascii: " ") { position += 1 }
        guard position < field.count else { return nil }
        let negative = field[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var magnitude: UInt64 = 0
        while position < field.count {
            magnitude = magnitude &* 10 &+ UInt64(field[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let value = Double(magnitude) * factor
        return negative ? -value : value
    }

    /// `fields` (each `width` bytes) decoded as one column, against ``scaledReference`` field by
    /// field: a NULL leaves its value (here NaN with a payload) and its row bit alone.
    static func expectScaled(_ fields: [[UInt8]], width: Int, factor: Double) {
        let marker = Double(nan: 0x5A5A, signaling: false)
        var values = [Double](repeating: marker, count: fields.count)
        let bytes = fields.flatMap { $0 }
        let rows = bytes.withUnsafeBufferPointer { bytes in
            values.withUnsafeMutableBufferPointer {
                DigitColumn.decodeScaled(bytes.baseAddress!, count: fields.count, width: width, factor: factor, into: $0.baseAddress!)
            }
        }
        for (index, field) in fields.enumerated() {
            let expected = scaledReference(field, factor: factor)
            let text = String(decoding: field, as: UTF8.self)
            #expect(rows >> UInt64(index) & 1 == (expected == nil ? 0 : 1), "'\(text)'")
            #expect(values[index].bitPattern == (expected ?? marker).bitPattern, "'\(text)' read \(values[index])")
        }
    }

    /// `text` right-aligned in `width` bytes, as the encoder lays a field out.
    static func field(_ text: String, width: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: " "), count: width - text.utf8.count) + Array(text.utf8)
    }

    @Test("scaled fields read as digit at a time did: any width and digit count, signs, blanks and damaged bytes, 64 to a column")
    func scaled() {
        var generator = SystemRandomNumberGenerator()
        let factor = 1.0 / 65536
        for width in 1...24 {
            for _ in 0..<8 {
                var fields: [[UInt8]] = []
                for _ in 0..<64 {
                    // Mostly 16 digits and more (the model outputs), where the 8-digit groups read them.
                    let digits = Bool.random(using: &generator) ? Int.random(in: 0...width, using: &generator) : max(0, width - Int.random(in: 0...2, using: &generator))
                    var field = [UInt8](repeating: UInt8(ascii: " "), count: width - digits)
                    field += (0..<digits).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator) }
                    if digits > 0, digits < width, Bool.random(using: &generator) { field[width - digits - 1] = UInt8(ascii: "-") }
                    if Int.random(in: 0..<4, using: &generator) == 0, digits > 0 {
                        field[width - 1 - Int.random(in: 0..<digits, using: &generator)] = [UInt8(ascii: "x"), 0xFF, UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "-")].randomElement(using: &generator)!
                    }
                    fields.append(field)
                }
                Self.expectScaled(fields, width: width, factor: factor)
            }
        }
    }

    @Test("scaled fields at the edges of the 8-digit groups read as digit at a time did", arguments: [16, 17, 18, 19, 20, 24])
    func scaledEdges(width: Int) {
        let texts = [
            // Zero, negative zero (a hand-edited field: -0.0, as the digit loop reads it), blanks.
            "0", "-0", String(repeating: "0", count: 16), "-" + String(repeating: "0", count: 16), "",
            // The largest the encoder writes (below 2^62) and beyond: 2^63 - 1, 2^63, 2^64 - 1, 2^64 (wraps to 0).
            "4611686018427387903", "-4611686018427387903", "9223372036854775807", "9223372036854775808",
            "18446744073709551615", "18446744073709551616", "-18446744073709551615",
            // Integers a double cannot hold exactly: 2^53 + 1 rounds to even, 2^53 + 3 up.
            "9007199254740993", "9007199254740995", "-9007199254740993", "99999999999999999",
            // 15 digits (blanks in the groups), 16, 17; a sign or a blank where a digit should be.
            "123456789012345", "1234567890123456", "-1234567890123456", "12345678901234567", "-12345678901234567",
            "1-234567890123456", "1 2345678901234567", "- 1234567890123456", "--1234567890123456", "x1234567890123456",
            "12345678x0123456", "1234567890123456x", "123456789012345:", "00000000000000000",
        ]
        let fields = texts.filter { $0.utf8.count <= width }.map { Self.field($0, width: width) }
        for factor in [1.0 / 65536, 1, 0x1p-60] {
            Self.expectScaled(fields, width: width, factor: factor)
        }
        // A column of one field, and the fast path's counter-case: one field too short for the groups.
        Self.expectScaled([Self.field("-" + String(repeating: "7", count: width - 1), width: width)], width: width, factor: 0.5)
        Self.expectScaled([Self.field("-1234567", width: width)], width: width, factor: 0.5)
    }

    @Test("thousandths straight into numbers: the integers over 1000 where not NULL, the rest untouched", arguments: [1, 5, 8, 12])
    func thousandths(width: Int) {
        let count = 64
        var values: [UInt64?] = []
        for index in 0..<count { values.append(index % 9 == 4 ? nil : UInt64(index * 37 % 10)) }
        let bytes = Self.fields(values, width: width)
        var numbers = [Double](repeating: -1, count: count)
        let (rows, valid) = bytes.withUnsafeBufferPointer { bytes in
            numbers.withUnsafeMutableBufferPointer {
                DigitColumn.decodeThousandths(bytes.baseAddress!, count: count, width: width, base: 1500, denominator: 1000, null: .min, into: $0.baseAddress!)
            }
        }
        #expect(valid)
        for (index, value) in values.enumerated() {
            let bit: UInt64 = rows >> UInt64(index) & 1
            let expected: Double = value.map { Double(1500 + Int64($0)) / 1000 } ?? -1
            #expect(bit == (value == nil ? 0 : 1))
            #expect(numbers[index] == expected)
        }
    }
}
