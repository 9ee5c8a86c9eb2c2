/// Benjamini–Hochberg adjusted p-values (the step-up procedure, as R's `p.adjust(method = "BH")`
/// and SciPy's `false_discovery_control`): `q₍ᵢ₎ = min over j ≥ i of p₍ⱼ₎ · t / j` for t tests
/// sorted by p. Rejecting where q ≤ α controls the false discovery rate at α; when nothing truly
/// changed (an A/A run) every discovery is false, so it then bounds the chance of any false
/// verdict at α, like Holm, while keeping more power when several metrics move together.
public enum BenjaminiHochberg {
    /// The adjusted p-values, in the order of `pValues`.
    public static func adjust(_ pValues: [Double]) -> [Double] {
        let t = pValues.count
        guard t > 0 else { return [] }
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = [Double](repeating: 1, count: t)
        var running = 1.0
        for rank in stride(from: t, through: 1, by: -1) {
            let index = order[rank - 1]
            running = min(running, pValues[index] * Double(t) / Double(rank))
            adjusted[index] = min(1, running)
        }
        return adjusted
    }
}
