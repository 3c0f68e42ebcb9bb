import Foundation

/// Where photos were taken, in both catalogs: positions handed out to be named and the names
/// written back, a batch in one write; places counted from their index.
extension PlaceStore where Self: SQLCatalog {
    public func placeFingerprint() async throws -> Int64? {
        try await core.database.read { db in try await db.int("SELECT fingerprint FROM placeNaming") }
    }

    public func renamePlaces(fingerprint: Int64) async throws {
        let named = try await core.database.write { db in
            // (A catalog's first start names nothing yet: no page is made stale for it.)
            let named = try await db.int("SELECT EXISTS (SELECT 1 FROM photo WHERE placeId IS NOT NULL)") == 1
            if named { try await db.execute("UPDATE photo SET placeId = NULL, placeCountry = NULL, placeRegion = NULL WHERE placeId IS NOT NULL") }
            try await db.execute("""
                INSERT INTO placeNaming (singleton, fingerprint) VALUES (1, ?)
                ON CONFLICT (singleton) DO UPDATE SET fingerprint = excluded.fingerprint
                """, [fingerprint])
            return named
        }
        if named { core.changed() }
    }

    public func unnamedPositions(limit: Int) async throws -> [LocatedPhoto] {
        try await core.database.read { db in
            try await db.rows("""
                SELECT id, latitude, longitude FROM photo WHERE latitude IS NOT NULL AND placeId IS NULL ORDER BY id LIMIT ?
                """, [max(0, limit)]).map {
                LocatedPhoto(photoId: try $0.int("id"), latitude: try $0.double("latitude"), longitude: try $0.double("longitude"))
            }
        }
    }

    public func name(_ names: [PlaceName]) async throws {
        guard !names.isEmpty else { return }
        try await core.database.write { db in
            for name in names {
                // Only while the position is still the one that was named: a file probed again
                // in between has a new one, which waits for its own name.
                try await db.execute("""
                    UPDATE photo SET placeId = ?, placeCountry = ?, placeRegion = ?
                    WHERE id = ? AND latitude = ? AND longitude = ? AND placeId IS NULL
                    """, [name.place?.id ?? 0, name.place?.country, name.place?.region, name.photo.photoId,
                          name.photo.latitude, name.photo.longitude])
            }
        }
        core.changed()
    }

    public func placeCounts(sight: Sight) async throws -> [PlaceCount] {
        let seen = GroupSQL.leavingOut(try await core.hiding(sight), privateTo: "p.privateTo", from: ("FROM photo p WHERE p.placeId > 0 AND p.listedFile IS NOT NULL", []))
        return try await core.database.read { db in
            try await db.rows("""
                SELECT p.placeCountry, p.placeRegion, p.placeId, COUNT(*) AS n \(seen.sql)
                GROUP BY p.placeCountry, p.placeRegion, p.placeId
                """, seen.arguments).map {
                PlaceCount(placeId: try $0.int("placeId"), country: try $0.string("placeCountry"),
                           region: try $0.optionalString("placeRegion") ?? "", count: Int(try $0.int("n")))
            }
        }
    }
}
