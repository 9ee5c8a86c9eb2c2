/// One entry of ``ScrollRecorder``'s buffer between the calling thread and its writer thread.
enum RecorderInput: Sendable {
    case tick(RecorderTick)
    case event(RecorderEvent)
    /// `count` ticks from `at` on did not fit into the full buffer.
    case dropped(count: Int, at: Double)
}
