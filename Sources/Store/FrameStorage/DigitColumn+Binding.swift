extension DigitColumn {
    /// Binds one column of a chunk — `values[0..<count]`, with `null` for NULL — as its vector,
    /// width and base to parameters `parameter`, `parameter + 1` and `parameter + 2` of `insert`.
    ///
    /// `inexact`: a thousandths column with a value that has no exact thousandths; its numbers are
    /// then `reals[0..<count]` (three-thousandths where `threeThousandths` allows it, else scaled
    /// or stored as text), and `values` is overwritten. `bytes` holds `count * maxWidth` bytes;
    /// `texts` is scratch space kept to reuse its storage.
    ///
    /// Shared by ``FrameChunkBuilder`` and migration 0009's data step, which writes the format as
    /// it was then (no three-thousandths: the frozen SQL of the migrations after it, 0016's gap
    /// summaries among them, reads only the forms of its time).
    @inline(__always)
    static func bind(
        _ values: UnsafeMutablePointer<Int64>, reals: UnsafePointer<Double>, inexact: Bool, threeThousandths allowsThreeThousandths: Bool,
        count: Int, null: Int64, to insert: ParameterBinder, parameter: Int32, bytes: UnsafeMutablePointer<UInt8>, texts: inout [String]
    ) {
        if inexact, allowsThreeThousandths, storeThreeThousandths(values, reals, count: count, null: null) {
            // Some value is not NULL (it had no exact thousandths), so there is a layout.
            let (width, base) = integerLayout(values, count: count, null: null)!
            let length = encodeIntegers(values, count: count, null: null, width: width, base: base, into: bytes)
            insert.bind(parameter, bytes: UnsafeRawBufferPointer(start: bytes, count: length))
            insert.bind(parameter + 1, Int64(threeThousandthsWidth + width))
            insert.bind(parameter + 2, base)
        } else if inexact {
            if let shift = binaryShift(values, reals, count: count, null: null) {
                let width = encodeScaled(values, reals, count: count, null: null, shift: shift, into: bytes)
                insert.bind(parameter, bytes: UnsafeRawBufferPointer(start: bytes, count: width * count))
                insert.bind(parameter + 1, Int64(-width))
                insert.bind(parameter + 2, Double(sign: .plus, exponent: -shift, significand: 1))
            } else {
                let width = encodeTexts(values, reals, count: count, null: null, texts: &texts, into: bytes)
                insert.bind(parameter, bytes: UnsafeRawBufferPointer(start: bytes, count: width * count))
                insert.bind(parameter + 1, Int64(-width))
                insert.bindNull(parameter + 2)
            }
        } else if let (width, base) = integerLayout(values, count: count, null: null) {
            let length = encodeIntegers(values, count: count, null: null, width: width, base: base, into: bytes)
            insert.bind(parameter, bytes: UnsafeRawBufferPointer(start: bytes, count: length))
            insert.bind(parameter + 1, Int64(width))
            insert.bind(parameter + 2, base)
        } else {
            insert.bindNull(parameter)
            insert.bindNull(parameter + 1)
            insert.bindNull(parameter + 2)
        }
    }
}
