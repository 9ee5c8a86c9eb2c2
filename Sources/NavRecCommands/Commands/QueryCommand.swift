internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import Store
internal import TextTools

/// `navrec query NAME|FILE|SQL`: runs ad-hoc SQL on the database, read-only.
struct QueryCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "query",
        abstract: "Run a query from Queries/, a .sql file, or literal SQL (read-only).",
        arguments: "NAME|FILE|SQL",
        options: [
            DatabaseOptions.database.spec,
            Options.format.spec,
            Options.param.spec,
            Options.timeout.spec,
            Options.list.spec,
        ],
        discussion: """
            The database is opened read-only: a statement that would write, ATTACH another file or
            set a pragma fails and changes nothing; functions that leak pointers or load code
            (fts3_tokenizer, load_extension) are denied. Rows are printed as they come (a table is
            aligned to its first 1,000 rows). --timeout stops a query that runs too long (exit 65).

            EXAMPLES:
              navrec query --list
              navrec query sessions_overview
              navrec query session_timeline --param session=demo-blur-hover --format csv
              navrec query "select kind, count(*) from findings group by kind" --format json
            """,
        positionals: [.queries])

    let context: CommandContext
    let databasePath: String
    let format: OutputFormat
    let target: String?
    let parameters: [String: String]
    let list: Bool
    /// Seconds the statements may run, all together.
    let timeout: Double?
    /// `--timeout`'s default, seconds.
    static let defaultTimeout = 600.0

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        format = try arguments.choice(Options.format, default: .table, command: Self.spec.name)
        list = arguments.has(Options.list)
        guard arguments.positionals.count <= 1 else {
            throw UsageError("one query at a time (quote literal SQL: navrec query \"select …\")", command: Self.spec.name)
        }
        target = arguments.positionals.first
        if target == nil, !list {
            throw UsageError("missing NAME|FILE|SQL (see navrec query --list)", command: Self.spec.name)
        }
        var parameters: [String: String] = [:]
        for assignment in arguments.all(Options.param) {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw UsageError("--param takes NAME=VALUE (e.g. session=demo-blur-hover), not '\(assignment)'", command: Self.spec.name)
            }
            var name = String(assignment[..<equals])
            if name.hasPrefix(":") { name.removeFirst() }
            parameters[name] = String(assignment[assignment.index(after: equals)...])
        }
        self.parameters = parameters
        if let text = arguments.value(Options.timeout) {
            if text == "none" {
                timeout = nil
            } else {
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw UsageError("--timeout takes a number of seconds above 0 (e.g. 5) or none, not '\(text)'", command: Self.spec.name)
                }
                timeout = seconds
            }
        } else {
            // A forgotten endless query (a recursive CTE) ends by itself (issue 39).
            timeout = Self.defaultTimeout
        }
    }

    func run() throws -> ExitCode {
        if list {
            var table = ResultTable(columns: ["name", "answers"])
            for entry in QueryLibrary.entries { table.rows.append([.text(entry.name), .text(entry.summary)]) }
            context.output.write(table.render(format))
            return .success
        }
        let sql = try resolveSQL()
        let store = try context.openStore(databasePath, readOnly: true)
        let connection: QueryConnection
        do {
            connection = try store.queryConnection(timeLimit: timeout)
        } catch {
            throw CommandError.database(error, path: databasePath, during: .reading)
        }
        let watchdog = timeout.map { QueryWatchdog(seconds: $0, message: Self.timeoutMessage($0, detail: "inside one SQL function call, which SQLite cannot interrupt")) }
        defer { watchdog?.finish() }
        do {
            let statements = try connection.prepareAll(sql)
            var first = true
            var rowCount = 0
            for statement in statements {
                try bindParameters(statement)
                let columns = statement.columnCount
                guard columns > 0 else {
                    while try statement.step() {}
                    continue
                }
                if !first, format == .table { context.output.line() }
                first = false
                let rows = ResultStream(columns: (0..<columns).map(statement.columnName), format: format, output: context.output)
                while try statement.step() {
                    rowCount += 1
                    rows.append((0..<Int32(columns)).map(statement.value))
                }
                rows.finish()
            }
            // No rows from a query on findings where none were ever looked for: say where they come from.
            if rowCount == 0, sql.range(of: "findings", options: .caseInsensitive) != nil,
               let analysed = try connection.prepareAll("SELECT count(*) FROM analyses").first, try analysed.step(),
               case .int(0) = analysed.value(0) {
                context.errors.line("hint: no findings are stored yet: navrec report finds them and stores them (then query again)")
            }
        } catch let error as DatabaseError {
            if error.resultCode == .interrupt, connection.isPastTimeLimit, let timeout {
                throw CommandError(.dataError, Self.timeoutMessage(timeout, detail: "SQLite: \(error.message)"))
            }
            // A damaged database is the database's fault, not the query's: exit 74, as for every command.
            if error.resultCode == .corrupt || error.resultCode == .ioError || error.resultCode == .notADatabase {
                throw CommandError.database(error, path: databasePath, during: .reading)
            }
            if error.resultCode == .notAuthorized || error.resultCode == .readOnly {
                throw CommandError(.dataError, "navrec query is read-only: \(error.message)\(error.sql.map { " in: \($0.trimmingCharacters(in: .whitespacesAndNewlines))" } ?? "")")
            }
            throw CommandError(.dataError, "\(error.message)\(error.sql.map { "\n  in: \($0.trimmingCharacters(in: .whitespacesAndNewlines))" } ?? "")")
        }
        return .success
    }

    /// What a query stopped by `--timeout` says.
    static func timeoutMessage(_ timeout: Double, detail: String) -> String {
        "the query ran longer than --timeout \(formatNumber(timeout)) s and was stopped (\(detail))"
    }

    /// Ready queries `name` may have meant: a typo of one, or ones sharing a word of it (up to three).
    static func closeQueryNames(to name: String) -> [String] {
        let names = QueryLibrary.entries.map(\.name)
        let typo = closestName(to: name, in: names)
        let words = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).filter { $0.count >= 4 }
        let sharing = names.filter { candidate in
            let parts = candidate.split(separator: "_").map(String.init)
            return words.contains { word in candidate.contains(word) || closestName(to: String(word), in: parts) != nil }
        }
        return Array(([typo].compactMap { $0 } + sharing.filter { $0 != typo }).prefix(3))
    }

    /// The query text: a library query by name, a file, or the argument itself.
    private func resolveSQL() throws -> String {
        guard let target else { return "" }
        if let entry = QueryLibrary.entry(named: target) { return entry.sql }
        // A lone lowercase word that is no SQL statement was meant as a query name.
        let statementWords: Set<String> = [
            "select", "with", "values", "pragma", "explain", "vacuum", "analyze", "reindex", "begin", "commit", "end",
            "rollback", "savepoint", "release", "insert", "update", "delete", "replace", "create", "drop", "alter", "attach",
            "detach",
        ]
        if !target.isEmpty, target.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" || $0 == "-" }),
           !statementWords.contains(target), !FileManager.default.fileExists(atPath: target) {
            var message = "unknown query '\(target)'"
            let close = Self.closeQueryNames(to: target)
            if !close.isEmpty { message += " (did you mean " + close.map { "'\($0)'" }.joined(separator: ", ") + "?)" }
            throw CommandError(.noInput, message + "; navrec query --list shows the ready ones")
        }
        if target.hasSuffix(".sql") || FileManager.default.fileExists(atPath: target) {
            guard let data = FileManager.default.contents(atPath: target), let text = String(data: data, encoding: .utf8) else {
                throw CommandError(.noInput, "\(target): no such query file (navrec query --list shows the ready ones)")
            }
            return text
        }
        return target
    }

    private func bindParameters(_ statement: Statement) throws {
        guard statement.parameterCount > 0 else { return }
        var values: [SQLValue] = []
        for index in 1...statement.parameterCount {
            guard let name = statement.parameterName(index), name.count > 1 else {
                throw UsageError("the query has a positional '?' parameter; name it ($name) and pass --param name=VALUE", command: Self.spec.name)
            }
            let bare = String(name.dropFirst())
            guard let text = parameters[bare] else {
                throw UsageError("the query needs --param \(bare)=VALUE", command: Self.spec.name)
            }
            let value: SQLValue = if let integer = Int64(text) { .int(integer) }
                else if let number = Double(text), number.isFinite { .double(number) }
                else { .text(text) }
            values.append(value)
        }
        try statement.bind(values)
    }
}

extension QueryCommand {
    /// The options only `navrec query` takes.
    enum Options {
        static let format: Option<OutputFormat> = OutputOptions.format("Output format (default: table).")
        static let param = Option<[String]>.repeatable("param", "NAME=VALUE", "Value for the query's $NAME (or :NAME) parameter.")
        static let timeout = Option<String>.value("timeout", "SECONDS", "Stop a query that runs longer than this; none for no limit (default: 600).")
        static let list = Option<Bool>.flag("list", "List the ready queries with what each answers.")
    }
}
