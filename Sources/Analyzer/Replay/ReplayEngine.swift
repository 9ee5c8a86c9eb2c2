package import BarModel

/// Recomputes a session's bar states from its samples and events with the given behaviours: the
/// computed stream as it would be with changed parameters, without touching stored data.
package struct ReplayEngine: Sendable {
    private var engine: BarEngine
    private var events: [ScrollEvent]
    private var nextEvent = 0

    /// An engine at the session's start; `events` must be in time order.
    package init(behaviors: BehaviorSet, events: [ScrollEvent]) {
        engine = BarEngine(behaviors: behaviors)
        self.events = events
    }

    /// Adds an event no earlier than those given before, ahead of the samples at or after it.
    package mutating func add(_ event: ScrollEvent) {
        events.append(event)
    }

    /// The state on the frame of `sample`; samples must come in recording order. Events at or
    /// before the sample's time apply first (BEHAVIORS.md: samples at or after an event see it).
    @inline(__always)
    package mutating func step(_ sample: ScrollSample) -> BarState {
        applyEvents(through: sample.t)
        return engine.step(sample)
    }

    /// Hide-on-swipe's `barHidden` on the first `count` rows of `columns`, bit r for row r
    /// (``BarEngine/stepBarHidden(_:count:events:nextEvent:)``), for an engine whose only use is
    /// that field; `nil` without hide-on-swipe.
    mutating func stepBarHidden(_ columns: FrameColumns, count: Int) -> UInt64? {
        engine.stepBarHidden(columns, count: count, events: events, nextEvent: &nextEvent)
    }

    /// The states on the first `count` rows of `columns`, written into the same rows of `states`,
    /// whose bits for them must be clear (``BarEngine/step(_:count:events:nextEvent:into:)``).
    mutating func step(_ columns: FrameColumns, count: Int, into states: FrameStateColumns) {
        engine.step(columns, count: count, events: events, nextEvent: &nextEvent, into: states)
    }

    @inline(__always)
    private mutating func applyEvents(through t: Double) {
        while nextEvent < events.count, events[nextEvent].t <= t {
            engine.apply(events[nextEvent])
            nextEvent += 1
        }
    }
}
