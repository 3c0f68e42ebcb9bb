import Foundation

/// A value bound to a `?` of a catalog statement, in either dialect: the catalog's columns are
/// whole numbers, text and doubles, with flags kept as 0 and 1; a list is bound as one parameter
/// and read with `SQLDialect.isIn`.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case integers([Int64])
    case texts([String])
}

/// What may be bound to a `?`.
public protocol SQLArgument: Sendable {
    var sqlValue: SQLValue { get }
}

extension Int: SQLArgument {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLArgument {
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int32: SQLArgument {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension String: SQLArgument {
    public var sqlValue: SQLValue { .text(self) }
}

extension Substring: SQLArgument {
    public var sqlValue: SQLValue { .text(String(self)) }
}

extension Double: SQLArgument {
    public var sqlValue: SQLValue { .real(self) }
}

extension Bool: SQLArgument {
    /// Flags are whole numbers 0 and 1 in both catalogs.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Optional: SQLArgument where Wrapped: SQLArgument {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Array: SQLArgument where Element: SQLListElement {
    public var sqlValue: SQLValue { Element.listValue(self) }
}

/// What a list argument may hold.
public protocol SQLListElement: Sendable {
    static func listValue(_ list: [Self]) -> SQLValue
}

extension Int64: SQLListElement {
    public static func listValue(_ list: [Int64]) -> SQLValue { .integers(list) }
}

extension Int: SQLListElement {
    public static func listValue(_ list: [Int]) -> SQLValue { .integers(list.map(Int64.init)) }
}

extension String: SQLListElement {
    public static func listValue(_ list: [String]) -> SQLValue { .texts(list) }
}

/// A value bound as JSON text, for reading many rows, NULLs and all, out of one parameter
/// (`json_to_recordset` in PostgreSQL, `json_each` in SQLite).
struct SQLJSON: SQLArgument {
    let text: String
    init(_ value: some Encodable) throws {
        text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
    var sqlValue: SQLValue { .text(text) }
}

extension SQLValue {
    /// A list as JSON text: how SQLite, which has no arrays, receives one (`json_each(?)`).
    var jsonList: String {
        switch self {
        case .integers(let list): "[" + list.map(String.init).joined(separator: ",") + "]"
        case .texts(let list): String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
        default: "[]"
        }
    }
}

/// Rows of whole numbers bound as one parameter, read with `SQLDialect.table`.
struct SQLTable: SQLArgument {
    let rows: [[Int64]]
    init(_ rows: [[Int64]]) { self.rows = rows }
    var sqlValue: SQLValue {
        .text("[" + rows.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]")
    }
}
