/// What a flapping finding rests on, and the fix that removes it.
///
/// The values are the ones reports print (``Finding/Evidence/fields`` lists them), so the JSON
/// report, the database's `findings` columns and a test read the same numbers.
package struct FlappingEvidence: Sendable, Hashable {
    /// The lowest scroll offset over the episode, points.
    package var yMin: Double
    /// The highest scroll offset over the episode, points.
    package var yMax: Double
    /// How often the app's own signal switched over the episode, when the app stayed stable
    /// where the model flapped (set together with `appHysteresis`).
    package var observedToggles: Int?
    /// The band the app's switching shows it uses (at least this wide), points rounded to 0.001;
    /// set together with `observedToggles`.
    package var appHysteresis: Double?
    /// The behaviour's hysteresis that removes the model's flapping, points.
    package var suggestedHysteresis: Double?
    /// The hide-on-swipe distance that removes `barHidden` flapping, points.
    package var suggestedSwipeDistance: Double?
}
