import Foundation
import Testing
@testable import BarModel

/// Every ``BarStateField`` where `BarModel` and the docs must have it: `FrameStateColumns` (the
/// columns `navrec analyze` reads) finds each field's place in ``BarState`` by itself, and a field
/// it put in the wrong column, or missed, would be lost by `analyze` while `navrec report` keeps it.
/// Each failure names the field and the file.
@Suite("Every bar-state field in BarModel's columns and the docs")
struct FieldListTests {
    @Test("FrameStateColumns.set(_:at:) writes every field into its own column", arguments: BarStateField.allCases)
    func columnsWriteEveryField(field: BarStateField) {
        var state = BarState()
        let value: Double = field.isNumber ? 0.375 : 1
        field.set(value, in: &state)
        let columns = FrameStateColumns()
        columns.set(state, at: 5)
        #expect(columns.rows(field) == 1 << 5, "Sources/BarModel/FrameStateColumns+Set.swift: set(_:at:) does not write \(field): it is generated, run `swift run navrec-schema Migrations/NNNN_<field>.sql` (Docs/architecture.md \"Adding a field\")")
        #expect(columns.rows(field) == 0 || columns.column(field)[5] == value, "\(field)'s column holds another field's value")
        #expect(BarStateField.allCases.filter { $0 != field && columns.rows($0) != 0 }.isEmpty,
                "Sources/BarModel/FrameStateColumns+Set.swift: set(_:at:) writes \(field) into another field's column")
        #expect(columns.state(at: 5) == state)
        // The pointer form (the spool's path from a reader's slot) writes the same.
        let viaPointer = FrameStateColumns()
        withUnsafePointer(to: state) { viaPointer.set($0, at: 5) }
        #expect(viaPointer.rows(field) == 1 << 5, "set(_:at:)'s pointer form does not write \(field)")
        #expect(BarStateField.allCases.filter { $0 != field && viaPointer.rows($0) != 0 }.isEmpty)
        #expect(viaPointer.state(at: 5) == state)
    }

    @Test("FrameStateColumns.set(_:at:)'s pointer form writes what its value form writes, for states with any fields, -0.0 as 0.0")
    func pointerFormWritesTheSame() {
        let byValue = FrameStateColumns(), byPointer = FrameStateColumns()
        for row in 0..<64 {
            // Each field in two rows of three (every field in the last), its values in turn.
            var state = BarState()
            for (index, field) in BarStateField.allCases.enumerated() where row == 63 || (row + index) % 3 != 0 {
                let values: [Double] = field.isNumber ? [-0.0, 0, 0.5, -3.25, 96.5] : [0, 1]
                field.set(values[(row * 7 + index * 3) % values.count], in: &state)
            }
            byValue.set(state, at: row)
            withUnsafePointer(to: state) { byPointer.set($0, at: row) }
        }
        for field in BarStateField.allCases {
            #expect(byPointer.rows(field) == byValue.rows(field), "\(field)")
            for row in 0..<64 where byValue.rows(field) >> UInt64(row) & 1 != 0 {
                #expect(byPointer.column(field)[row].bitPattern == byValue.column(field)[row].bitPattern, "\(field) row \(row)")
            }
        }
        for row in 0..<64 { #expect(byPointer.state(at: row) == byValue.state(at: row)) }
        // Counter-case: an empty state writes nothing.
        let empty = FrameStateColumns()
        withUnsafePointer(to: BarState()) { empty.set($0, at: 0) }
        #expect(BarStateField.allCases.allSatisfy { empty.rows($0) == 0 })
    }

    @Test("Docs/database.md's Bar-state fields table has every field's line, in case order")
    func documentedFields() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appending(path: "Docs/database.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("` (`") }.map(String.init)
        #expect(
            rows.map { $0.split(separator: "`")[1] } == BarStateField.allCases.map { Substring($0.columnName) },
            "Docs/database.md \"Bar-state fields\" must have a line for every BarStateField, in case order")
        for (row, field) in zip(rows, BarStateField.allCases) {
            #expect(row.hasPrefix("| `\(field.columnName)` (`\(field.name)`) | \(field.kind) |"), "Docs/database.md: \(row)")
        }
    }
}
