import GRDB

/// A `session` row as written at sign-in; GRDB encodes it by property name, so the names are the columns.
struct SessionRecord: PersistableRecord, Encodable {
    static let databaseTableName = "session"

    var tokenHash: String
    var accountId: Int64
    var createdAt, expiresAt, lastSeenAt: Int64
}
