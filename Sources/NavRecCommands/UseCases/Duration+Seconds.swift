extension Duration {
    /// The duration in seconds: the wall time `import`, `compare` and `tune` report.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
