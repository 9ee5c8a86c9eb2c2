internal import Foundation
internal import Synchronization

/// Ctrl-C handling for long work: SIGINT sets a flag that the work checks between batches, so it
/// can roll back its open transaction and exit 130 with a message instead of dying mid-write.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Starts catching SIGINT.
    static func install() {
        signal(SIGINT) { _ in Interruption.flag.store(true, ordering: .relaxed) }
    }

    /// Throws when SIGINT has arrived since ``install()``.
    static func check() throws(CommandError) {
        if flag.load(ordering: .relaxed) {
            throw CommandError(.interrupted, "navrec: interrupted; the session being imported was rolled back, earlier ones are stored")
        }
    }
}
