import Foundation

/// Members' WebDAV inboxes and their locks, in both catalogs.
extension InboxStore where Self: SQLCatalog {
    public func inboxItem(accountId: Int64, path: String) async throws -> InboxItem? {
        try await core.database.read { db in
            try await db.row(InboxRows.select + " WHERE accountId = ? AND path = ?", [accountId, path]).map(InboxRows.item)
        }
    }

    public func inboxChildren(accountId: Int64, of parent: String) async throws -> [InboxItem] {
        try await core.database.read { db in
            try await db.rows(InboxRows.select + " WHERE accountId = ? AND parent = ? ORDER BY path", [accountId, parent]).map(InboxRows.item)
        }
    }

    public func inboxTree(accountId: Int64, at path: String) async throws -> [InboxItem] {
        try await core.database.read { db in try await InboxRows.tree(db, accountId: accountId, at: path) }
    }

    @discardableResult
    public func putInboxItem(_ item: InboxItem) async throws -> Bool {
        try await putInboxItems([item])[0]
    }

    @discardableResult
    public func putInboxItems(_ items: [InboxItem]) async throws -> [Bool] {
        try await core.database.writeBriefly { db in
            var created: [Bool] = []
            for item in items {
                let existed = try await db.changes("DELETE FROM inboxItem WHERE accountId = ? AND path = ?", [item.accountId, item.path]) > 0
                try await InboxRows.insert(db, item)
                created.append(!existed)
            }
            return created
        }
    }

    @discardableResult
    public func deleteInboxTree(accountId: Int64, at path: String) async throws -> [InboxItem] {
        try await core.database.write { db in
            try await InboxRows.removeTree(db, accountId: accountId, at: path)
        }
    }

    public func moveInboxTree(accountId: Int64, from: String, to: String, now: Int64) async throws {
        try await core.database.write { db in
            for var item in try await InboxRows.removeTree(db, accountId: accountId, at: from) {
                item.path = InboxPath.moved(item.path, from: from, to: to)
                try await InboxRows.insert(db, item)
            }
        }
    }

    public func inboxUsage(accountId: Int64) async throws -> Int64 {
        try await core.database.read { db in
            try await db.int("SELECT COALESCE(SUM(size), 0) FROM inboxItem WHERE accountId = ?", [accountId]) ?? 0
        }
    }

    public func inboxBlobInUse(sha256: String) async throws -> Bool {
        try await core.database.read { db in
            try await db.exists("SELECT 1 FROM inboxItem WHERE sha256 = ? AND isBlob = 1", [sha256])
        }
    }

    public func inboxSiblings(accountId: Int64, in parent: String, stem: String) async throws -> [InboxItem] {
        let prefix = (parent.isEmpty ? "" : parent + "/") + stem + "."
        return try await core.database.read { db in
            // A range on the path rather than LIKE, whose wildcards a name may hold.
            try await db.rows(InboxRows.select + " WHERE accountId = ? AND parent = ? AND path >= ? AND path < ? ORDER BY path",
                              [accountId, parent, prefix, prefix + "\u{10FFFF}"]).map(InboxRows.item)
        }
    }

    public func davLocks(accountId: Int64, touching path: String, now: Int64) async throws -> [DavLock] {
        try await core.database.read { db in
            try await InboxRows.locks(db, accountId: accountId, now: now).filter { $0.covers(path) || InboxPath.isWithin($0.path, path) }
        }
    }

    public func davLock(token: String, now: Int64) async throws -> DavLock? {
        try await core.database.read { db in
            try await db.row(InboxRows.lockSelect + " WHERE token = ? AND expiresAt > ?", [token, now]).map(InboxRows.lock)
        }
    }

    public func addDavLock(_ lock: DavLock, now: Int64) async throws -> Bool {
        try await core.database.write { db in
            // Every lock of the account read with its rows locked where other writers could reach
            // them, so two instances granting at once cannot both grant an exclusive lock.
            let live = try await db.rows(InboxRows.lockSelect + " WHERE accountId = ? AND expiresAt > ?" + db.dialect.forUpdate,
                                         [lock.accountId, now]).map(InboxRows.lock)
            let conflicts = live.contains { other in
                (other.covers(lock.path) || (lock.deep && InboxPath.isWithin(other.path, lock.path)) || other.path == lock.path)
                    && (other.exclusive || lock.exclusive)
            }
            guard !conflicts else { return false }
            try await db.execute("DELETE FROM davLock WHERE expiresAt <= ?", [now])
            try await db.execute("""
                INSERT INTO davLock (token, accountId, path, deep, exclusive, owner, timeout, expiresAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [lock.token, lock.accountId, lock.path, lock.deep ? 1 : 0, lock.exclusive ? 1 : 0, lock.owner, lock.timeout, lock.expiresAt])
            return true
        }
    }

    public func refreshDavLock(token: String, timeout: Int64, expiresAt: Int64) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE davLock SET timeout = ?, expiresAt = ? WHERE token = ?", [timeout, expiresAt, token])
        }
    }

    @discardableResult
    public func removeDavLock(token: String) async throws -> Bool {
        try await core.database.write { db in try await db.changes("DELETE FROM davLock WHERE token = ?", [token]) > 0 }
    }
}

/// How inbox and lock rows are written and read.
enum InboxRows {
    static let select = """
        SELECT accountId, path, isCollection, size, sha256, contentType, createdAt, modifiedAt, libraryKey, isBlob, deviceId, properties
        FROM inboxItem
        """
    static let lockSelect = "SELECT token, accountId, path, deep, exclusive, owner, timeout, expiresAt FROM davLock"

    /// The bounds of the paths strictly inside `path` ("" holds every path).
    static func inside(_ path: String) -> (String, String) {
        path.isEmpty ? ("", "\u{10FFFF}") : (path + "/", path + "0")  // "0" follows "/"
    }

    static func tree(_ db: any SQLSession, accountId: Int64, at path: String) async throws -> [InboxItem] {
        let (low, high) = inside(path)
        return try await db.rows(select + " WHERE accountId = ? AND (path = ? OR (path > ? AND path < ?)) ORDER BY path",
                                 [accountId, path, low, high]).map(item)
    }

    /// Removes the item at `path`, everything inside it and the locks on them; returns the items.
    static func removeTree(_ db: any SQLSession, accountId: Int64, at path: String) async throws -> [InboxItem] {
        let items = try await tree(db, accountId: accountId, at: path)
        let (low, high) = inside(path)
        for table in ["inboxItem", "davLock"] {
            try await db.execute("DELETE FROM \(table) WHERE accountId = ? AND (path = ? OR (path > ? AND path < ?))", [accountId, path, low, high])
        }
        return items
    }

    static func locks(_ db: any SQLSession, accountId: Int64, now: Int64) async throws -> [DavLock] {
        try await db.rows(lockSelect + " WHERE accountId = ? AND expiresAt > ?", [accountId, now]).map(lock)
    }

    static func insert(_ db: any SQLSession, _ item: InboxItem) async throws {
        let properties = item.properties.isEmpty ? nil : String(decoding: try JSONEncoder().encode(item.properties), as: UTF8.self)
        try await db.execute("""
            INSERT INTO inboxItem (accountId, path, parent, isCollection, size, sha256, contentType, createdAt, modifiedAt, libraryKey,
                                   isBlob, deviceId, properties)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [item.accountId, item.path, item.parent, item.isCollection ? 1 : 0, item.size, item.sha256, item.contentType,
                  item.createdAt, item.modifiedAt, item.libraryKey, item.isBlob ? 1 : 0, item.deviceId, properties])
    }

    static func item(_ row: SQLRow) throws -> InboxItem {
        let properties = try row.optionalString("properties").flatMap { try? JSONDecoder().decode([DeadProperty].self, from: Data($0.utf8)) }
        return InboxItem(accountId: try row.int("accountId"), path: try row.string("path"), isCollection: try row.bool("isCollection"),
                         size: try row.int("size"), sha256: try row.optionalString("sha256"), contentType: try row.optionalString("contentType"),
                         createdAt: try row.int("createdAt"), modifiedAt: try row.int("modifiedAt"),
                         libraryKey: try row.optionalString("libraryKey"), isBlob: try row.bool("isBlob"),
                         deviceId: try row.optionalInt("deviceId"), properties: properties ?? [])
    }

    static func lock(_ row: SQLRow) throws -> DavLock {
        DavLock(token: try row.string("token"), accountId: try row.int("accountId"), path: try row.string("path"), deep: try row.bool("deep"),
                exclusive: try row.bool("exclusive"), owner: try row.string("owner"), timeout: try row.int("timeout"),
                expiresAt: try row.int("expiresAt"))
    }
}
