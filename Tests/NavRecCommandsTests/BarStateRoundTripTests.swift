import BarModel
import Foundation
import Recording
@testable import Store
import Testing

/// Every ``BarStateField`` through the whole path: written as NDJSON by ``RecordingWriter`` and
/// as a CSV column, imported by the built `navrec`, read back from the store and from the
/// `timeline` view. Each field is alone in its state, so a field stored or read as another fails.
@Suite("Every bar-state field through NDJSON, CSV, the store and the timeline")
struct BarStateRoundTripTests {
    let directory = TemporaryDirectory()

    /// A value for `field` unlike every other field's and unlike a default: lengths and fractions
    /// differ by field, booleans are true, an enumeration takes its last value.
    static func value(_ field: BarStateField) -> Double {
        switch field.kind {
        case .length: 40.125 + Double(field.maskBit)
        case .fraction: 0.375 + Double(field.maskBit) / 1000
        case .boolean: 1
        case .enumeration: Double(field.valueNames.count - 1)
        }
    }

    /// What the `timeline` view shows for `value` of `field`.
    static func viewValue(_ field: BarStateField, _ value: Double) -> SQLValue {
        switch field.kind {
        case .length, .fraction: .double(value)
        case .boolean: .int(Int64(value))
        case .enumeration: .text(field.valueNames[Int(value)])
        }
    }

    /// The observed rows of `timeline` for session `id`, each as column name → value.
    func observedTimeline(_ store: SessionStore, id: String) throws -> [[String: SQLValue]] {
        let statement = try store.database.prepare("SELECT * FROM timeline WHERE session_id = ? AND source = 'observed' ORDER BY seq")
        try statement.bind([.text(id)])
        var rows: [[String: SQLValue]] = []
        while try statement.step() {
            var row: [String: SQLValue] = [:]
            for column in 0..<statement.columnCount { row[statement.columnName(column)] = statement.value(Int32(column)) }
            rows.append(row)
        }
        return rows
    }

    @Test("a field alone in an observed state arrives as itself", arguments: BarStateField.allCases)
    func roundTrip(field: BarStateField) throws {
        let value = Self.value(field)
        var state = BarState()
        field.set(value, in: &state)
        #expect(field.value(in: state) == value)
        #expect(BarStateField.allCases.filter { $0.value(in: state) != nil } == [field])

        var ndjson = ""
        let writer = RecordingWriter { ndjson += $0 }
        try writer.writeHeader(SessionHeader(id: "ndjson", behaviors: try BehaviorSet([("largeTitle", [])])))
        try writer.writeSample(ScrollSample(t: 0, y: 1, phase: .drag), observed: state)
        try writer.flush()
        let ndjsonPath = directory.path("\(field).ndjson")
        try ndjson.write(toFile: ndjsonPath, atomically: true, encoding: .utf8)

        let cell = switch field.kind {
        case .length, .fraction: String(value)
        case .boolean: "true"
        case .enumeration: field.valueNames[Int(value)]
        }
        let csvPath = try directory.write("\(field).csv", ["t,y,\(field.columnName)", "0,1,\(cell)"])

        let db = directory.path("\(field).sqlite")
        for arguments in [[ndjsonPath], [csvPath, "--behavior", "largeTitle", "--session-id", "csv"]] {
            let result = try NavRecBinary.run(["import"] + arguments + ["--db", db])
            #expect(result.status == 0, "\(result.stderr)")
        }

        let store = try SessionStore(path: db, readOnly: true)
        for id in ["ndjson", "csv"] {
            let session = try #require(try store.session(id: id))
            #expect(try store.frames(of: session).readAll().map(\.observed) == [state], "\(id)")
            let rows = try observedTimeline(store, id: id)
            #expect(rows.count == 1, "\(id)")
            for other in BarStateField.allCases {
                let expected = other == field ? Self.viewValue(field, value) : .null
                #expect(rows.first?[other.columnName] == expected, "\(id): \(other)")
            }
        }
    }
}
