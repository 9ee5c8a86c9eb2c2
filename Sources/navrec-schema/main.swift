// Writes the schema SQL generated from navrec's definitions (Store's SchemaSQL: BarStateField,
// FrameChunkColumn, TimelineTable, SessionOwnedTable) into a new migration, or checks that the
// migrations are up to date with them; and writes Schema/schema.sql, the schema all the
// migrations make as one script for a new database (Store's FreshSchema), and the other files that
// name every bar-state field (Store's FieldListFiles: the Spark timeline DDL, Queries/session_timeline.sql).
// Run from the package root:
//
//     swift run navrec-schema Migrations/NNNN_what_changed.sql   (write it and Schema/schema.sql;
//                                                                 NNNN the next free number)
//     swift run navrec-schema --schema                           (Schema/schema.sql and those files,
//                                                                 after a hand-written migration)
//     swift run navrec-schema --check                            (exit 1 when either is due)
//
// Each applies Migrations/*.sql (those numbered below the one written) to a scratch database first,
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
    fail("usage: navrec-schema Migrations/NNNN_what_changed.sql | --schema | --check", code: 64)
}
let schemaFile = URL(fileURLWithPath: "Schema/schema.sql")
let folder = URL(fileURLWithPath: "Migrations")
let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".sql") }
guard !names.isEmpty else { fail("no Migrations/*.sql here: run it from the package root", code: 66) }
let migrations = names.compactMap { name in
    (try? String(contentsOf: folder.appending(path: name), encoding: .utf8)).flatMap { Migration(name: name, sql: $0) }
}.sorted { $0.version < $1.version }

/// The schema `migrations` make, as Schema/schema.sql has it.
func freshSchema(_ migrations: [Migration]) throws -> String {
    let database = try Database(path: ":memory:")
    try Migrator(migrations: migrations).migrate(database)
    return try FreshSchema.script(of: database)
}

/// Writes Schema/schema.sql from `migrations`, touching Package.swift when the file is new (the
/// EmbedSQL plugin lists Schema/ when the package is evaluated).
func writeSchema(_ migrations: [Migration]) throws {
    let isNew = !FileManager.default.fileExists(atPath: schemaFile.path)
    try FileManager.default.createDirectory(at: schemaFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(try freshSchema(migrations).utf8).write(to: schemaFile, options: .atomic)
    if isNew { try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: "Package.swift") }
}

/// Writes the files of FieldListFiles that differ from what BarStateField generates.
func writeFieldListFiles() throws {
    for path in try FieldListFiles.write(under: ".") { print("navrec-schema: wrote \(path)") }
}

/// The migration to write, and its number; `nil` for `--check` and `--schema`.
let target: (url: URL, version: Int)?
if arguments[0] == "--schema" {
    do {
        try writeSchema(migrations)
        try writeFieldListFiles()
    } catch {
        fail("\(error)", code: 70)
    }
    print("navrec-schema: wrote Schema/schema.sql from Migrations/\(migrations.last?.name ?? "")")
    exit(0)
} else if arguments[0] == "--check" {
    target = nil
} else {
    let url = URL(fileURLWithPath: arguments[0])
    guard url.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL,
          let version = Migration(name: url.lastPathComponent, sql: "")?.version else {
        fail("\(arguments[0]): expected Migrations/NNNN_what_changed.sql", code: 64)
    }
    if let other = migrations.first(where: { $0.version == version && $0.name != url.lastPathComponent }) {
        fail("\(arguments[0]): number taken by Migrations/\(other.name)", code: 65)
    }
    if let newer = migrations.last, newer.version > version {
        fail("\(arguments[0]): Migrations/\(newer.name) is newer; shipped migrations are frozen, so write one numbered above it", code: 65)
    }
    target = (url, version)
}

do {
    // A scratch database in memory: nothing to clean up, whichever way the tool exits.
    let database = try Database(path: ":memory:")
    try Migrator(migrations: migrations.filter { $0.version < target?.version ?? .max }).migrate(database)
    guard let target else {
        let differences = try SchemaSQL.differences(in: database)
        guard !differences.isEmpty else {
            guard (try? String(contentsOf: schemaFile, encoding: .utf8)) == (try FreshSchema.script(of: database)) else {
                fail("Schema/schema.sql is not what the migrations make: run `\(FreshSchema.command)`", code: 1)
            }
            if let path = FieldListFiles.stale(under: ".").first {
                fail(FieldListFiles.message(stale: path), code: 1)
            }
            print("navrec-schema: the migrations are up to date with the definitions, Schema/schema.sql with the migrations, and the field lists with BarStateField")
            exit(0)
        }
        for difference in differences { print("navrec-schema: \(difference)") }
        fail("the schema is out of date: run `\(SchemaSQL.command(version: (migrations.last?.version ?? 0) + 1))`", code: 1)
    }
    var existing: Set<String> = []
    let columns = try database.prepare("SELECT name FROM pragma_table_info('frame_chunks')")
    while try columns.step() { existing.insert(columns.text(0) ?? "") }
    let sql = SchemaSQL.migration(name: target.url.lastPathComponent, existingChunkColumns: existing)
    try Data(sql.utf8).write(to: target.url, options: .atomic)
    // The EmbedSQL plugin lists Migrations/ when the package is evaluated: a new file needs that again.
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: "Package.swift")
    try writeSchema(migrations.filter { $0.version < target.version } + [Migration(name: target.url.lastPathComponent, sql: sql)!])
    try writeFieldListFiles()
    print("navrec-schema: wrote \(arguments[0]) and Schema/schema.sql (and touched Package.swift so the EmbedSQL plugin embeds them)")
} catch {
    fail("\(error)", code: 70)
}
