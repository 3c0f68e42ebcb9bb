/// Curation written back to XMP sidecars beside the files (v29).
extension CatalogSchema {
    /// - `sidecar`: each sidecar's size and modification time as Photolala last wrote or read it,
    ///   by its key. A sidecar listed otherwise was changed elsewhere (darktable, digiKam, a
    ///   person): the scan reads it, and nothing overwrites it before.
    /// - `sidecarPending`: photos whose curation (stars, tags, caption, turn, favorites) changed
    ///   since their sidecars were written, marked by triggers whatever writes it, and `mark`
    ///   counted up at each change; the server's `SidecarWriting` reads them when
    ///   `--write-sidecars` is on and removes a photo once its sidecars are written, only if its
    ///   mark is the one it read (a change while it wrote keeps it waiting; a crash while it wrote
    ///   leaves it there). Off, the table is emptied.
    static func sidecarTables(_ d: SQLDialect) -> String {
        """
        CREATE TABLE sidecar (key \(d.orderedText) PRIMARY KEY, size \(d.integer) NOT NULL, mtimeNs \(d.integer) NOT NULL)\(d.withoutRowId);
        CREATE TABLE sidecarPending (photoId \(d.integer) PRIMARY KEY, mark \(d.integer) NOT NULL DEFAULT 0);
        """
    }

    /// SQLite's row trigger that marks `row`'s photo (`new.id`, `old.photoId`…) as waiting.
    static func marks(_ name: String, _ event: String, _ photo: String) -> String {
        """
        CREATE TRIGGER \(name) \(event) BEGIN
          INSERT INTO sidecarPending (photoId) VALUES (\(photo)) ON CONFLICT (photoId) DO UPDATE SET mark = mark + 1;
        END;
        """
    }

    static let v29 = [
        sidecarTables(.sqlite),
        marks("photo_sidecar_update", """
            AFTER UPDATE OF rating, caption, rotation ON photo
              WHEN old.rating != new.rating OR old.caption != new.caption OR old.rotation != new.rotation
            """, "new.id"),
        marks("photoTag_sidecar_insert", "AFTER INSERT ON photoTag", "new.photoId"),
        marks("photoTag_sidecar_delete", "AFTER DELETE ON photoTag", "old.photoId"),
        marks("favorite_sidecar_insert", "AFTER INSERT ON favorite", "new.photoId"),
        marks("favorite_sidecar_delete", "AFTER DELETE ON favorite", "old.photoId"),
    ].joined(separator: "\n")

    // Tags come a scan's batch at a time: statement triggers over the rows written. A photo's
    // own columns change a few rows at a time, where a row trigger with its WHEN costs nothing
    // for the rows it passes over.
    static let pg9 = sidecarTables(.postgres) + """

        CREATE FUNCTION photolala_sidecar_photo() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO sidecarPending (photoId) VALUES (NEW.id) ON CONFLICT (photoId) DO UPDATE SET mark = sidecarPending.mark + 1;
          RETURN NULL;
        END $$;
        CREATE TRIGGER photo_sidecar_update AFTER UPDATE OF rating, caption, rotation ON photo FOR EACH ROW
          WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.caption IS DISTINCT FROM NEW.caption OR OLD.rotation IS DISTINCT FROM NEW.rotation)
          EXECUTE FUNCTION photolala_sidecar_photo();
        CREATE FUNCTION photolala_sidecar_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO sidecarPending (photoId) SELECT DISTINCT photoId FROM inserted ON CONFLICT (photoId) DO UPDATE SET mark = sidecarPending.mark + 1;
          RETURN NULL;
        END $$;
        CREATE FUNCTION photolala_sidecar_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO sidecarPending (photoId) SELECT DISTINCT r.photoId FROM removed r JOIN photo p ON p.id = r.photoId
            ON CONFLICT (photoId) DO UPDATE SET mark = sidecarPending.mark + 1;
          RETURN NULL;
        END $$;
        CREATE TRIGGER photoTag_sidecar_insert AFTER INSERT ON photoTag REFERENCING NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_sidecar_inserted();
        CREATE TRIGGER photoTag_sidecar_delete AFTER DELETE ON photoTag REFERENCING OLD TABLE AS removed
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_sidecar_removed();
        CREATE TRIGGER favorite_sidecar_insert AFTER INSERT ON favorite REFERENCING NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_sidecar_inserted();
        CREATE TRIGGER favorite_sidecar_delete AFTER DELETE ON favorite REFERENCING OLD TABLE AS removed
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_sidecar_removed();
        """
}
