import GRDB
import Imaging

/// Read queries behind the folder grid, group pages and the photo view.
extension CatalogStore {
    /// Subfolders of `parent` that hold photos, by name.
    public func folders(in parent: String) throws -> [FolderSummary] {
        try pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: "\(Self.folderSelect) WHERE parent = ? ORDER BY name COLLATE NOCASE"), arguments: [parent])
                .map(Self.folderSummary)
        }
    }

    /// One folder's summary, or nil when no photo lives in or below it.
    public func folder(at path: String) throws -> FolderSummary? {
        try pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "\(Self.folderSelect) WHERE path = ?"), arguments: [path]).map(Self.folderSummary)
        }
    }

    /// Page `number` (1-based) of a group, or nil when out of range. An empty group has one empty page.
    public func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int, userId: Int64 = 0) throws -> PhotoPage? {
        try pool.read { db in
            let index = try pageIndex(db, group: group, sort: sort, perPage: perPage)
            let pageCount = max(1, index.starts.count)
            guard number >= 1, number <= pageCount else { return nil }
            guard index.total > 0 else { return PhotoPage(photos: [], number: 1, pageCount: 1, total: 0) }
            if let ids = index.ids {
                let slice = Array(ids[(number - 1) * perPage..<min(number * perPage, ids.count)])
                var arguments: StatementArguments = [userId]
                arguments += StatementArguments(slice)
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                let rows = try Row.fetchAll(db.cachedStatement(sql: """
                    \(Self.cardColumns), EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?)
                    FROM file f JOIN photo p ON p.id = f.photoId WHERE f.id IN (\(marks))
                    """), arguments: arguments)
                let byId = Dictionary(rows.map { (Int64.fromDatabaseValue($0[0]) ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
                return PhotoPage(photos: slice.compactMap { byId[$0] }.map { Self.card($0, favoriteAt: 6) },
                                 number: number, pageCount: pageCount, total: index.total)
            }
            let start = index.starts[number - 1]
            let filter = group.filter
            let col = sort.field.column
            let (cmp, dir) = sort.descending ? ("<=", "DESC") : (">=", "ASC")
            var arguments: StatementArguments = [userId]
            arguments += filter.arguments
            arguments += [start.value, start.id, perPage]
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                \(Self.cardColumns), EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?) \(filter.sql) AND (\(col), f.id) \(cmp) (?, ?)
                ORDER BY \(col) \(dir), f.id \(dir) LIMIT ?
                """), arguments: arguments)
            return PhotoPage(photos: rows.map { Self.card($0, favoriteAt: 6) }, number: number, pageCount: pageCount, total: index.total)
        }
    }

    /// The file at `key` with its photo and curation (favorites as seen by `userId`), or nil.
    public func photo(key: String, userId: Int64 = 0) throws -> PhotoDetail? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT f.id, f.key, f.name, p.sha256, p.width, p.height, f.folder, p.format, f.size, f.mtimeNs,
                       p.takenAt, p.cameraMake, p.cameraModel, p.orientation, f.sortTaken, f.sortName,
                       p.id, p.rating, p.addedAt,
                       EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?)
                FROM file f JOIN photo p ON p.id = f.photoId WHERE f.key = ?
                """), arguments: [userId, key]) else { return nil }
            let photoId: Int64 = row[16]
            let tags = try String.fetchAll(db.cachedStatement(sql: """
                SELECT t.name FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = ? ORDER BY t.name COLLATE NOCASE
                """), arguments: [photoId])
            let copies = try String.fetchAll(db.cachedStatement(sql: "SELECT key FROM file WHERE photoId = ? AND key != ? ORDER BY key"),
                                             arguments: [photoId, key])
            return PhotoDetail(photoId: photoId, card: Self.card(row), folder: row[6], format: ImageFormat(rawValue: row[7]) ?? .jpeg,
                               fileSize: row[8], mtimeNs: row[9], takenAt: row[10], cameraMake: row[11],
                               cameraModel: row[12], orientation: row[13], sortTaken: row[14], sortName: row[15],
                               rating: row[17], addedAt: row[18], isFavorite: row[19], tags: tags, copies: copies)
        }
    }

    /// The previous and next photo of `group` under `sort`, and the photo's position in it.
    ///
    /// The position comes from the group's page index (cached per catalog version): a binary
    /// search over page starts, then a count within one page, so a photo deep in a folder of
    /// 20,000 costs what one near its start does.
    public func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort, perPage: Int = 60) throws -> PhotoNeighbors {
        let col = sort.field.column
        let (before, after) = sort.descending ? (">", "<") : ("<", ">")
        let (forward, backward) = sort.descending ? ("DESC", "ASC") : ("ASC", "DESC")
        let filter = group.filter
        let key = (value: photo.sortValue(sort.field), id: photo.card.fileId)
        return try pool.read { db in
            // A group that keeps its ids knows the neighbours and the position outright.
            let index = try pageIndex(db, group: group, sort: sort, perPage: perPage)
            if let ids = index.ids, let at = ids.firstIndex(of: key.id) {
                func card(_ id: Int64?) throws -> PhotoCard? {
                    guard let id else { return nil }
                    return try Row.fetchOne(db.cachedStatement(sql: "\(Self.cardColumns) FROM file f JOIN photo p ON p.id = f.photoId WHERE f.id = ?"),
                                            arguments: [id]).map { Self.card($0) }
                }
                return PhotoNeighbors(previous: try card(at > 0 ? ids[at - 1] : nil), next: try card(at + 1 < ids.count ? ids[at + 1] : nil),
                                      position: at + 1, total: index.total)
            }
            var args = filter.arguments
            args += [key.value, key.id]
            let cond = "\(filter.sql) AND (\(col), f.id)"
            let previous = try Row.fetchOne(db.cachedStatement(sql: "\(Self.cardColumns) \(cond) \(before) (?, ?) ORDER BY \(col) \(backward), f.id \(backward) LIMIT 1"), arguments: args)
            let next = try Row.fetchOne(db.cachedStatement(sql: "\(Self.cardColumns) \(cond) \(after) (?, ?) ORDER BY \(col) \(forward), f.id \(forward) LIMIT 1"), arguments: args)
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
            return PhotoNeighbors(previous: previous.map { Self.card($0) }, next: next.map { Self.card($0) },
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
    public func fileForContent(sha256: String) throws -> (key: String, format: ImageFormat)? {
        try pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT f.key, p.format FROM photo p JOIN file f ON f.photoId = p.id WHERE p.sha256 = ? ORDER BY f.id LIMIT 1
                """), arguments: [sha256]).map { ($0[0], ImageFormat(rawValue: $0[1]) ?? .jpeg) }
        }
    }

    /// Files and distinct photos in the catalog.
    public func libraryCounts() throws -> (files: Int, photos: Int) {
        try pool.read { db in
            (try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM file")) ?? 0,
             try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(DISTINCT photoId) FROM file")) ?? 0)
        }
    }

    /// Number of files in the catalog.
    public func fileCount() throws -> Int {
        try pool.read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM file")) ?? 0 }
    }

    /// The most recent scan problems: files that could not be read, with why.
    public func scanIssues(limit: Int = 50) throws -> [(key: String, reason: String)] {
        try pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT key, reason FROM scanIssue ORDER BY seenAt DESC, key LIMIT ?"), arguments: [limit])
                .map { ($0[0], $0[1]) }
        }
    }

    private func pageIndex(_ db: Database, group: PhotoGroup, sort: PhotoSort, perPage: Int) throws -> PageIndexCache.Entry {
        let key = PageIndexCache.Key(group: group, sort: sort, perPage: perPage, version: version)
        return try pageIndexCache.entry(for: key) {
            let col = sort.field.column
            let dir = sort.descending ? "DESC" : "ASC"
            let filter = group.filter
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: "SELECT \(col), f.id \(filter.sql) ORDER BY \(col) \(dir), f.id \(dir)"),
                                             arguments: filter.arguments)
            var starts: [(value: DatabaseValue, id: Int64)] = []
            var total = 0
            // A folder's pages are keyset queries down its own index; other groups keep their ids.
            var ids: [Int64]? = group.isPlainFolder ? nil : []
            while let row = try cursor.next() {
                if total % perPage == 0 { starts.append((row[0] as DatabaseValue, row[1])) }
                total += 1
                if ids != nil {
                    if total > Self.maxKeptIds { ids = nil } else { ids!.append(row[1]) }
                }
            }
            return PageIndexCache.Entry(starts: starts, total: total, ids: ids)
        }
    }

    /// The most ids a page index keeps for one group (80 KB).
    static let maxKeptIds = 10_000

    static let folderSelect = "SELECT path, name, photoCount, totalCount, folderCount, coverSha, latestTaken FROM folder"
    static let cardColumns = "SELECT f.id, f.key, f.name, p.sha256, p.width, p.height"

    static func folderSummary(_ row: Row) -> FolderSummary {
        FolderSummary(path: row[0], name: row[1], photoCount: row[2], totalCount: row[3], folderCount: row[4],
                      coverSha: row[5], latestTaken: row[6])
    }

    /// A card from the `cardColumns` of a row; `favoriteAt` names the column holding the favorite flag, if selected.
    static func card(_ row: Row, favoriteAt column: Int? = nil) -> PhotoCard {
        PhotoCard(fileId: row[0], key: row[1], name: row[2], sha256: row[3], width: row[4], height: row[5],
                  isFavorite: column.map { row[$0] } ?? false)
    }
}
