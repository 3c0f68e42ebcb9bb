import GRDB
import Imaging

/// Read queries behind the folder grid, group pages and the photo view.
extension CatalogStore {
    /// Subfolders of `parent` that hold photos, by name.
    public func folders(in parent: String) async throws -> [FolderSummary] {
        try await read { db in
            try FolderRecord.fetchAll(db.cachedStatement(sql: "\(FolderRecord.select) WHERE parent = ? ORDER BY name COLLATE NOCASE"),
                                      arguments: [parent]).map(\.summary)
        }
    }

    /// One folder's summary, or nil when no photo lives in or below it.
    public func folder(at path: String) async throws -> FolderSummary? {
        let version = self.version
        if let known = folderCache.lookup(path, version: version) { return known }
        let found = try await read { db in
            try FolderRecord.fetchOne(db.cachedStatement(sql: "\(FolderRecord.select) WHERE path = ?"), arguments: [path])?.summary
        }
        folderCache.keep(path, found, version: version)
        return found
    }

    /// Page `number` (1-based) of a group, or nil when out of range. An empty group has one empty page.
    /// Cards carry `viewer`'s favorite marks.
    public func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int, viewer: Viewer) async throws -> PhotoPage? {
        let userId = viewer.favoritesUserId
        return try await read { db in
            let index = try self.pageIndex(db, group: group, sort: sort, perPage: perPage)
            let pageCount = max(1, index.starts.count)
            guard number >= 1, number <= pageCount else { return nil }
            guard index.total > 0 else { return PhotoPage(photos: [], number: 1, pageCount: 1, total: 0) }
            if let ids = index.ids {
                let slice = ids.slice((number - 1) * perPage..<number * perPage)
                var arguments: StatementArguments = [userId]
                arguments += StatementArguments(slice)
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                let cards = try CardRecord.fetchAll(db.cachedStatement(sql: """
                    \(CardRecord.columns), \(CardRecord.isFavorite)
                    FROM file f JOIN photo p ON p.id = f.photoId WHERE f.id IN (\(marks))
                    """), arguments: arguments).map(\.card)
                let byId = Dictionary(cards.map { ($0.fileId, $0) }, uniquingKeysWith: { a, _ in a })
                return PhotoPage(photos: slice.compactMap { byId[$0] }, number: number, pageCount: pageCount, total: index.total)
            }
            let start = index.starts[number - 1]
            let filter = group.filter
            let col = sort.field.column
            let (cmp, dir) = sort.descending ? ("<=", "DESC") : (">=", "ASC")
            var arguments: StatementArguments = [userId]
            arguments += filter.arguments
            arguments += [start.value, start.id, perPage]
            let cards = try CardRecord.fetchAll(db.cachedStatement(sql: """
                \(CardRecord.columns), \(CardRecord.isFavorite) \(filter.sql) AND (\(col), f.id) \(cmp) (?, ?)
                ORDER BY \(col) \(dir), f.id \(dir) LIMIT ?
                """), arguments: arguments).map(\.card)
            return PhotoPage(photos: cards, number: number, pageCount: pageCount, total: index.total)
        }
    }

    /// The file at `key` with its photo and curation (favorites as `viewer` sees them), or nil.
    public func photo(key: String, viewer: Viewer) async throws -> PhotoDetail? {
        let userId = viewer.favoritesUserId
        return try await read { db in
            guard let record = try PhotoDetailRecord.fetchOne(db.cachedStatement(sql: PhotoDetailRecord.sql), arguments: [userId, key]) else {
                return nil
            }
            let tags = try String.fetchAll(db.cachedStatement(sql: """
                SELECT t.name FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = ? ORDER BY t.name COLLATE NOCASE
                """), arguments: [record.photoId])
            let copies = try String.fetchAll(db.cachedStatement(sql: "SELECT key FROM file WHERE photoId = ? AND key != ? ORDER BY key"),
                                             arguments: [record.photoId, key])
            return record.detail(tags: tags, copies: copies, companions: try PhotoDetailRecord.companions(db, fileId: record.fileId))
        }
    }

    /// The previous and next photo of `group` under `sort`, and the photo's position in it.
    ///
    /// The position comes from the group's page index (cached per catalog version): a binary
    /// search over page starts, then a count within one page, so a photo deep in a folder of
    /// 20,000 costs what one near its start does.
    public func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort, perPage: Int) async throws -> PhotoNeighbors {
        let col = sort.field.column
        let (before, after) = sort.descending ? (">", "<") : ("<", ">")
        let (forward, backward) = sort.descending ? ("DESC", "ASC") : ("ASC", "DESC")
        let filter = group.filter
        let key = (value: photo.sortValue(sort.field), id: photo.card.fileId)
        return try await read { db in
            // A group that keeps its ids knows the neighbours and the position outright.
            let index = try self.pageIndex(db, group: group, sort: sort, perPage: perPage)
            if let ids = index.ids, let at = ids.firstIndex(of: key.id) {
                func card(_ id: Int64?) throws -> PhotoCard? {
                    guard let id else { return nil }
                    return try CardRecord.fetchOne(db.cachedStatement(sql: "\(CardRecord.columns) FROM file f JOIN photo p ON p.id = f.photoId WHERE f.id = ?"),
                                                   arguments: [id])?.card
                }
                return PhotoNeighbors(previous: try card(at > 0 ? ids[at - 1] : nil), next: try card(at + 1 < ids.count ? ids[at + 1] : nil),
                                      position: at + 1, total: index.total)
            }
            var args = filter.arguments
            args += [key.value, key.id]
            let cond = "\(filter.sql) AND (\(col), f.id)"
            let previous = try CardRecord.fetchOne(db.cachedStatement(sql: "\(CardRecord.columns) \(cond) \(before) (?, ?) ORDER BY \(col) \(backward), f.id \(backward) LIMIT 1"), arguments: args)
            let next = try CardRecord.fetchOne(db.cachedStatement(sql: "\(CardRecord.columns) \(cond) \(after) (?, ?) ORDER BY \(col) \(forward), f.id \(forward) LIMIT 1"), arguments: args)
            // The last page starting at or before the photo (in the group's order)...
            var low = 0, high = index.starts.count - 1, page = 0
            while low <= high {
                let middle = (low + high) / 2
                let start = index.starts[middle]
                if Self.precedesOrEquals(start, key, descending: sort.descending) { page = middle; low = middle + 1 } else { high = middle - 1 }
            }
            // ...and how many of that page's rows come before it.
            var earlier = 0
            if let start = index.starts.indices.contains(page) ? index.starts[page] : nil {
                let (from, upTo) = sort.descending ? ("<=", ">") : (">=", "<")
                var countArgs = filter.arguments
                countArgs += [start.value, start.id, key.value, key.id]
                earlier = try Int.fetchOne(db.cachedStatement(sql: """
                    SELECT COUNT(*) \(filter.sql) AND (\(col), f.id) \(from) (?, ?) AND (\(col), f.id) \(upTo) (?, ?)
                    """), arguments: countArgs) ?? 0
            }
            return PhotoNeighbors(previous: previous?.card, next: next?.card,
                                  position: page * perPage + earlier + 1, total: index.total)
        }
    }

    /// Whether page start `a` comes at or before `b` in the group's order, compared as SQLite
    /// compares them (numbers by value, text byte by byte), ties broken by file id.
    static func precedesOrEquals(_ a: (value: DatabaseValue, id: Int64), _ b: (value: DatabaseValue, id: Int64), descending: Bool) -> Bool {
        let order = compare(a.value, b.value)
        let both = order != 0 ? order : (a.id == b.id ? 0 : (a.id < b.id ? -1 : 1))
        return descending ? both >= 0 : both <= 0
    }

    /// -1, 0 or 1 as SQLite orders two values: NULL, then numbers, then text (BINARY), then blobs.
    static func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> Int {
        func rank(_ value: DatabaseValue) -> Int {
            switch value.storage {
            case .null: 0
            case .int64, .double: 1
            case .string: 2
            case .blob: 3
            }
        }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb ? -1 : 1 }
        switch (a.storage, b.storage) {
        case (.int64(let x), .int64(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.string(let x), .string(let y)):
            if x == y { return 0 }
            return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1
        default:
            let x = Double.fromDatabaseValue(a) ?? 0, y = Double.fromDatabaseValue(b) ?? 0
            return x == y ? 0 : (x < y ? -1 : 1)
        }
    }

    /// A file holding the picture with this content hash, to render thumbnails from.
    public func fileForContent(sha256: String) async throws -> (key: String, format: ImageFormat)? {
        try await read { db in try Self.fileForContent(sha256: sha256, db) }
    }

    private static func fileForContent(sha256: String, _ db: Database) throws -> (key: String, format: ImageFormat)? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT f.key, p.format FROM photo p JOIN file f ON f.photoId = p.id WHERE p.sha256 = ? ORDER BY f.id LIMIT 1
            """), arguments: [sha256]).map { ($0["key"], ImageFormat(rawValue: $0["format"]) ?? .jpeg) }
    }

    /// Files and distinct photos in the catalog.
    public func libraryCounts() async throws -> (files: Int, photos: Int) {
        try await read { db in
            (try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM file")) ?? 0,
             try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(DISTINCT photoId) FROM file")) ?? 0)
        }
    }

    /// Number of files in the catalog.
    public func fileCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM file")) ?? 0 }
    }

    /// The most recent scan problems: files that could not be read, with why.
    public func scanIssues(limit: Int) async throws -> [ScanIssue] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT key, reason FROM scanIssue ORDER BY seenAt DESC, key LIMIT ?"), arguments: [limit])
                .map { ScanIssue(key: $0["key"], reason: $0["reason"]) }
        }
    }

    func pageIndex(_ db: Database, group: PhotoGroup, sort: PhotoSort, perPage: Int) throws -> PageIndexCache.Entry {
        let key = PageIndexCache.Key(group: group, sort: sort, perPage: perPage, version: version)
        return try pageIndexCache.entry(for: key) {
            let col = sort.field.column
            let dir = sort.descending ? "DESC" : "ASC"
            let filter = group.filter
            let statement = try db.cachedStatement(sql: "SELECT \(col) AS sortValue, f.id AS fileId \(filter.sql) ORDER BY \(col) \(dir), f.id \(dir)")
            // The loop reads every row of the group: the two columns are looked up by name once, not per row.
            let valueColumn = statement.columnNames.firstIndex(of: "sortValue")!, idColumn = statement.columnNames.firstIndex(of: "fileId")!
            let cursor = try Row.fetchCursor(statement, arguments: filter.arguments)
            var starts: [(value: DatabaseValue, id: Int64)] = []
            var total = 0
            // A folder's pages are keyset queries down its own index; other groups keep their ids.
            var ids: OrderedIds? = group.isPlainFolder ? nil : OrderedIds()
            while let row = try cursor.next() {
                let fileId: Int64 = row[idColumn]
                if total % perPage == 0 { starts.append((row[valueColumn] as DatabaseValue, fileId)) }
                total += 1
                ids?.append(fileId)
            }
            return PageIndexCache.Entry(starts: starts, total: total, ids: ids)
        }
    }
}
