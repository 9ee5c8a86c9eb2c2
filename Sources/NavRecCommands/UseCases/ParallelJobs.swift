internal import Foundation
internal import Synchronization

/// Runs independent jobs on a fixed number of threads, each thread taking the next job as it
/// finishes one, and returns their results in job order.
struct ParallelJobs: Sendable {
    /// Threads to use, at least 1.
    let threads: Int

    /// The most threads `--jobs` and `--threads` start: four per core (more only wait for a core,
    /// each with its stack and, for `report`, its connection).
    static let maximumThreads = max(1, 4 * ProcessInfo.processInfo.activeProcessorCount)

    /// `job(i)` for every `i` in `0..<count`, run on up to `threads` threads.
    func run<Result: Sendable>(_ count: Int, _ job: @Sendable (Int) -> Result) -> [Result] {
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        let output = Slots(buffer: slots)
        let queue = JobQueue()
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
            while true {
                let index = queue.next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                // Each index is taken by exactly one thread, so its slot has one writer.
                output.buffer[index] = job(index)
            }
        }
        return slots.map { $0! }
    }

    private final class JobQueue: Sendable {
        let next = Atomic<Int>(0)
    }

    /// The results buffer, shared with the worker threads (each writes only its own slots).
    private struct Slots<Result>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Result?>
    }
}
