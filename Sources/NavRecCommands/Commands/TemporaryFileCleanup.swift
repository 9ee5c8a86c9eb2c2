internal import CSignalCleanup
internal import Foundation

/// Removes the temporary files of unfinished `--output`s (`.NAME.navrec-XXXXXX`) when navrec is
/// ended by SIGTERM, SIGHUP or (where no work catches it) SIGINT, then lets the signal end the
/// process as before (exit 128 + signal): without it a killed report left its temporary beside the
/// output for good (issue 39 item 17). The handler is C (`CSignalCleanup`): a signal handler may
/// only call async-signal-safe functions, which rules out anything that allocates, locks or retains.
enum TemporaryFileCleanup {
    /// Registers `path` to be removed if a signal ends navrec; returns the slot for
    /// ``unregister(_:)``, or nil when every slot is taken (the file is then removed only on a
    /// normal exit).
    static func register(_ path: String) -> Int? {
        let slot = csignalcleanup_register(path)
        return slot < 0 ? nil : Int(slot)
    }

    /// Forgets slot `index` (the file was renamed into place or removed).
    static func unregister(_ index: Int) {
        csignalcleanup_unregister(Int32(index))
    }

    /// Runs `body` (which makes a temporary file and registers it) with the handled signals held
    /// back, so that none can end navrec between the file's creation and its registration.
    static func withSignalsHeld<T>(_ body: () throws(CommandError) -> T) throws(CommandError) -> T {
        csignalcleanup_install()
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for number in [SIGTERM, SIGHUP, SIGINT] { sigaddset(&held, number) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
