// Writes a Swift file that carries SQL files as string literals (run by the EmbedSQL plugin).
// Usage: EmbedSQLTool OUTPUT.swift FILE.sql...; files under a `Migrations` folder become
// `EmbeddedSQL.migrations`, with each file's SHA-256 (the ledger's checksum, worked out here so a
// process does not hash every migration on start), `Schema/schema.sql` `EmbeddedSQL.schema`, the
// rest `EmbeddedSQL.queries`, each sorted by file name; and `EmbeddedSQL.image`, the file of a new
// database that `Schema/schema.sql` makes, made here with the SQLite navrec links (``image(of:)``).
import CSQLite
import Foundation
import TextTools

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedSQLTool OUTPUT.swift FILE.sql...\n".utf8))
    exit(64)
}

/// A raw string literal whose delimiter does not occur in `text`.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

var migrations: [(String, String)] = []
var queries: [(String, String)] = []
var schema = ""
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    switch url.deletingLastPathComponent().lastPathComponent {
    case "Migrations":
        migrations.append((url.lastPathComponent, text))
    case "Schema" where url.lastPathComponent == "schema.sql":
        schema = text
    default:
        queries.append((url.lastPathComponent, text))
    }
}

func array(_ files: [(String, String)], checksums: Bool) -> String {
    let entries = files.sorted { $0.0 < $1.0 }.map {
        "        (name: \"\($0.0)\", sql: \(literal($0.1))" + (checksums ? ", checksum: \"\(SHA256.hex(Array($0.1.utf8)))\")," : "),")
    }
    return "[\n" + entries.joined(separator: "\n") + "\n    ]"
}

/// The bytes of the database file that `schema` makes in an empty WAL database, as navrec's migrator
/// runs it, with the ledger's `applied_at` left '' (navrec sets it when it copies the file); empty
/// when `schema` is empty or its ledger is not exactly `migrations` (a script not yet regenerated:
/// navrec then declines it too and migrates step by step).
func image(of schema: String, migrations: [(String, String)]) throws -> [UInt8] {
    guard !schema.isEmpty else { return [] }
    let path = output + ".image.sqlite"
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let database = handle else {
        throw ImageError(message: "cannot create \(path)")
    }
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw ImageError(message: "Schema/schema.sql: " + (message.map { String(cString: $0) } ?? "error"))
        }
    }
    try execute("PRAGMA journal_mode = WAL; BEGIN IMMEDIATE")
    try execute(schema)
    var statement: OpaquePointer?
    sqlite3_prepare_v2(database, "SELECT name, checksum FROM navrec_migrations ORDER BY version", -1, &statement, nil)
    var ledger: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        ledger.append(String(cString: sqlite3_column_text(statement, 0)) + " " + String(cString: sqlite3_column_text(statement, 1)))
    }
    sqlite3_finalize(statement)
    let expected = migrations.sorted { $0.0 < $1.0 }.map { $0.0 + " " + SHA256.hex(Array($0.1.utf8)) }
    guard ledger == expected else {
        sqlite3_close(database)
        return []
    }
    try execute("UPDATE navrec_migrations SET applied_at = ''; COMMIT; PRAGMA wal_checkpoint(TRUNCATE)")
    sqlite3_close(database)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

struct ImageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `bytes` as Swift: its size, and each run of bytes between long runs of zeros (most of a new
/// database's pages) as hex digits at its offset.
func imageLiteral(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    var runs: [String] = []
    var start = 0
    while start < bytes.count {
        guard bytes[start] != 0 else { start += 1; continue }
        var end = start
        var zeros = 0
        while end < bytes.count, zeros < 32 {
            zeros = bytes[end] == 0 ? zeros + 1 : 0
            end += 1
        }
        end -= zeros
        let hex = String(bytes[start..<end].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        runs.append("        (\(start), \"\(hex)\"),")
        start = end
    }
    return "(size: \(bytes.count), runs: [\n" + runs.joined(separator: "\n") + "\n    ])"
}

let imageBytes = try image(of: schema, migrations: migrations)

let source = """
    // Generated by the EmbedSQL plugin from Migrations/, Schema/ and Queries/. Do not edit.

    /// The SQL files carried inside the binary, and the file of a new database that the schema makes.
    package enum EmbeddedSQL {
        /// `Migrations/NNNN_name.sql`, in file-name order, with the SHA-256 of each text (hex).
        package static let migrations: [(name: String, sql: String, checksum: String)] = \(array(migrations, checksums: true))
        /// `Schema/schema.sql`: the migrations' schema as one script, for a new database (empty when absent).
        package static let schema: String = \(literal(schema))
        /// `Queries/NAME.sql`, in file-name order.
        package static let queries: [(name: String, sql: String)] = \(array(queries, checksums: false))
        /// The file of a new database as `schema` makes it, `applied_at` '' (empty when `schema` is
        /// stale): its size, and its bytes other than long runs of zeros as hex at their offsets.
        package static let image: (size: Int, runs: [(offset: Int, hex: StaticString)]) = \(imageLiteral(imageBytes))
    }

    """
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
