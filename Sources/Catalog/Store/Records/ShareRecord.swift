import GRDB

/// A `shareLink` row with its owner's name, read by column name.
struct ShareRecord: FetchableRecord {
    var link: ShareLink

    /// The link's columns and the join to its owner, to be followed by a WHERE or ORDER clause.
    static let select = """
        SELECT s.id, s.tokenHash, s.accountId, a.name AS ownerName, s.kind, s.value, s.filter, s.createdAt, s.expiresAt, s.passwordHash, s.uploadsLeft, s.endedAt
        FROM shareLink s JOIN account a ON a.id = s.accountId
        """

    init(row: Row) {
        link = ShareLink(id: row["id"], tokenHash: row["tokenHash"], accountId: row["accountId"], ownerName: row["ownerName"],
                         kind: ShareLink.Kind(rawValue: row["kind"]) ?? .search, value: row["value"], filter: row["filter"],
                         createdAt: row["createdAt"], expiresAt: row["expiresAt"], passwordHash: row["passwordHash"],
                         uploadsLeft: row["uploadsLeft"], endedAt: row["endedAt"])
    }
}
