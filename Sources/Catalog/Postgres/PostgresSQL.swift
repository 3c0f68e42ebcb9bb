import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A value bound to a `?` of a statement: the catalog's columns are BIGINT, TEXT and DOUBLE
/// PRECISION, with flags kept as 0 and 1 as in the SQLite catalog.
protocol SQLArgument: Sendable {
    func bind(into bindings: inout PostgresBindings)
}

extension Int: SQLArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(Int64(self)) }
}

extension Int64: SQLArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Int32: SQLArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(Int64(self)) }
}

extension String: SQLArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Substring: SQLArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(String(self)) }
}

extension Double: SQLArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Bool: SQLArgument {
    /// Flags are BIGINT 0 and 1, as in the SQLite catalog.
    func bind(into bindings: inout PostgresBindings) { bindings.append(Int64(self ? 1 : 0)) }
}

extension Optional: SQLArgument where Wrapped: SQLArgument {
    func bind(into bindings: inout PostgresBindings) {
        switch self {
        case .some(let value): value.bind(into: &bindings)
        case .none: bindings.appendNull()
        }
    }
}

/// A list bound as one array parameter: `WHERE id = ANY(?)`.
extension Array: SQLArgument where Element: SQLListElement {
    func bind(into bindings: inout PostgresBindings) { Element.bindList(self, into: &bindings) }
}

/// What a list argument may hold.
protocol SQLListElement: Sendable {
    static func bindList(_ list: [Self], into bindings: inout PostgresBindings)
}

extension Int64: SQLListElement {
    static func bindList(_ list: [Int64], into bindings: inout PostgresBindings) { bindings.append(list) }
}

extension Int: SQLListElement {
    static func bindList(_ list: [Int], into bindings: inout PostgresBindings) { bindings.append(list.map(Int64.init)) }
}

extension String: SQLListElement {
    static func bindList(_ list: [String], into bindings: inout PostgresBindings) { bindings.append(list) }
}

/// A value bound as JSON text, for `json_to_recordset(?::json)`: many rows, NULLs and all, in
/// one parameter.
struct SQLJSON: SQLArgument {
    let text: String
    init(_ value: some Encodable) throws {
        text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
    func bind(into bindings: inout PostgresBindings) { bindings.append(text) }
}

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

/// One connection of the PostgreSQL catalog, inside a transaction or not, with the few calls the
/// stores use: statements written with `?` placeholders (as the SQLite catalog's are) and rows
/// read by column name.
struct SQLConnection {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs a statement and returns how many rows it returned.
    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Int {
        try await Self.explained(sql) {
            let rows = try await connection.query(Self.query(sql, arguments), logger: logger)
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }
    }

    /// Runs a statement, counting the rows it changed (its command tag), for UPDATE and DELETE
    /// without RETURNING.
    func changes(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Int {
        try await execute(sql + " RETURNING 1", arguments)
    }

    /// Every row a query returns.
    func rows(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> [SQLRow] {
        try await Self.explained(sql) {
            var out: [SQLRow] = []
            for try await row in try await connection.query(Self.query(sql, arguments), logger: logger) {
                out.append(SQLRow(row.makeRandomAccess()))
            }
            return out
        }
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

    /// The first row a query returns, or nil.
    func row(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> SQLRow? {
        try await rows(sql, arguments).first
    }

    /// The first column of the first row as a whole number, or nil (no row, or NULL).
    func int(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Int64? {
        guard let row = try await row(sql, arguments) else { return nil }
        return try row.optionalInt(0)
    }

    /// The first column of the first row as text, or nil.
    func string(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> String? {
        guard let row = try await row(sql, arguments) else { return nil }
        return try row.optionalString(0)
    }

    /// The first column of every row as whole numbers.
    func ints(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> [Int64] {
        try await rows(sql, arguments).map { try $0.int(0) }
    }

    /// The first column of every row as text.
    func strings(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> [String] {
        try await rows(sql, arguments).map { try $0.string(0) }
    }

    /// Whether a query returns a row.
    func exists(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Bool {
        try await row(sql, arguments) != nil
    }

    /// The statement with its `?` placeholders numbered as PostgreSQL wants them (`$1`, `$2`…),
    /// skipping those inside quoted strings and identifiers.
    static func query(_ sql: String, _ arguments: [any SQLArgument]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { argument.bind(into: &bindings) }
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

/// A row read by column name (PostgreSQL folds unquoted names to lower case, so names are
/// looked up without case) or by position. A missing column or a value of the wrong kind
/// throws; it never stops the process.
struct SQLRow: Sendable {
    private let cells: PostgresRandomAccessRow

    init(_ cells: PostgresRandomAccessRow) { self.cells = cells }

    private func cell(_ column: String) throws -> PostgresCell {
        if cells.contains(column) { return cells[column] }
        let lower = column.lowercased()
        guard cells.contains(lower) else { throw PostgresCatalogError(description: "no column \(column) in the row") }
        return cells[lower]
    }

    private func cell(_ index: Int) throws -> PostgresCell {
        guard index >= 0, index < cells.count else { throw PostgresCatalogError(description: "no column \(index) in the row") }
        return cells[index]
    }

    private static func int(_ cell: PostgresCell) throws -> Int64? {
        guard cell.bytes != nil else { return nil }
        switch cell.dataType {
        case .numeric:
            let value = try cell.decode(Decimal.self)
            return Int64(exactly: NSDecimalNumber(decimal: value).doubleValue.rounded())
        case .bool:
            return try cell.decode(Bool.self) ? 1 : 0
        case .float8, .float4:
            return Int64(exactly: try cell.decode(Double.self).rounded())
        default:
            return try cell.decode(Int64.self)
        }
    }

    private static func double(_ cell: PostgresCell) throws -> Double? {
        guard cell.bytes != nil else { return nil }
        switch cell.dataType {
        case .float8, .float4: return try cell.decode(Double.self)
        case .numeric: return NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue
        default: return try int(cell).map(Double.init)
        }
    }

    private static func required<T>(_ value: T?, _ name: String) throws -> T {
        guard let value else { throw PostgresCatalogError(description: "column \(name) is NULL") }
        return value
    }

    func optionalInt(_ column: String) throws -> Int64? { try Self.int(cell(column)) }
    func optionalInt(_ index: Int) throws -> Int64? { try Self.int(cell(index)) }
    func int(_ column: String) throws -> Int64 { try Self.required(optionalInt(column), column) }
    func int(_ index: Int) throws -> Int64 { try Self.required(optionalInt(index), "\(index)") }

    func optionalString(_ column: String) throws -> String? {
        let cell = try cell(column)
        return cell.bytes == nil ? nil : try cell.decode(String.self)
    }
    func optionalString(_ index: Int) throws -> String? {
        let cell = try cell(index)
        return cell.bytes == nil ? nil : try cell.decode(String.self)
    }
    func string(_ column: String) throws -> String { try Self.required(optionalString(column), column) }
    func string(_ index: Int) throws -> String { try Self.required(optionalString(index), "\(index)") }

    func optionalDouble(_ column: String) throws -> Double? { try Self.double(cell(column)) }
    func double(_ column: String) throws -> Double { try Self.required(optionalDouble(column), column) }

    /// A 0/1 flag (or a boolean) as true or false; NULL is false.
    func bool(_ column: String) throws -> Bool { (try optionalInt(column) ?? 0) != 0 }
    func bool(_ index: Int) throws -> Bool { (try optionalInt(index) ?? 0) != 0 }

    /// Whether the value at `column` is NULL.
    func isNull(_ column: String) throws -> Bool { try cell(column).bytes == nil }
}
