/// A finger's path during one drag: segments in finger coordinates (the offset the content would
/// have without the rubber band), each a whole number of frames.
struct FingerPath {
    /// How a segment moves the finger.
    enum Kind {
        /// Eases in and out (smoothstep): the finger starts and stops at rest.
        case smooth
        /// Accelerates uniformly from rest (a flick), leaving at `2 * distance / duration`.
        case accelerate
        /// Stays at `from` with a tremor of about ±`amplitude` points.
        case hold(amplitude: Double)
    }

    struct Segment {
        var from: Double
        var to: Double
        var frames: Int
        var kind: Kind
    }

    var segments: [Segment]
    /// Index of the segment the next frame belongs to.
    var segment = 0
    /// Frames already played of that segment.
    var step = 0
    /// Whether the touch-down sample (the drag's first, at the starting offset) was emitted.
    var touched = false
    /// Seconds held so far in the current hold segment.
    var held = 0.0
    /// The hold tremor's two frequencies (Hz) and phases (radians), drawn when the path is built.
    var tremor: (f1: Double, f2: Double, p1: Double, p2: Double) = (2, 5, 0, 0)

    /// Finger tremor while moving, points: small enough that ``Simulator`` can keep `y` monotone.
    static let movingTremor = 0.3

    /// A path of `segments`, drawing the hold tremor's shape from `generator`.
    init(_ segments: [Segment], generator: inout SeededGenerator) {
        self.segments = segments.filter { $0.frames > 0 }
        tremor = (generator.next(in: 1.5, 3), generator.next(in: 4, 7),
                  generator.next(in: 0, 2 * Double.pi), generator.next(in: 0, 2 * Double.pi))
    }

    /// Frames a motion of `seconds` takes at `fps` (at least one).
    static func frames(_ seconds: Double, fps: Double) -> Int {
        max(1, Int((seconds * fps).rounded()))
    }

    /// Smoothstep, `3u² − 2u³`: monotone from 0 to 1 with zero slope at both ends.
    static func ease(_ u: Double) -> Double { u * u * (3 - 2 * u) }
}
