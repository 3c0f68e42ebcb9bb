/// Whether the `folder` table is what a rebuild of every folder would make of the files now
/// (migration `v41-folders-built`), so that a scan which found nothing changed need not make
/// every folder again (at a million files, 0.7 s of SQLite's rescan and 1.5 to 3 s of
/// PostgreSQL's, and every page kept made anew after it).
///
/// `foldersBuilt` holds one row, the edition of the rules a rebuild made the folders by
/// (`FoldersBuilt.rules`), from the end of a rebuild until anything a folder's row or a file's
/// pairing is made from changes. Triggers empty it, so no writer can forget to: a file coming,
/// going or changing its key, folder, name, date, photo or pairing, and a photo changing its
/// content, format, length, owner or date taken. Ratings, tags, likeness and places leave it.
/// A writer that keeps a few folders in step itself (`FolderRefresh`) still empties it: only a
/// rebuild of every folder says they are all as it would make them.
extension CatalogSchema {
    static let v41 = """
        CREATE TABLE foldersBuilt (rules INTEGER NOT NULL);
        CREATE TRIGGER file_folders_insert AFTER INSERT ON file WHEN EXISTS (SELECT 1 FROM foldersBuilt) BEGIN DELETE FROM foldersBuilt; END;
        CREATE TRIGGER file_folders_delete AFTER DELETE ON file WHEN EXISTS (SELECT 1 FROM foldersBuilt) BEGIN DELETE FROM foldersBuilt; END;
        CREATE TRIGGER file_folders_update AFTER UPDATE OF \(FoldersBuilt.fileColumns) ON file
          WHEN EXISTS (SELECT 1 FROM foldersBuilt) BEGIN DELETE FROM foldersBuilt; END;
        CREATE TRIGGER photo_folders_delete AFTER DELETE ON photo WHEN EXISTS (SELECT 1 FROM foldersBuilt) BEGIN DELETE FROM foldersBuilt; END;
        CREATE TRIGGER photo_folders_update AFTER UPDATE OF \(FoldersBuilt.photoColumns) ON photo
          WHEN EXISTS (SELECT 1 FROM foldersBuilt) BEGIN DELETE FROM foldersBuilt; END;
        """

    /// PostgreSQL's, once a statement (a scan's batch is one statement a table).
    static let pg13 = """
        CREATE TABLE foldersBuilt (rules BIGINT NOT NULL);
        CREATE FUNCTION photolala_folders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM foldersBuilt;
          RETURN NULL;
        END $$;
        CREATE TRIGGER file_folders AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF \(FoldersBuilt.fileColumns) ON file
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_folders_changed();
        CREATE TRIGGER photo_folders AFTER DELETE OR TRUNCATE OR UPDATE OF \(FoldersBuilt.photoColumns) ON photo
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_folders_changed();
        """
}

/// The catalog's word on whether its folders are built (`CatalogSchema.v41`).
enum FoldersBuilt {
    /// The edition of the rules folders are made by: how files pair (`FilePairs`) and what a
    /// folder's row holds (`FolderAggregate`). Raise it with any change to either, so that the
    /// first scan after an upgrade makes every folder by the new rules.
    static let rules: Int64 = 1

    /// What a folder's row or a file's pairing is made from (the triggers' columns).
    static let fileColumns = "key, folder, name, sortTaken, photoId, pairedTo, companions"
    static let photoColumns = "sha256, format, durationMs, privateTo, takenAt"

    /// The edition the folders were last built by; no row (nil) once anything changed since.
    static let read = "SELECT rules FROM foldersBuilt"
    /// Written last in a rebuild's transaction, after every change the rebuild made itself.
    static let forget = "DELETE FROM foldersBuilt"
    static let record = "INSERT INTO foldersBuilt (rules) VALUES (?)"
}
