internal import CSQLite

/// Binds frame values to one statement's parameters in the `frame_chunks` encodings, and skips
/// `sqlite3_bind_null` for a parameter that is already NULL.
///
/// Why: a behaviour set drives 4–6 of the 14 state fields and most recordings carry no observed
/// states, so most of a chunk row's columns stay NULL for a whole session; each bind is a C call
/// that SQLite checks and locks for, per chunk row.
/// Bindings survive `sqlite3_reset`, so what was bound NULL stays NULL. Not for statements whose
/// bindings are cleared elsewhere.
final class ParameterBinder {
    let statement: Statement
    /// `isNull[i]`: parameter `i` (1-based) currently holds NULL. A fresh statement's do.
    private let isNull: UnsafeMutableBufferPointer<Bool>

    init(_ statement: Statement) {
        self.statement = statement
        isNull = .allocate(capacity: statement.parameterCount + 1)
        isNull.initialize(repeating: true)
    }

    deinit { isNull.deallocate() }

    @inline(__always)
    func bindNull(_ index: Int32) {
        if !isNull[Int(index)] {
            statement.uncheckedBindNull(index)
            isNull[Int(index)] = true
        }
    }

    @inline(__always)
    func bind(_ index: Int32, _ value: Int64) {
        statement.uncheckedBind(index, value)
        isNull[Int(index)] = false
    }

    @inline(__always)
    func bind(_ index: Int32, _ value: Double) {
        statement.uncheckedBind(index, value)
        isNull[Int(index)] = false
    }

    @inline(__always)
    func bind(_ index: Int32, bytes: UnsafeRawBufferPointer) {
        statement.uncheckedBind(index, bytes: bytes)
        isNull[Int(index)] = false
    }
}
