internal import Foundation

/// The bounded queue between the thread that calls ``ScrollRecorder/tick(_:)`` and the writer
/// thread: a ring of preallocated slots, so a push copies one value and never allocates or waits
/// for I/O. When the ring is full a tick is not kept but counted; the count goes into the ring,
/// in order, as soon as there is room again, so the recording says where samples are missing.
/// Events get a few slots of their own, so a background event is kept even when ticks are not.
final class RecorderBuffer: @unchecked Sendable {
    /// Guards every field; the writer thread waits on it.
    let condition = NSCondition()
    private var slots: [RecorderInput]
    private let tickCapacity: Int
    private var head = 0
    private var count = 0
    private var droppedCount = 0
    private var droppedAt = 0.0

    /// Slots beyond `tickCapacity` that only events and drop markers use.
    static let eventReserve = 16

    init(capacity: Int) {
        tickCapacity = Swift.max(2, capacity)
        slots = Array(repeating: .dropped(count: 0, at: 0), count: tickCapacity + Self.eventReserve)
    }

    /// Ticks not kept so far and not yet in the ring; call with `condition` locked.
    var pendingDrops: Int { droppedCount }

    /// Whether nothing waits for the writer; call with `condition` locked.
    var isEmpty: Bool { count == 0 && droppedCount == 0 }

    /// Whether the writer should wake up now rather than at its next timed wake-up.
    var isFilling: Bool { count >= tickCapacity / 2 }

    /// Adds `input`, or counts it as dropped; call with `condition` locked.
    func push(_ input: RecorderInput) {
        let isTick: Bool
        if case .tick = input { isTick = true } else { isTick = false }
        let limit = isTick ? tickCapacity : slots.count
        if droppedCount > 0 {
            guard count + 2 <= limit else { return drop(input) }
            append(.dropped(count: droppedCount, at: droppedAt))
            droppedCount = 0
        }
        guard count < limit else { return drop(input) }
        append(input)
    }

    /// Moves everything queued into `inputs` (in order); call with `condition` locked.
    func drain(into inputs: inout [RecorderInput]) {
        for offset in 0..<count { inputs.append(slots[(head + offset) % slots.count]) }
        head = 0
        count = 0
        if droppedCount > 0 {
            inputs.append(.dropped(count: droppedCount, at: droppedAt))
            droppedCount = 0
        }
    }

    private func append(_ input: RecorderInput) {
        slots[(head + count) % slots.count] = input
        count += 1
    }

    private func drop(_ input: RecorderInput) {
        if droppedCount == 0 { droppedAt = Self.time(of: input) }
        droppedCount += 1
    }

    private static func time(of input: RecorderInput) -> Double {
        switch input {
        case .tick(let tick): tick.timestamp
        case .event(let event): event.time
        case .dropped(_, let at): at
        }
    }
}
