/// Which recording line each sample of a session is on, as `sample_lines` keeps it: a breakpoint
/// `(seq, line)` for the first sample and wherever a sample is not on the line after the previous
/// one (an event, a blank or skipped line came between).
package struct SampleLines {
    package private(set) var breakpoints: [(seq: Int, line: Int)] = []
    /// The line the next sample is on when nothing comes between.
    private var nextLine = 0

    package init() {}

    /// Sample `seq` (the one after the last noted) is on `line` (1-based).
    @inline(__always)
    package mutating func note(seq: Int, line: Int) {
        if line != nextLine || seq == 0 { breakpoints.append((seq, line)) }
        nextLine = line + 1
    }

    /// Forgets every sample, keeping the storage.
    package mutating func removeAll() {
        breakpoints.removeAll(keepingCapacity: true)
    }
}
