/// How alike photos are and which shots of a burst stack (v27).
extension CatalogSchema {
    /// - `photo.likeness`: the picture's 64-bit difference hash (`Imaging.Likeness`), its bits as
    ///   a signed integer; `photo.sharpness` the variance of its Laplacian. Both NULL while a
    ///   still waits to be measured (the server's `LikenessMeasuring` measures them in the
    ///   background, down `photo_unmeasured`); a still that could not be measured keeps a NULL
    ///   likeness and a sharpness of -1, so it is not tried again while its bytes stand.
    /// - `file.stackOf`: the file a burst's shot is stacked under, in its folder (NULL for a
    ///   file on its own and for the top of a stack). A folder's page shows a stack as its top's
    ///   tile when both are on the page; when the top goes, its stack comes apart (`ON DELETE SET NULL`).
    /// - `stackPending`: folders whose stacks must be made anew, marked by triggers when a
    ///   measured photo's file comes or goes, and by the measuring itself.
    /// - `similarPair`: two photos whose hashes differ in at most `SimilarPairs.maxDistance`
    ///   bits, both ways round, found as the later of the two is measured: the hash's four
    ///   16-bit bands are indexed (`photo_band0`…`3`), and a photo's candidates are those with a
    ///   band within two bits of one of its own, so every pair within 11 bits is among them.
    static func likenessColumns(_ d: SQLDialect) -> String {
        let real = d == .sqlite ? "REAL" : "DOUBLE PRECISION"
        return """
            ALTER TABLE photo ADD COLUMN likeness \(d.integer);
            ALTER TABLE photo ADD COLUMN sharpness \(real);
            CREATE INDEX photo_unmeasured ON photo(id) WHERE sharpness IS NULL AND kind = 'photo';
            ALTER TABLE file ADD COLUMN stackOf \(d.integer) REFERENCES file(id) ON DELETE SET NULL;
            CREATE INDEX file_stack ON file(stackOf) WHERE stackOf IS NOT NULL;
            CREATE TABLE stackPending (folder \(d.orderedText) PRIMARY KEY);
            CREATE TABLE similarPair (
              photoId \(d.integer) NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
              otherId \(d.integer) NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
              distance \(d.integer) NOT NULL,
              PRIMARY KEY (photoId, otherId)
            )\(d.withoutRowId);
            CREATE INDEX similarPair_other ON similarPair(otherId);
            CREATE INDEX similarPair_distance ON similarPair(distance, photoId);
            \((0..<4).map { "CREATE INDEX photo_band\($0) ON photo((\(SimilarPairs.band($0)))) WHERE likeness IS NOT NULL;" }.joined(separator: "\n"))
            """
    }

    static let v27 = likenessColumns(.sqlite) + """

        CREATE TRIGGER file_stack_insert AFTER INSERT ON file
          WHEN new.pairedTo IS NULL AND (SELECT likeness FROM photo WHERE id = new.photoId) IS NOT NULL BEGIN
          INSERT OR IGNORE INTO stackPending (folder) VALUES (new.folder);
        END;
        CREATE TRIGGER file_stack_delete AFTER DELETE ON file
          WHEN (SELECT likeness FROM photo WHERE id = old.photoId) IS NOT NULL BEGIN
          INSERT OR IGNORE INTO stackPending (folder) VALUES (old.folder);
        END;
        """

    // (statement triggers over the rows a statement wrote: a scan's batch costs one statement
    // here, not a function call a file)
    static let pg7 = likenessColumns(.postgres) + """

        CREATE FUNCTION photolala_stack_pending_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO stackPending (folder)
            SELECT DISTINCT n.folder FROM inserted n JOIN photo p ON p.id = n.photoId WHERE n.pairedTo IS NULL AND p.likeness IS NOT NULL
            ON CONFLICT DO NOTHING;
          RETURN NULL;
        END $$;
        CREATE FUNCTION photolala_stack_pending_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO stackPending (folder)
            SELECT DISTINCT o.folder FROM removed o JOIN photo p ON p.id = o.photoId WHERE p.likeness IS NOT NULL
            ON CONFLICT DO NOTHING;
          RETURN NULL;
        END $$;
        CREATE TRIGGER file_stack_insert AFTER INSERT ON file REFERENCING NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_stack_pending_insert();
        CREATE TRIGGER file_stack_delete AFTER DELETE ON file REFERENCING OLD TABLE AS removed
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_stack_pending_delete();
        """
}

/// Each photo's nearest look-alike, kept (v34).
extension CatalogSchema {
    /// - `photo.nearest`: how many bits apart the photo's hash is from its nearest listed
    ///   look-alike's, among its pairs (NULL: none). The Similar collection is the listed photos
    ///   whose nearest is within its threshold, found and counted down `photo_nearest`, not by
    ///   reading every pair (2.9 s at six million pairs). The measuring lowers it as it writes a
    ///   pair (`LikenessStore.recordLikeness`); a trigger works it out again, from their pairs,
    ///   for the photos paired with one whose last listed file goes or whose first comes.
    /// - The pairs a photo keeps are bounded (`SimilarPairs.kept`); the index by distance, which
    ///   the collection read before, goes.
    static func nearestColumn(_ d: SQLDialect) -> String {
        """
        ALTER TABLE photo ADD COLUMN nearest \(d.integer);
        UPDATE photo SET nearest = (\(nearestOf("photo.id"))) WHERE likeness IS NOT NULL;
        CREATE INDEX photo_nearest ON photo(nearest, listedFile) WHERE nearest IS NOT NULL;
        DROP INDEX similarPair_distance;
        """
    }

    /// The nearest of the photo `photoId` names, from its pairs with listed photos.
    static func nearestOf(_ photoId: String) -> String {
        "SELECT MIN(sp.distance) FROM similarPair sp JOIN photo q ON q.id = sp.otherId WHERE sp.photoId = \(photoId) AND q.listedFile IS NOT NULL"
    }

    /// The nearest of every photo paired with `row`'s, worked out again.
    static func nearestAgain(_ row: String) -> String {
        "UPDATE photo SET nearest = (\(nearestOf("photo.id"))) WHERE id IN (SELECT otherId FROM similarPair WHERE photoId = \(row).id);"
    }

    static let v34 = nearestColumn(.sqlite) + """

        CREATE TRIGGER photo_nearest_listing AFTER UPDATE OF listedFile ON photo
          WHEN (old.listedFile IS NULL) != (new.listedFile IS NULL) AND new.likeness IS NOT NULL BEGIN
          \(nearestAgain("new"))
        END;
        """

    static let pg11 = nearestColumn(.postgres) + """

        CREATE FUNCTION photolala_nearest_listing() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          \(nearestAgain("NEW"))
          RETURN NULL;
        END $$;
        CREATE TRIGGER photo_nearest_listing AFTER UPDATE OF listedFile ON photo FOR EACH ROW
          WHEN ((OLD.listedFile IS NULL) <> (NEW.listedFile IS NULL) AND NEW.likeness IS NOT NULL)
          EXECUTE FUNCTION photolala_nearest_listing();
        """
}
