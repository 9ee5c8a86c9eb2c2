import BarModel

/// The readers' name tables, built once from ``BarStateField``: field keys and enumeration values.
enum BarFieldNames {
    /// Fields by camelCase name (``BarStateField/name``), for NDJSON keys.
    static let camelCase = ByteNameTable(BarStateField.allCases.map { ($0.name, $0) })
    /// Fields by camelCase or snake_case name (``BarStateField/columnName``), for CSV headers.
    static let anyCase = ByteNameTable(BarStateField.allCases.flatMap { [($0.name, $0), ($0.columnName, $0)] })

    /// For each field, indexed by ``BarStateField/maskBit``, the codes of its enumeration values by
    /// name (an empty table for other kinds).
    static let values: [ByteNameTable<Int>] = (0..<32).map { bit in
        let field = BarStateField.allCases.first { $0.maskBit == bit }
        return ByteNameTable((field?.valueNames ?? []).enumerated().map { ($1, $0) })
    }

    /// The code of `field`'s enumeration value named `bytes` (its index in
    /// ``BarStateField/valueNames``), or `nil` when no value has that name.
    @inline(__always)
    static func code(of bytes: UnsafeBufferPointer<UInt8>, in field: BarStateField) -> Int? {
        values[field.maskBit].value(bytes)
    }

    /// The error text for a value of the enumeration `field` that names none of its values:
    /// "unknown background 'x'; expected transparent or default".
    static func unknownValue(_ field: BarStateField, found: String) -> String {
        let names = field.valueNames
        let expected = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        return "unknown \(field.name) '\(found)'; expected \(expected)"
    }
}
