/// Where photos were taken (v25): the position a file says, and the place the gazetteer names
/// for it, kept on the photo (a position belongs to the bytes, as the date does).
extension CatalogSchema {
    /// - `latitude`, `longitude`: degrees, both NULL when the file says nothing (or nonsense).
    /// - `placeId`: the GeoNames id of the nearest place of the gazetteer; 0 when none is near
    ///   enough; NULL while the position has not been named yet (the server's `PlaceNaming`
    ///   names them in the background through `PlaceStore`, and all anew when the gazetteer changes).
    /// - `placeCountry`, `placeRegion`: that place's country (ISO 3166 code) and region
    ///   (GeoNames' first-order division code), so a country or a region is a range of an index.
    /// - `placeNaming`: the fingerprint of the gazetteer the places were named with.
    /// Photos of formats that can hold a position are probed again at the next scan (their
    /// files count as changed), keeping their ids and so their curation: positions were not
    /// read before.
    static func places(_ d: SQLDialect) -> String {
        let real = d == .sqlite ? "REAL" : "DOUBLE PRECISION"
        return """
            ALTER TABLE photo ADD COLUMN latitude \(real);
            ALTER TABLE photo ADD COLUMN longitude \(real);
            ALTER TABLE photo ADD COLUMN placeId \(d.integer);
            ALTER TABLE photo ADD COLUMN placeCountry TEXT;
            ALTER TABLE photo ADD COLUMN placeRegion TEXT;
            CREATE INDEX photo_unnamed ON photo(id) WHERE latitude IS NOT NULL AND placeId IS NULL;
            CREATE INDEX photo_place ON photo(placeCountry, placeRegion, placeId) WHERE placeId > 0;
            CREATE INDEX photo_place_id ON photo(placeId) WHERE placeId > 0;
            CREATE INDEX photo_located ON photo(id) WHERE latitude IS NOT NULL;
            CREATE TABLE placeNaming (singleton \(d.integer) PRIMARY KEY CHECK (singleton = 1), fingerprint \(d.integer) NOT NULL);
            UPDATE photo SET reprobe = 1 WHERE format IN ('jpeg', 'png', 'webp', 'tiff', 'heic', 'avif', 'mp4', 'mov', 'm4v', '3gp');
            UPDATE file SET mtimeNs = -1 WHERE photoId IN (SELECT id FROM photo WHERE reprobe = 1);
            """
    }
}
