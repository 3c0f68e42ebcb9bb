import GRDB
import GRDBSQLite

/// A statement GRDB compiled and caches, bound and stepped through SQLite's own calls. The scan's
/// writer runs the same two statements for every file it catalogues; through GRDB each call built
/// an array of boxed arguments, turned each into a `DatabaseValue` and opened a cursor for the one
/// id it returns, which cost more than SQLite's own work on the row (BENCHMARKS.md, the scan).
/// Values bind in the order the statement's `?` come; strings bind as GRDB binds them.
struct BoundStatement {
    private let handle: SQLiteStatement
    private let statement: Statement
    private let db: Database
    private var next: Int32 = 1

    init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.cachedStatement(sql: sql)
        handle = statement.sqliteStatement
        // GRDB leaves a statement reset after it ran; this one starts clean whatever ran before.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    mutating func bind(_ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, next, value) } else { sqlite3_bind_null(handle, next) }
        next += 1
    }

    mutating func bind(_ value: Int?) { bind(value.map(Int64.init)) }

    mutating func bind(_ value: Double?) {
        if let value { sqlite3_bind_double(handle, next, value) } else { sqlite3_bind_null(handle, next) }
        next += 1
    }

    mutating func bind(_ value: String?) {
        if let value { sqlite3_bind_text(handle, next, value, -1, Self.transient) } else { sqlite3_bind_null(handle, next) }
        next += 1
    }

    /// Runs the statement: the first column of its first row (what `RETURNING id` gives), or nil
    /// when it gives no row. The statement is left reset, its values cleared, ready for the next.
    mutating func run() throws -> Int64? {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            next = 1
        }
        var value: Int64?
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                if value == nil { value = sqlite3_column_int64(handle, 0) }
            case SQLITE_DONE:
                return value
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                    sql: statement.sql)
            }
        }
    }

    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
