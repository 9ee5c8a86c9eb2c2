internal import Analyzer
internal import BarModel

extension SessionReport {
    /// The public values of an analysis: what `navrec analyze`'s JSON line (``JSONRenderer``) writes
    /// of it, member for member.
    init(_ analysis: SessionAnalysis) {
        let metadata = analysis.metadata
        let metrics = analysis.metrics
        self.init(
            id: analysis.id, app: metadata.app, screen: metadata.screen, device: metadata.device, os: metadata.os,
            startedAt: metadata.startedAt, scale: metadata.screenScale, appVersion: metadata.appVersion, build: metadata.build,
            recorderMoving: metadata.recorder.moving?.rawValue, recorderAtRest: metadata.recorder.atRest?.rawValue,
            behaviors: analysis.behaviors.enabledNames, samples: analysis.sampleCount, duration: analysis.duration, fps: metadata.fps,
            metrics: Metrics(
                hitchTimeRatio: analysis.hitchTimeRatio, frameJitter: analysis.frameJitter, gaps: analysis.gaps,
                gapTime: analysis.gapTime, movingTime: metrics.movingTime, overrunP50: metrics.overrunP50,
                overrunP90: metrics.overrunP90, overrunP99: metrics.overrunP99, hangsPerMinute: metrics.hangsPerMinute,
                flappingEpisodesPerMinute: metrics.flappingEpisodesPerMinute, flappingTogglesPerMinute: metrics.flappingTogglesPerMinute,
                titleDisagreementPerMinute: metrics.titleDisagreementPerMinute, jitterFindingsPerMinute: metrics.jitterFindingsPerMinute,
                gapFraction: metrics.gapFraction),
            findings: analysis.findings.map(SessionReport.Finding.init))
    }
}

extension SessionReport.Finding {
    /// The public values of the analyzer's finding, its evidence as the reports' `details`.
    init(_ finding: Finding) {
        var details: [String: Detail] = [:]
        for field in finding.evidence.fields {
            switch field.value {
            case .integer(let number): details[field.key] = .number(Double(number))
            case .number(let number): details[field.key] = .number(number)
            case .string(let text): details[field.key] = .text(text)
            }
        }
        self.init(
            kind: Kind(rawValue: finding.kind.name)!, subkind: finding.subkind, signal: finding.signal,
            source: Source(rawValue: finding.source.name)!, severity: Severity(rawValue: finding.severity.name)!,
            start: finding.start, end: finding.end, count: finding.count, message: finding.message, details: details)
    }
}

/// The behaviour parameter a flapping finding's suggested value is for: the analyzer's own rule
/// (``BinarySignal/fixParameter(in:)``), applied to the behaviours the session names.
func suggestedFix(signal: String, details: [String: SessionReport.Finding.Detail], behaviors names: [String]) -> ParameterReplay? {
    if case .number(let value)? = details["suggestedSwipeDistance"] {
        return ParameterReplay(behavior: HideOnSwipe.name, parameter: "swipeDistance", value: value)
    }
    guard case .number(let value)? = details["suggestedHysteresis"], let binary = BinarySignal(rawValue: signal) else { return nil }
    var behaviors = BehaviorSet()
    for name in names { try? behaviors.add(name) }
    guard let behavior = binary.hysteresisParameter(in: behaviors) else { return nil }
    return ParameterReplay(behavior: behavior, parameter: "hysteresis", value: value)
}
