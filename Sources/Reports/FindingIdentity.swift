package import Analyzer
import BarModel

/// What a finding is, independent of when, in which launch and in which session it happened: the
/// identity CI tools track it by (JUnit `<testsuite name>`, `classname` and `name`, SARIF
/// `partialFingerprints`) and `report --baseline` compares by.
///
/// The same bug on the same screen has the same identity across launches, import orders and
/// builds: the subject is the screen (`app › screen`) when the session names one, else the
/// recording's own id from its header (one reused launch after launch, also stored as `ID~HASH`),
/// else the app and the behaviours (`Music › blurHeader`), never a session id, a content hash, an
/// ordinal or a time. The rest is kind, subkind, signal and source.
package struct FindingIdentity: Sendable, Hashable, Comparable {
    package var subject: String
    package var kind: Finding.Kind
    package var subkind: String?
    package var signal: String
    package var source: Finding.Source

    package init(subject: String, kind: Finding.Kind, subkind: String?, signal: String, source: Finding.Source) {
        self.subject = subject
        self.kind = kind
        self.subkind = subkind
        self.signal = signal
        self.source = source
    }

    /// The identity of `finding` of a session whose subject is `subject`.
    package init(_ finding: Finding, subject: String) {
        self.init(subject: subject, kind: finding.kind, subkind: finding.subkind, signal: finding.signal, source: finding.source)
    }

    /// The JUnit test name: `flapping background (computed)`, `title_mismatch/both_visible
    /// largeTitle+inlineTitle (observed)`; a hitch names no stream, as in every human-readable
    /// report (``ReportText/stream(_:)``): `hitch frames`.
    package var testName: String {
        let kindText = subkind.map { "\(kind.name)/\($0)" } ?? kind.name
        let stream = kind == .hitch ? "" : " (\(source.name))"
        return "\(kindText) \(signal)\(stream)"
    }

    /// 64-bit FNV-1a of the fields, hex: stable across runs, platforms and Swift versions (unlike `Hasher`).
    package var fingerprint: String {
        let key = [subject, kind.name, subkind ?? "", signal, source.name].joined(separator: "\u{1F}")
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// By subject, then kind (in ``Finding/Kind``'s order), subkind, signal and source.
    package static func < (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
        if lhs.subject != rhs.subject { return lhs.subject < rhs.subject }
        let kinds = Finding.Kind.allCases
        if lhs.kind != rhs.kind { return kinds.firstIndex(of: lhs.kind)! < kinds.firstIndex(of: rhs.kind)! }
        if lhs.subkind != rhs.subkind { return (lhs.subkind ?? "") < (rhs.subkind ?? "") }
        if lhs.signal != rhs.signal { return lhs.signal < rhs.signal }
        return lhs.source.name < rhs.source.name
    }

    /// A session's subject: `app › screen` when it names a screen, else its recording id, else its
    /// app and behaviours.
    package static func subject(of session: SessionAnalysis) -> String {
        if session.screen != nil, let place = ReportText.place(session) { return place }
        if let recordingID = session.recordingID, !recordingID.isEmpty { return recordingID }
        return ([session.app].compactMap { $0 } + [ReportText.behaviors(session)]).joined(separator: " › ")
    }
}
