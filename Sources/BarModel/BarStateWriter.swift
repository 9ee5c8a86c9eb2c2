/// Where ``BarEngine`` writes a frame's state: a ``BarState``, or a row of a block's state columns
/// (``FrameStateColumns/Row``). The model is written once, against this; a step straight into a
/// block's row writes only the fields the behaviours set, where a `BarState` built, returned and
/// read back field by field cost the import and analysis paths twice the step itself.
///
/// A field written twice keeps the second value, as a property assigned twice does.
protocol BarStateWriter {
    /// Sets a length or fraction field.
    mutating func set(_ value: Double, _ field: BarStateField)
    /// Sets a boolean field.
    mutating func set(_ flag: Bool, _ field: BarStateField)
    /// Sets the background, the one enumeration field.
    mutating func set(_ background: BarBackground)
}

extension BarState: BarStateWriter {
    @inline(__always)
    mutating func set(_ value: Double, _ field: BarStateField) { field.set(value, in: &self) }

    @inline(__always)
    mutating func set(_ flag: Bool, _ field: BarStateField) { field.set(flag ? 1 : 0, in: &self) }

    @inline(__always)
    mutating func set(_ background: BarBackground) { self.background = background }
}
