import Foundation

/// How people rows (accounts, and the sessions and share links that name an account) are
/// selected and read, in both dialects. Names are compared without case (`SQLDialect.noCase`)
/// and read as text.
enum PeopleRows {
    /// An account's columns from the table (or alias) `table`, without the password hash.
    static func accountColumns(_ table: String) -> String {
        "\(table).id, CAST(\(table).name AS TEXT) AS name, \(table).role, \(table).createdAt, \(table).viewLayout, \(table).language"
    }

    /// The account a row holding `accountColumns` describes (an unknown role reads as viewer).
    static func account(_ row: SQLRow) throws -> Account {
        Account(id: try row.int("id"), name: try row.string("name"), role: Role(rawValue: try row.string("role")) ?? .viewer,
                createdAt: try row.int("createdAt"), viewLayout: try row.optionalString("viewLayout"),
                language: try row.optionalString("language"))
    }

    /// A share link's columns with its owner's name, to be followed by a WHERE or ORDER clause
    /// (the link is `s`, its owner `a`).
    static let shareSelect = """
        SELECT s.id, s.tokenHash, s.accountId, CAST(a.name AS TEXT) AS ownerName, s.kind, s.value, s.filter, s.createdAt,
               s.expiresAt, s.passwordHash, s.uploadsLeft, s.endedAt, s.showsPlaces, s.nonce
        FROM shareLink s JOIN account a ON a.id = s.accountId
        """

    /// The link a row of `shareSelect` describes (an unknown kind reads as a search).
    static func share(_ row: SQLRow) throws -> ShareLink {
        ShareLink(id: try row.int("id"), tokenHash: try row.string("tokenHash"), accountId: try row.int("accountId"),
                  ownerName: try row.string("ownerName"), kind: ShareLink.Kind(rawValue: try row.string("kind")) ?? .search,
                  value: try row.string("value"), filter: try row.string("filter"), createdAt: try row.int("createdAt"),
                  expiresAt: try row.optionalInt("expiresAt"), passwordHash: try row.optionalString("passwordHash"),
                  uploadsLeft: Int(try row.int("uploadsLeft")), endedAt: try row.optionalInt("endedAt"),
                  showsPlaces: try row.bool("showsPlaces"), nonce: try row.optionalString("nonce"))
    }
}
