internal import BarModel
internal import Foundation
internal import Store

/// Datasette's `metadata.json` for a navrec database: the public tables and views described with
/// units, labels and facets, the physical tables hidden, and `Queries/` as canned queries.
struct DatasetteMetadata {
    /// Datasette's name for the database: its file name without the extension.
    let databaseName: String

    /// Tables Datasette lists but a user should not query (Docs/database.md).
    static let hidden = ["frame_chunks", "chunk_positions", "session_columns", "events", "analyses", "sample_lines", "navrec_migrations",
                         "timeline_streams"]

    /// What each column of `sessions` means; `session_summary` shows the same columns with the same words.
    static let sessionColumns: [(String, String)] = [
        ("session_key", "internal key"),
        ("id", "the recording's id, or auto-… derived from its content"),
        ("recording_id", "the id the recording's header gave (NULL when it gave none)"),
        ("app", "app name from the header"), ("screen", "screen name from the header"),
        ("device", "device model (iPhone16,1)"), ("os", "OS version (iOS 18.1)"),
        ("fps", "nominal refresh rate, Hz"), ("started_at", "ISO 8601, as recorded"),
        ("behaviors", "behaviour names, comma-separated"),
        ("parameters", "JSON: every behaviour with every parameter it was computed with"),
        ("content_id", "hash of the recording's bytes"), ("source", "the file it was imported from (- for stdin)"),
        ("samples", "samples (frames) recorded"), ("observed_samples", "samples that carried the app's bar state"),
        ("events", "taps"), ("ignored_keys", "unknown keys skipped while reading"),
        ("duration", "seconds from the first sample to the last"), ("imported_at", "ISO 8601, UTC"),
        ("t_origin", "the recording's t that stored times count from: 0, or a raw clock's first timestamp"),
        ("screen_scale", "pixels per point of the screen (UIScreen.scale), NULL when not recorded"),
        ("app_version", "the app's version from the header"), ("build", "the app's build number from the header"),
        ("recorder_moving", "what the recorder writes while the content moves (everyFrame, offsetChanges), NULL when not declared"),
        ("recorder_at_rest", "what the recorder writes at rest (everyFrame, changes, nothing), NULL when not declared"),
    ]

    /// `session_summary`'s columns that are `sessions` columns.
    static let summarySessionColumns = ["app", "screen", "device", "os", "behaviors", "fps", "samples", "observed_samples", "events",
                                        "duration", "imported_at", "screen_scale", "app_version", "build"]

    /// The stable surface, with what each column means and its unit; every column of these tables
    /// and views is described (`SchemaConsumersTests` checks them against a fresh database).
    static let tables: [(name: String, description: String, label: String?, facets: [String], sort: String?,
                         columns: [(String, String)])] = [
        ("sessions", "One row per recorded scroll session.", "id", ["app", "screen", "device", "os", "behaviors"], nil, sessionColumns),
        ("findings", "One row per finding of the latest navrec report per session and settings.", "message",
         ["kind", "severity", "source", "signal", "session_id"], "start_t", [
            ("finding_id", "row id"), ("session_key", "internal key of the session"), ("session_id", "the session's id"),
            ("settings", "the --set assignments of the report ('' for defaults)"),
            ("kind", "flapping, jitter, hitch or title_mismatch"), ("subkind", "title_mismatch: which mismatch"),
            ("signal", "the bar signal (background, barHeight, inlineTitle, frames, …)"),
            ("source", "computed (navrec's model), observed (the app) or comparison"),
            ("severity", "warning or error"), ("start_t", "seconds from the session start"),
            ("end_t", "seconds from the session start"), ("count", "toggles, reversals or late frames"),
            ("y_min", "flapping: lowest scroll offset over the episode, points"),
            ("y_max", "flapping: highest scroll offset over the episode, points"),
            ("suggested_hysteresis", "flapping: the hysteresis that removes it on replay, points"),
            ("suggested_swipe_distance", "hideOnSwipe flapping: the swipeDistance that removes it, points"),
            ("message", "what happened, the evidence and the fix"), ("details", "JSON: the evidence, as in the JSON report"),
        ]),
        ("timeline", "One row per sample and stream (computed for every sample, observed where the app reported its bar).",
         // No facets: the view has a row per sample and stream, millions in a real database.
         nil, [], nil, [
            ("session_id", "the session's id"), ("seq", "sample number in the session, from 0"),
            ("t", "seconds from the session start (microsecond resolution)"),
            ("y", "points scrolled past the rest position"), ("phase", "idle, drag, decelerate, bounce or animate"),
            ("source", "computed or observed"),
        ] + BarStateField.allCases.map { ($0.columnName, $0.unit) } + [
            ("frame_duration", "seconds the frame was meant to stay on screen (NULL when not recorded)"),
        ]),
        ("observed_gaps", "One row per sample that carried an observed state: |observed − computed| per numeric field.",
         // No facets: a row per observed sample.
         nil, [], nil, [
            ("session_id", "the session's id"), ("seq", "sample number in the session, from 0"),
            ("t", "seconds from the session start (microsecond resolution)"),
        ] + BarStateColumns.gapFields.map {
            ($0.columnName + "_gap", "|observed − computed| \($0.columnName), \($0.unit); NULL where either is NULL")
        }),
        ("chunk_gaps", "One row per stored chunk (up to 64 samples) with an observed state: each numeric field's largest gap and when it first happened.",
         // No facets: a row per 64 samples.
         nil, [], nil, [
            ("session_id", "the session's id"), ("first_seq", "the chunk's first sample number; it holds the samples up to the next chunk's"),
        ] + BarStateColumns.gapFields.flatMap { [
            ($0.columnName + "_gap", "the largest observed_gaps.\($0.columnName)_gap among the chunk's samples, \($0.unit); NULL when none has one"),
            ($0.columnName + "_gap_t", "seconds from the session start of the earliest sample in the chunk with that gap"),
        ] }),
        ("session_summary", "One row per session with its latest analysis (NULL before the first report).", "session_id",
         ["app", "device", "os", "behaviors"], nil, [
            ("session_id", "the session's id"), ("hitch_time_ratio", "hitch milliseconds per second of movement (ms/s)"),
            ("frame_jitter", "RFC 3550 frame-interval jitter, milliseconds"),
            ("gaps", "intervals that were neither hitch time nor moving time"), ("gap_time", "seconds in gaps"),
            ("analyzed_at", "ISO 8601, UTC"),
            ("findings", "findings of the latest analysis"), ("warnings", "warning findings"), ("errors", "error findings"),
        ] + sessionColumns.filter { summarySessionColumns.contains($0.0) }),
        ("bar_state_fields", "The bar-state fields: the columns of timeline after source, in this order.", "name", [], "position", [
            ("position", "the order of the field's column in timeline and observed"),
            ("name", "camelCase, as in recordings"), ("column_name", "snake_case: the column in timeline and observed"),
            ("kind", "length or fraction (a number), boolean (0/1) or enumeration (a name in timeline, its code in observed)"),
            ("mask_bit", "the field's bit in session_columns.mask (internal)"), ("unit", "what its values mean"),
        ]),
    ]

    /// Rows a canned query shows a page. Datasette answers a query with at most `max_returned_rows`
    /// rows (1,000 by default) and gives canned queries no next page, so a query that can return
    /// more (`sessions_overview` at a fleet's 2,000 sessions) reads the page its `page` parameter
    /// names (1 when empty) of this many rows, in the query's own order.
    static let pageSize = 1000

    /// `sql` as Datasette runs it: one page of at most ``pageSize`` rows, chosen by `:page`; a
    /// query that ends in its own `LIMIT` stays as it is. Nil when it stays.
    static func paged(_ sql: String) -> String? {
        var body = Substring(sql)
        while let last = body.last, last.isWhitespace || last == ";" { body.removeLast() }
        let lastLine = body.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces).uppercased() } ?? ""
        if lastLine.hasPrefix("LIMIT ") { return nil }
        // SQLite reads a negative OFFSET (page 0, or a page that is no number) as 0: the first page.
        return body + "\n LIMIT \(pageSize) OFFSET \(pageSize) * (CAST(COALESCE(NULLIF(:page, ''), 1) AS INTEGER) - 1)"
    }

    /// The named parameters of `sql` (`:name` or `$name`), in order of first use (comments and
    /// string literals skipped).
    static func parameters(of sql: String) -> [String] {
        var names: [String] = []
        for line in sql.split(separator: "\n") {
            var code = line.prefix { _ in true }
            if let comment = code.range(of: "--") { code = code[..<comment.lowerBound] }
            var inString = false
            var index = code.startIndex
            while index < code.endIndex {
                let character = code[index]
                if character == "'" { inString.toggle() }
                if !inString, character == ":" || character == "$" {
                    let name = code[code.index(after: index)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty, !names.contains(String(name)) { names.append(String(name)) }
                }
                index = code.index(after: index)
            }
        }
        return names
    }

    /// The metadata as pretty-printed JSON with sorted keys, ending in a newline.
    func json() throws -> String {
        var tables: [String: Any] = [:]
        for name in Self.hidden { tables[name] = ["hidden": true] }
        for table in Self.tables {
            var entry: [String: Any] = [
                "description": table.description,
                "facets": table.facets,
                "columns": Dictionary(uniqueKeysWithValues: table.columns),
            ]
            if let label = table.label { entry["label_column"] = label }
            if let sort = table.sort { entry["sort"] = sort }
            tables[table.name] = entry
        }
        var queries: [String: Any] = [:]
        for entry in QueryLibrary.entries {
            // Queries/ writes parameters as `$name` (portable to DuckDB and Spark); Datasette asks
            // for `:name`, which SQLite reads the same way.
            var parameters = Self.parameters(of: entry.sql)
            var sql = parameters.reduce(entry.sql) { $0.replacingOccurrences(of: "$" + $1, with: ":" + $1) }
            var description = entry.summary
            if let paged = Self.paged(sql) {
                sql = paged
                parameters.append("page")
                description += " \(Self.pageSize) rows a page: set page to 2, 3, … for the rest."
            }
            var query: [String: Any] = [
                "sql": sql, "title": entry.name.replacingOccurrences(of: "_", with: " "), "description": description,
            ]
            if !parameters.isEmpty { query["params"] = parameters }
            queries[entry.name] = query
        }
        let metadata: [String: Any] = [
            "title": "navrec",
            "description": "Navigation-bar scroll sessions recorded by navrec, with what navrec found in them.",
            "databases": [databaseName: ["tables": tables, "queries": queries]],
        ]
        let data = try JSONSerialization.data(withJSONObject: metadata, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
