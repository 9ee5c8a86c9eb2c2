internal import BarModel

/// The schema SQL that follows from navrec's definitions — ``BarStateField`` (through
/// ``FrameChunkColumn`` and ``TimelineTable``), ``ScrollPhase`` and ``SessionOwnedTable``: the
/// `frame_chunks` columns, the views `timeline`, `observed` (with its trigger) and `observed_gaps`,
/// the trigger `sessions_delete`, and the tables `bar_state_fields` and `timeline_streams`.
///
/// `navrec-schema` writes it into a new migration (``migration(name:existingChunkColumns:)``);
/// shipped migrations are never edited, so a change to those definitions is a new generated
/// migration, and the newest one defines the views. ``differences(in:)`` says where a database
/// made by the migrations differs, which fails a test naming the command.
package enum SchemaSQL {
    /// The command that writes the next generated migration, for `version`.
    package static func command(version: Int) -> String {
        let number = String(version)
        return "swift run navrec-schema Migrations/" + String(repeating: "0", count: max(0, 4 - number.count)) + number
            + "_<what_changed>.sql"
    }

    // MARK: Decoding a chunk column (the format is DigitColumn's)

    /// Chunk `c`'s integer at position `p.k` of column `name`, NULL for NULL.
    static func integer(_ name: String) -> String {
        "CASE WHEN c.\(name)_w >= 0 THEN nullif(c.\(name)_base + substr(c.\(name), 1 + p.k * c.\(name)_w, c.\(name)_w), c.\(name)_base - 1) END"
    }

    /// Chunk `c`'s number at position `p.k` of thousandths column `name`, in any of its four forms
    /// (``DigitColumn``: three-thousandths, thousandths, scaled integers, text).
    ///
    /// The views are written in SQL that DuckDB's sqlite extension reads too (it parses a view's
    /// SQL itself and hands SQLite its own rendering): the padding spaces go by `replace` (DuckDB
    /// renders `trim` as `main."trim"`, which SQLite rejects), joins take their conditions in WHERE
    /// (DuckDB has no `CROSS JOIN … ON`), and NULL-equal comparisons are spelled out (no `a IS b`).
    static func number(_ name: String) -> String {
        let field = "substr(c.\(name), 1 - p.k * c.\(name)_w, -c.\(name)_w)"
        // One arm for thousandths and three-thousandths (`_w` 100 + the width), which differ only
        // in the width's offset and the denominator: a second arm lengthened the view SQL that
        // every open of a database parses.
        let thirds = DigitColumn.threeThousandthsWidth
        let width = "(c.\(name)_w % \(thirds))"
        return "CASE WHEN c.\(name)_w >= 0 THEN nullif(c.\(name)_base + substr(c.\(name), 1 + p.k * \(width), \(width)), c.\(name)_base - 1)"
            + " / CASE WHEN c.\(name)_w >= \(thirds) THEN 3000.0 ELSE 1000.0 END\n"
            + "            WHEN c.\(name)_base IS NOT NULL THEN CAST(nullif(replace(CAST(\(field) AS TEXT), ' ', ''), '') AS INTEGER) * c.\(name)_base\n"
            + "            WHEN c.\(name)_w < 0 THEN CAST(nullif(replace(CAST(\(field) AS TEXT), ' ', ''), '') AS REAL) END"
    }

    /// The name of code `code` among `names` (indexed by code).
    static func named(_ code: String, _ names: [String]) -> String {
        "CASE " + code + " " + names.enumerated().map { "WHEN \($0.offset) THEN '\($0.element)'" }.joined(separator: " ") + " END"
    }

    /// A state field's value from chunk column `column`; an enumeration as its name (`timeline`)
    /// or its code (`observed`, as it has always been).
    static func state(_ field: BarStateField, column: String, enumerationAsName: Bool) -> String {
        switch field.kind {
        case .length, .fraction: number(column)
        case .boolean: integer(column)
        case .enumeration: enumerationAsName ? named(integer(column), field.valueNames) : integer(column)
        }
    }

    /// Chunk `c`'s time at position `p.k`, in seconds.
    static let sampleTime = "(c.t_us_base + substr(c.t_us, 1 + p.k * c.t_us_w, c.t_us_w)) / 1000000.0"

    /// The condition of a chunk position that carried an observed state.
    static let observedCondition = "(c.observed_w > 0 OR c.observed_base = 1) AND \(integer(FrameChunkColumn.observedFlag.name)) = 1"

    // MARK: The generated objects, as `sqlite_schema.sql` stores them

    /// One SELECT of `columns`, aliased when `aliased` (the first SELECT of a UNION names them).
    private static func select(_ columns: [(expression: String, name: String)], aliased: Bool) -> String {
        "SELECT " + columns.map { aliased ? "\($0.expression) AS \($0.name)" : $0.expression }.joined(separator: ",\n       ")
    }

    /// The chunk positions joined with their session (in id order), as `timeline` and `observed_gaps`
    /// read them; their conditions are ``chunkJoinCondition``, in the WHERE (a CROSS JOIN keeps
    /// SQLite's nesting either way, and DuckDB parses no `CROSS JOIN … ON`).
    private static let chunkJoin = """
        sessions s
         CROSS JOIN frame_chunks c
         CROSS JOIN chunk_positions p
        """

    /// The chunks of session `s`.
    private static let sessionChunks = "c.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295"

    /// ``chunkJoin``'s conditions.
    private static let chunkJoinCondition = sessionChunks + "\n   AND p.k < c.samples"

    /// `timeline`: one row per sample and stream, its columns those of ``TimelineTable/columns``.
    ///
    /// One join, each chunk position with the two rows of `timeline_streams` (the observed one only
    /// where the frame carried an observed state), not a UNION ALL of the two streams: SQLite runs a
    /// compound view as a co-routine that decodes every column of every row, even for
    /// `SELECT count(*)` (6.6 s over 607 k rows at 2,000 sessions, which failed Datasette's 1 s
    /// limit), and flattens a join into the query that reads it, decoding only the columns read.
    /// The CROSS JOINs fix the nesting (stream, session by id, chunk, position), so the rows come in
    /// the order the compound view gave them (``TimelineScan`` gives the same).
    static let timelineView: String = {
        func stateColumn(_ field: BarStateField) -> String {
            "CASE st.observed WHEN 0 THEN " + state(field, column: BarStateColumns.computed(field), enumerationAsName: true)
                + "\n            ELSE " + state(field, column: BarStateColumns.observed(field), enumerationAsName: true) + " END"
        }
        let columns: [(expression: String, name: String)] = [
            ("s.id", "session_id"),
            ("c.key - (s.session_key << 32) + p.k", "seq"),
            (sampleTime, "t"),
            (number(FrameChunkColumn.y.name), "y"),
            (named(integer(FrameChunkColumn.phase.name), ScrollPhase.allCases.map(\.name)), "phase"),
            ("st.source", "source"),
        ] + BarStateField.allCases.map { (stateColumn($0), $0.columnName) }
            + [(integer(FrameChunkColumn.frameDuration.name) + " / 1000000.0", "frame_duration")]
        return "CREATE VIEW timeline AS\n" + select(columns, aliased: true) + "\n  FROM timeline_streams st\n CROSS JOIN " + chunkJoin
            + "\n WHERE " + chunkJoinCondition + "\n   AND (st.observed = 0\n    OR " + observedCondition + ")"
    }()

    /// The two streams `timeline` has a row of per sample: 0 computed, 1 observed.
    static let streamsTable = "CREATE TABLE timeline_streams (observed INTEGER PRIMARY KEY, source TEXT NOT NULL) STRICT"

    /// `observed_gaps`: per sample that carried an observed state, |observed − computed| of each
    /// numeric field (`<field>_gap`, NULL where either is NULL). Where a chunk's two encodings of a
    /// field are byte for byte the same, the gap is 0 (NULL where the field is NULL: a `-` leading
    /// the digits, or all spaces) without decoding either, so comparing the streams costs one pass
    /// and little decoding; pairing `timeline`'s two rows of a sample sorts every row (Datasette's
    /// `observed_drift`: 5.5 s at 2,000 sessions that way, ~0.6 s over this view).
    static let observedGapsView: String = {
        let columns: [(expression: String, name: String)] = [
            ("s.id", "session_id"),
            ("c.key - (s.session_key << 32) + p.k", "seq"),
            (sampleTime, "t"),
        ] + BarStateColumns.gapFields.map { (gap($0), $0.columnName + "_gap") }
        return "CREATE VIEW observed_gaps AS\n" + select(columns, aliased: true) + "\n  FROM " + chunkJoin + "\n WHERE " + chunkJoinCondition
            + "\n   AND " + observedCondition
    }()

    /// |observed − computed| of numeric `field` at chunk `c`'s position `p.k`: `observed_gaps`' `<field>_gap`.
    static func gap(_ field: BarStateField) -> String {
        let computed = BarStateColumns.computed(field), observed = BarStateColumns.observed(field)
        func equal(_ a: String, _ b: String) -> String { "(\(a) = \(b) OR \(a) IS NULL AND \(b) IS NULL)" }
        let same = equal("c.\(observed)", "c.\(computed)") + " AND " + equal("c.\(observed)_w", "c.\(computed)_w") + " AND "
            + equal("c.\(observed)_base", "c.\(computed)_base")
        // `% 100`: three-thousandths' fields are `_w - 100` wide (``DigitColumn/threeThousandthsWidth``).
        let isNull = "CASE WHEN c.\(computed)_w > 0 THEN substr(c.\(computed), 1 + p.k * (c.\(computed)_w % \(DigitColumn.threeThousandthsWidth)), 1) = x'2d'"
            + " WHEN c.\(computed)_w < 0 THEN substr(c.\(computed), 1 - p.k * c.\(computed)_w, 1) = x'20'"
            + " AND substr(c.\(computed), -(p.k + 1) * c.\(computed)_w, 1) = x'20' ELSE c.\(computed)_w IS NULL END"
        return "CASE WHEN \(same) THEN CASE WHEN \(isNull) THEN NULL ELSE 0.0 END\n            ELSE abs(\(number(observed))\n"
            + "                 - \(number(computed))) END"
    }

    /// Where ``gapSummaryUpdates(of:where:from:)`` reads a chunk's samples.
    enum GapSource {
        /// Its positions, with `observed_gaps`' own expressions: every chunk in one pass (the
        /// migration's back-fill), but 33 KB of SQL.
        case positions
        /// `observed_gaps`, the chunk's samples of its session: short enough for the
        /// `observed_delete` trigger, whose text SQLite parses on every open (the positional form
        /// made each open 12 M instructions dearer), but a scan of the session per chunk.
        case observedGaps
    }

    /// The two UPDATEs that set the ``BarStateColumns/gapSummaryColumns`` of `fields` in the chunks
    /// that satisfy `condition` from their samples: the maxima, then the earliest time of each (SET
    /// sees a row's old values, so the times need the maxima stored first).
    static func gapSummaryUpdates(of fields: [BarStateField] = BarStateColumns.gapFields, where condition: String,
                                  from source: GapSource) -> [String] {
        let gap: (BarStateField) -> String, time: String, separator: String, equals: String, samples: String
        switch source {
        case .positions:
            (gap, time, separator, equals) = ({ Self.gap($0) }, sampleTime, ",\n               ", "\n                         = ")
            samples = "\n          FROM frame_chunks c CROSS JOIN chunk_positions p ON p.k < c.samples\n         WHERE c.key = frame_chunks.key AND "
                + observedCondition
        case .observedGaps:
            (gap, time, separator, equals) = ({ "g.\($0.columnName)_gap" }, "g.t", ", ", " = ")
            samples = "\n          FROM observed_gaps g\n         WHERE g.session_id = (SELECT id FROM sessions WHERE session_key = frame_chunks.key >> 32)"
                + "\n           AND g.seq BETWEEN (frame_chunks.key & 4294967295) AND (frame_chunks.key & 4294967295) + frame_chunks.samples - 1"
        }
        func update(_ columns: [String], _ values: [String]) -> String {
            "UPDATE frame_chunks\n   SET (" + columns.joined(separator: ", ") + ") =\n       (SELECT " + values.joined(separator: separator)
                + samples + ")\n WHERE " + condition
        }
        return [
            update(fields.map(BarStateColumns.gapMaximumColumn), fields.map { "max(" + gap($0) + ")" }),
            update(fields.map(BarStateColumns.gapTimeColumn), fields.map {
                "min(CASE WHEN " + gap($0) + equals + "frame_chunks.\(BarStateColumns.gapMaximumColumn($0)) THEN \(time) END)"
            }),
        ]
    }

    /// `chunk_gaps`: per stored chunk (up to 64 samples from `first_seq`) with a sample that carried
    /// an observed state, `<field>_gap` (the largest of `observed_gaps`' over its samples) and
    /// `<field>_gap_t` (the earliest `t` with it). A session's largest gap is its chunks' largest, at
    /// the earliest of their times with it.
    static let chunkGapsView: String = {
        let columns: [(expression: String, name: String)] = [
            ("s.id", "session_id"),
            ("c.key - (s.session_key << 32)", "first_seq"),
        ] + BarStateColumns.gapFields.flatMap {
            [("c." + BarStateColumns.gapMaximumColumn($0), $0.columnName + "_gap"), ("c." + BarStateColumns.gapTimeColumn($0), $0.columnName + "_gap_t")]
        }
        return "CREATE VIEW chunk_gaps AS\n" + select(columns, aliased: true)
            + "\n  FROM sessions s\n CROSS JOIN frame_chunks c"
            + "\n WHERE " + sessionChunks + "\n   AND (c.observed_w = 0 AND c.observed_base = 1 OR c.observed_w > 0 AND instr(c.observed, '1') > 0)"
    }()

    /// `observed`: the observed states, keyed like chunks: `(session_key << 32) | seq`.
    static let observedView: String = {
        "CREATE VIEW observed AS\n"
            + select([("c.key + p.k", "key")] + BarStateField.allCases.map {
                (state($0, column: BarStateColumns.observed($0), enumerationAsName: false), $0.columnName)
            }, aliased: true)
            + "\n  FROM frame_chunks c\n  JOIN chunk_positions p ON p.k < c.samples\n WHERE " + observedCondition
    }()

    /// Deleting from `observed` clears the frame's observed flag (its o_ values are then never read)
    /// and works out its chunk's largest gaps again.
    static let observedDeleteTrigger = """
        CREATE TRIGGER observed_delete INSTEAD OF DELETE ON observed
        BEGIN
            UPDATE frame_chunks
               SET observed = CAST(substr(CASE observed_w WHEN 0 THEN printf('%.*c', samples, char(48 + observed_base)) ELSE CAST(observed AS TEXT) END, 1, OLD.key - key)
                                   || '0'
                                   || substr(CASE observed_w WHEN 0 THEN printf('%.*c', samples, char(48 + observed_base)) ELSE CAST(observed AS TEXT) END, OLD.key - key + 2) AS BLOB),
                   observed_w = 1,
                   observed_base = 0
             WHERE key = (SELECT max(key) FROM frame_chunks WHERE key <= OLD.key);
            \(gapSummaryUpdates(where: "key = (SELECT max(key) FROM frame_chunks WHERE key <= OLD.key)", from: .observedGaps)
                .joined(separator: ";\n").split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    "));
        END
        """

    /// Every trigger of navrec's schema, name and SQL: ``Migrator`` refuses to write to a database
    /// with any other (a hand-written migration that adds one adds it here).
    package static let triggers: [(name: String, sql: String)] = [
        ("observed_delete", observedDeleteTrigger), ("sessions_delete", sessionsDeleteTrigger),
    ]

    /// Deleting a session deletes its rows in every ``SessionOwnedTable``, also with foreign keys off.
    static let sessionsDeleteTrigger: String = {
        "CREATE TRIGGER sessions_delete AFTER DELETE ON sessions\nBEGIN\n"
            + SessionOwnedTable.all.map { "    DELETE FROM \($0.name) WHERE \($0.rows(of: "OLD.session_key"));\n" }.joined()
            + "END"
    }()

    /// The rows of `bar_state_fields`: position, name, column name, kind, mask bit, unit.
    static let fieldRows: [[SQLValue]] = BarStateField.allCases.enumerated().map { position, field in
        [.int(Int64(position)), .text(field.name), .text(field.columnName), .text(String(describing: field.kind)),
         .int(Int64(field.maskBit)), .text(field.unit)]
    }

    static let fieldsTable = """
        CREATE TABLE bar_state_fields (
            position    INTEGER PRIMARY KEY,   -- the order of the fields' columns in timeline and observed
            name        TEXT NOT NULL UNIQUE,  -- camelCase, as in recordings
            column_name TEXT NOT NULL UNIQUE,  -- snake_case: the views' column (frame_chunks: it and o_<it>)
            kind        TEXT NOT NULL,         -- length or fraction (REAL), boolean (0/1), enumeration (TEXT in timeline)
            mask_bit    INTEGER NOT NULL,      -- its bit in session_columns.mask (observed: 32 higher)
            unit        TEXT NOT NULL          -- what its values mean
        ) STRICT
        """

    /// The declaration of each `frame_chunks` value column's three columns.
    static func chunkColumns(_ column: FrameChunkColumn) -> [(name: String, type: String)] {
        [(column.name, "BLOB"), (column.name + "_w", "INTEGER"), (column.name + "_base", column.isThousandths ? "ANY" : "INTEGER")]
    }

    private static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .int(let value): String(value)
        case .double(let value): "\(value)"
        case .text(let text): "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        }
    }

    // MARK: The migration

    /// The generated migration `name` for a database whose `frame_chunks` has
    /// `existingChunkColumns`: adds the missing columns, recreates the generated views and
    /// triggers and `bar_state_fields`, and removes rows whose session is gone (left by a delete
    /// trigger that missed their table).
    package static func migration(name: String, existingChunkColumns: Set<String>) -> String {
        let added = FrameChunkColumn.all.flatMap(chunkColumns).filter { !existingChunkColumns.contains($0.name) }
        let addedMaxima = BarStateColumns.gapSummaryColumns.filter { !existingChunkColumns.contains($0.name) }
        // Only the fields whose summary columns are new are worked out: the others' are kept, so a
        // migration that adds one field decodes one field's samples, not every field's. A field whose
        // own columns are new too is NULL in every existing chunk, so its gaps are the NULL that ADD
        // COLUMN leaves: working them out rewrote every chunk with an observed state for nothing
        // (23 s wall of `navrec migrate` at 2,000 sessions, against 0.4 s without).
        let addedGapFields = BarStateColumns.gapFields.filter {
            (!existingChunkColumns.contains(BarStateColumns.gapMaximumColumn($0)) || !existingChunkColumns.contains(BarStateColumns.gapTimeColumn($0)))
                && existingChunkColumns.contains(BarStateColumns.observed($0))
        }
        var sql = """
            -- \(name): generated by `swift run navrec-schema Migrations/\(name)` from BarStateField,
            -- FrameChunkColumn, TimelineTable and SessionOwnedTable (Sources/Store/SchemaSQL.swift). Do not
            -- edit: shipped migrations are frozen, so a change to those definitions is a new migration
            -- written by the same command, and the newest generated migration defines the views and
            -- triggers below (StoreTests "Schema generated from the definitions" fails until it exists).
            -- Storage format: README "Storage layout" and migration 0009.

            DROP VIEW IF EXISTS timeline;
            DROP VIEW IF EXISTS observed;
            DROP VIEW IF EXISTS observed_gaps;
            DROP VIEW IF EXISTS chunk_gaps;
            DROP TRIGGER IF EXISTS sessions_delete;
            DROP TABLE IF EXISTS bar_state_fields;
            DROP TABLE IF EXISTS timeline_streams;

            """
        if !added.isEmpty {
            sql += "\n-- Columns of fields added since the previous generated migration (NULL in existing chunks).\n"
            sql += added.map { "ALTER TABLE frame_chunks ADD COLUMN \($0.name) \($0.type);\n" }.joined()
        }
        if !addedMaxima.isEmpty {
            sql += "\n-- Each chunk's largest gap per numeric field and the earliest t with it (what observed_gaps gives\n"
            if addedGapFields.isEmpty {
                sql += "-- over its positions): NULL in the chunks stored before, which lack the field; the import writes them.\n"
            } else {
                sql += "-- over its positions), for the chunks stored before these columns; the import writes them for new ones.\n"
            }
            sql += addedMaxima.map { "ALTER TABLE frame_chunks ADD COLUMN \($0.name) \($0.type);\n" }.joined()
            if !addedGapFields.isEmpty {
                sql += gapSummaryUpdates(of: addedGapFields, where: "observed_w > 0 OR observed_base = 1", from: .positions).map { $0 + ";\n" }.joined()
            }
        }
        sql += """

            -- The streams of timeline: 0 computed (every frame), 1 observed (frames that carried a state).
            \(streamsTable);
            INSERT INTO timeline_streams (observed, source) VALUES (0, 'computed'), (1, 'observed');

            -- One row per sample and stream: the computed state of every frame, and the observed state of
            -- the frames that carried one. Booleans are 0/1, t is seconds, y points, frame_duration seconds.
            -- One join (not a UNION ALL), so SQLite flattens it and decodes only the columns a query reads.
            \(timelineView);

            -- Per sample that carried an observed state: |observed - computed| of each numeric field.
            \(observedGapsView);

            -- Per chunk with an observed state: each numeric field's largest gap and the earliest t with it.
            \(chunkGapsView);

            -- The observed states as a table of their own, keyed like the chunks: (session_key << 32) | seq.
            \(observedView);

            \(observedDeleteTrigger);

            -- A session owns the rows of these tables (SessionOwnedTable); deleting it deletes them, also
            -- where foreign keys are off (the sqlite3 shell's default).
            \(sessionsDeleteTrigger);

            -- Rows of sessions deleted while the trigger above missed their table.

            """
        sql += SessionOwnedTable.all.map { "DELETE FROM \($0.name) WHERE \($0.orphans);\n" }.joined()
        sql += """

            -- The bar-state fields, for clients that derive their columns (Integrations/).
            \(fieldsTable);
            INSERT INTO bar_state_fields (position, name, column_name, kind, mask_bit, unit) VALUES

            """
        sql += fieldRows.map { "    (" + $0.map(literal).joined(separator: ", ") + ")" }.joined(separator: ",\n") + ";\n"
        return sql
    }

    // MARK: Checking a database

    /// Where `database`'s schema differs from what the definitions generate; empty when it is up to date.
    package static func differences(in database: Database) throws(DatabaseError) -> [String] {
        var differences: [String] = []
        var declared: [String: String] = [:]
        let info = try database.prepare("SELECT name, type FROM pragma_table_info('frame_chunks')")
        while try info.step() { declared[info.text(0) ?? ""] = info.text(1) ?? "" }
        for column in FrameChunkColumn.all.flatMap(chunkColumns) + BarStateColumns.gapSummaryColumns where declared[column.name] != column.type {
            differences.append("frame_chunks.\(column.name) \(declared[column.name].map { "is \($0)" } ?? "is missing"), expected \(column.type)")
        }
        let stored = try database.prepare("SELECT sql FROM sqlite_schema WHERE name = ?")
        for (name, sql) in [("timeline", timelineView), ("timeline_streams", streamsTable), ("observed_gaps", observedGapsView), ("chunk_gaps", chunkGapsView),
                            ("observed", observedView), ("bar_state_fields", fieldsTable)] + triggers {
            try stored.bind([.text(name)])
            if try !stored.step() {
                differences.append("\(name) is missing")
            } else if stored.text(0) != sql {
                differences.append("\(name) differs from the generated one")
            }
            stored.reset()
        }
        if differences.isEmpty {
            let rows = try database.prepare("SELECT position, name, column_name, kind, mask_bit, unit FROM bar_state_fields ORDER BY position")
            var found: [[SQLValue]] = []
            while try rows.step() { found.append((0..<6).map { rows.value(Int32($0)) }) }
            if found != fieldRows { differences.append("bar_state_fields does not list BarStateField's cases") }
        }
        return differences
    }
}
