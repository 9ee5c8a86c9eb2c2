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
        let shared = Shared<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
            while true {
                let index = shared.next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = job(index)
                // A job is a whole session's work: one lock per job costs nothing beside it.
                shared.results.withLock { $0[index] = result }
            }
        }
        return shared.results.withLock { $0.map { $0! } }
    }

    /// What the threads share: the next job to take, and the results by job.
    private final class Shared<Result: Sendable>: Sendable {
        let next = Atomic<Int>(0)
        let results: Mutex<[Result?]>

        init(count: Int) {
            results = Mutex([Result?](repeating: nil, count: count))
        }
    }
}
