import Foundation
import GRDB
import Imaging

/// Read queries behind the folder grid, group pages, the photo view, the home page's counts and
/// covers, selections, the timeline and "on this day", in both catalogs: groups as `GroupSQL`
/// writes them, ordered with ties broken by file id, paged through a page index kept per
/// catalog version.
extension PhotoQueries where Self: SQLCatalog {
    /// Subfolders of `parent` that hold photos, by name without case (ASCII letters, as SQLite's
    /// NOCASE), then byte by byte.
    public func folders(in parent: String, sight: Sight) async throws -> [FolderSummary] {
        let hiding = try await core.hiding(sight)
        let core = core
        return try await core.database.read { db in
            let all = try await db.rows("\(FolderColumns.select) WHERE parent = ? ORDER BY lower(name), name", [parent]).map(FolderColumns.summary)
            return try await FolderRules.seen(all, hiding, core, db)
        }
    }

    /// One folder's summary, or nil when no photo lives in or below it.
    public func folder(at path: String, sight: Sight) async throws -> FolderSummary? {
        let version = core.version
        let hiding = try await core.hiding(sight)
        if hiding.hides(folder: path) { return nil }
        let found: FolderSummary?
        if let known = core.folderCache.lookup(path, version: version) {
            found = known
        } else {
            found = try await core.database.read { db in
                try await db.row("\(FolderColumns.select) WHERE path = ?", [path]).map(FolderColumns.summary)
            }
            core.folderCache.keep(path, found, version: version)
        }
        guard let found, !hiding.isEmpty else { return found }
        let core = core
        return try await core.database.read { db in try await FolderRules.seen([found], hiding, core, db).first }
    }

    /// Page `number` (1-based) of a group, or nil when out of range. An empty group has one empty page.
    /// Cards carry `viewer`'s favorite marks.
    public func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int, viewer: Viewer, sight: Sight) async throws -> PhotoPage? {
        let userId = viewer.favoritesUserId
        let hiding = try await core.hiding(sight)
        let core = core
        let index = try await QueryRules.pageIndex(core, group: group, sort: sort, perPage: perPage, hiding: hiding)
        return try await core.database.read { db in
            let pageCount = max(1, index.pages)
            guard number >= 1, number <= pageCount else { return nil }
            guard index.total > 0 else { return PhotoPage(photos: [], number: 1, pageCount: 1, total: 0) }
            if let ids = index.ids {
                let range = index.range(ofPage: number, perPage: perPage)
                let slice = ids.slice(range)
                let cards = try await db.rows("""
                    \(CardColumns.columns), \(CardColumns.isFavorite)
                    FROM file f JOIN photo p ON p.id = f.photoId WHERE \(db.dialect.isIn("f.id"))
                    """, [userId, slice]).map { try CardColumns.card($0) }
                let byId = Dictionary(cards.map { ($0.fileId, $0) }, uniquingKeysWith: { a, _ in a })
                let photos = try await QueryRules.stacks(slice.compactMap { byId[$0] }, group, db, hiding)
                var page = PhotoPage(photos: photos, number: number, pageCount: pageCount, total: index.total)
                page.lookAlikes = index.lookAlikeRuns(in: range).map { QueryRules.runs($0, slice: slice, shown: photos) }
                return page
            }
            let start = index.starts[number - 1]
            let filter = GroupSQL.filter(group, db.dialect, hiding)
            let cmp = sort.descending ? "<=" : ">="
            let startValue = try GroupSQL.argument(start.value)
            let arguments: [any SQLArgument] = [userId] + filter.arguments + [startValue, start.id, perPage]
            let cards = try await db.rows("""
                \(CardColumns.columns), \(CardColumns.isFavorite) \(filter.sql) AND (\(GroupSQL.column(sort.field, group)), f.id) \(cmp) (?, ?)
                ORDER BY \(GroupSQL.order(sort, in: group)) LIMIT ?
                """, arguments).map { try CardColumns.card($0) }
            return PhotoPage(photos: try await QueryRules.stacks(cards, group, db, hiding), number: number, pageCount: pageCount, total: index.total)
        }
    }

    /// The file at `key` with its photo and curation (favorites as `viewer` sees them), or nil:
    /// one statement, tags, copies and companions included.
    public func photo(key: String, viewer: Viewer, sight: Sight) async throws -> PhotoDetail? {
        let userId = viewer.favoritesUserId
        let hiding = try await core.hiding(sight)
        let found = try await core.database.read { db in
            try await db.row(PhotoDetailColumns.sql(db.dialect), [userId, key]).map(PhotoDetailColumns.detail)
        }
        guard let found, !hiding.hides(photoId: found.photoId) else { return nil }
        return found
    }

    /// The previous and next photo of `group` under `sort`, and the photo's position in it.
    ///
    /// The position comes from the group's page index (cached per catalog version): where its id
    /// stands among the kept ids, or in a folder a binary search over page starts, then a count
    /// within one page, so a photo deep in a folder of 20,000 costs what one near its start does.
    public func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort, perPage: Int, sight: Sight) async throws -> PhotoNeighbors {
        let col = GroupSQL.column(sort.field, group)
        let (before, after) = sort.descending ? (">", "<") : ("<", ">")
        let hiding = try await core.hiding(sight)
        let filter = GroupSQL.filter(group, core.dialect, hiding)
        let key = (value: GroupSQL.sortValue(of: photo, sort.field), id: photo.card.fileId)
        let core = core
        let index = try await QueryRules.pageIndex(core, group: group, sort: sort, perPage: perPage, hiding: hiding)
        return try await core.database.read { db in
            // A group that keeps its ids knows the neighbours and the position outright.
            if let ids = index.ids, let at = ids.firstIndex(of: key.id) {
                let (previousId, nextId) = (at > 0 ? ids[at - 1] : nil, at + 1 < ids.count ? ids[at + 1] : nil)
                let wanted = [previousId, nextId].compactMap { $0 }
                var cards: [Int64: PhotoCard] = [:]
                if !wanted.isEmpty {
                    for row in try await db.rows("\(CardColumns.columns) FROM file f JOIN photo p ON p.id = f.photoId WHERE \(db.dialect.isIn("f.id"))",
                                                 [wanted]) {
                        let card = try CardColumns.card(row, readsFavorite: false)
                        cards[card.fileId] = card
                    }
                }
                return PhotoNeighbors(previous: previousId.flatMap { cards[$0] }, next: nextId.flatMap { cards[$0] },
                                      position: at + 1, total: index.total, page: index.page(holding: at))
            }
            let value = try GroupSQL.argument(key.value)
            let args: [any SQLArgument] = filter.arguments + [value, key.id]
            let cond = "\(filter.sql) AND (\(col), f.id)"
            let previous = try await db.row("""
                \(CardColumns.columns) \(cond) \(before) (?, ?) ORDER BY \(GroupSQL.order(sort, in: group, reversed: true)) LIMIT 1
                """, args).map { try CardColumns.card($0, readsFavorite: false) }
            let next = try await db.row("""
                \(CardColumns.columns) \(cond) \(after) (?, ?) ORDER BY \(GroupSQL.order(sort, in: group)) LIMIT 1
                """, args).map { try CardColumns.card($0, readsFavorite: false) }
            if let ids = index.ids {
                // A photo the group does not show (taken out of Favorites while its page was
                // open, say) stands where its order would put it.
                let place = try await QueryRules.place(of: key, among: ids, group, sort, db)
                return PhotoNeighbors(previous: previous, next: next, position: place + 1, total: index.total,
                                      page: index.page(holding: min(place, max(0, index.total - 1))))
            }
            // The last page starting at or before the photo (in the group's order)...
            var low = 0, high = index.starts.count - 1, page = 0
            while low <= high {
                let middle = (low + high) / 2
                let start = index.starts[middle]
                if GroupSQL.precedesOrEquals(start, key, descending: sort.descending) { page = middle; low = middle + 1 } else { high = middle - 1 }
            }
            // ...and how many of that page's rows come before it.
            var earlier = 0
            if let start = index.starts.indices.contains(page) ? index.starts[page] : nil {
                let (from, upTo) = sort.descending ? ("<=", ">") : (">=", "<")
                let startValue = try GroupSQL.argument(start.value)
                let countArgs: [any SQLArgument] = filter.arguments + [startValue, start.id, value, key.id]
                earlier = Int(try await db.int("""
                    SELECT COUNT(*) \(filter.sql) AND (\(col), f.id) \(from) (?, ?) AND (\(col), f.id) \(upTo) (?, ?)
                    """, countArgs) ?? 0)
            }
            return PhotoNeighbors(previous: previous, next: next, position: page * perPage + earlier + 1, total: index.total)
        }
    }

    /// A file holding the picture with this content hash, to render thumbnails from.
    public func fileForContent(sha256: String, sight: Sight) async throws -> (key: String, format: ImageFormat)? {
        if try await core.hiding(sight).hides(sha256: sha256) { return nil }
        let found = try await core.database.read { db in
            try await db.row("""
                SELECT f.key, p.format FROM photo p JOIN file f ON f.photoId = p.id WHERE p.sha256 = ? ORDER BY f.id LIMIT 1
                """, [sha256]).map { (try $0.string("key"), try $0.string("format")) }
        }
        return found.map { ($0.0, ImageFormat(rawValue: $0.1) ?? .jpeg) }
    }

    /// Files and distinct photos in the catalog.
    public func libraryCounts() async throws -> (files: Int, photos: Int) {
        let counts = try await core.database.read { db in
            try await db.row("SELECT COUNT(*) AS files, COUNT(DISTINCT photoId) AS photos FROM file")
                .map { (Int(try $0.int("files")), Int(try $0.int("photos"))) }
        }
        return counts ?? (0, 0)
    }

    /// Number of files in the catalog.
    public func fileCount() async throws -> Int {
        try await core.database.read { db in Int(try await db.int("SELECT COUNT(*) FROM file") ?? 0) }
    }

    /// The most recent scan problems: files that could not be read, with why.
    public func scanIssues(limit: Int) async throws -> [ScanIssue] {
        try await core.database.read { db in
            try await db.rows("SELECT key, reason FROM scanIssue ORDER BY seenAt DESC, key LIMIT ?", [limit])
                .map { ScanIssue(key: try $0.string("key"), reason: try $0.string("reason")) }
        }
    }

    /// Every tag in use, with how many visible photos carry it, by name without case.
    public func tagCounts(sight: Sight) async throws -> [TagCount] {
        // Read at the version before the query, so a change during it makes the next call recount.
        let database = core.database
        let hiding = try await core.hiding(sight)
        return try await core.tagCountsCache.cache(for: hiding).value(at: core.version, computing: {
            try await database.read { db in
                let seen = GroupSQL.leavingOut(hiding, "pt.photoId", from: ("WHERE EXISTS (SELECT 1 FROM file WHERE photoId = pt.photoId)", []))
                return try await db.rows("""
                    SELECT CAST(t.name AS TEXT) AS name, COUNT(DISTINCT pt.photoId) AS photoCount FROM tag t JOIN photoTag pt ON pt.tagId = t.id
                    \(seen.sql)
                    GROUP BY t.id ORDER BY t.name\(db.dialect.noCase)
                    """, seen.arguments).map { TagCount(name: try $0.string("name"), count: Int(try $0.int("photoCount"))) }
            }
        })
    }

    /// How many photos a group holds (for cards on the home page).
    public func count(_ group: PhotoGroup, sight: Sight) async throws -> Int {
        let filter = GroupSQL.filter(group, core.dialect, try await core.hiding(sight))
        return try await core.database.read { db in Int(try await db.int("SELECT COUNT(*) \(filter.sql)", filter.arguments) ?? 0) }
    }

    /// A cover for a group: its most recently taken photo (of several taken at once, the one
    /// filed last), in the group's own order of dates: a group that shows each photo once finds
    /// it down the photos' index of their listed files' dates, where the files' dates had the
    /// database sort the whole group (Top rated's cover at a million on PostgreSQL: 324 ms, now 3).
    public func cover(_ group: PhotoGroup, sight: Sight) async throws -> Picture? {
        let filter = GroupSQL.filter(group, core.dialect, try await core.hiding(sight))
        let newest = GroupSQL.order(PhotoSort(field: .taken, descending: true), in: group)
        return try await core.database.read { db in
            try await db.row("SELECT p.sha256, p.rotation \(filter.sql) ORDER BY \(newest) LIMIT 1", filter.arguments)
                .flatMap { try PictureColumns.picture($0, sha256: "sha256", rotation: "rotation") }
        }
    }

    /// Whether the file at `key` is shown in `group` (share links admit only their own photos),
    /// or belongs to one that is (a Live Photo's clip, a RAW: part of the shot the group shows).
    public func group(_ group: PhotoGroup, containsKey key: String, sight: Sight) async throws -> Bool {
        let filter = GroupSQL.filter(group, core.dialect, try await core.hiding(sight))
        return try await core.database.read { db in
            if try await db.int("SELECT EXISTS (SELECT 1 \(filter.sql) AND f.key = ?)", filter.arguments + [key]) == 1 { return true }
            return try await db.int("""
                SELECT EXISTS (SELECT 1 \(filter.sql) AND f.id = (SELECT c.pairedTo FROM file c WHERE c.key = ?))
                """, filter.arguments + [key]) == 1
        }
    }

    /// Whether a photo with these bytes is shown in `group` (for thumbnails and playable
    /// renditions, which are named by hash), or belongs to a file that is (of the first 20
    /// files with those bytes that belong to another).
    public func group(_ group: PhotoGroup, containsSha256 sha256: String, sight: Sight) async throws -> Bool {
        let filter = GroupSQL.filter(group, core.dialect, try await core.hiding(sight))
        return try await core.database.read { db in
            if try await db.int("SELECT EXISTS (SELECT 1 \(filter.sql) AND p.sha256 = ?)", filter.arguments + [sha256]) == 1 { return true }
            return try await db.int("""
                SELECT EXISTS (SELECT 1 \(filter.sql) AND f.id IN (
                  SELECT c.pairedTo FROM file c JOIN photo cp ON cp.id = c.photoId WHERE cp.sha256 = ? AND c.pairedTo IS NOT NULL LIMIT 20))
                """, filter.arguments + [sha256]) == 1
        }
    }

    /// The ids of every file `group` shows, in `sort`'s order.
    public func fileIds(in group: PhotoGroup, sort: PhotoSort, sight: Sight) async throws -> [Int64] {
        let filter = GroupSQL.filter(group, core.dialect, try await core.hiding(sight))
        return try await core.database.read { db in
            try await db.orderedIds("SELECT f.id \(filter.sql) ORDER BY \(GroupSQL.order(sort, in: group))", filter.arguments)
        }
    }

    /// The files with these ids, in the order asked; unknown ids are left out, and an id asked
    /// twice comes once.
    public func files(ids: [Int64], sight: Sight) async throws -> [FileRef] {
        guard !ids.isEmpty else { return [] }
        let hiding = try await core.hiding(sight)
        let found = try await core.database.read { db in
            var found: [Int64: FileRef] = [:]
            for row in try await db.rows("SELECT id, photoId, key, size FROM file WHERE \(db.dialect.isIn("id"))", [ids]) {
                let file = try FileRefColumns.fileRef(row)
                if !hiding.hides(photoId: file.photoId) { found[file.id] = file }
            }
            return found
        }
        var seen = Set<Int64>()
        return ids.compactMap { id in seen.insert(id).inserted ? found[id] : nil }
    }

    /// The same files, each followed by the files that belong to it (a Live Photo's clip, its
    /// RAW), by key.
    public func withCompanions(_ files: [FileRef], sight: Sight) async throws -> [FileRef] {
        guard !files.isEmpty else { return [] }
        let hiding = try await core.hiding(sight)
        let companions = try await core.database.read { db in
            var found: [Int64: [FileRef]] = [:]
            for row in try await db.rows("""
                SELECT id, photoId, key, size, pairedTo FROM file WHERE \(db.dialect.isIn("pairedTo")) ORDER BY key
                """, [files.map(\.id)]) {
                let file = try FileRefColumns.fileRef(row)
                if !hiding.hides(photoId: file.photoId) { found[try row.int("pairedTo"), default: []].append(file) }
            }
            return found
        }
        return files.flatMap { [$0] + (companions[$0.id] ?? []) }
    }

    /// Photos by the month their camera dated them (UTC, as stored), newest first, and how many
    /// have no such date. One pass over the photos (a photo counts when a file of it is listed,
    /// as in `.all`).
    public func timeline(sight: Sight) async throws -> (months: [TimelineMonth], undated: Int) {
        let hiding = try await core.hiding(sight)
        return try await core.database.read { db in
            var months: [TimelineMonth] = []
            var undated = 0
            let seen = GroupSQL.leavingOut(hiding, privateTo: "p.privateTo", from: ("FROM photo p WHERE p.listedFile IS NOT NULL", []))
            for row in try await db.rows("""
                SELECT \(db.dialect.yearMonth("p.takenAt")) AS yearMonth, COUNT(*) AS n
                \(seen.sql)
                GROUP BY 1 ORDER BY 1 DESC NULLS LAST
                """, seen.arguments) {
                let count = Int(try row.int("n"))
                if let yearMonth = try row.optionalInt("yearMonth").map({ Int($0) }) {
                    months.append(TimelineMonth(year: yearMonth / 100, month: yearMonth % 100, count: count))
                } else {
                    undated += count
                }
            }
            return (months, undated)
        }
    }

    /// Photos whose camera date falls on this month and day in an earlier year, newest first
    /// (of several taken at once, the one filed last). The dates are matched in the photo table
    /// first, so only those photos' files are read.
    public func onThisDay(month: Int, day: Int, before year: Int, limit: Int, sight: Sight) async throws -> [(card: PhotoCard, year: Int)] {
        let all = GroupSQL.filter(.all, core.dialect, try await core.hiding(sight))
        let monthDay = String(format: "%02d-%02d", month, day)
        let found = try await core.database.read { db in
            try await db.rows("""
                \(CardColumns.columns), \(db.dialect.year("p.takenAt")) AS year
                \(all.sql) AND p.id IN (SELECT id FROM photo WHERE takenAt IS NOT NULL AND \(db.dialect.monthDay("takenAt")) = ?
                                         AND \(db.dialect.year("takenAt")) < ?)
                ORDER BY p.takenAt DESC, f.id DESC LIMIT ?
                """, all.arguments + [monthDay, year, limit]).map { (try CardColumns.card($0, readsFavorite: false), Int(try $0.int("year"))) }
        }
        return found.map { (card: $0.0, year: $0.1) }
    }
}

enum QueryRules {
    /// `cards` of a group's page with how many shots of the group are stacked under each: one
    /// look down `file_stack` for the page's files, and where the group is not a whole folder,
    /// a count within the group of the few that head a burst. A filtered group counts the
    /// shots its filter keeps, as its burst's own page (`stack=`, the same filter) shows.
    static func stacks(_ cards: [PhotoCard], _ group: PhotoGroup, _ db: any SQLSession, _ hiding: Hiding) async throws -> [PhotoCard] {
        guard !cards.isEmpty else { return cards }
        var counts: [Int64: Int] = [:]
        for row in try await db.rows("SELECT stackOf, COUNT(*) AS n FROM file WHERE \(db.dialect.isIn("stackOf")) GROUP BY stackOf",
                                     [cards.map(\.fileId)]) {
            counts[try row.int("stackOf")] = Int(try row.int("n"))
        }
        if !counts.isEmpty, !(group.isPlainFolder && hiding.isEmpty) {
            // (`f.photoId = p.id` says again what the group's join says, so that the few shots
            // found down `file_stack` reach their photo rows by id.)
            let kept = GroupSQL.filter(group, db.dialect, hiding)
            let tops = Array(counts.keys)
            counts = [:]
            for row in try await db.rows("""
                SELECT f.stackOf, COUNT(*) AS n \(kept.sql) AND f.photoId = p.id AND \(db.dialect.isIn("f.stackOf")) GROUP BY f.stackOf
                """, kept.arguments + [tops]) {
                counts[try row.int("stackOf")] = Int(try row.int("n"))
            }
        }
        return cards.map { card in
            var card = card
            card.stacked = counts[card.fileId] ?? 0
            return card
        }
    }

    /// The page's runs of look-alikes (`PageIndexCache.Entry.lookAlikeRuns`, over the ids it
    /// asked for) as runs over the cards it shows: a card gone meanwhile leaves its run shorter.
    static func runs(_ runs: [(range: Range<Int>, count: Int, continued: Bool, continues: Bool)], slice: [Int64],
                     shown: [PhotoCard]) -> [LookAlikeRun] {
        var runOf: [Int64: Int] = [:]
        for (n, run) in runs.enumerated() {
            for id in slice[run.range] { runOf[id] = n }
        }
        var out: [LookAlikeRun] = []
        var last: Int?
        for (i, card) in shown.enumerated() {
            let n = runOf[card.fileId] ?? -1
            if n == last, !out.isEmpty {
                out[out.count - 1].range = out[out.count - 1].range.lowerBound..<(i + 1)
            } else {
                let run = runs.indices.contains(n) ? runs[n] : (range: 0..<1, count: 1, continued: false, continues: false)
                out.append(LookAlikeRun(range: i..<(i + 1), count: run.count, continued: run.continued, continues: run.continues))
            }
            last = n
        }
        return out
    }

    /// How many of a group's `ids` (in `sort`'s order) come before a photo it does not hold,
    /// found by halving them: each probe's sort value is read from its file, as the page index
    /// reads it (`reduceKeys`), so a search of a million costs twenty look-ups. An album's own
    /// order has no place for a photo outside it: such a photo stands first.
    static func place(of key: (value: DatabaseValue, id: Int64), among ids: OrderedIds, _ group: PhotoGroup, _ sort: PhotoSort,
                      _ db: any SQLSession) async throws -> Int {
        guard sort.field != .album else { return 0 }
        let probe = "SELECT \(GroupSQL.column(sort.field, group)), f.id FROM file f JOIN photo p ON p.id = f.photoId WHERE f.id = ?"
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            let value = try await db.reduceKeys(probe, [ids[middle]], text: sort.field == .name, into: DatabaseValue.null) { value, _, read in
                value = try read()
            }
            if GroupSQL.precedesOrEquals((value, ids[middle]), key, descending: sort.descending) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The group's page index under `sort` at the catalog's version, built when no request has
    /// built it yet: a plain folder's with one pass down its own index, keeping each page's first
    /// row; any other group's by reading its ids in order in one piece. Built in reads of its
    /// own, before the page's: a search reads its two lists at once.
    static func pageIndex(_ core: CatalogCore, group: PhotoGroup, sort: PhotoSort,
                          perPage: Int, hiding: Hiding) async throws -> PageIndexCache.Entry {
        let key = PageIndexCache.Key(group: group, sort: sort, perPage: perPage, version: core.version,
                                     likeness: core.likenessVersion(of: group), hiding: hiding)
        // The cache builds synchronously; a build that throws asks it for a kept entry only.
        if let kept = try? core.pageIndexCache.entry(for: key, build: { throw PageIndexMiss() }) { return kept }
        let built: PageIndexCache.Entry
        let database = core.database
        if GroupSQL.walksFolderIndex(group, sort) {
            // A folder's pages, in every sort, are keyset queries down its own index.
            let filter = GroupSQL.indexFilter(group, sort, database.dialect, hiding)
            let (starts, total) = try await database.read { db in
                try await db.pageStarts(value: GroupSQL.column(sort.field, group), id: GroupSQL.tie(group),
                                        filter.sql, descending: sort.descending, filter.arguments,
                                        text: sort.field == .name, perPage: perPage)
            }
            built = PageIndexCache.Entry(starts: starts, total: total)
        } else {
            // Other groups keep their ids, so each later page is a look-up of 60 ids. A search's
            // words are read as the set of files they match, and the rest of the group's ids,
            // in its order, are tested against it: the two are read at once, each in a read of
            // its own, on two cores (a name search of a million: each list about 0.2 s).
            let apart = GroupSQL.wordsApart(group, database.dialect)
            let filter = GroupSQL.indexFilter(apart?.rest ?? group, sort, database.dialect, hiding)
            async let matching = matched(apart?.matches, database)
            var ids = try await database.read { db in
                try await db.orderedIds("""
                    SELECT \(GroupSQL.tie(group)) AS fileId \(filter.sql) ORDER BY \(GroupSQL.order(sort, in: group))
                    """, filter.arguments)
            }
            if let matched = try await matching { ids.removeAll { !matched.contains($0) } }
            if case .similar(let within) = group.parts.base {
                let pairs = try await database.read { db in try await lookAlikePairs(within: within, db) }
                let (ordered, groups) = LookAlikes.clusters(ids, pairs: pairs)
                built = PageIndexCache.Entry(ids: OrderedIds(ordered), lookAlikeGroups: groups, perPage: perPage)
            } else {
                built = PageIndexCache.Entry(ids: OrderedIds(ids), perPage: perPage)
            }
        }
        return core.pageIndexCache.entry(for: key) { built }
    }
}

extension QueryRules {
    /// The files a search's words match, read in a read of its own; nil for no words.
    static func matched(_ words: (sql: String, argument: String)?, _ database: any SQLDatabase) async throws -> FileIdSet? {
        guard let words else { return nil }
        return try await database.read { db in
            FileIdSet(try await db.orderedIds("SELECT x.id FROM (\(words.sql)) AS x", [words.argument]))
        }
    }

    /// Every kept pair of listed look-alikes within `within` bits, as the files they are shown
    /// by (`photo.listedFile`), each pair once: what the Similar collection's groups are made of.
    /// Both ends of such a pair are in the collection (each one's nearest is that close), so
    /// the pairs of the collection are these; the page index keeps those among its ids.
    static func lookAlikePairs(within: Int, _ db: any SQLSession) async throws -> [(Int64, Int64)] {
        try await db.reduce("""
            SELECT p.listedFile AS a, o.listedFile AS b FROM similarPair sp
            JOIN photo p ON p.id = sp.photoId JOIN photo o ON o.id = sp.otherId
            WHERE sp.distance <= ? AND sp.photoId < sp.otherId AND p.listedFile IS NOT NULL AND o.listedFile IS NOT NULL
            """, [within], into: [(Int64, Int64)]()) { pairs, row in
            pairs.append((try row.int(0), try row.int(1)))
        }
    }
}

/// What `pageIndex` throws into the page index cache to find whether it keeps an entry.
private struct PageIndexMiss: Error {}
