import Foundation
import GRDB
import PostgresNIO

/// A row read by column name (without case, as both databases compare unquoted names) or by
/// position. A missing column or a value of the wrong kind throws; it never stops the process.
public struct SQLRow: Sendable {
    enum Cells: Sendable {
        case postgres(PostgresRandomAccessRow)
        case sqlite(SQLiteColumns, [DatabaseValue])
    }

    let cells: Cells

    init(_ cells: PostgresRandomAccessRow) { self.cells = .postgres(cells) }
    init(columns: SQLiteColumns, values: [DatabaseValue]) { cells = .sqlite(columns, values) }

    /// One value, as the dialect-neutral reader sees it.
    private enum Cell {
        case postgres(PostgresCell)
        case sqlite(DatabaseValue)
    }

    private func cell(_ column: String) throws -> Cell {
        switch cells {
        case .postgres(let row):
            if row.contains(column) { return .postgres(row[column]) }
            let lower = column.lowercased()
            guard row.contains(lower) else { throw SQLCatalogError(description: "no column \(column) in the row") }
            return .postgres(row[lower])
        case .sqlite(let columns, let values):
            guard let index = columns.index(of: column) else { throw SQLCatalogError(description: "no column \(column) in the row") }
            return .sqlite(values[index])
        }
    }

    private func cell(_ index: Int) throws -> Cell {
        switch cells {
        case .postgres(let row):
            guard index >= 0, index < row.count else { throw SQLCatalogError(description: "no column \(index) in the row") }
            return .postgres(row[index])
        case .sqlite(_, let values):
            guard values.indices.contains(index) else { throw SQLCatalogError(description: "no column \(index) in the row") }
            return .sqlite(values[index])
        }
    }

    private static func int(_ cell: Cell) throws -> Int64? {
        switch cell {
        case .postgres(let cell):
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
        case .sqlite(let value):
            switch value.storage {
            case .null: return nil
            case .int64(let number): return number
            case .double(let number):
                guard let whole = Int64(exactly: number.rounded()) else { throw SQLCatalogError(description: "\(number) is not a whole number") }
                return whole
            case .string(let text):
                guard let number = Int64(text) else { throw SQLCatalogError(description: "'\(text.prefix(40))' is not a whole number") }
                return number
            case .blob: throw SQLCatalogError(description: "a blob is not a whole number")
            }
        }
    }

    private static func double(_ cell: Cell) throws -> Double? {
        switch cell {
        case .postgres(let cell):
            guard cell.bytes != nil else { return nil }
            switch cell.dataType {
            case .float8, .float4: return try cell.decode(Double.self)
            case .numeric: return NSDecimalNumber(decimal: try cell.decode(Decimal.self)).doubleValue
            default: return try int(.postgres(cell)).map(Double.init)
            }
        case .sqlite(let value):
            switch value.storage {
            case .double(let number): return number
            default: return try int(.sqlite(value)).map(Double.init)
            }
        }
    }

    private static func string(_ cell: Cell) throws -> String? {
        switch cell {
        case .postgres(let cell):
            return cell.bytes == nil ? nil : try cell.decode(String.self)
        case .sqlite(let value):
            switch value.storage {
            case .null: return nil
            case .string(let text): return text
            case .int64(let number): return String(number)
            case .double(let number): return String(number)
            case .blob(let data): return String(decoding: data, as: UTF8.self)
            }
        }
    }

    private static func required<T>(_ value: T?, _ name: String) throws -> T {
        guard let value else { throw SQLCatalogError(description: "column \(name) is NULL") }
        return value
    }

    public func optionalInt(_ column: String) throws -> Int64? { try Self.int(cell(column)) }
    public func optionalInt(_ index: Int) throws -> Int64? { try Self.int(cell(index)) }
    public func int(_ column: String) throws -> Int64 { try Self.required(optionalInt(column), column) }
    public func int(_ index: Int) throws -> Int64 { try Self.required(optionalInt(index), "\(index)") }

    public func optionalString(_ column: String) throws -> String? { try Self.string(cell(column)) }
    public func optionalString(_ index: Int) throws -> String? { try Self.string(cell(index)) }
    public func string(_ column: String) throws -> String { try Self.required(optionalString(column), column) }
    public func string(_ index: Int) throws -> String { try Self.required(optionalString(index), "\(index)") }

    public func optionalDouble(_ column: String) throws -> Double? { try Self.double(cell(column)) }
    public func double(_ column: String) throws -> Double { try Self.required(optionalDouble(column), column) }

    /// A 0/1 flag (or a boolean) as true or false; NULL is false.
    public func bool(_ column: String) throws -> Bool { (try optionalInt(column) ?? 0) != 0 }
    public func bool(_ index: Int) throws -> Bool { (try optionalInt(index) ?? 0) != 0 }

    /// Whether the value at `column` is NULL.
    public func isNull(_ column: String) throws -> Bool {
        switch try cell(column) {
        case .postgres(let cell): cell.bytes == nil
        case .sqlite(let value): value.isNull
        }
    }
}

/// The column names of one SQLite statement's rows, shared by all of them, looked up without case.
final class SQLiteColumns: Sendable {
    private let positions: [String: Int]

    init(_ names: [String]) {
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name.lowercased()] == nil { positions[name.lowercased()] = index }
        self.positions = positions
    }

    func index(of column: String) -> Int? { positions[column] ?? positions[column.lowercased()] }
}
