internal import CSQLite

/// The open `sqlite3` handle, closed when the last of its ``Database`` and ``Statement``s goes.
///
/// Why a separate owner: a statement must keep its connection open (stepping a statement of a
/// closed connection is undefined), and the ``Database`` caches statements of its own (the
/// transaction statements); were statements to hold the ``Database``, that cache would be a
/// reference cycle and the connection would never close.
final class ConnectionHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { sqlite3_close_v2(pointer) }
}
