// Writes the schema SQL generated from navrec's definitions (Store's SchemaSQL: BarStateField,
// FrameChunkColumn, TimelineTable, SessionOwnedTable) into a new migration, or checks that the
// migrations are up to date with them. Run from the package root:
//
//     swift run navrec-schema Migrations/NNNN_what_changed.sql   (write; NNNN the next free number)
//     swift run navrec-schema --check                            (exit 1 when a migration is due)
//
// Both apply Migrations/*.sql (those numbered below the one written) to a scratch database first,
// so the new migration adds exactly the frame_chunks columns that are missing. Rewriting the
// newest migration, before it ships, regenerates it from the ones before it.
import Foundation
import Store

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("navrec-schema: error: \(message)\n".utf8))
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 else {
    fail("usage: navrec-schema Migrations/NNNN_what_changed.sql | --check", code: 64)
}
let folder = URL(fileURLWithPath: "Migrations")
let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".sql") }
guard !names.isEmpty else { fail("no Migrations/*.sql here: run it from the package root", code: 66) }
let migrations = names.compactMap { name in
    (try? String(contentsOf: folder.appending(path: name), encoding: .utf8)).flatMap { Migration(name: name, sql: $0) }
}.sorted { $0.version < $1.version }

let checking = arguments[0] == "--check"
let target = checking ? nil : URL(fileURLWithPath: arguments[0])
let version = target.flatMap { Migration(name: $0.lastPathComponent, sql: "") }?.version
if !checking {
    guard let target, target.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL, version != nil else {
        fail("\(arguments[0]): expected Migrations/NNNN_what_changed.sql", code: 64)
    }
    if let other = migrations.first(where: { $0.version == version && $0.name != target.lastPathComponent }) {
        fail("\(arguments[0]): number taken by Migrations/\(other.name)", code: 65)
    }
    if let newer = migrations.last, newer.version > version! {
        fail("\(arguments[0]): Migrations/\(newer.name) is newer; shipped migrations are frozen, so write one numbered above it", code: 65)
    }
}

let scratch = FileManager.default.temporaryDirectory.appending(path: "navrec-schema-\(getpid()).sqlite")
defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch.path + suffix) } }
do {
    let database = try Database(path: scratch.path)
    try Migrator(migrations: migrations.filter { version == nil || $0.version < version! }).migrate(database)
    if checking {
        let differences = try SchemaSQL.differences(in: database)
        guard !differences.isEmpty else {
            print("navrec-schema: the migrations are up to date with the definitions")
            exit(0)
        }
        for difference in differences { print("navrec-schema: \(difference)") }
        fail("the schema is out of date: run `\(SchemaSQL.command(version: (migrations.last?.version ?? 0) + 1))`", code: 1)
    }
    var existing: Set<String> = []
    let columns = try database.prepare("SELECT name FROM pragma_table_info('frame_chunks')")
    while try columns.step() { existing.insert(columns.text(0) ?? "") }
    let sql = SchemaSQL.migration(name: target!.lastPathComponent, existingChunkColumns: existing)
    try Data(sql.utf8).write(to: target!, options: .atomic)
    // The EmbedSQL plugin lists Migrations/ when the package is evaluated: a new file needs that again.
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: "Package.swift")
    print("navrec-schema: wrote \(arguments[0]) (and touched Package.swift so the EmbedSQL plugin embeds it)")
} catch {
    fail("\(error)", code: 70)
}
