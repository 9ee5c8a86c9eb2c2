/// One column of a ``FrameColumns`` block: a value per row, read and written by row index
/// (`0..<FrameColumns.capacity`). A view of memory the block owns: valid while the block lives.
///
/// Its subscript inlines to a plain load or store, so a detector's loop over a column costs what a
/// loop over a pointer did; the pointer itself stays inside the package (the store decodes
/// `frame_chunks` straight into it).
public struct FrameColumn<Element> {
    @usableFromInline let base: UnsafeMutablePointer<Element>

    init(_ base: UnsafeMutablePointer<Element>) {
        self.base = base
    }

    /// The value in `row`.
    @inlinable
    public subscript(row: Int) -> Element {
        get {
            assert(row >= 0 && row < FrameColumns.capacity, "row \(row) outside a block")
            return base[row]
        }
        nonmutating set {
            assert(row >= 0 && row < FrameColumns.capacity, "row \(row) outside a block")
            base[row] = newValue
        }
    }

    /// The column's first value, for the store's decoders and the spools.
    package var pointer: UnsafeMutablePointer<Element> { base }
}
