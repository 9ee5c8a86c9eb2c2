import BarModel

/// Turns samples into frames: samples less than `window` after a frame's first sample belong to
/// that frame (`scrollViewDidScroll` can run more than once per displayed frame). A frame keeps its
/// first sample's time and frame duration and its last sample's position and phase: what was on
/// screen when the frame was shown.
///
/// - Complexity: O(1) per sample and memory.
struct FrameMerger: Sendable {
    /// One displayed frame.
    struct Frame: Sendable {
        var t: Double
        var y: Double
        var phase: ScrollPhase?
        var frameDuration: Double?
        /// A bar state (computed or observed) changed on one of the frame's samples.
        var barChanged = false
    }

    /// Seconds; half the display's shortest frame.
    let window: Double
    /// The frame taking samples: the last closed by a sample at least ``window`` after its start.
    var open: Frame?

    init(window: Double) { self.window = window }

    /// The merge window for a display whose maximum rate is `fps` (half a frame), or half a
    /// 120 Hz frame when the rate is unknown (no iOS display refreshes faster).
    static func window(fps: Double?) -> Double {
        guard let fps, fps > 0 else { return 1.0 / 240 }
        return 0.5 / fps
    }

    /// Takes the next sample; returns the frame it closed, if it starts a new one.
    @inline(__always)
    mutating func add(_ sample: ScrollSample) -> Frame? {
        add(t: sample.t, y: sample.y, phase: sample.phase, frameDuration: sample.frameDuration, barChanged: false)
    }

    /// Takes the next sample, given as the fields a frame keeps; returns the frame it closed, if
    /// it starts a new one.
    @inline(__always)
    mutating func add(t: Double, y: Double, phase: ScrollPhase?, frameDuration: Double?, barChanged: Bool) -> Frame? {
        if var frame = open, t - frame.t < window {
            frame.y = y
            frame.phase = phase ?? frame.phase
            frame.frameDuration = frame.frameDuration ?? frameDuration
            frame.barChanged = frame.barChanged || barChanged
            open = frame
            return nil
        }
        defer { open = Frame(t: t, y: y, phase: phase, frameDuration: frameDuration, barChanged: barChanged) }
        return open
    }

    /// The last frame, once every sample has been added.
    mutating func finish() -> Frame? {
        defer { open = nil }
        return open
    }
}
