/// The tables of the WebDAV door (migration `v37-devices`).
extension CatalogSchema {
    /// Device passwords by the hash of their secret; a member's inbox items by path (`parent`
    /// for a folder's listing); locks by token; and the device a photo came through.
    static func devicesTables(_ d: SQLDialect) -> String {
        table("device", ["id \(d.rowId)", "accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE",
                         "label \(d.caselessText) NOT NULL", "secretHash TEXT NOT NULL UNIQUE", "scope TEXT NOT NULL",
                         "createdAt \(d.integer) NOT NULL", "lastUsedAt \(d.integer)"], constraints: ["UNIQUE (accountId, label)"], d)
            + "\n"
            + table("inboxItem", ["accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE", "path \(d.orderedText) NOT NULL",
                                  "parent \(d.orderedText) NOT NULL", "isCollection \(d.integer) NOT NULL", "size \(d.integer) NOT NULL",
                                  "sha256 TEXT", "contentType TEXT", "createdAt \(d.integer) NOT NULL", "modifiedAt \(d.integer) NOT NULL",
                                  "libraryKey TEXT", "isBlob \(d.integer) NOT NULL DEFAULT 0",
                                  "deviceId \(d.integer) REFERENCES device(id) ON DELETE SET NULL", "properties TEXT"],
                    constraints: ["PRIMARY KEY (accountId, path)"], d, withoutRowId: true)
            + """

            CREATE INDEX inboxItem_parent ON inboxItem(accountId, parent);
            CREATE INDEX inboxItem_blob ON inboxItem(sha256) WHERE isBlob = 1;

            """
            + table("davLock", ["token TEXT PRIMARY KEY", "accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE",
                                "path \(d.orderedText) NOT NULL", "deep \(d.integer) NOT NULL", "exclusive \(d.integer) NOT NULL",
                                "owner TEXT NOT NULL", "timeout \(d.integer) NOT NULL", "expiresAt \(d.integer) NOT NULL"], d, withoutRowId: true)
            + """

            CREATE INDEX davLock_account ON davLock(accountId, expiresAt);
            ALTER TABLE photo ADD COLUMN addedWith TEXT;
            """
    }
}
