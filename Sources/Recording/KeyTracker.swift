/// Detects duplicate keys in JSON objects whose keys are not known in advance (unknown values
/// being skipped, `session`, `behaviors`), without allocating once its arrays have grown.
///
/// Objects nest, so keys are kept per frame (one frame per open object). Small objects compare
/// linearly; an object with many keys switches to a set of hashes so a hostile line with a million
/// keys stays linear instead of quadratic.
struct KeyTracker {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
    }

    private struct Frame {
        var base: Int
        var hashes: Set<UInt64>?
    }

    /// Objects with more keys than this switch from linear comparison to a hash set.
    private static let linearLimit = 32

    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    private var frames: [Frame] = []

    /// Forgets everything (at the start of a line).
    mutating func reset() {
        arena.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
    }

    /// Starts a new object.
    mutating func push() {
        frames.append(Frame(base: entries.count, hashes: nil))
    }

    /// Ends the innermost object.
    mutating func pop() {
        let frame = frames.removeLast()
        if frame.base < entries.count {
            arena.removeSubrange(entries[frame.base].start...)
            entries.removeSubrange(frame.base...)
        }
    }

    /// Records `key` in the innermost object; `false` when it is already there.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        let frameIndex = frames.count - 1
        let base = frames[frameIndex].base
        if entries.count - base < Self.linearLimit {
            if contains(key, hash: hash, from: base) { return false }
        } else {
            if frames[frameIndex].hashes == nil {
                frames[frameIndex].hashes = Set(entries[base...].map(\.hash))
            }
            // A hash already seen is a duplicate only if the bytes match (hash collisions are not).
            if !frames[frameIndex].hashes!.insert(hash).inserted, contains(key, hash: hash, from: base) {
                return false
            }
        }
        entries.append(Entry(hash: hash, start: arena.count, count: key.count))
        arena.append(contentsOf: key)
        return true
    }

    private func contains(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, from base: Int) -> Bool {
        var index = base
        while index < entries.count {
            let entry = entries[index]
            if entry.hash == hash, entry.count == key.count,
                arena[entry.start..<entry.start + entry.count].elementsEqual(key)
            {
                return true
            }
            index += 1
        }
        return false
    }
}
