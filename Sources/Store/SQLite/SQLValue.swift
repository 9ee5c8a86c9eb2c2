/// A value to bind to a statement parameter.
package enum SQLValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(nilLiteral: ()) { self = .null }

    /// Text, or NULL for nil.
    package init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    /// A double, or NULL for nil.
    package init(_ number: Double?) { self = number.map(SQLValue.double) ?? .null }
    /// An integer, or NULL for nil.
    package init(_ number: Int?) { self = number.map { .int(Int64($0)) } ?? .null }
}
