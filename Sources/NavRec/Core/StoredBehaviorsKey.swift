package import BarModel

/// A header's behaviour set as the key of what its stored JSON (``BehaviorSet/json``) reads back
/// as: equal keys have byte-for-byte equal stored JSON, so a cache keyed by the set gives what a
/// cache keyed by the text would, without building and hashing the text each session.
///
/// The set's own equality is not enough on its own: `String` compares canonical equivalence
/// ("é" as one scalar equals "e" + U+0301), while the stored text keeps the bytes, so
/// dropdownTitle's texts are also compared byte for byte. Numbers need nothing more: the only
/// equal doubles with different bits are 0.0 and -0.0, which the stored JSON writes alike ("0").
package struct StoredBehaviorsKey: Hashable {
    package let behaviors: BehaviorSet

    package init(_ behaviors: BehaviorSet) {
        self.behaviors = behaviors
    }

    package static func == (a: Self, b: Self) -> Bool {
        guard a.behaviors == b.behaviors else { return false }
        guard let first = a.behaviors.dropdownTitle, let second = b.behaviors.dropdownTitle else { return true }
        return first.title.utf8.elementsEqual(second.title.utf8)
            && (first.subtitle ?? "").utf8.elementsEqual((second.subtitle ?? "").utf8)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(behaviors)
    }
}
