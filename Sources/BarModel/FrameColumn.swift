/// One column of a ``FrameColumns`` block: a value per row, `0..<FrameColumns.capacity`. A view of
/// memory the block owns, valid while the block lives; its subscript inlines to a plain load or
/// store, so a detector's loop over a column costs what a loop over a pointer did.
public struct FrameColumn<Element> {
    @usableFromInline let base: UnsafeMutablePointer<Element>

    init(_ base: UnsafeMutablePointer<Element>) {
        self.base = base
    }

    /// The value in `row`.
    @inlinable
    public subscript(row: Int) -> Element {
        get { base[row] }
        nonmutating set { base[row] = newValue }
    }

    /// The column's first value, for the store's decoders.
    package var pointer: UnsafeMutablePointer<Element> { base }
}
