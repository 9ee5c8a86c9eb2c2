internal import BarModel

/// A simulated session as a real app's recorder writes it: the ``Simulator``'s motion, passed
/// through ``RecorderOptions`` (recorder style, adaptive refresh, noise, duplicate callbacks, a
/// background period, a clock offset). Deterministic: the same configuration and options give the
/// same items; with the default options the items are the simulator's.
///
/// Order of the steps: refresh (which frames are drawn), recorder style (which of them are
/// written), background shift, touch noise, duplicate callbacks, timestamp noise, clock offset.
public struct RecordedSimulation: Sequence, Sendable {
    public let configuration: SimulationConfiguration
    public let options: RecorderOptions

    /// Frames a ProMotion rate is held at least before it changes.
    public static let minimumRateFrames = 4

    /// Throws what ``SimulationConfiguration/validate()`` and ``RecorderOptions/validate(fps:)`` throw.
    public init(_ configuration: SimulationConfiguration, options: RecorderOptions = RecorderOptions()) throws(SimulationError) {
        try configuration.validate()
        try options.validate(fps: configuration.fps)
        self.configuration = configuration
        self.options = options
    }

    public func makeIterator() -> Iterator { Iterator(configuration, options: options) }

    /// Produces the items one at a time.
    public struct Iterator: IteratorProtocol {
        private let options: RecorderOptions
        private let scale: Double?
        private var inner: Simulator.Iterator
        /// Ticks per second of the inner simulation: twice `fps` for adaptive refresh (ProMotion's
        /// rates are whole numbers of half frames: 80 Hz is 3 ticks of 240 Hz).
        private let tickRate: Double
        /// Ticks per frame at the maximum rate (1 fixed, 2 adaptive).
        private let fastestPeriod: Int
        private var period: Int
        private var framesAtPeriod = 0
        private var lastTick: Int?
        private var lastY: Double?
        private var lastWrittenY: Double?
        private var generator: SeededGenerator
        private var queue: [SimulationItem] = []
        private var queueIndex = 0
        private var shift = 0.0
        private var backgroundDone = false
        /// The last `t` written: noise never takes a time back, nor before the session start.
        private var lastT = 0.0

        init(_ configuration: SimulationConfiguration, options: RecorderOptions) {
            self.options = options
            scale = configuration.scale
            var inner = configuration
            if options.refresh == .adaptive { inner.fps = 2 * configuration.fps }
            self.inner = Simulator.Iterator(inner)
            tickRate = Double(inner.fps)
            fastestPeriod = options.refresh == .adaptive ? 2 : 1
            period = fastestPeriod
            var mixed = configuration.seed ^ 0x6E61_7672_6563_2D72  // "navrec-r": apart from motion and faults
            generator = SeededGenerator(seed: SeededGenerator.splitMix64(&mixed))
        }

        public mutating func next() -> SimulationItem? {
            while true {
                if queueIndex < queue.count {
                    defer { queueIndex += 1 }
                    return queue[queueIndex]
                }
                queue.removeAll(keepingCapacity: true)
                queueIndex = 0
                guard let item = inner.next() else { return nil }
                process(item)
            }
        }

        private mutating func process(_ item: SimulationItem) {
            switch item {
            case .event(let event):
                var shifted = event
                shifted.t = ordered(time(event.t + shift))
                queue.append(.event(shifted))
            case .sample(var sample, let observed):
                guard let frameDuration = drawn(sample) else { return }
                guard written(sample) else { return }
                if options.style == .displayLink || options.style == .library {
                    sample.frameDuration = Math.round(frameDuration, scale: 1e6)
                }
                if let background = options.background, !backgroundDone, sample.t >= background.at {
                    backgroundDone = true
                    queue.append(.event(ScrollEvent(t: ordered(time(background.at)), kind: .background)))
                    shift = background.seconds
                    queue.append(.event(ScrollEvent(t: ordered(time(background.at + background.seconds)), kind: .foreground)))
                }
                if options.touchNoise > 0, sample.phase == .drag {
                    // The pan gesture's noise moves the content; UIKit keeps it on the pixel grid.
                    sample.y = Simulator.align(sample.y + generator.next(in: -options.touchNoise, options.touchNoise), scale: scale)
                }
                let duplicate = options.duplicates > 0 && sample.phase != .idle && generator.nextUnit() < options.duplicates
                let callbackDelay = duplicate ? generator.next(in: 20e-6, 200e-6) : 0
                var t = sample.t + shift + options.clockOffset
                if options.timestampNoise > 0 {
                    // Never before the session start (the clock's zero) nor before the line written
                    // last, so `import` reads every noisy recording.
                    t = Swift.max(lastT, options.clockOffset, t + generator.next(in: -options.timestampNoise, options.timestampNoise))
                }
                sample.t = Math.round(t, scale: 1e6)
                lastT = sample.t
                queue.append(.sample(sample, observed: observed))
                if duplicate {
                    var second = sample
                    second.t = Math.round(sample.t + callbackDelay, scale: 1e6)
                    lastT = second.t
                    queue.append(.sample(second, observed: observed))
                }
            }
        }

        /// The frame duration in effect when the display draws this inner frame; `nil` when it
        /// is skipped (adaptive refresh at a lower rate).
        private mutating func drawn(_ sample: ScrollSample) -> Double? {
            guard options.refresh == .adaptive else { return Double(fastestPeriod) / tickRate }
            let tick = Int((sample.t * tickRate).rounded())
            if let lastTick, sample.phase != .idle, tick - lastTick <= 4 * fastestPeriod {
                guard tick - lastTick >= period else { return nil }
                // The rate follows the speed since the last drawn frame; it changes only after
                // being held a few frames, as ProMotion does.
                let speed = abs(sample.y - (lastY ?? sample.y)) * tickRate / Double(tick - lastTick)
                let wanted = speed >= 400 ? fastestPeriod : speed >= 150 ? 3 : speed >= 40 ? 4 : 6
                framesAtPeriod += 1
                if wanted != period, framesAtPeriod >= RecordedSimulation.minimumRateFrames {
                    period = wanted
                    framesAtPeriod = 0
                }
            } else {
                // Motion (re)starts, or an idle sample: at the maximum rate.
                period = fastestPeriod
                framesAtPeriod = 0
            }
            lastTick = tick
            lastY = sample.y
            return Double(period) / tickRate
        }

        /// Whether the recorder style writes a drawn frame.
        private mutating func written(_ sample: ScrollSample) -> Bool {
            guard options.style == .scrollCallbacks else { return true }
            // scrollViewDidScroll runs only when the offset changed.
            defer { lastWrittenY = sample.y }
            return lastWrittenY.map { $0 != sample.y } ?? true
        }

        /// An event's time, no earlier than the line written before it (a sample that timestamp
        /// noise moved later), so times never go back; the event then follows that line.
        private mutating func ordered(_ t: Double) -> Double {
            let t = Swift.max(t, lastT)
            lastT = t
            return t
        }

        private func time(_ t: Double) -> Double {
            Math.round(t + options.clockOffset, scale: 1e6)
        }
    }
}
