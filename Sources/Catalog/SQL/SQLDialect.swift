/// The few places where the catalog's SQL differs between SQLite and PostgreSQL, in one table.
/// Everything else (placeholders written `?`, `RETURNING`, `ON CONFLICT`, `CAST(? AS BIGINT)`)
/// is written once in SQL both accept.
public enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// `expression` is one of the list bound to this `?`: an array in PostgreSQL, a JSON list
    /// in SQLite, which has no arrays.
    public func isIn(_ expression: String) -> String {
        switch self {
        case .sqlite: "\(expression) IN (SELECT value FROM json_each(?))"
        case .postgres: "\(expression) = ANY(?)"
        }
    }

    /// Locks the rows a SELECT reads until the write ends. SQLite's one writer holds the whole
    /// catalog already.
    public var forUpdate: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE"
        }
    }

    /// Compares text columns without case, as names are: SQLite needs the collation named;
    /// PostgreSQL's name columns are `citext`.
    public var noCase: String {
        switch self {
        case .sqlite: " COLLATE NOCASE"
        case .postgres: ""
        }
    }

    /// The list bound to this `?` as a table `alias` with columns `column` (the list's values)
    /// and `n` (each one's place, from 1), to insert or renumber rows in the order given.
    public func numbered(_ alias: String, _ column: String) -> String {
        switch self {
        case .sqlite: "(SELECT value AS \(column), key + 1 AS n FROM json_each(?)) AS \(alias)"
        case .postgres: "unnest(?::bigint[]) WITH ORDINALITY AS \(alias)(\(column), n)"
        }
    }

    /// Rows of whole numbers bound to this `?` (`SQLTable`) as a table `alias` with these
    /// columns, to write many rows in one statement.
    public func table(_ alias: String, _ columns: [String]) -> String {
        switch self {
        case .sqlite:
            let values = columns.enumerated().map { "json_extract(value, '$[\($0.offset)]') AS \($0.element)" }
            return "(SELECT \(values.joined(separator: ", ")) FROM json_each(?)) AS \(alias)"
        case .postgres:
            let values = columns.enumerated().map { "(e->>\($0.offset))::bigint AS \($0.element)" }
            return "(SELECT \(values.joined(separator: ", ")) FROM json_array_elements(?::json) AS e) AS \(alias)"
        }
    }

    /// A `?` holding a name to compare with a name column without case (`account.name`,
    /// `tag.name`): PostgreSQL compares `citext` with `citext` only, SQLite's columns say NOCASE.
    public var caseless: String {
        switch self {
        case .sqlite: "?"
        case .postgres: "?::citext"
        }
    }
}
