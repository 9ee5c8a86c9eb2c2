import BarModel

extension JSONScanner {
    /// Parses a number value at the cursor; `name` is only evaluated for the error message.
    @inline(__always)
    mutating func numberValue(_ name: @autoclosure () -> String) throws(ScanError) -> Double {
        let byte = current
        guard !atEnd, byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
            if !atEnd, valueKind == "invalid JSON" { throw invalidValue() }
            throw ScanError(index, "'\(name())' must be a number, found \(valueKind)")
        }
        let parsed = try NumberParser.parse(base, from: index, to: end)
        index = parsed.end
        return parsed.value
    }

    /// Parses a number or `null` (`nil`).
    @inline(__always)
    mutating func optionalNumberValue(_ name: @autoclosure () -> String) throws(ScanError) -> Double? {
        if current == UInt8(ascii: "n"), consume("null") { return nil }
        return try numberValue(name())
    }

    /// Parses a boolean value at the cursor.
    @inline(__always)
    mutating func boolValue(_ name: @autoclosure () -> String) throws(ScanError) -> Bool {
        guard let value = parseBool() else { throw ScanError(index, "'\(name())' must be true or false, found \(valueKind)") }
        return value
    }

    /// Parses a string value at the cursor; its bytes are valid until the next decoded string.
    @inline(__always)
    mutating func stringValue(_ name: @autoclosure () -> String) throws(ScanError) -> UnsafeBufferPointer<UInt8> {
        guard !atEnd, current == UInt8(ascii: "\"") else {
            throw ScanError(index, "'\(name())' must be a string, found \(valueKind)")
        }
        return try parseString(decode: true)
    }

    /// Parses a string or `null` (`nil`) into a `String` (header fields only: this allocates).
    mutating func optionalStringValue(_ name: String) throws(ScanError) -> String? {
        if current == UInt8(ascii: "n"), consume("null") { return nil }
        return String(decoding: try stringValue(name), as: UTF8.self)
    }

    /// Parses a phase name or `null`.
    @inline(__always)
    mutating func phaseValue() throws(ScanError) -> ScrollPhase? {
        if current == UInt8(ascii: "n"), consume("null") { return nil }
        let offset = index
        let name = try stringValue("phase")
        switch name.count {
        case 4:
            if bytesEqual(name, "drag") { return .drag }
            if bytesEqual(name, "idle") { return .idle }
        case 10:
            if bytesEqual(name, "decelerate") { return .decelerate }
        case 6:
            if bytesEqual(name, "bounce") { return .bounce }
        case 7:
            if bytesEqual(name, "animate") { return .animate }
        default:
            break
        }
        throw ScanError(offset, "unknown phase '\(text(name))'; expected idle, drag, decelerate, bounce or animate")
    }

    /// Parses a tap target name.
    mutating func targetValue() throws(ScanError) -> ScrollEvent.Target {
        let offset = index
        let name = try stringValue("target")
        if bytesEqual(name, "content") { return .content }
        if bytesEqual(name, "title") { return .title }
        if bytesEqual(name, "bar") { return .bar }
        throw ScanError(offset, "unknown target '\(text(name))'; expected content, title or bar")
    }

    /// Parses an event kind name: `tap`, the lifecycle events `background` and `foreground`, the
    /// transition events `disappear` and `appear`, or
    /// `dropped` (returned with 0 samples: its `samples` is a key of its own; `nil` for `tap`, whose
    /// target is a key of its own).
    mutating func eventValue() throws(ScanError) -> ScrollEvent.Kind? {
        let offset = index
        let name = try stringValue("event")
        if bytesEqual(name, "tap") { return nil }
        if bytesEqual(name, "background") { return .background }
        if bytesEqual(name, "foreground") { return .foreground }
        if bytesEqual(name, "dropped") { return .dropped(samples: 0) }
        if bytesEqual(name, "disappear") { return .disappear }
        if bytesEqual(name, "appear") { return .appear }
        throw ScanError(offset, "unknown event '\(text(name))'; expected tap, background, foreground, dropped, disappear or appear")
    }

    /// Parses an observed bar state (`"bar":{…}`) at nesting level 2; unknown keys are skipped
    /// and counted in `ignoredKeys`. `null` for a field means absent. The state goes to
    /// ``observedState``, built in place.
    mutating func parseObservedBar(ignoredKeys: inout Int) throws(ScanError) {
        guard current == UInt8(ascii: "{"), !atEnd else {
            throw ScanError(index, "'bar' must be an object of bar-state fields, found \(valueKind)")
        }
        observedState.pointee = BarState()
        if try beginObject() { return }
        keys.push()
        defer { keys.pop() }
        var seen: UInt32 = 0
        while true {
            let (key, keyOffset) = try parseKey()
            if let field = fieldNames.value(key) {
                let bit = UInt32(1) << UInt32(field.maskBit)
                if seen & bit != 0 { throw ScanError(keyOffset, "duplicate key '\(field.name)'") }
                seen |= bit
                let valueOffset = index
                if current == UInt8(ascii: "n"), consume("null") {
                    // Absent, as if the key were missing.
                } else {
                    try setBarField(field)
                }
                skeleton.record(SampleLineSkeleton.Kind(field.kind), field: field, start: valueOffset, end: index)
            } else {
                try trackKey(key, offset: keyOffset)
                try skipValue(depth: 2)
                ignoredKeys += 1
            }
            if try endOfMember() { return }
        }
    }

    /// Sets one field of ``observedState`` from the value at the cursor.
    private mutating func setBarField(_ field: BarStateField) throws(ScanError) {
        let value: Double
        switch field.kind {
        case .length, .fraction:
            value = try numberValue("bar.\(field.name)")
        case .boolean:
            value = try boolValue("bar.\(field.name)") ? 1 : 0
        case .enumeration:
            let offset = index
            let name = try stringValue("bar.\(field.name)")
            guard let code = BarFieldNames.code(of: name, in: field) else {
                throw ScanError(offset, BarFieldNames.unknownValue(field, found: text(name)))
            }
            value = Double(code)
        }
        field.set(value, in: &observedState.pointee)
    }

    /// Parses a behaviour parameter's value: a number, boolean, string or null.
    mutating func parameterValue(behavior: String, parameter: String) throws(ScanError) -> ParameterValue {
        switch current {
        case UInt8(ascii: "\""):
            return .string(String(decoding: try parseString(decode: true), as: UTF8.self))
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if let flag = parseBool() { return .bool(flag) }
        case UInt8(ascii: "n"):
            if consume("null") { return .null }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try numberValue("\(behavior).\(parameter)"))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            throw ScanError(index, "'\(behavior).\(parameter)' must be a number, boolean, string or null, found \(valueKind)")
        default:
            break
        }
        throw invalidValue()
    }
}
