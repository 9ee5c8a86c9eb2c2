import BarModel
import Foundation
import Testing
@testable import Store

/// The files outside the migrations that name every bar-state field (``FieldListFiles``): each is
/// what `navrec-schema` writes from ``BarStateField``, so a field added without running it fails
/// here, naming the file and the command.
@Suite("Field lists generated from BarStateField")
struct FieldListFilesTests {
    let directory = TemporaryDirectory()

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the Spark timeline DDL and Queries/session_timeline.sql are what navrec-schema writes")
    func upToDate() {
        for path in FieldListFiles.stale(under: Self.packageRoot) {
            Issue.record(Comment(rawValue: FieldListFiles.message(stale: path)))
        }
    }

    @Test("each names every field, in case order (a query and the DDL by column, Swift by name: `put(state.x, .x, …)` in set's value and pointer forms)")
    func everyField() {
        for file in FieldListFiles.all {
            let swift = file.path.hasSuffix(".swift")
            let names = BarStateField.allCases.map { swift ? $0.name : $0.columnName }
            let listed = file.text.split { !$0.isLetter && $0 != "_" }.map(String.init).filter(names.contains)
            let twice = names.flatMap { [$0, $0] }
            #expect(listed == (swift ? twice + twice : names), "\(file.path)")
        }
    }

    @Test("a file that lacks a field, or is missing, is stale and written back")
    func staleFileIsNamed() throws {
        let root = directory.url.path
        for file in FieldListFiles.all {
            try FileManager.default.createDirectory(
                at: directory.url.appending(path: file.path).deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let ddl = FieldListFiles.all[0]
        #expect(ddl.path.hasSuffix(".ddl"))
        try ddl.text.replacingOccurrences(of: "dropdown_expanded BIGINT", with: "")
            .write(toFile: root + "/" + ddl.path, atomically: true, encoding: .utf8)
        #expect(FieldListFiles.stale(under: root) == FieldListFiles.all.map(\.path))
        #expect(try FieldListFiles.write(under: root) == FieldListFiles.all.map(\.path))
        #expect(FieldListFiles.stale(under: root).isEmpty)
        for file in FieldListFiles.all {
            #expect(try String(contentsOfFile: root + "/" + file.path, encoding: .utf8) == file.text)
        }
        try ddl.text.write(toFile: root + "/" + ddl.path, atomically: true, encoding: .utf8)
        #expect(FieldListFiles.stale(under: root).isEmpty, "an up-to-date file is not stale")
    }
}
