import Foundation
import Logging
import NIOCore
import GRDB
import PostgresNIO
import Synchronization

/// A statement the server refused or could not run: its SQLSTATE, message and the statement
/// (never its arguments, which may hold a password's hash).
struct PostgresStatementError: Error, CustomStringConvertible {
    let underlying: PSQLError
    let statement: String

    init(_ underlying: PSQLError, statement: String) { (self.underlying, self.statement) = (underlying, statement) }

    var sqlState: String? { underlying.serverInfo?[.sqlState] }

    var description: String {
        let message = underlying.serverInfo?[.message] ?? "\(underlying.code)"
        let detail = underlying.serverInfo?[.detail].map { " (\($0))" } ?? ""
        let place = statement.split(separator: "\n").first.map { String($0.prefix(120)) } ?? ""
        return "PostgreSQL: \(message)\(detail) [\(sqlState ?? "no SQLSTATE")] in: \(place)"
    }
}

/// A statement's failure that is the catalog's own finding, not the server's.
struct PostgresCatalogError: Error, CustomStringConvertible {
    var description: String
}

/// One connection of the PostgreSQL catalog, inside a transaction or not: the `SQLSession`
/// the catalog's shared logic runs on, with statements written with `?` placeholders.
struct PostgresSession: SQLSession {
    let connection: PostgresConnection
    let logger: Logger

    var dialect: SQLDialect { .postgres }

    func execute(_ sql: String, _ arguments: [any SQLArgument]) async throws {
        _ = try await count(sql, arguments)
    }

    /// Runs a statement and returns how many rows it returned.
    func count(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Int {
        try await fold(sql, arguments, into: 0) { count, _ in count += 1 }
    }

    /// Counts the rows a statement changed by having it return one for each.
    func changes(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Int {
        try await count(sql + " RETURNING 1", arguments)
    }

    func reduce<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], into initial: T,
                             _ update: @escaping @Sendable (inout T, SQLRow) throws -> Void) async throws -> T {
        try await fold(sql, arguments, into: initial) { value, row in try update(&value, SQLRow(row.makeRandomAccess())) }
    }

    /// One row of one array: `ARRAY(query)` holds the query's rows in the query's order.
    func orderedIds(_ sql: String, _ arguments: [any SQLArgument]) async throws -> [Int64] {
        try await fold("SELECT ARRAY(\(sql))", arguments, into: [Int64]()) { ids, row in
            guard let cell = row.first else { throw PostgresCatalogError(description: "a list of ids came without its column") }
            ids = try PostgresIdArray.ids(cell.bytes, type: cell.dataType, format: cell.format)
        }
    }

    /// Each page's first row, found by the server leaping down the index: from one page's first
    /// row, past `perPage - 1` more, to the next page's (a recursive query, each step a look-up
    /// in the index and a walk of one page's entries), sent alone. A folder of 200,000 sends
    /// 3,334 rows, not 200,000, each of which costs the driver about a microsecond. Numbering
    /// every row with a window function instead took 38-55 ms there, and the count of them a
    /// second pass (11-25 ms); the leaps take 27-35 ms, and the count is the pages before the
    /// last and the last page's rows, read from its first.
    func pageStarts(value: String, id: String, _ from: String, descending: Bool, _ arguments: [any SQLArgument], text: Bool,
                    perPage: Int) async throws -> (starts: [(value: DatabaseValue, id: Int64)], total: Int) {
        let perPage = max(1, perPage)
        let order = GroupSQL.order(value: value, id: id, descending: descending)
        let after = "(\(value), \(id)) \(descending ? "<" : ">")"
        let starts = try await reduceKeys("""
            WITH RECURSIVE starts(sortValue, fileId, n) AS (
              (SELECT \(value), \(id), 1::bigint \(from) ORDER BY \(order) LIMIT 1)
              UNION ALL
              SELECT next.sortValue, next.fileId, s.n + 1 FROM starts s,
                LATERAL (SELECT \(value) AS sortValue, \(id) AS fileId \(from) AND \(after) (s.sortValue, s.fileId)
                         ORDER BY \(order) OFFSET \(perPage - 1) LIMIT 1) AS next
            )
            SELECT sortValue, fileId FROM starts ORDER BY n
            """, arguments + arguments, text: text, into: [(value: DatabaseValue, id: Int64)]()) { starts, id, value in
            starts.append((try value(), id))
        }
        guard let last = starts.last else { return ([], 0) }
        let tail = try await int("SELECT COUNT(*) FROM (SELECT 1 \(from) AND \(after)= (?, ?) LIMIT \(perPage)) AS tail",
                                 arguments + [try GroupSQL.argument(last.value), last.id]) ?? 0
        return (starts, (starts.count - 1) * perPage + Int(tail))
    }

    /// Every statement's rows are folded as the driver reads them, on its event loop, one read's
    /// rows at a time (`PostgresConnection.query(_:logger:_:)`): the next read waits for the fold,
    /// so nothing piles up, and no row costs an async step of its own. Read as an async sequence,
    /// each row went through a cancellation handler and a step of the task; a page index reads
    /// every row of its group (BENCHMARKS.md, "PostgreSQL's whole-group reads").
    private func fold<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], into initial: T,
                                   _ update: @escaping @Sendable (inout T, PostgresRow) throws -> Void) async throws -> T {
        try await Self.explained(sql) {
            let fold = Fold(initial)
            do {
                _ = try await connection.query(Self.query(sql, arguments), logger: logger) { row in
                    try fold.state.withLock { state in
                        do {
                            try update(&state.value, row)
                        } catch {
                            state.failure = error
                            throw error
                        }
                    }
                }.get()
            } catch {
                // The driver ends the query and reports it cancelled: the fold's own error is the news.
                if let failure = fold.state.withLock({ $0.failure }) { throw failure }
                throw error
            }
            return fold.state.withLock { $0.value }
        }
    }

    /// A fold's value and the error that ended it, handed to the driver's row callback. Rows come
    /// one after another on one event loop; the lock only makes that visible to the compiler.
    private final class Fold<T: Sendable>: Sendable {
        let state: Mutex<(value: T, failure: (any Error)?)>
        init(_ initial: T) { state = Mutex((initial, nil)) }
    }

    /// Runs `work`, turning the driver's error (which hides the server's message from its
    /// description) into a `PostgresStatementError` that says what the server said.
    static func explained<T>(_ sql: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as PSQLError {
            throw PostgresStatementError(error, statement: sql)
        }
    }

    /// The statement with its `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`…),
    /// skipping those inside quoted strings and identifiers.
    static func query(_ sql: String, _ arguments: [any SQLArgument]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument.sqlValue {
            case .null: bindings.appendNull()
            case .integer(let value): bindings.append(value)
            case .real(let value): bindings.append(value)
            case .text(let value): bindings.append(value)
            case .integers(let list): bindings.append(list)
            case .texts(let list): bindings.append(list)
            }
        }
        return PostgresQuery(unsafeSQL: numbered(sql), binds: bindings)
    }

    static func numbered(_ sql: String) -> String {
        guard sql.contains("?") else { return sql }
        var out = ""
        out.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                out.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                out.append(character)
            } else if character == "?" {
                number += 1
                out += "$\(number)"
            } else {
                out.append(character)
            }
        }
        return out
    }
}

