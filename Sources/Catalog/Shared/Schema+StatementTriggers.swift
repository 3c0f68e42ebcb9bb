/// PostgreSQL's triggers that a scan's batch fired once a row, made to fire once a statement
/// (migration `pg5-statement-triggers`).
///
/// A batch writes up to a few thousand rows in one statement a table. A row trigger ran its own
/// queries for each: at a million files, keeping the photos' listed files (one UPDATE of a photo a
/// file, 21 s) and the search documents of a tagged photo's files (one look-up a tag; a new photo
/// has no files yet, so all of it for nothing: 35 s), all on the one connection that writes. A
/// statement's trigger sees every row it wrote at once (a transition table) and does the same in
/// one query. SQLite's triggers stay by the row, where a row's trigger costs a few instructions.
extension CatalogSchema {
    static let pg12 = """
        -- The photos' listed files, for every file a statement inserted, all at once: how many,
        -- and the lowest id with its date where it is lower than the photo's listed one.
        CREATE FUNCTION photolala_listed_files_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE photo SET listedCount = photo.listedCount + n.count,
              listedFile = CASE WHEN photo.listedFile IS NULL OR photo.listedFile > n.first THEN n.first ELSE photo.listedFile END,
              listedTaken = CASE WHEN photo.listedFile IS NULL OR photo.listedFile > n.first THEN n.firstTaken ELSE photo.listedTaken END
            FROM (SELECT photoId, COUNT(*) AS count, MIN(id) AS first, (array_agg(sortTaken ORDER BY id))[1] AS firstTaken
                  FROM inserted WHERE pairedTo IS NULL GROUP BY photoId) AS n
            WHERE photo.id = n.photoId;
          RETURN NULL;
        END $$;
        DROP TRIGGER file_listed ON file;
        CREATE TRIGGER file_listed AFTER DELETE OR UPDATE OF photoId, pairedTo, sortTaken ON file
          FOR EACH ROW EXECUTE FUNCTION photolala_listed_file();
        CREATE TRIGGER file_listed_insert AFTER INSERT ON file REFERENCING NEW TABLE AS inserted
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_listed_files_inserted();
        -- The search documents of the files of every photo whose tags a statement changed, in one call.
        CREATE FUNCTION photolala_photo_tags_search() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM photolala_refresh_search(ARRAY(SELECT f.id FROM file f WHERE f.photoId IN (SELECT photoId FROM changed)));
          RETURN NULL;
        END $$;
        DROP TRIGGER photoTag_search ON photoTag;
        DROP FUNCTION photolala_photo_tag_search();
        CREATE TRIGGER photoTag_search_insert AFTER INSERT ON photoTag REFERENCING NEW TABLE AS changed
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_photo_tags_search();
        CREATE TRIGGER photoTag_search_delete AFTER DELETE ON photoTag REFERENCING OLD TABLE AS changed
          FOR EACH STATEMENT EXECUTE FUNCTION photolala_photo_tags_search();
        """
}
