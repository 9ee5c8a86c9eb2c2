package import Analyzer
internal import BarModel

/// What a finding is, independent of when it happened: the identity CI tools track it by (JUnit
/// `classname` and `name`, SARIF `partialFingerprints`).
///
/// Times are left out on purpose: the same bug recorded twice starts a few milliseconds apart, and
/// an identity with the start time in it turns into "1 fixed, 1 new" on every run. The subject is
/// the recording's own id (every launch of a screen that reuses it, also one stored as `ID~HASH`),
/// else the session's `app › screen`, else its stored id; `ordinal` counts equal faults of one
/// subject (same kind, subkind, signal and source) in report order, from 1.
package struct FindingIdentity: Sendable, Hashable {
    package var subject: String
    package var kind: String
    package var subkind: String?
    package var signal: String
    package var source: String
    package var ordinal: Int

    /// The JUnit test name: `flapping/subkind background (computed)`, a repeat ` #2`; a hitch
    /// names no stream, as in every human-readable report (``ReportText/stream(_:)``): `hitch frames`.
    package var testName: String {
        let kindText = subkind.map { "\(kind)/\($0)" } ?? kind
        let stream = kind == Finding.Kind.hitch.name ? "" : " (\(source))"
        return "\(kindText) \(signal)\(stream)" + (ordinal > 1 ? " #\(ordinal)" : "")
    }

    /// 64-bit FNV-1a of the fields, hex: stable across runs, platforms and Swift versions (unlike `Hasher`).
    package var fingerprint: String {
        let key = [subject, kind, subkind ?? "", signal, source, String(ordinal)].joined(separator: "\u{1F}")
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A session's subject: its recording id, else `app › screen` when it names a screen, else its id.
    package static func subject(of session: SessionAnalysis) -> String {
        if let recordingID = session.recordingID, !recordingID.isEmpty { return recordingID }
        if session.screen != nil, let place = ReportText.place(session) { return place }
        return session.id
    }

    /// The identities of every finding of the report, per session and finding in report order, and
    /// per session the ordinal of its "no findings" case among clean sessions of the same subject.
    package static func identities(of report: Report) -> (findings: [[FindingIdentity]], clean: [Int]) {
        var seen: [FindingIdentity: Int] = [:]
        var cleanSeen: [String: Int] = [:]
        var findings: [[FindingIdentity]] = []
        var clean: [Int] = []
        findings.reserveCapacity(report.sessions.count)
        for session in report.sessions {
            let subject = subject(of: session)
            findings.append(session.findings.map { finding in
                var identity = FindingIdentity(
                    subject: subject, kind: finding.kind.name, subkind: finding.subkind, signal: finding.signal,
                    source: finding.source.name, ordinal: 0)
                let ordinal = (seen[identity] ?? 0) + 1
                seen[identity] = ordinal
                identity.ordinal = ordinal
                return identity
            })
            let ordinal = (cleanSeen[subject] ?? 0) + (session.findings.isEmpty ? 1 : 0)
            cleanSeen[subject] = ordinal
            clean.append(ordinal)
        }
        return (findings, clean)
    }
}
