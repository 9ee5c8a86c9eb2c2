/// The deadline a progress handler checks, kept alive by the ``Database`` it is installed on.
final class TimeLimit {
    let deadline: UInt64

    init(deadline: UInt64) { self.deadline = deadline }
}
