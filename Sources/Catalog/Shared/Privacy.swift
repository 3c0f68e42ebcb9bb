import Foundation

/// Private photos, folders and albums, in both catalogs (`PrivacyStore`).
extension PrivacyStore where Self: SQLCatalog {
    /// Read at the catalog's version exactly: a photo just made private is hidden from the next
    /// request on, never served from an older index.
    public func privateIndex() async throws -> PrivateIndex {
        try await core.privateIndex()
    }

    public func setPrivate(photoIds: [Int64], owner: Int64, _ isPrivate: Bool) async throws -> Int {
        guard !photoIds.isEmpty else { return 0 }
        let changed = try await core.database.write { db in
            // The photos, and the files of the same shot (a Live Photo's clip, a RAW beside its JPEG).
            let shot = """
                SELECT photoId FROM file WHERE pairedTo IN (SELECT id FROM file WHERE \(db.dialect.isIn("photoId")))
                UNION SELECT photoId FROM file WHERE id IN (SELECT pairedTo FROM file WHERE \(db.dialect.isIn("photoId")))
                """
            let chosen = "(\(db.dialect.isIn("id")) OR id IN (\(shot)))"
            if isPrivate {
                return try await db.changes("UPDATE photo SET privateTo = ? WHERE privateTo IS NULL AND \(chosen)", [owner, photoIds, photoIds, photoIds])
            }
            return try await PrivacyRules.giveBack(db, "privateTo = ? AND \(chosen)", [owner, photoIds, photoIds, photoIds])
        }
        if changed > 0 { core.changed() }
        return changed
    }

    public func setFolderPrivate(path: String, owner: Int64, _ isPrivate: Bool) async throws -> Int {
        guard !path.isEmpty else { throw PrivacyError.rootFolder }
        let now = Int64(Date().timeIntervalSince1970)
        let changed = try await core.database.write { db in
            guard try await db.exists("SELECT 1 FROM folder WHERE path = ?", [path]) else { throw PrivacyError.unknownFolder }
            let above = try await db.row("""
                SELECT pf.path, pf.ownerId FROM privateFolder pf WHERE pf.path <> ? AND \(CatalogSchema.holds("?")) ORDER BY length(pf.path) DESC LIMIT 1
                """, [path, path, path])
            let here = try await db.int("SELECT ownerId FROM privateFolder WHERE path = ?", [path])
            if let above {
                let aboveOwner = try above.int("ownerId")
                guard aboveOwner == owner else { throw PrivacyError.notYours("“\(path)”") }
                if !isPrivate { throw PrivacyError.insidePrivateFolder(try above.string("path")) }
            }
            if let here, here != owner { throw PrivacyError.notYours("“\(path)”") }
            // The folder's files: itself and below (`/` sorts just before `0`).
            let files = "SELECT photoId FROM file WHERE folder = ? OR (folder > ? AND folder < ?)"
            let range: [any SQLArgument] = [path, path + "/", path + "0"]
            if isPrivate {
                if here == nil {
                    try await db.execute("INSERT INTO privateFolder (path, ownerId, markedAt) VALUES (?, ?, ?)", [path, owner, now])
                }
                return try await db.changes("UPDATE photo SET privateTo = ? WHERE privateTo IS NULL AND id IN (\(files))", [owner] + range)
            }
            // Public again: the folder, any private folder of the owner's below it, and the owner's photos in it.
            try await db.execute("DELETE FROM privateFolder WHERE ownerId = ? AND (path = ? OR (path > ? AND path < ?))", [owner] + range)
            return try await PrivacyRules.giveBack(db, "privateTo = ? AND id IN (\(files))", [owner] + range)
        }
        core.changed()
        return changed
    }

    public func setAlbumPrivate(id: Int64, owner: Int64, _ isPrivate: Bool) async throws -> Int {
        let changed = try await core.database.write { db in
            guard let row = try await db.row("SELECT name, privateTo FROM album WHERE id = ?", [id]) else { throw PrivacyError.unknownAlbum }
            if let holder = try row.optionalInt("privateTo"), holder != owner { throw PrivacyError.notYours("“\(try row.string("name"))”") }
            let photos = "SELECT photoId FROM albumPhoto WHERE albumId = ?"
            if isPrivate {
                try await db.execute("UPDATE album SET privateTo = ? WHERE id = ?", [owner, id])
                return try await db.changes("UPDATE photo SET privateTo = ? WHERE privateTo IS NULL AND id IN (\(photos))", [owner, id])
            }
            try await db.execute("UPDATE album SET privateTo = NULL WHERE id = ?", [id])
            return try await PrivacyRules.giveBack(db, "privateTo = ? AND id IN (\(photos))", [owner, id])
        }
        core.changed()
        return changed
    }
}

extension CatalogCore {
    /// Who holds what privately, read at the catalog's version exactly: a photo just made private
    /// is hidden from the next request on, never served from an older index.
    func privateIndex() async throws -> PrivateIndex {
        let database = database
        return try await privateIndexCache.value(at: version) {
            try await database.read { db in
                var index = PrivateIndex()
                for row in try await db.rows("""
                    SELECT p.id, p.sha256, p.privateTo, f.folder, CASE WHEN f.id IS NOT NULL AND f.pairedTo IS NULL THEN 1 ELSE 0 END AS listed
                    FROM photo p LEFT JOIN file f ON f.photoId = p.id WHERE p.privateTo IS NOT NULL
                    """) {
                    let owner = try row.int("privateTo")
                    index.photos[try row.int("id")] = owner
                    index.hashes[try row.string("sha256")] = owner
                    if try row.int("listed") == 1, let folder = try row.optionalString("folder") { index.listedFiles.append((owner, folder)) }
                }
                for row in try await db.rows("SELECT path, ownerId FROM privateFolder") {
                    index.folders[try row.string("path")] = try row.int("ownerId")
                }
                for row in try await db.rows("SELECT id, privateTo FROM album WHERE privateTo IS NOT NULL") {
                    index.albums[try row.int("id")] = try row.int("privateTo")
                }
                return index.sealed()
            }
        }
    }

    /// What `sight` must not be shown, at the catalog's version.
    func hiding(_ sight: Sight) async throws -> Hiding {
        if sight == .everything { return .nothing }
        return Hiding(sight, try await privateIndex())
    }
}

enum FolderRules {
    /// Folder summaries as a viewer sees them: a folder private to someone else (or below one)
    /// is left out, and one holding photos hidden from the viewer counts without them, takes a
    /// cover they may see (or none), and names no dates (its range may be a hidden photo's), or is
    /// left out when nothing in it is left to see. The stored summaries stay everyone's.
    static func seen(_ all: [FolderSummary], _ hiding: Hiding, _ core: CatalogCore, _ db: any SQLSession) async throws -> [FolderSummary] {
        guard !hiding.isEmpty else { return all }
        var seen: [FolderSummary] = []
        for var folder in all where !hiding.hides(folder: folder.path) {
            let hidden = hiding.hiddenFiles(in: folder.path)
            guard hidden.total > 0 else {
                seen.append(folder)
                continue
            }
            folder.photoCount -= hidden.direct
            folder.totalCount -= hidden.total
            guard folder.totalCount > 0 else { continue }
            var subfolders = 0
            for row in try await db.rows("SELECT path, totalCount FROM folder WHERE parent = ?", [folder.path]) {
                let path = try row.string("path")
                if !hiding.hides(folder: path), Int(try row.int("totalCount")) - hiding.hiddenFiles(in: path).total > 0 { subfolders += 1 }
            }
            folder.folderCount = subfolders
            folder.earliestTaken = nil
            folder.latestTaken = nil
            if let cover = folder.cover, hiding.hides(sha256: cover.sha256) {
                folder.cover = try await visibleCover(folder.path, hiding, db)
            }
            seen.append(folder)
        }
        return seen
    }

    /// The most recently taken photo in or below `path` that `hiding` lets be seen.
    private static func visibleCover(_ path: String, _ hiding: Hiding, _ db: any SQLSession) async throws -> Picture? {
        let query: (sql: String, arguments: [any SQLArgument]) = path.isEmpty
            ? ("SELECT p.sha256, p.rotation FROM photo p WHERE p.listedFile IS NOT NULL", [])
            : ("""
               SELECT p.sha256, p.rotation FROM file f JOIN photo p ON p.id = f.photoId
               WHERE (f.folder = ? OR (f.folder > ? AND f.folder < ?)) AND f.pairedTo IS NULL
               """, [path, path + "/", path + "0"])
        let seen = GroupSQL.leavingOut(hiding, privateTo: "p.privateTo", from: query)
        let order = path.isEmpty ? "p.listedTaken DESC, p.listedFile DESC" : "f.sortTaken DESC, f.id DESC"
        return try await db.row("\(seen.sql) ORDER BY \(order) LIMIT 1", seen.arguments)
            .flatMap { try PictureColumns.picture($0, sha256: "sha256", rotation: "rotation") }
    }
}

enum PrivacyRules {
    /// Gives the photos `condition` names back to the household, but for those still in a private
    /// folder or album of someone's (another's, or another of the owner's), which take that one's
    /// privacy as a photo arriving there would; says how many became the household's.
    static func giveBack(_ db: any SQLSession, _ condition: String, _ arguments: [any SQLArgument]) async throws -> Int {
        let ids = try await db.ints("SELECT id FROM photo WHERE \(condition)", arguments)
        guard !ids.isEmpty else { return 0 }
        try await db.execute("UPDATE photo SET privateTo = NULL WHERE \(db.dialect.isIn("id"))", [ids])
        let kept = try await db.changes("""
            UPDATE photo SET privateTo = COALESCE(
              (SELECT pf.ownerId FROM file f JOIN privateFolder pf ON \(CatalogSchema.holds("f.folder")) WHERE f.photoId = photo.id
               ORDER BY length(pf.path) DESC LIMIT 1),
              (SELECT a.privateTo FROM albumPhoto ap JOIN album a ON a.id = ap.albumId WHERE ap.photoId = photo.id AND a.privateTo IS NOT NULL
               ORDER BY a.id LIMIT 1))
            WHERE \(db.dialect.isIn("id")) AND (
              EXISTS (SELECT 1 FROM file f JOIN privateFolder pf ON \(CatalogSchema.holds("f.folder")) WHERE f.photoId = photo.id)
              OR EXISTS (SELECT 1 FROM albumPhoto ap JOIN album a ON a.id = ap.albumId WHERE ap.photoId = photo.id AND a.privateTo IS NOT NULL))
            """, [ids])
        return ids.count - kept
    }
}
