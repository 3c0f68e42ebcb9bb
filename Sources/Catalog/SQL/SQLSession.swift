import Foundation
import GRDB

/// One catalog connection inside a read, a snapshot or a write, in either dialect: statements
/// written with `?` placeholders and rows read by column name. The catalog's logic is written
/// once against this; `SQLiteSession` and `PostgresSession` adopt it.
public protocol SQLSession: Sendable {
    /// Which SQL the statements must be written in where the two differ (`SQLDialect`).
    var dialect: SQLDialect { get }
    /// Runs a statement, reading nothing back.
    func execute(_ sql: String, _ arguments: [any SQLArgument]) async throws
    /// Runs an INSERT, UPDATE or DELETE without RETURNING and says how many rows it changed.
    func changes(_ sql: String, _ arguments: [any SQLArgument]) async throws -> Int
    /// Folds the rows of a query into `initial` one at a time, never holding them all: for
    /// queries that read a whole group.
    func reduce<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], into initial: T,
                             _ update: @escaping @Sendable (inout T, SQLRow) throws -> Void) async throws -> T
    /// Folds the rows of a query of a sort value and an id, as a page index reads a whole group:
    /// `update` gets each row's id (column 1) and a way to read its value (column 0: text when
    /// `text`, else a whole number, or NULL), read only when asked, and no row is made of them.
    func reduceKeys<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], text: Bool, into initial: T,
                                 _ update: @escaping @Sendable (inout T, Int64, () throws -> DatabaseValue) throws -> Void) async throws -> T
    /// The whole numbers of a SELECT's one column, in its order, read in one piece: a whole
    /// group's ids. A NULL among them is an error. PostgreSQL sends them as one array in one row,
    /// for its driver spends about a microsecond on every row it reads; SQLite reads them where
    /// they lie.
    func orderedIds(_ sql: String, _ arguments: [any SQLArgument]) async throws -> [Int64]
    /// Where each page of `perPage` rows of an ordered query starts (the first row of each: its
    /// sort value and id, read as `reduceKeys` reads them), and how many rows there are: a
    /// folder's page index. The query is `SELECT value, id from ORDER BY value, id` (both
    /// descending when `descending`), its arguments those of `from`, which ends in its WHERE
    /// clause's conditions and is walked down an index of (…, value, id). SQLite folds every row
    /// where it lies; PostgreSQL leaps from each page's first row to the next down the index and
    /// sends those alone.
    func pageStarts(value: String, id: String, _ from: String, descending: Bool, _ arguments: [any SQLArgument], text: Bool,
                    perPage: Int) async throws -> (starts: [(value: DatabaseValue, id: Int64)], total: Int)
}

extension SQLSession {
    public func reduceKeys<T: Sendable>(_ sql: String, _ arguments: [any SQLArgument], text: Bool, into initial: T,
                                        _ update: @escaping @Sendable (inout T, Int64, () throws -> DatabaseValue) throws -> Void) async throws -> T {
        try await reduce(sql, arguments, into: initial) { value, row in
            try update(&value, try row.int(1)) {
                text ? (try row.optionalString(0)?.databaseValue ?? .null) : (try row.optionalInt(0)?.databaseValue ?? .null)
            }
        }
    }

    public func execute(_ sql: String) async throws { try await execute(sql, []) }
    /// Every row a query returns.
    public func rows(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> [SQLRow] {
        try await reduce(sql, arguments, into: []) { $0.append($1) }
    }
    public func changes(_ sql: String) async throws -> Int { try await changes(sql, []) }

    /// The first row a query returns, or nil.
    public func row(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> SQLRow? {
        try await rows(sql, arguments).first
    }

    /// The first column of the first row as a whole number, or nil (no row, or NULL).
    public func int(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Int64? {
        guard let row = try await row(sql, arguments) else { return nil }
        return try row.optionalInt(0)
    }

    /// The first column of the first row as text, or nil.
    public func string(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> String? {
        guard let row = try await row(sql, arguments) else { return nil }
        return try row.optionalString(0)
    }

    /// The first column of every row as whole numbers.
    public func ints(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> [Int64] {
        try await rows(sql, arguments).map { try $0.int(0) }
    }

    /// The first column of every row as text.
    public func strings(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> [String] {
        try await rows(sql, arguments).map { try $0.string(0) }
    }

    /// Whether a query returns a row.
    public func exists(_ sql: String, _ arguments: [any SQLArgument] = []) async throws -> Bool {
        try await row(sql, arguments) != nil
    }

    /// Runs an INSERT ending in `RETURNING id` and returns that id.
    public func insertedId(_ sql: String, _ arguments: [any SQLArgument]) async throws -> Int64 {
        guard let id = try await int(sql, arguments) else { throw SQLCatalogError(description: "the new row's id was not returned") }
        return id
    }
}

/// A statement's failure that is the catalog's own finding, not the database's (a missing
/// column, a NULL where a value must be).
public struct SQLCatalogError: Error, CustomStringConvertible {
    public var description: String
}
