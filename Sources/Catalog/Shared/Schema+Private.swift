/// Private photos (v31): a photo, a folder or an album its owner keeps to themselves.
extension CatalogSchema {
    /// - `photo.privateTo`: the account a photo is private to (NULL: the household's). It is the
    ///   photo's, known by its content, so it follows the picture through moves, renames, the
    ///   trash and back, and to every copy. Photos the catalog reads when it pages are filtered by
    ///   it (`Hiding`), down a partial index of the few that carry it.
    /// - `privateFolder`: folders whose photos are private to their owner, those there when it was
    ///   marked and every one that arrives later (a scan, an upload, a move): the triggers below
    ///   mark a photo whose file lands at or below such a folder, the deepest folder's owner first.
    /// - `album.privateTo`: an album its owner keeps to themselves: hidden from everyone else, and
    ///   every photo put in it becomes private to them (by trigger).
    /// A photo private to one account stays theirs when it lands in another's folder or album.
    /// Its owner is written to its sidecars as `photolala:PrivateTo` (a change marks it waiting, as
    /// curation does), so a catalog made anew from them keeps it private.
    static func privateTables(_ d: SQLDialect) -> String {
        """
        ALTER TABLE photo ADD COLUMN privateTo \(d.integer);
        CREATE INDEX photo_private ON photo(privateTo) WHERE privateTo IS NOT NULL;
        ALTER TABLE album ADD COLUMN privateTo \(d.integer);
        CREATE TABLE privateFolder (path \(d.orderedText) PRIMARY KEY, ownerId \(d.integer) NOT NULL, markedAt \(d.integer) NOT NULL)\(d.withoutRowId);
        """
    }

    /// Whether the private folder `pf` holds the folder `folder` (itself, or below it; "" is the
    /// library's root), in SQL both dialects read.
    static func holds(_ folder: String) -> String {
        "(pf.path = '' OR pf.path = \(folder) OR substr(\(folder), 1, length(pf.path) + 1) = pf.path || '/')"
    }

    /// The owner of the deepest private folder holding `folder`.
    static func folderOwner(_ folder: String) -> String {
        "(SELECT pf.ownerId FROM privateFolder pf WHERE \(holds(folder)) ORDER BY length(pf.path) DESC LIMIT 1)"
    }

    static let v31 = privateTables(.sqlite) + "\n" + marks("photo_private_sidecar", """
        AFTER UPDATE OF privateTo ON photo WHEN old.privateTo IS NOT new.privateTo
        """, "new.id") + """

        CREATE TRIGGER file_private_insert AFTER INSERT ON file
          WHEN EXISTS (SELECT 1 FROM privateFolder pf WHERE \(holds("new.folder"))) BEGIN
          UPDATE photo SET privateTo = \(folderOwner("new.folder")) WHERE id = new.photoId AND privateTo IS NULL;
        END;
        CREATE TRIGGER file_private_move AFTER UPDATE OF folder, photoId ON file
          WHEN EXISTS (SELECT 1 FROM privateFolder pf WHERE \(holds("new.folder"))) BEGIN
          UPDATE photo SET privateTo = \(folderOwner("new.folder")) WHERE id = new.photoId AND privateTo IS NULL;
        END;
        CREATE TRIGGER albumPhoto_private AFTER INSERT ON albumPhoto
          WHEN (SELECT privateTo FROM album WHERE id = new.albumId) IS NOT NULL BEGIN
          UPDATE photo SET privateTo = (SELECT privateTo FROM album WHERE id = new.albumId) WHERE id = new.photoId AND privateTo IS NULL;
        END;
        """

    // A scan inserts files a batch at a time: one statement trigger over the rows written, which
    // looks no further while no folder is private. Moves and album additions come a few at a time.
    static let pg10 = privateTables(.postgres) + """

        CREATE FUNCTION photolala_private_files() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM privateFolder) THEN
            UPDATE photo SET privateTo = x.ownerId FROM (
              SELECT DISTINCT ON (i.photoId) i.photoId, pf.ownerId FROM inserted i JOIN privateFolder pf ON \(holds("i.folder"))
              ORDER BY i.photoId, length(pf.path) DESC) AS x
            WHERE photo.id = x.photoId AND photo.privateTo IS NULL;
          END IF;
          RETURN NULL;
        END $$;
        CREATE TRIGGER file_private_insert AFTER INSERT ON file REFERENCING NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_private_files();
        CREATE FUNCTION photolala_private_file_moved() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE photo SET privateTo = \(folderOwner("NEW.folder")) WHERE id = NEW.photoId AND privateTo IS NULL
            AND EXISTS (SELECT 1 FROM privateFolder pf WHERE \(holds("NEW.folder")));
          RETURN NULL;
        END $$;
        CREATE TRIGGER file_private_move AFTER UPDATE OF folder, photoId ON file FOR EACH ROW
          WHEN (OLD.folder IS DISTINCT FROM NEW.folder OR OLD.photoId IS DISTINCT FROM NEW.photoId)
          EXECUTE FUNCTION photolala_private_file_moved();
        CREATE FUNCTION photolala_private_album_photo() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE photo SET privateTo = a.privateTo FROM album a
          WHERE a.id = NEW.albumId AND a.privateTo IS NOT NULL AND photo.id = NEW.photoId AND photo.privateTo IS NULL;
          RETURN NULL;
        END $$;
        CREATE TRIGGER albumPhoto_private AFTER INSERT ON albumPhoto FOR EACH ROW EXECUTE FUNCTION photolala_private_album_photo();
        CREATE TRIGGER photo_private_sidecar AFTER UPDATE OF privateTo ON photo FOR EACH ROW
          WHEN (OLD.privateTo IS DISTINCT FROM NEW.privateTo) EXECUTE FUNCTION photolala_sidecar_photo();
        """
}
