import BarModel
internal import TextTools

/// The first try of ``NDJSONReader`` on a line: the line has the key skeleton of the last sample
/// line the full scanner read (``SampleLineSkeleton``), so only its values are read.
///
/// The texts between values are compared a word at a time with the learned line's; each value is
/// read and checked as the full scanner checks it (ranges, `null`, names), by readers that take
/// only the tokens they are sure of (``commonNumber(_:_:_:_:_:)`` and the others). A line that
/// matches has the keys of a line the full scanner took, in the same order, each once, so the full
/// scanner reads it as a sample with nothing ignored and the same values. Anything else returns
/// `nil` and the line goes to ``parseRecordLine()``, which learns its skeleton when it can.
extension JSONScanner {
    /// Parses the line set with ``reset(_:endsLine:)`` into ``sample``, ``observedState`` and
    /// ``hasObserved`` when it has the skeleton of the last skeleton that took a line, or of the one
    /// before it (a recorder that writes two shapes by turns, a `bar` every other frame, takes this
    /// path on both); returns where `t`'s value starts, or `nil` (then ``sample`` and
    /// ``observedState`` may hold part of the line, until the full scanner sets them). After a
    /// miss of both, ``parseRecordLine()`` learns over the one least recently used.
    mutating func parseLearnedSample() -> Int? {
        if endsAtCount { return parseCopy { $0.parseLearnedSample() } }
        if let tOffset = skeletonSample() { return tOffset }
        swap(&skeleton, &otherSkeleton)
        // The state may hold fields of the other shape, or of a line that missed midway.
        observedMatchesSkeleton = false
        skeleton.heldBarLength = 0
        return skeletonSample()
    }

    /// ``parseLearnedSample()`` with ``skeleton`` on a buffer's bytes from a line's start on.
    @inline(__always)
    private mutating func skeletonSample() -> Int? {
        let bytes = base
        let count = end
        // The path reads at most `reach` bytes (the readers of a slot check no length); the byte
        // after a line's or the buffer's bytes is a sentinel for the careful number reader.
        guard skeleton.count > 0, count >= SampleLineSkeleton.reach else { return nil }
        let powers = UnsafePointer(powersOfTen)
        let exactPowers = UnsafePointer(exactPowersOfTen)
        if skeleton.hasBar, !observedMatchesSkeleton {
            observedState.pointee = BarState()
            observedMatchesSkeleton = true
        }
        // Every bar field the state can hold is one of the skeleton's, each written below (`nil`
        // for `null`), so the previous line's values need no reset.
        let state = UnsafeMutableRawPointer(observedState)
        // The values go straight to `sample`, not to locals: a double held in a register across
        // the number reader's calls is saved and restored around every number of the line.
        sample = ScrollSample(t: 0, y: 0)
        var tOffset = 0
        var position = 0
        var slot = skeleton.slots
        var barStart = -1
        // Ends at the end slot, whose text is the line's tail.
        while true {
            guard SampleLineSkeleton.matches(slot, bytes, at: position) else { return nil }
            position &+= slot.pointee.length
            switch slot.pointee.kind {
            case .t:
                tOffset = position
                guard let value = Self.commonNumber(bytes, &position, count, powers, exactPowers), value >= 0, value <= maximumTime else { return nil }
                sample.t = value
            case .y:
                guard let value = Self.commonNumber(bytes, &position, count, powers, exactPowers), abs(value) <= maximumOffset else { return nil }
                sample.y = value
            case .vy:
                if slot.pointee.repeats(bytes, &position) {
                    sample.vy = slot.pointee.number
                    break
                }
                let start = position
                if bytes[position] == UInt8(ascii: "n") {
                    guard Self.isNull(bytes, at: position) else { return nil }
                    position &+= 4
                } else {
                    guard let value = Self.commonNumber(bytes, &position, count, powers, exactPowers) else { return nil }
                    sample.vy = value
                }
                if slot.pointee.remember(bytes, from: start, to: position) { slot.pointee.number = sample.vy }
            case .frameDuration:
                if slot.pointee.repeats(bytes, &position) {
                    sample.frameDuration = slot.pointee.number
                    break
                }
                let start = position
                if bytes[position] == UInt8(ascii: "n") {
                    guard Self.isNull(bytes, at: position) else { return nil }
                    position &+= 4
                } else {
                    guard let value = Self.commonNumber(bytes, &position, count, powers, exactPowers), value > 0, value <= maximumFrameDuration else {
                        return nil
                    }
                    sample.frameDuration = value
                }
                if slot.pointee.remember(bytes, from: start, to: position) { slot.pointee.number = sample.frameDuration }
            case .phase:
                guard let value = Self.commonPhase(bytes, &position) else { return nil }
                sample.phase = value
            case .barNumber:
                let field = (state + slot.pointee.offset).assumingMemoryBound(to: Double?.self)
                if slot.pointee.repeats(bytes, &position) {
                    field.pointee = slot.pointee.number
                    break
                }
                let start = position
                if bytes[position] == UInt8(ascii: "n") {
                    guard Self.isNull(bytes, at: position) else { return nil }
                    position &+= 4
                    field.pointee = nil
                } else {
                    guard let value = Self.commonNumber(bytes, &position, count, powers, exactPowers) else { return nil }
                    field.pointee = value
                }
                if slot.pointee.remember(bytes, from: start, to: position) { slot.pointee.number = field.pointee }
            case .barBoolean:
                let field = (state + slot.pointee.offset).assumingMemoryBound(to: Bool?.self)
                if slot.pointee.repeats(bytes, &position) {
                    field.pointee = slot.pointee.boolean
                    break
                }
                let start = position
                guard let value = Self.commonBoolean(bytes, &position) else { return nil }
                field.pointee = value
                if slot.pointee.remember(bytes, from: start, to: position) { slot.pointee.boolean = value }
            case .barEnumeration:
                if bytes[position] == UInt8(ascii: "n") {
                    guard Self.isNull(bytes, at: position) else { return nil }
                    position &+= 4
                    slot.pointee.field.set(nil, in: &observedState.pointee)
                } else {
                    guard let code = Self.commonEnumeration(bytes, &position, slot.pointee.field) else { return nil }
                    slot.pointee.field.set(Double(code), in: &observedState.pointee)
                }
            case .heldBar:
                // The bar object to the line's end: the state holds it when its bytes repeat.
                if let terminator = skeleton.barRepeats(bytes, at: position) {
                    (lineLength, terminatorLength) = (position &+ skeleton.heldBarLength, terminator)
                    hasObserved = true
                    return tOffset
                }
                // Read field by field. A miss midway leaves part of this line's in the state, but
                // a miss swaps the skeletons, and a swap drops the held bar.
                barStart = position
            case .end:
                guard let terminator = SampleLineSkeleton.terminator(bytes, at: position) else { return nil }
                (lineLength, terminatorLength) = (position, terminator)
                if barStart >= 0 { skeleton.holdBar(bytes, from: barStart, count: lineLength) }
                hasObserved = skeleton.hasBar
                return tOffset
            }
            slot += 1
        }
    }
}
