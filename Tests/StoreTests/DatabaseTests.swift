import Testing
@testable import Store
import TextTools

@Suite("SQLite wrapper")
struct DatabaseTests {
    let directory = TemporaryDirectory()

    func open() throws -> Database {
        let database = try Database(path: directory.path("test.sqlite"))
        try database.execute("CREATE TABLE t (x INTEGER NOT NULL) STRICT")
        return database
    }

    func count(_ database: Database) throws -> Int64 {
        try database.scalarInt("SELECT count(*) FROM t") ?? -1
    }

    @Test("a connection uses WAL, foreign keys and synchronous=NORMAL")
    func configuration() throws {
        let database = try open()
        let statement = try database.prepare("PRAGMA journal_mode")
        #expect(try statement.step())
        #expect(statement.text(0) == "wal")
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try database.scalarInt("PRAGMA synchronous") == 1)
    }

    @Test("a transaction that throws is rolled back")
    func rollbackOnError() throws {
        let database = try open()
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try database.inTransaction {
                try database.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try count(database) == 0)
        #expect(!database.isInTransaction)
    }

    @Test("a rolled-back nested savepoint undoes only its own work; a released one keeps it")
    func nestedSavepoint() throws {
        let database = try open()
        let statements = try database.transactionStatements()
        try database.inTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            try statements.savepoint()
            try database.execute("INSERT INTO t VALUES (2)")
            try statements.savepoint()
            try database.execute("INSERT INTO t VALUES (3)")
            statements.rollbackToSavepoint()
            try statements.release()
        }
        let statement = try database.prepare("SELECT group_concat(x) FROM (SELECT x FROM t ORDER BY x)")
        #expect(try statement.step())
        #expect(statement.text(0) == "1,2")
    }

    @Test("bind takes exactly one value per parameter; another number is an error naming both and the SQL")
    func bindCountsParameters() throws {
        let database = try open()
        let statement = try database.prepare("INSERT INTO t VALUES (? + ?)")
        let tooFew = #expect(throws: DatabaseError.self) { try statement.bind([.int(1)]) }
        #expect(tooFew?.message == "1 value bound to a statement of 2 parameters")
        #expect(tooFew?.sql == "INSERT INTO t VALUES (? + ?)")
        let tooMany = #expect(throws: DatabaseError.self) { try statement.bind([.int(1), .int(2), .int(3)]) }
        #expect(tooMany?.message == "3 values bound to a statement of 2 parameters")
        #expect(tooMany?.resultCode == .range)
        try statement.bind([.int(1), .int(2)])
        try statement.execute()
        #expect(try database.scalarInt("SELECT x FROM t") == 3)
    }

    @Test("text binds as its bytes: empty stays '' (not NULL), short and long, non-ASCII; a NUL ends it as before")
    func bindText() throws {
        let database = try open()
        try database.execute("CREATE TABLE s (x TEXT) STRICT")
        let insert = try database.prepare("INSERT INTO s VALUES (?)")
        let texts = ["", "short", "a string longer than fifteen bytes, on the heap", "y 50.7–54.3 pt 🚀", "a\u{0}b"]
        for text in texts {
            insert.uncheckedBind(1, .text(text))
            try insert.execute()
        }
        let select = try database.prepare("SELECT x, x IS NULL FROM s ORDER BY rowid")
        var read: [String?] = []
        while try select.step() {
            #expect(select.int64(1) == 0)
            read.append(select.text(0))
        }
        #expect(read == ["", "short", "a string longer than fifteen bytes, on the heap", "y 50.7–54.3 pt 🚀", "a"])
    }

    @Test("transactions reuse one set of compiled statements")
    func transactionStatementsCached() throws {
        let database = try open()
        try database.inTransaction { try database.execute("INSERT INTO t VALUES (1)") }
        let first = try database.transactionStatements()
        try database.inTransaction { try database.execute("INSERT INTO t VALUES (2)") }
        #expect(try database.transactionStatements() === first)
        #expect(try count(database) == 2)
    }

    @Test("an error carries the extended result code, SQLite's message and the SQL")
    func errorCarriesSQL() throws {
        let database = try open()
        try database.execute("CREATE UNIQUE INDEX t_x ON t (x); INSERT INTO t VALUES (1)")
        let error = #expect(throws: DatabaseError.self) {
            try database.execute("INSERT INTO t VALUES (1)")
        }
        #expect(error?.extendedResultCode.rawValue == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.resultCode == .constraint)
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(error?.sql == "INSERT INTO t VALUES (1)")
        let prepareError = #expect(throws: DatabaseError.self) { try database.prepare("SELEC 1") }
        #expect(prepareError?.sql == "SELEC 1")
    }

    @Test("STRICT tables reject values of the wrong type")
    func strictTables() throws {
        let database = try open()
        #expect(throws: DatabaseError.self) { try database.execute("INSERT INTO t VALUES ('x')") }
    }

    @Test("prepareAll compiles each statement of a script")
    func prepareAll() throws {
        let database = try open()
        let statements = try database.prepareAll("SELECT 1; -- comment\nSELECT 'a', 2;\n")
        #expect(statements.count == 2)
        #expect(statements[1].columnCount == 2)
    }

    @Test("a reading-only connection refuses writes, ATTACH and pragma assignments",
          arguments: ["INSERT INTO t VALUES (5)", "ATTACH 'other.sqlite' AS other", "PRAGMA user_version = 7",
                      "CREATE TABLE u (y)", "DELETE FROM t", "PRAGMA journal_mode = DELETE"])
    func readOnly(sql: String) throws {
        let path = directory.path("test.sqlite")
        do {
            let database = try open()
            try database.execute("INSERT INTO t VALUES (1)")
        }
        let reader = try Database(path: path, mode: .readOnly)
        reader.allowOnlyReading()
        #expect(throws: DatabaseError.self) {
            for statement in try reader.prepareAll(sql) { try statement.step() }
        }
        #expect(try reader.scalarInt("SELECT count(*) FROM t") == 1)
        #expect(try reader.scalarInt("PRAGMA user_version") == 0)
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test("the checksums the EmbedSQL plugin writes at build time are each migration's SHA-256")
    func embeddedChecksums() {
        #expect(Migration.embedded.count == EmbeddedSQL.migrations.count)
        for migration in Migration.embedded {
            #expect(migration.checksum == SHA256.hex(Array(migration.sql.utf8)), "\(migration.name)")
        }
    }
}
