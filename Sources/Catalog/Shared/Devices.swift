import Foundation

/// Device passwords, in both catalogs.
extension DeviceStore where Self: SQLCatalog {
    @discardableResult
    public func addDevice(accountId: Int64, label: String, secretHash: String, scope: Device.Scope, now: Int64) async throws -> Device {
        let label = String(label.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Device.maxLabelLength))
        guard !label.isEmpty else { throw DeviceError.emptyLabel }
        let id = try await core.database.write { db -> Int64 in
            if try await db.exists("SELECT 1 FROM device WHERE accountId = ? AND label = \(db.dialect.caseless)", [accountId, label]) {
                throw DeviceError.labelTaken(label)
            }
            return try await db.insertedId("""
                INSERT INTO device (accountId, label, secretHash, scope, createdAt) VALUES (?, ?, ?, ?, ?) RETURNING id
                """, [accountId, label, secretHash, scope.rawValue, now])
        }
        return Device(id: id, accountId: accountId, label: label, scope: scope, createdAt: now, lastUsedAt: nil)
    }

    public func devices(accountId: Int64) async throws -> [Device] {
        try await core.database.read { db in
            try await db.rows("SELECT \(DeviceRows.columns("d")) FROM device d WHERE d.accountId = ? ORDER BY d.id DESC", [accountId])
                .map(DeviceRows.device)
        }
    }

    public func device(secretHash: String) async throws -> (device: Device, account: Account)? {
        try await core.database.read { db in
            guard let row = try await db.row("""
                SELECT \(DeviceRows.columns("d")), \(PeopleRows.accountColumns("a"))
                FROM device d JOIN account a ON a.id = d.accountId WHERE d.secretHash = ?
                """, [secretHash]) else { return nil }
            return (try DeviceRows.device(row), try PeopleRows.account(row))
        }
    }

    public func touchDevice(id: Int64, now: Int64) async throws {
        try await core.database.write { db in
            try await db.execute("UPDATE device SET lastUsedAt = ? WHERE id = ? AND (lastUsedAt IS NULL OR lastUsedAt <= ?)",
                                 [now, id, now - 60])
        }
    }

    @discardableResult
    public func revokeDevice(id: Int64, accountId: Int64) async throws -> Bool {
        try await core.database.write { db in
            try await db.changes("DELETE FROM device WHERE id = ? AND accountId = ?", [id, accountId]) == 1
        }
    }
}

/// How a device row reads.
enum DeviceRows {
    static func columns(_ table: String) -> String {
        "\(table).id AS deviceId, \(table).accountId AS deviceAccountId, CAST(\(table).label AS TEXT) AS deviceLabel, "
            + "\(table).scope AS deviceScope, \(table).createdAt AS deviceCreatedAt, \(table).lastUsedAt AS deviceLastUsedAt"
    }

    /// A row holding `columns` as a device; an unknown scope reads as the narrower one.
    static func device(_ row: SQLRow) throws -> Device {
        Device(id: try row.int("deviceId"), accountId: try row.int("deviceAccountId"), label: try row.string("deviceLabel"),
               scope: Device.Scope(rawValue: try row.string("deviceScope")) ?? .backup, createdAt: try row.int("deviceCreatedAt"),
               lastUsedAt: try row.optionalInt("deviceLastUsedAt"))
    }
}
