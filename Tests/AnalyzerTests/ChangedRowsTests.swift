import Testing
@testable import Analyzer

/// ``HysteresisSearch/changedRows(_:count:after:)``, a block's toggles of a signal worked out from
/// its bits (the swipeDistance replay), against the straightforward rule the replay follows a row
/// at a time: a toggle where a value differs from the one before, none on a first value.
@Suite("Changed rows of a block's signal")
struct ChangedRowsTests {
    /// Row by row, as the replay's `follow` took each value.
    static func straightforward(_ values: UInt64, count: Int, after last: Bool?) -> UInt64 {
        var previous = last, changed: UInt64 = 0
        for row in 0..<count {
            let value = values >> UInt64(row) & 1 != 0
            if let previous, previous != value { changed |= 1 << UInt64(row) }
            previous = value
        }
        return changed
    }

    @Test("random bits, counts 1 to 64 and every last value; the bits past count ignored")
    func random() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let values = UInt64.random(in: .min ... .max, using: &generator) & (Bool.random(using: &generator) ? .max : 0xff00_ff00_0f0f_f00f)
            let count = Int.random(in: 1...64, using: &generator)
            for last in [nil, false, true] as [Bool?] {
                #expect(HysteresisSearch.changedRows(values, count: count, after: last)
                        == Self.straightforward(values, count: count, after: last))
            }
        }
    }

    @Test("edges: all on, all off, row 63, one row; no toggle on a first value however it starts")
    func edges() {
        for values: UInt64 in [0, .max, 1, 1 << 63, 0x5555_5555_5555_5555, 0x8000_0000_0000_0001] {
            for count in [1, 2, 63, 64] {
                for last in [nil, false, true] as [Bool?] {
                    #expect(HysteresisSearch.changedRows(values, count: count, after: last)
                            == Self.straightforward(values, count: count, after: last), "\(values) \(count) \(String(describing: last))")
                }
            }
        }
        // The counter-case: a first value of `true` is no toggle (reading a missing last value as
        // `false` would count one), while after a block that ended off it is one.
        #expect(HysteresisSearch.changedRows(1, count: 1, after: nil) == 0)
        #expect(HysteresisSearch.changedRows(1, count: 1, after: false) == 1)
        #expect(HysteresisSearch.changedRows(0, count: 64, after: true) == 1)
        // Row 63's change counts; bits past `count` do not.
        #expect(HysteresisSearch.changedRows(1 << 63, count: 64, after: false) == 1 << 63)
        #expect(HysteresisSearch.changedRows(1 << 63, count: 63, after: false) == 0)
    }
}
