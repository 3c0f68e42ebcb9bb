import GRDB

/// The SQL of groups, filters, searches, sorts and calendar dates for the PostgreSQL catalog:
/// what `PhotoGroup.filter`, `SearchFilter.conditions`, `FTSQuery` and SQLite's date functions
/// give the SQLite catalog, with `?` placeholders and `SQLArgument`s, so both catalogs show the
/// same photos in the same order.
enum PostgresGroupSQL {
    /// The FROM/WHERE part over `file f JOIN photo p`, with its arguments. Virtual groups show
    /// each photo once (its first file), except duplicates, which show every copy. No group lists
    /// a file paired to another (a Live Photo's clip, a RAW beside its JPEG): it shows as part of that one.
    static func filter(_ group: PhotoGroup) -> (sql: String, arguments: [any SQLArgument]) {
        let base = "FROM file f JOIN photo p ON p.id = f.photoId"
        let listed = "f.pairedTo IS NULL"
        let onePerPhoto = "\(listed) AND f.id = (SELECT MIN(id) FROM file WHERE photoId = f.photoId AND pairedTo IS NULL)"
        switch group {
        case .folder(let path):
            return ("\(base) WHERE f.folder = ? AND \(listed)", [path])
        case .favorites(let viewer):
            return ("\(base) JOIN favorite fav ON fav.photoId = p.id AND fav.userId = ? WHERE \(onePerPhoto)", [viewer.favoritesUserId])
        case .topRated:
            return ("\(base) WHERE p.rating >= 4 AND \(onePerPhoto)", [])
        case .tag(let name):
            // A text parameter compared with citext would compare as text (with case): cast it.
            return ("\(base) JOIN photoTag pt ON pt.photoId = p.id JOIN tag t ON t.id = pt.tagId AND t.name = ?::citext WHERE \(onePerPhoto)",
                    [name])
        case .recent, .all:
            return ("\(base) WHERE \(onePerPhoto)", [])
        case .album(let id):
            return ("\(base) JOIN albumPhoto ap ON ap.photoId = p.id AND ap.albumId = ? WHERE \(onePerPhoto)", [id])
        case .duplicates:
            return ("\(base) WHERE \(listed) AND f.photoId IN (SELECT photoId FROM file WHERE pairedTo IS NULL GROUP BY photoId HAVING COUNT(*) > 1)", [])
        case .filtered(let group, let search):
            var (sql, arguments) = filter(group)
            for condition in conditions(search) {
                sql += " AND " + condition.sql
                arguments += condition.arguments
            }
            return (sql, arguments)
        }
    }

    /// SQL conditions over `file f JOIN photo p`, each parameterised (`SearchFilter.conditions`).
    static func conditions(_ filter: SearchFilter) -> [(sql: String, arguments: [any SQLArgument])] {
        var out: [(String, [any SQLArgument])] = []
        if let words = filter.text.flatMap(searchWords) {
            out.append((matching, [words]))
        }
        if let tag = filter.tag {
            out.append(("EXISTS (SELECT 1 FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = p.id AND t.name = ?::citext)", [tag]))
        }
        if let viewer = filter.favoritesOf {
            out.append(("EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?)", [viewer.favoritesUserId]))
        }
        if let minRating = filter.minRating { out.append(("p.rating >= ?", [minRating])) }
        if let takenFrom = filter.takenFrom { out.append(("p.takenAt >= ?", [takenFrom])) }
        if let takenTo = filter.takenTo { out.append(("p.takenAt < ?", [takenTo])) }
        if let minSize = filter.minSize { out.append(("f.size >= ?", [minSize])) }
        if let maxSize = filter.maxSize { out.append(("f.size <= ?", [maxSize])) }
        switch filter.orientation {
        case .portrait: out.append(("p.height > p.width", []))
        case .landscape: out.append(("p.width > p.height", []))
        case .square: out.append(("p.width = p.height", []))
        case nil: break
        }
        if let kind = filter.kind { out.append((kind.sql, [])) }
        return out
    }

    /// The words of search text as `FTSQuery` finds them (runs of letters and digits, at most
    /// `FTSQuery.maxTerms`), joined by spaces; nil when there is no word, as `FTSQuery.terms` is.
    /// A NUL, which PostgreSQL text cannot hold, is left out, though a control never joins a word.
    static func searchWords(_ text: String) -> String? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(FTSQuery.maxTerms)
        guard !words.isEmpty else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in words.joined(separator: " ").unicodeScalars where scalar != "\0" { scalars.append(scalar) }
        return String(scalars)
    }

    /// Files whose full-text document holds every word of the search text as a prefix: the
    /// words (the argument) are made as the documents' are (`photolala_search_words`: lower case,
    /// no accents, split at everything but letters and digits), and each becomes a `word:*`
    /// term, all joined by `&`. Only letters and digits survive that, so nothing a person types
    /// is read as tsquery syntax; text with no word left matches nothing.
    static let matching = """
        f.id IN (SELECT fileId FROM fileSearch WHERE doc @@ to_tsquery('simple',
          (SELECT string_agg(w || ':*', ' & ') FROM unnest(string_to_array(btrim(photolala_search_words(?::text)), ' ')) AS w
           WHERE w <> '')))
        """

    /// `sort`'s ORDER BY terms: its column, ties broken by file id in the same direction, or
    /// both reversed (`reversed`, to walk back from a photo).
    ///
    /// Where NULLs would go needs no clause: every sort column (`PhotoSort.Field.column`) is NOT
    /// NULL in both catalogs, so no NULL is ever placed, and the file table's indexes on
    /// (folder, column, id), ascending, serve a folder's pages in either direction.
    static func order(_ sort: PhotoSort, reversed: Bool = false) -> String {
        let direction = sort.descending != reversed ? "DESC" : "ASC"
        return "\(sort.field.column) \(direction), f.id \(direction)"
    }

    /// A sort value (as the page index and `PhotoDetail.sortValue` keep it) as an argument.
    static func argument(_ value: DatabaseValue) throws -> any SQLArgument {
        switch value.storage {
        case .null: return Int64?.none
        case .int64(let number): return number
        case .double(let number): return number
        case .string(let text): return text
        case .blob: throw PostgresCatalogError(description: "a sort value is never a blob")
        }
    }

    /// The sort value in column 0 of `row`, as the page index keeps it: text for names, a
    /// number for every other field.
    static func sortValue(_ row: SQLRow, _ field: PhotoSort.Field) throws -> DatabaseValue {
        if field == .name { return try row.optionalString(0)?.databaseValue ?? .null }
        return try row.optionalInt(0)?.databaseValue ?? .null
    }

    /// The UTC date and time of Unix seconds `column`, as SQLite's date functions read them with
    /// 'unixepoch'; NULL outside what those read (24 November 4714 BC to the end of 9999),
    /// where they give NULL too.
    static func utc(_ column: String) -> String {
        "(to_timestamp(CASE WHEN \(column) BETWEEN -210866760000 AND 253402300799 THEN \(column) END) AT TIME ZONE 'UTC')"
    }

    /// The year of the date `date` (a `utc` expression) as SQLite's `strftime('%Y')` numbers it,
    /// astronomically: the year before 1 is 0, where PostgreSQL says 1 BC, -1.
    static func year(ofDate date: String) -> String {
        astronomical("extract(year FROM \(date))::bigint")
    }

    /// A year as PostgreSQL numbers it (`year`: no year 0, 1 BC is -1) as SQLite does (1 BC is 0).
    static func astronomical(_ year: String) -> String {
        "(\(year) + CASE WHEN \(year) < 0 THEN 1 ELSE 0 END)"
    }

    /// The month and day of the date `date` (a `utc` expression) as `MM-DD` (SQLite's `strftime('%m-%d')`).
    static func monthDay(ofDate date: String) -> String {
        "to_char(\(date), 'MM-DD')"
    }
}
