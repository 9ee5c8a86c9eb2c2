internal import Foundation
internal import Synchronization

/// Removes the temporary files of unfinished `--output`s (`.NAME.navrec-XXXXXX`) when navrec is
/// ended by SIGTERM, SIGHUP or (where no work catches it) SIGINT, then lets the signal end the
/// process as before (exit 128 + signal): without it a killed report left its temporary beside the
/// output for good (issue 39 item 17).
///
/// The handler only reads a fixed table of C strings and calls `unlink`, `signal` and `raise`,
/// which are async-signal-safe. A registered path is never freed (a slot is only cleared), so the
/// handler cannot read freed memory while another thread finishes an output; a command writes at
/// most a few outputs, so what stays allocated is a few hundred bytes.
enum TemporaryFileCleanup {
    private static let capacity = 16
    /// A registered path's address (0: free); a class, as an `Atomic` cannot be an array element.
    private final class Slot: Sendable {
        let address = Atomic<UInt>(0)
    }

    private static let slots: [Slot] = (0..<capacity).map { _ in Slot() }
    private static let installed = Atomic<Bool>(false)

    /// Registers `path` to be removed if a signal ends navrec; returns the slot for
    /// ``unregister(_:)``, or nil when every slot is taken (the file is then removed only on a
    /// normal exit).
    static func register(_ path: String) -> Int? {
        guard let copy = strdup(path) else { return nil }
        let address = UInt(bitPattern: copy)
        for (index, slot) in slots.enumerated() where slot.address.compareExchange(expected: 0, desired: address, ordering: .sequentiallyConsistent).exchanged {
            return index
        }
        free(copy)
        return nil
    }

    /// Forgets slot `index` (the file was renamed into place or removed).
    static func unregister(_ index: Int) {
        // The string stays allocated: a handler running now may still be reading it.
        slots[index].address.store(0, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` (which makes a temporary file and registers it) with the handled signals held
    /// back, so that none can end navrec between the file's creation and its registration.
    static func withSignalsHeld<T>(_ body: () throws(CommandError) -> T) throws(CommandError) -> T {
        installHandlers()
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for number in [SIGTERM, SIGHUP, SIGINT] { sigaddset(&held, number) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    private static func installHandlers() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else { return }
        for number in [SIGTERM, SIGHUP, SIGINT] {
            var current = sigaction()
            sigaction(number, nil, &current)
            // A SIGINT that Interruption catches stops the work, whose output then removes its
            // temporary itself; a signal the parent ignores stays ignored.
            guard current.__sigaction_handler.sa_handler == nil else { continue }
            signal(number) { number in
                TemporaryFileCleanup.removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            // A parent may hand down a mask that blocks it (Foundation's `Process` started from a
            // Dispatch thread does): blocked, it would wait until navrec had renamed the output.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            sigprocmask(SIG_UNBLOCK, &set, nil)
        }
    }

    private static func removeAll() {
        for slot in slots {
            let address = slot.address.load(ordering: .sequentiallyConsistent)
            if let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
        }
    }
}
