import GRDB

/// An `account` row, read by column name; the password hash is read when selected.
struct AccountRecord: FetchableRecord {
    var account: Account
    var passwordHash: String?

    /// The account's columns, without the password hash.
    static let columns = "id, name, role, createdAt, viewLayout"

    init(row: Row) {
        account = Account(id: row["id"], name: row["name"], role: Role(rawValue: row["role"]) ?? .viewer, createdAt: row["createdAt"],
                          viewLayout: row["viewLayout"])
        passwordHash = row["passwordHash"]
    }
}
