import BarModel

/// Replays a session with one value of a tuned parameter and measures it (``TuningOutcome``).
///
/// The figures come from the analyzer itself, with the value set exactly as `navrec report --set`
/// sets it, so `tune` and `report` agree by construction: the flapping detector decides what a flap
/// is and the title-mismatch detectors what a mismatch is.
package struct ParameterTuner: Sendable {
    package let parameter: TunedParameter
    /// Detector settings (without behaviour replays; the tuner adds its own).
    package let settings: AnalyzerSettings

    package init(parameter: TunedParameter, settings: AnalyzerSettings = AnalyzerSettings()) {
        self.parameter = parameter
        self.settings = settings
    }

    /// Whether `session` uses the tuned behaviour (others are left out of a tuning run).
    package func applies(to session: SessionDescription) -> Bool {
        session.behaviors.contains(parameter.behavior)
    }

    /// Checks that `value` is valid for the session's behaviours.
    ///
    /// - Throws: ``AnalyzerSettingsError`` saying why not (a replay would otherwise skip it).
    package func validate(_ value: Double, for session: SessionDescription) throws(AnalyzerSettingsError) {
        do {
            var behaviors = session.behaviors
            try behaviors.set(parameter.behavior, parameter.parameter, to: .number(value))
            try behaviors.validate()
        } catch {
            throw AnalyzerSettingsError("\(parameter.name)=\(formatNumber(value)) for session '\(session.id)': \(error.description)")
        }
    }

    /// The session replayed with `value`; the value must be valid for it (``validate(_:for:)``).
    ///
    /// - Complexity: O(n) for n samples, plus the analyzer's suggestion search.
    package func evaluate(_ session: TuningSession, value: Double) throws -> TuningOutcome {
        var settings = settings
        settings.replay.removeAll { $0.behavior == parameter.behavior && $0.parameter == parameter.parameter }
        settings.replay.append(.init(behavior: parameter.behavior, parameter: parameter.parameter, value: .number(value)))
        let analysis = try Analyzer(settings: settings, timelineBuckets: 1).analyze(session.description) { _ in session.reader() }

        var outcome = TuningOutcome()
        let behaviors = analysis.behaviors
        for finding in analysis.findings {
            switch finding.kind {
            case .flapping:
                guard finding.source == .computed, let signal = BinarySignal(rawValue: finding.signal),
                    parameter.governs(signal, in: behaviors)
                else { continue }
                outcome.flappingEpisodes += 1
                outcome.toggles += finding.count ?? 0
            case .titleMismatch:
                // The model's own mismatches only: "adds no title mismatch" compares the replayed
                // model with the model at the reference value. Disagreements with the recorded app
                // (comparison findings) are no measure of a value: a replayed hysteresis the app
                // did not have disagrees with it by construction.
                if finding.source == .computed { outcome.titleMismatches += 1 }
            default:
                continue
            }
        }

        var engine = ReplayEngine(behaviors: behaviors, events: session.description.events.sorted { $0.t < $1.t })
        switch parameter.response {
        case .switchDelay:
            var last: Bool?
            for sample in session.samples {
                guard let now = parameter.signal.value(in: engine.step(sample)) else { continue }
                if let last, last != now { outcome.switches.append(SignalSwitch(t: sample.t, y: sample.y, on: now)) }
                last = now
            }
        case .settleTime(let signal):
            // A fade starts on the sample whose target flips (it has not moved yet) and settles on
            // the first sample back at 0 or 1; a fade reversed midway settles once, at its end.
            var rest: ScrollSample?
            var moving = false
            for sample in session.samples {
                guard let value = signal.value(in: engine.step(sample)) else { continue }
                let atRest = value <= 0 || value >= 1
                if atRest {
                    if moving, let start = rest {
                        outcome.settles.append(SwitchDelay(seconds: sample.t - start.t, points: abs(sample.y - start.y)))
                    }
                    moving = false
                    rest = sample
                } else {
                    moving = true
                }
            }
        }
        outcome.samples = 2 * session.samples.count
        return outcome
    }
}
