import Foundation
import GRDB

/// The SQL of groups, filters and sorts, in both catalogs, so both show the same photos in the
/// same order. The model types (`PhotoGroup`, `SearchFilter`, `PhotoSort`) carry no SQL of their own.
enum GroupSQL {
    /// The FROM/WHERE part over `file f JOIN photo p`, with its arguments. Virtual groups show
    /// each photo once, by its first listed file (`photo.listedFile`, kept by triggers), except
    /// duplicates, which show every copy. No group lists a file paired to another (a Live Photo's
    /// clip, a RAW beside its JPEG): it shows as part of that one.
    ///
    /// What `hiding` hides (photos private to someone else) is left out of every group; this and
    /// `indexFilter` are the only ways the catalog reads a group.
    static func filter(_ group: PhotoGroup, _ dialect: SQLDialect, _ hiding: Hiding) -> (sql: String, arguments: [any SQLArgument]) {
        lookingAlikeInSight(group, hiding, leavingOut(hiding, privateTo: "p.privateTo", from: rows(group, dialect)))
    }

    /// The Similar collection for a viewer from whom some photos are hidden: a photo is in it
    /// only when a look-alike close enough is one the viewer sees too. `photo.nearest` is kept
    /// over every listed photo, so alone it would show a photo whose only look-alike is another
    /// person's private one (and so say that one exists).
    static func lookingAlikeInSight(_ group: PhotoGroup, _ hiding: Hiding, _ query: (sql: String, arguments: [any SQLArgument]))
        -> (sql: String, arguments: [any SQLArgument]) {
        guard case .similar(let within) = group.parts.base, let visibleOwner = hiding.visibleOwner else { return query }
        return (query.sql + """
             AND EXISTS (SELECT 1 FROM similarPair sp JOIN photo o ON o.id = sp.otherId
                         WHERE sp.photoId = p.id AND sp.distance <= ? AND o.listedFile IS NOT NULL
                           AND (o.privateTo IS NULL OR o.privateTo = ?))
            """, query.arguments + [within, visibleOwner])
    }

    /// `query` (a FROM/WHERE part) without the photos `hiding` hides, read from the `privateTo`
    /// of a photo row it reads (for queries that stop after a page, or read the rows anyway).
    static func leavingOut(_ hiding: Hiding, privateTo: String, from query: (sql: String, arguments: [any SQLArgument]))
        -> (sql: String, arguments: [any SQLArgument]) {
        guard let hidden = hiding.rowCondition(privateTo) else { return query }
        return (query.sql + " AND " + hidden.sql, query.arguments + hidden.arguments)
    }

    /// `query` without the photos `hiding` hides, named by `photoId`, against the set of hidden
    /// ones (for passes down an index that does not hold the photo's row).
    static func leavingOut(_ hiding: Hiding, _ photoId: String, from query: (sql: String, arguments: [any SQLArgument]))
        -> (sql: String, arguments: [any SQLArgument]) {
        guard let hidden = hiding.photoCondition(photoId) else { return query }
        return (query.sql + " AND " + hidden.sql, query.arguments + hidden.arguments)
    }

    /// The group's rows, private photos included.
    private static func rows(_ group: PhotoGroup, _ dialect: SQLDialect) -> (sql: String, arguments: [any SQLArgument]) {
        let files = "FROM file f JOIN photo p ON p.id = f.photoId"
        switch group {
        case .folder(let path):
            return ("\(files) WHERE f.folder = ? AND f.pairedTo IS NULL", [path])
        case .duplicates:
            // The photo keeps how many listed files it has (`photo.listedCount`, kept by triggers);
            // asked as a list, the few such photos are found down their own index (`photo_copies`).
            return ("\(files) WHERE f.pairedTo IS NULL AND f.photoId IN (SELECT id FROM photo WHERE listedCount > 1)", [])
        case .favorites, .topRated, .tag, .recent, .all, .album, .similar, .filtered:
            if let photos = photoFilter(group, dialect, withFile: true) { return photos }
            // A filtered folder or duplicates group: the conditions over its files.
            let (base, search) = group.parts
            var (sql, arguments) = rows(base, dialect)
            for condition in conditions(search, dialect, fileId: "f.id") {
                sql += " AND " + condition.sql
                arguments += condition.arguments
            }
            return (sql, arguments)
        }
    }

    /// A group that shows each photo once, read from the photo (`withFile`: joined to the file it
    /// is shown by, as `f`), with its arguments; nil for folders and duplicates, and without
    /// `withFile` for a filter that asks about the file itself (its size, its companions).
    private static func photoFilter(_ group: PhotoGroup, _ dialect: SQLDialect, withFile: Bool) -> (sql: String, arguments: [any SQLArgument])? {
        var joins = "", conditions = ["p.listedFile IS NOT NULL"], arguments: [any SQLArgument] = []
        switch group.parts.base {
        case .folder, .duplicates, .filtered: return nil
        case .favorites(let viewer): (joins, arguments) = (" JOIN favorite fav ON fav.photoId = p.id AND fav.userId = ?", [viewer.favoritesUserId])
        case .topRated: conditions.append("p.rating >= 4")
        case .tag(let name): (joins, arguments) = (" JOIN photoTag pt ON pt.photoId = p.id JOIN tag t ON t.id = pt.tagId AND t.name = \(dialect.caseless)", [name])
        case .recent, .all: break
        case .album(let id): (joins, arguments) = (" JOIN albumPhoto ap ON ap.photoId = p.id AND ap.albumId = ?", [id])
        case .similar(let within):
            // The photo keeps its nearest listed look-alike (`photo.nearest`, down its own index).
            conditions.append("p.nearest <= ?")
            arguments = [within]
        }
        for condition in GroupSQL.conditions(group.parts.filter, dialect, fileId: "p.listedFile") {
            guard withFile || !condition.readsFile else { return nil }
            conditions.append(condition.sql)
            arguments += condition.arguments
        }
        let file = withFile ? " JOIN file f ON f.id = p.listedFile" : ""
        return ("FROM photo p\(file)\(joins) WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// Whether `group`'s pages under `sort` are keyset queries down a folder's own index: a plain
    /// folder in any sort (the file keeps every sort key). Every other group keeps its ids.
    static func walksFolderIndex(_ group: PhotoGroup, _ sort: PhotoSort) -> Bool {
        group.isPlainFolder && sort.field != .album
    }

    /// The column `field` sorts `group` by. Folders and duplicates list files, and read a photo's
    /// stars and first appearance from the file, which keeps them (`file.sortStars`,
    /// `file.sortAdded`) for the folder's indexes. Groups that show each photo once read them
    /// from the photo, and its date from the photo too (`photo.listedTaken`, the date of the file
    /// it is shown by), so their indexes order them.
    static func column(_ field: PhotoSort.Field, _ group: PhotoGroup) -> String {
        switch (field, showsEachPhotoOnce(group)) {
        case (.stars, false): "f.sortStars"
        case (.added, false): "f.sortAdded"
        case (.taken, true): "p.listedTaken"
        default: field.column
        }
    }

    /// The rows a page index reads for `group` under `sort`: as `filter`, but a group that walks a
    /// folder's index reads that index alone, without the photo rows (a fifth of the time for a
    /// folder of 200,000), and a group that shows each photo once, sorted by a column of the
    /// photo's, reads the photo's rows alone (Recently added and the search by date: an index).
    static func indexFilter(_ group: PhotoGroup, _ sort: PhotoSort, _ dialect: SQLDialect, _ hiding: Hiding) -> (sql: String, arguments: [any SQLArgument]) {
        if walksFolderIndex(group, sort), case .folder(let path) = group {
            let folder: (sql: String, arguments: [any SQLArgument]) = ("FROM file f WHERE f.folder = ? AND f.pairedTo IS NULL", [path])
            guard let hidden = hiding.fileCondition("f.id") else { return folder }
            return (folder.sql + " AND " + hidden.sql, folder.arguments + hidden.arguments)
        }
        if ![.name, .size].contains(sort.field), let photos = photoFilter(group, dialect, withFile: false) {
            return lookingAlikeInSight(group, hiding, leavingOut(hiding, "p.id", from: photos))
        }
        return lookingAlikeInSight(group, hiding, leavingOut(hiding, "f.photoId", from: rows(group, dialect)))
    }

    /// A filtered group's words apart from its other conditions: the group without them, and the
    /// query of the ids of the files they match (`SQLDialect.matches`); nil for a group without
    /// words. A page index reads the matches once into a set and walks the rest in its order,
    /// testing each row's file against the set: the database would build the same set as an
    /// index of its own and look each row up in it (a search matching 646,687 of a million
    /// files: 0.41 s of SQL, against 0.04 s to read the matches and 0.05 s to walk the photos).
    static func wordsApart(_ group: PhotoGroup, _ dialect: SQLDialect) -> (rest: PhotoGroup, matches: (sql: String, argument: String))? {
        guard case .filtered(let base, var filter) = group, let text = filter.text, let matches = dialect.matches(text) else { return nil }
        filter.text = nil
        return (filter.isEmpty ? base : .filtered(base, filter), matches)
    }

    /// SQL conditions over `file f JOIN photo p`, each parameterised, and whether it reads the
    /// file's row; `fileId` names the id of the file a photo is shown by.
    static func conditions(_ filter: SearchFilter, _ dialect: SQLDialect, fileId: String)
        -> [(sql: String, arguments: [any SQLArgument], readsFile: Bool)] {
        var out: [(String, [any SQLArgument], Bool)] = []
        if let text = filter.text, let match = dialect.matching(text, fileId: fileId) {
            out.append((match.condition, [match.argument], false))
        }
        if let tag = filter.tag {
            out.append(("EXISTS (SELECT 1 FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = p.id AND t.name = \(dialect.caseless))",
                        [tag], false))
        }
        if let viewer = filter.favoritesOf {
            out.append(("EXISTS (SELECT 1 FROM favorite WHERE photoId = p.id AND userId = ?)", [viewer.favoritesUserId], false))
        }
        if let minRating = filter.minRating { out.append(("p.rating >= ?", [minRating], false)) }
        if let takenFrom = filter.takenFrom { out.append(("p.takenAt >= ?", [takenFrom], false)) }
        if let takenTo = filter.takenTo { out.append(("p.takenAt < ?", [takenTo], false)) }
        if let minSize = filter.minSize { out.append(("f.size >= ?", [minSize], true)) }
        if let maxSize = filter.maxSize { out.append(("f.size <= ?", [maxSize], true)) }
        switch filter.orientation {
        case .portrait: out.append(("p.height > p.width", [], false))
        case .landscape: out.append(("p.width > p.height", [], false))
        case .square: out.append(("p.width = p.height", [], false))
        case nil: break
        }
        if let kind = filter.kind { out.append((condition(kind), [], kind == .live || kind == .raw)) }
        switch filter.place {
        case .country(let country): out.append(("p.placeCountry = ? AND p.placeId > 0", [country], false))
        case .region(let country, let region): out.append(("p.placeCountry = ? AND p.placeRegion = ? AND p.placeId > 0", [country, region], false))
        // (`placeId > 0` said, so that the partial index of named places may serve it.)
        case .place(let id): out.append(("p.placeId = ? AND p.placeId > 0", [id], false))
        case nil: break
        }
        if let located = filter.located { out.append((located ? "p.latitude IS NOT NULL" : "p.latitude IS NULL", [], false)) }
        if let name = filter.addedBy { out.append(("p.addedBy = (SELECT id FROM account WHERE name = \(dialect.caseless))", [name], false)) }
        if let viewer = filter.privateOf {
            let account: Int64 = if case .account(let id) = viewer { id } else { -2 }
            out.append(("p.privateTo = ?", [account], false))
        }
        if let stack = filter.stack { out.append(("(\(fileId) = ? OR \(fileId) IN (SELECT id FROM file WHERE stackOf = ?))", [stack, stack], true)) }
        return out
    }

    /// What an item of `kind` is, as a condition over `file f JOIN photo p`.
    static func condition(_ kind: SearchFilter.Kind) -> String {
        switch kind {
        case .photo: "p.kind = 'photo'"
        case .video: "p.kind = 'video'"
        case .live: "(f.companions & \(FilePairs.Companions.live.rawValue) != 0 OR p.motionLength IS NOT NULL)"
        case .raw: "(f.companions & \(FilePairs.Companions.raw.rawValue) != 0 OR p.format IN (\(FilePairs.rawFormatList)))"
        }
    }

    /// The file id as `group`'s rows name it for ordering: a group that shows each photo once
    /// shows it by its first listed file, `p.listedFile`, which an index on the photo's own
    /// columns can then order (Recently added walks `photo_listed_added`); folders and duplicates say `f.id`.
    static func tie(_ group: PhotoGroup) -> String {
        showsEachPhotoOnce(group) ? "p.listedFile" : "f.id"
    }

    /// Whether `group` shows each photo once, by its first listed file; folders and duplicates
    /// list files.
    static func showsEachPhotoOnce(_ group: PhotoGroup) -> Bool {
        switch group.parts.base {
        case .folder, .duplicates: false
        case .favorites, .topRated, .tag, .recent, .all, .album, .similar, .filtered: true
        }
    }

    /// `sort`'s ORDER BY terms in `group`: its column, ties broken by file id (`tie`) in the same direction, or
    /// both reversed (`reversed`, to walk back from a photo).
    ///
    /// Where NULLs would go needs no clause: every sort column (`PhotoSort.Field.column`) is NOT
    /// NULL in both catalogs, so no NULL is ever placed, and the file table's indexes on
    /// (folder, column, id), ascending, serve a folder's pages in either direction.
    static func order(_ sort: PhotoSort, in group: PhotoGroup, reversed: Bool = false) -> String {
        order(value: column(sort.field, group), id: tie(group), descending: sort.descending != reversed)
    }

    /// ORDER BY `value`, ties broken by `id`, both in one direction (`SQLSession.pageStarts`).
    static func order(value: String, id: String, descending: Bool) -> String {
        let direction = descending ? "DESC" : "ASC"
        return "\(value) \(direction), \(id) \(direction)"
    }

    /// The value `photo` sorts by under `field`, as the page index keeps it.
    static func sortValue(of photo: PhotoDetail, _ field: PhotoSort.Field) -> DatabaseValue {
        switch field {
        case .taken: return photo.sortTaken.databaseValue
        case .name: return photo.sortName.databaseValue
        case .size: return photo.fileSize.databaseValue
        case .stars: return photo.rating.databaseValue
        case .added: return photo.addedAt.databaseValue
        // Albums keep every id in their page index (`AlbumStore.maxPhotos`), so neighbours never need it.
        case .album: return .null
        }
    }

    /// A sort value (as the page index and `sortValue(of:_:)` keep it) as an argument.
    static func argument(_ value: DatabaseValue) throws -> any SQLArgument {
        switch value.storage {
        case .null: return Int64?.none
        case .int64(let number): return number
        case .double(let number): return number
        case .string(let text): return text
        case .blob: throw SQLCatalogError(description: "a sort value is never a blob")
        }
    }

    /// Whether page start `a` comes at or before `b` in the group's order (numbers by value, text
    /// byte by byte), ties broken by file id.
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
}
