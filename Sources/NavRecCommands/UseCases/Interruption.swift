internal import Foundation
internal import Synchronization

/// Ctrl-C handling for long work: SIGINT sets a flag that the work checks between batches, so it
/// can roll back its open transaction and exit 130 with a message instead of dying mid-write.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Starts catching SIGINT.
    static func install() {
        signal(SIGINT) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        // A parent may hand down a mask that blocks SIGINT (Foundation's `Process` started from a
        // Dispatch thread does); blocked, Ctrl-C would never reach the handler.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Throws when SIGINT has arrived since ``install()``, saying what `work` leaves behind.
    static func check(_ work: InterruptedWork) throws(UseCaseError) {
        if flag.load(ordering: .relaxed) {
            throw UseCaseError.interrupted(during: work)
        }
    }
}
