internal import Analyzer
public import ArgumentKit
internal import BarModel
internal import Reports
internal import Simulation

// The model's and reports' closed sets, as option values (`--format`, `--fail-on`, `--style`, `--refresh`).
extension ReportFormat: CommandLineChoice {}
extension TuningFormat: CommandLineChoice {}
extension Finding.Severity: CommandLineChoice {}
extension RecorderStyle: CommandLineChoice {}
extension RefreshMode: CommandLineChoice {}
