/// A seeded pseudo-random generator: xoshiro256** seeded through SplitMix64.
///
/// The simulator uses its own generator, not the system's or Foundation's, so the same seed gives
/// the same session on every platform and Swift version: both algorithms are integer-only and
/// fully specified (Blackman and Vigna, "Scrambled linear pseudorandom number generators", 2018).
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose state is filled from `seed` by SplitMix64, as the xoshiro authors recommend.
    public init(seed: UInt64) {
        var splitMix = seed
        s0 = Self.splitMix64(&splitMix)
        s1 = Self.splitMix64(&splitMix)
        s2 = Self.splitMix64(&splitMix)
        s3 = Self.splitMix64(&splitMix)
    }

    /// One step of SplitMix64 (Steele, Lea and Flood, 2014).
    public static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform double in `0..<1` from the top 53 bits (the standard conversion; the standard
    /// library's `Double.random(in:using:)` is not specified to stay the same across releases).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `lower..<upper`.
    public mutating func next(in lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * nextUnit()
    }

    /// A uniform integer in `range` (slightly biased for huge ranges, which the simulator never uses).
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
