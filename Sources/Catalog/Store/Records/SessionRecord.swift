import GRDB

/// A `session` row as written at sign-in.
struct SessionRecord: PersistableRecord {
    static let databaseTableName = "session"

    var tokenHash: String
    var accountId: Int64
    var createdAt: Int64
    var expiresAt: Int64
    var lastSeenAt: Int64

    func encode(to container: inout PersistenceContainer) {
        container["tokenHash"] = tokenHash
        container["accountId"] = accountId
        container["createdAt"] = createdAt
        container["expiresAt"] = expiresAt
        container["lastSeenAt"] = lastSeenAt
    }
}
