import GRDB

/// A `shareLink` row as written: of the token only its hash.
struct NewShareRecord: PersistableRecord {
    static let databaseTableName = "shareLink"

    var tokenHash: String
    var accountId: Int64
    var kind: ShareLink.Kind
    var value: String
    var filter: String
    var createdAt: Int64
    var expiresAt: Int64?

    func encode(to container: inout PersistenceContainer) {
        container["tokenHash"] = tokenHash
        container["accountId"] = accountId
        container["kind"] = kind.rawValue
        container["value"] = value
        container["filter"] = filter
        container["createdAt"] = createdAt
        container["expiresAt"] = expiresAt
    }
}
