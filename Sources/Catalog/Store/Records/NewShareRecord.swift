import GRDB

/// A `shareLink` row as written: of the token only its hash. GRDB encodes it by property name, so the
/// names are the columns (a nil `expiresAt` is written as NULL, `kind` as its raw value).
struct NewShareRecord: PersistableRecord, Encodable {
    static let databaseTableName = "shareLink"

    var tokenHash: String
    var accountId: Int64
    var kind: ShareLink.Kind
    var value, filter: String
    var createdAt: Int64
    var expiresAt: Int64?
}

extension ShareLink.Kind: Encodable {}
