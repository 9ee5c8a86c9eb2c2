internal import BarModel
internal import Foundation
internal import Store

/// The behaviour sets of stored sessions, each read from its `sessions.parameters` JSON once per
/// report and shared by every session stored with the same JSON: decoding it (JSONDecoder) for
/// each session would be a noticeable share of a short session's report. One per `--jobs` worker,
/// so no lock.
final class StoredBehaviorSets {
    private var sets: [String: BehaviorSet] = [:]
    /// Distinct JSON texts kept at most: a fleet's sessions share a few; past this many the cache
    /// starts over rather than grow with the sessions.
    static let kept = 256

    /// The behaviours `session` was stored with (``BehaviorSet/init(of:in:)``: a damaged value is
    /// the same error, never cached).
    func behaviors(of session: StoredSession, in databasePath: String) throws(UseCaseError) -> BehaviorSet {
        let json = session.parametersJSON
        if let known = sets[json] { return known }
        let behaviors = try BehaviorSet(of: session, in: databasePath)
        if sets.count >= Self.kept { sets.removeAll(keepingCapacity: true) }
        sets[json] = behaviors
        return behaviors
    }
}
