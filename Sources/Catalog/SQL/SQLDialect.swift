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

    /// Files whose search document holds every word of `text` as a prefix, and the argument to
    /// bind; nil when `text` has no word. Only letters and digits survive, so nothing a person
    /// types is read as query syntax.
    public func matching(_ text: String, fileId: String = "f.id") -> (condition: String, argument: String)? {
        matches(text).map { ("\(fileId) IN (\($0.sql))", $0.argument) }
    }

    /// The ids of the files `matching` admits, as a query of one column (`id`), and its argument.
    /// - SQLite: an FTS5 MATCH of quoted prefix terms (`FTSQuery`).
    /// - PostgreSQL: a tsquery of `word:*` terms joined by `&`, the words made as the documents'
    ///   are (`photolala_search_words`: lower case, no accents).
    public func matches(_ text: String) -> (sql: String, argument: String)? {
        switch self {
        case .sqlite:
            guard let terms = FTSQuery.terms(text) else { return nil }
            return ("SELECT rowid AS id FROM fileSearch WHERE fileSearch MATCH ?", terms)
        case .postgres:
            guard let words = Self.searchWords(text) else { return nil }
            return ("""
                SELECT fileId AS id FROM fileSearch WHERE doc @@ to_tsquery('simple',
                  (SELECT string_agg(w || ':*', ' & ') FROM unnest(string_to_array(btrim(photolala_search_words(?::text)), ' ')) AS w
                   WHERE w <> ''))
                """, words)
        }
    }

    /// The words of search text as `FTSQuery` finds them (runs of letters and digits, at most
    /// `FTSQuery.maxTerms`), joined by spaces; nil when there is no word. A NUL, which
    /// PostgreSQL text cannot hold, is left out, though a control never joins a word.
    static func searchWords(_ text: String) -> String? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(FTSQuery.maxTerms)
        guard !words.isEmpty else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in words.joined(separator: " ").unicodeScalars where scalar != "\0" { scalars.append(scalar) }
        return String(scalars)
    }

    /// The year and month of Unix seconds `column` in UTC as one number, `YYYYMM`, as SQLite's
    /// `CAST(strftime('%Y%m', …) AS INTEGER)` numbers it (years astronomically: 1 BC is 0, and a
    /// month of a year before 0 counts down from it); NULL for no date, or one outside 24
    /// November 4714 BC to the end of 9999, where SQLite's date functions give NULL.
    public func yearMonth(_ column: String) -> String {
        switch self {
        case .sqlite: return "CAST(strftime('%Y%m', \(column), 'unixepoch') AS INTEGER)"
        case .postgres:
            let date = Self.utc(column)
            let year = Self.astronomical("extract(year FROM \(date))::bigint"), month = "extract(month FROM \(date))::bigint"
            return "(CASE WHEN \(year) < 0 THEN \(year) * 100 - \(month) ELSE \(year) * 100 + \(month) END)"
        }
    }

    /// The year of Unix seconds `column` in UTC, numbered as `yearMonth` numbers it.
    public func year(_ column: String) -> String {
        switch self {
        case .sqlite: "CAST(strftime('%Y', \(column), 'unixepoch') AS INTEGER)"
        case .postgres: Self.astronomical("extract(year FROM \(Self.utc(column)))::bigint")
        }
    }

    /// The month and day of Unix seconds `column` in UTC as `MM-DD`.
    public func monthDay(_ column: String) -> String {
        switch self {
        case .sqlite: "strftime('%m-%d', \(column), 'unixepoch')"
        case .postgres: "to_char(\(Self.utc(column)), 'MM-DD')"
        }
    }

    /// PostgreSQL's UTC timestamp of Unix seconds, NULL where SQLite's date functions give NULL.
    private static func utc(_ column: String) -> String {
        "(to_timestamp(CASE WHEN \(column) BETWEEN -210866760000 AND 253402300799 THEN \(column) END) AT TIME ZONE 'UTC')"
    }

    /// A year as PostgreSQL numbers it (no year 0, 1 BC is -1) as SQLite does (1 BC is 0).
    private static func astronomical(_ year: String) -> String {
        "(\(year) + CASE WHEN \(year) < 0 THEN 1 ELSE 0 END)"
    }

    /// The rows of `select` (one column, `v`, in the order it gives) as a JSON array in text;
    /// NULL or `[]` when there are none. `ofObjects`: each `v` is a `jsonObject`, which SQLite
    /// reads again as JSON (a subquery hands it on as text).
    public func jsonList(_ select: String, ofObjects: Bool = false) -> String {
        switch self {
        case .sqlite: "(SELECT json_group_array(\(ofObjects ? "json(l.v)" : "l.v")) FROM (\(select)) AS l)"
        case .postgres: "(SELECT json_agg(l.v) FROM (\(select)) AS l)::text"
        }
    }

    /// A JSON object of these names and SQL values.
    public func jsonObject(_ fields: [(name: String, value: String)]) -> String {
        let pairs = fields.map { "'\($0.name)', \($0.value)" }.joined(separator: ", ")
        switch self {
        case .sqlite: return "json_object(\(pairs))"
        case .postgres: return "json_build_object(\(pairs))"
        }
    }
}
