#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Names mapped to values, looked up by their UTF-8 bytes without making a `String`: the readers'
/// tables of bar-state keys and enumeration values (``BarFieldNames``).
///
/// Names are bucketed by length, so a lookup compares only names of the key's length. Built once
/// and never freed (the tables live as long as the process), so copies share the storage.
struct ByteNameTable<Value>: @unchecked Sendable {
    private struct Entry {
        var start: Int
        var value: Value
    }

    /// Every name's bytes, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Entries sorted by name length; those of length n are `first[n]..<first[n + 1]`.
    private let entries: UnsafeMutablePointer<Entry>
    private let first: UnsafeMutablePointer<Int>
    private let longest: Int

    /// A table of `names`; of two equal names the first counts.
    init(_ names: [(name: String, value: Value)]) {
        var unique: [(name: [UInt8], value: Value)] = []
        for (name, value) in names where !unique.contains(where: { $0.name == Array(name.utf8) }) {
            unique.append((Array(name.utf8), value))
        }
        unique.sort { $0.name.count < $1.name.count }
        longest = unique.map(\.name.count).max() ?? 0
        bytes = .allocate(capacity: max(1, unique.reduce(0) { $0 + $1.name.count }))
        entries = .allocate(capacity: max(1, unique.count))
        first = .allocate(capacity: longest + 2)
        var offset = 0
        var length = 0
        first[0] = 0
        for (index, entry) in unique.enumerated() {
            while length < entry.name.count {
                length += 1
                first[length] = index
            }
            (bytes + offset).update(from: entry.name, count: entry.name.count)
            (entries + index).initialize(to: Entry(start: offset, value: entry.value))
            offset += entry.name.count
        }
        while length <= longest {
            length += 1
            first[length] = unique.count
        }
    }

    /// The value named by `key`, if any.
    @inline(__always)
    func value(_ key: UnsafeBufferPointer<UInt8>) -> Value? {
        let count = key.count
        guard count > 0, count <= longest, let base = key.baseAddress else { return nil }
        for index in first[count]..<first[count + 1] where Self.equal(bytes + entries[index].start, base, count) {
            return entries[index].value
        }
        return nil
    }

    /// Whether `count` bytes at `a` and `b` are equal: eight at a time (the last eight overlapping
    /// the previous ones), which for names of 8 to 24 bytes is two or three loads instead of a
    /// `memcmp` call.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        @inline(__always) func word(_ pointer: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
            UnsafeRawPointer(pointer + offset).loadUnaligned(as: UInt64.self)
        }
        guard count >= 8 else { return memcmp(a, b, count) == 0 }
        var offset = 0
        while offset + 8 < count {
            if word(a, offset) != word(b, offset) { return false }
            offset += 8
        }
        return word(a, count - 8) == word(b, count - 8)
    }
}
