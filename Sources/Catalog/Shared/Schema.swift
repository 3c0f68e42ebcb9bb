import Foundation
import GRDB

/// The catalog's schema for both dialects: one ordered, append-only list of named steps
/// (`SchemaStep`). Two histories meet in it: SQLite's, from v1 on, and PostgreSQL's, which began
/// (pg1) at the shape SQLite had reached at v19, with v21's column. The tables both histories
/// made alike are written once (`CatalogSchema.photoTable` and the rest), in each dialect's words.
/// A new step is one `SchemaStep.both` unless the dialects really differ.
enum CatalogSchema {
    static let steps: [SchemaStep] = [
        .each(sqlite: "v1-files-photos-folders", v1, postgres: "pg1-catalog", pg1),
        .sqlite("v2-curation-trash", v2),
        .sqlite("v3-search", v3),
        .sqlite("v4-accounts-shares", v4),
        // A move into or out of the trash is written down before the file moves and settled
        // after, so a kill in between is finished or undone at the next start (see recoverTrashMoves).
        .sqlite("v5-trash-journal", "ALTER TABLE trash ADD COLUMN pending INTEGER NOT NULL DEFAULT 0"),
        .sqlite("v6-share-token-hashes", code: v6),
        .sqlite("v7-library-identity", code: v7),
        // Folder cards show the range of dates the photos were taken, from the cameras' own
        // dates only: a photo without one no longer lends its file date to the card. The
        // old latest date counted file dates, so it is cleared until the next scan's rebuild.
        .sqlite("v8-folder-taken-range", """
            ALTER TABLE folder ADD COLUMN earliestTaken INTEGER;
            UPDATE folder SET latestTaken = NULL;
            """),
        .sqlite("v9-albums", v9),
        .sqlite("v10-captions", v10),
        // A share link may ask for a password (a bcrypt hash) before it opens.
        .sqlite("v11-share-passwords", "ALTER TABLE shareLink ADD COLUMN passwordHash TEXT"),
        // The household's quarter turns (0, 90, 180, 270 clockwise) after the EXIF orientation;
        // width and height stay as shown, so they trade places with each odd turn.
        .sqlite("v12-rotation", "ALTER TABLE photo ADD COLUMN rotation INTEGER NOT NULL DEFAULT 0"),
        // What a many-photo action changed, for a short while: the state before, as JSON,
        // under the SHA-256 of the token its holder got (so a copy of the catalog undoes nothing).
        .sqlite("v13-undo", undoTable(.sqlite)),
        // The layout of group pages each person chose, so it follows them from phone to laptop.
        .sqlite("v14-account-view", "ALTER TABLE account ADD COLUMN viewLayout TEXT"),
        // An album's link may let its holders add photos: how many it may still add, and which
        // of an album's photos came through a link (kept when the link is revoked).
        .sqlite("v15-share-uploads", """
            ALTER TABLE shareLink ADD COLUMN uploadsLeft INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE albumPhoto ADD COLUMN addedByShare INTEGER;
            """),
        .sqlite("v16-video", v16),
        .sqlite("v17-pairs", v17),
        .sqlite("v18-reprobe", v18),
        // A file's full-text row was written by a trigger as each file row was inserted. FTS5
        // writes out what it holds at every statement that may be undone on its own (each such
        // insert), so a scan wrote a tiny segment a file and kept merging them: about half of a
        // cold scan's time. The scan's writer now writes them, one statement a batch
        // (`CatalogStore.writeSearchRows`); updates, deletes, tags and captions keep their triggers.
        .sqlite("v19-search-rows-by-batch", "DROP TRIGGER file_search_insert"),
        .postgres("pg2-search", pg2),
        .postgres("pg3-sign-in-throttle", pg3),
        .each(sqlite: "v20-lasting-links", v20, postgres: "pg4-lasting-links", pg4),
        // When a trash move began (pg1 has it): another instance's start settles a move only once
        // it is older than any move takes (`CatalogCore.trashMoveGrace`).
        .sqlite("v21-trash-pending-since", "ALTER TABLE trash ADD COLUMN pendingSince INTEGER"),
        // A month of the timeline is a search by camera date: without this index it read every
        // photo (1.7 s at a million), with it the month's own (25 ms).
        .both("v22-photo-taken") { _ in "CREATE INDEX photo_taken ON photo(takenAt)" },
        // Groups that show each photo once show it by its first listed file. That was a look-up
        // per row (1.4 s of every pass over a million photos); the photo now keeps the file's id,
        // kept true by triggers whatever writes the file table.
        .each(sqlite: "v23-listed-file", v23, postgres: "v23-listed-file", pg5),
        // A folder by stars or by date added sorted all its rows joined to their photos (0.85 s
        // for a folder of 200,000); the file keeps its photo's stars and first appearance, as it
        // keeps its date, so every sort of a folder walks an index of the folder's own.
        .each(sqlite: "v24-file-sort-keys", v24, postgres: "v24-file-sort-keys", pg6),
        // Where each photo was taken, and the place the gazetteer names there (Schema+Places).
        .both("v25-places", places),
        // A share link shows where its photos were taken only when its maker said so.
        .both("v26-share-places") { d in "ALTER TABLE shareLink ADD COLUMN showsPlaces \(d.integer) NOT NULL DEFAULT 0" },
        // How alike photos are, and the stacks of a folder's bursts (Schema+Likeness).
        .each(sqlite: "v27-likeness", v27, postgres: "v27-likeness", pg7),
        // Where each photo's date taken was read (exif, xmp, quicktime) and the time zone written
        // beside it, in minutes east of UTC; NULL for photos read before (no file is read again for it).
        .both("v28-date-source") { d in
            """
            ALTER TABLE photo ADD COLUMN takenSource TEXT;
            ALTER TABLE photo ADD COLUMN takenOffset \(d.integer);
            """
        },
        // Curation written back to XMP sidecars, and each sidecar's state as last written or read (Schema+Sidecars).
        .each(sqlite: "v29-sidecars", v29, postgres: "v29-sidecars", pg9),
        // Who added each photo (an account, or a share link's holders, through an upload; NULL for
        // a photo the scan found), and who added each photo to an album.
        .both("v30-added-by") { d in
            """
            ALTER TABLE photo ADD COLUMN addedBy \(d.integer) REFERENCES account(id) ON DELETE SET NULL;
            ALTER TABLE photo ADD COLUMN addedThrough \(d.integer) REFERENCES shareLink(id) ON DELETE SET NULL;
            CREATE INDEX photo_added_by ON photo(addedBy) WHERE addedBy IS NOT NULL;
            CREATE INDEX photo_added_through ON photo(addedThrough) WHERE addedThrough IS NOT NULL;
            ALTER TABLE albumPhoto ADD COLUMN addedBy \(d.integer) REFERENCES account(id) ON DELETE SET NULL;
            """
        },
        // Photos, folders and albums a member keeps to themselves (Schema+Private).
        .each(sqlite: "v31-private", v31, postgres: "v31-private", pg10),
        // The language each account reads pages in (NULL: the browser's).
        .both("v32-account-language") { _ in "ALTER TABLE account ADD COLUMN language TEXT" },
        // What a scan into an empty catalog set aside to make once at its end (Schema+SetAside).
        .both("v33-set-aside") { d in setAsideTable(d) },
        // Each photo's nearest look-alike, so Similar is found down an index (Schema+Likeness).
        .each(sqlite: "v34-nearest-look-alike", v34, postgres: "v34-nearest-look-alike", pg11),
        // Stills whose only position was in XMP or in a TIFF's own GPS IFD were read without it
        // (`XMPPosition`, `Imaging.tiffLocation`): probed again at the next scan, keeping their id
        // and curation, so their pages and the Places page say where.
        .both("v35-positions-anywhere") { _ in
            """
            UPDATE photo SET reprobe = 1 WHERE format IN ('png', 'webp', 'tiff') AND latitude IS NULL;
            UPDATE file SET mtimeNs = -1 WHERE photoId IN (SELECT id FROM photo WHERE reprobe = 1 AND format IN ('png', 'webp', 'tiff'));
            """
        },
        // The random part a link's token is derived from with the server's secret (`ShareTokens`),
        // so its maker can see its address again while the catalog alone opens nothing; NULL for
        // a link made before, whose token was shown once.
        .both("v36-share-nonce") { _ in "ALTER TABLE shareLink ADD COLUMN nonce TEXT" },
        // Device passwords, the members' WebDAV inboxes and their locks (Schema+Devices).
        .both("v37-devices") { d in devicesTables(d) },
        // The JSON API's tokens (Schema+Tokens).
        .both("v38-api-tokens") { d in tokenTables(d) },
        // Sign-in through an OpenID provider (Schema+Identities).
        .both("v39-oidc") { d in identityTables(d) },
        // A folder row keeps the latest sort date in or below it (its cover's), so a few folders'
        // rows can be made again from their subfolders' (`FolderRefresh`); NULL until the next
        // rebuild of every folder, which a refresh asks for when it meets one.
        .both("v40-folder-latest") { d in "ALTER TABLE folder ADD COLUMN latestSort \(d.integer)" },
        // PostgreSQL's triggers that a batch fired once a row fire once a statement (Schema+StatementTriggers).
        .postgres("pg5-statement-triggers", pg12),
        // Whether the folders are as a rebuild would make them, so a rescan that changed nothing
        // makes none again (Schema+FoldersBuilt).
        .each(sqlite: "v41-folders-built", v41, postgres: "v41-folders-built", pg13),
    ]
}

// MARK: - The tables both histories made alike

extension CatalogSchema {
    /// `CREATE TABLE name (...)`: the columns, then `more` (columns one dialect's history added
    /// at once where the other's added them later), then the table's constraints.
    static func table(_ name: String, _ columns: [String], more: [String] = [], constraints: [String] = [],
                      _ d: SQLDialect, withoutRowId: Bool = false) -> String {
        "CREATE TABLE \(name) (\n  " + (columns + more + constraints).joined(separator: ",\n  ")
            + "\n)\(withoutRowId ? d.withoutRowId : "");"
    }

    /// What people say about a picture lives here, keyed by content identity.
    static func photoTable(_ d: SQLDialect, more: [String] = []) -> String {
        table("photo", ["id \(d.rowId)", "sha256 TEXT NOT NULL", "size \(d.integer) NOT NULL", "format TEXT NOT NULL",
                        "width \(d.integer) NOT NULL", "height \(d.integer) NOT NULL", "orientation \(d.integer) NOT NULL DEFAULT 1",
                        "takenAt \(d.integer)", "cameraMake TEXT", "cameraModel TEXT", "addedAt \(d.integer) NOT NULL"],
              more: more, constraints: ["UNIQUE (sha256, size)"], d)
    }

    static func fileTable(_ d: SQLDialect, more: [String] = []) -> String {
        table("file", ["id \(d.rowId)", "key \(d.orderedText) NOT NULL UNIQUE", "folder \(d.orderedText) NOT NULL",
                       "name \(d.orderedText) NOT NULL", "sortName \(d.orderedText) NOT NULL", "size \(d.integer) NOT NULL",
                       "mtimeNs \(d.integer) NOT NULL", "sortTaken \(d.integer) NOT NULL",
                       "photoId \(d.integer) NOT NULL REFERENCES photo(id)"], more: more, d)
    }

    static func folderTable(_ d: SQLDialect, more: [String] = []) -> String {
        table("folder", ["path \(d.orderedText) PRIMARY KEY", "parent \(d.orderedText)", "name \(d.orderedText) NOT NULL",
                         "photoCount \(d.integer) NOT NULL", "totalCount \(d.integer) NOT NULL", "folderCount \(d.integer) NOT NULL",
                         "coverSha TEXT", "latestTaken \(d.integer)"], more: more, d, withoutRowId: true)
            + "\nCREATE INDEX folder_parent ON folder(parent, name);"
    }

    static func scanIssueTable(_ d: SQLDialect) -> String {
        table("scanIssue", ["key \(d.orderedText) PRIMARY KEY", "size \(d.integer) NOT NULL", "mtimeNs \(d.integer) NOT NULL",
                            "reason TEXT NOT NULL", "seenAt \(d.integer) NOT NULL"], d, withoutRowId: true)
    }

    /// Stars and tags are the household's, on the photo (content identity), so they survive
    /// moves and are shared by byte-identical copies. Favorites are per person.
    static func curationTables(_ d: SQLDialect) -> String {
        let photo = "photoId \(d.integer) NOT NULL REFERENCES photo(id) ON DELETE CASCADE"
        return [
            table("tag", ["id \(d.rowId)", "name \(d.caselessText) NOT NULL UNIQUE"], d),
            table("photoTag", [photo, "tagId \(d.integer) NOT NULL REFERENCES tag(id) ON DELETE CASCADE",
                               "fromFile \(d.integer) NOT NULL DEFAULT 0"], constraints: ["PRIMARY KEY (photoId, tagId)"], d, withoutRowId: true),
            "CREATE INDEX photoTag_tag ON photoTag(tagId, photoId);",
            table("removedTag", [photo, "name \(d.caselessText) NOT NULL"], constraints: ["PRIMARY KEY (photoId, name)"], d, withoutRowId: true),
            table("favorite", ["userId \(d.integer) NOT NULL", photo, "createdAt \(d.integer) NOT NULL"],
                  constraints: ["PRIMARY KEY (userId, photoId)"], d, withoutRowId: true),
            "CREATE INDEX favorite_photo ON favorite(photoId);",
        ].joined(separator: "\n")
    }

    static func trashTable(_ d: SQLDialect, name: String = "trash", id: String? = nil, more: [String] = []) -> String {
        table(name, ["id \(id ?? d.rowId)", "photoId \(d.integer) NOT NULL REFERENCES photo(id)", "key \(d.orderedText) NOT NULL",
                     "trashPath \(d.orderedText) NOT NULL UNIQUE", "size \(d.integer) NOT NULL", "mtimeNs \(d.integer) NOT NULL",
                     "trashedAt \(d.integer) NOT NULL"], more: more, d)
    }

    static func accountTable(_ d: SQLDialect, more: [String] = []) -> String {
        table("account", ["id \(d.rowId)", "name \(d.caselessText) NOT NULL UNIQUE", "passwordHash TEXT NOT NULL",
                          "role TEXT NOT NULL CHECK (role IN ('viewer', 'member', 'admin'))", "createdAt \(d.integer) NOT NULL"],
              more: more, d)
    }

    /// Sessions are stored by the SHA-256 of their token, so a copy of the catalog holds no usable session.
    static func sessionTable(_ d: SQLDialect) -> String {
        table("session", ["tokenHash TEXT PRIMARY KEY", "accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE",
                          "createdAt \(d.integer) NOT NULL", "expiresAt \(d.integer) NOT NULL", "lastSeenAt \(d.integer) NOT NULL"],
              d, withoutRowId: true)
            + "\nCREATE INDEX session_account ON session(accountId);"
    }

    /// Share links as they stood once they took passwords and uploads.
    static func shareLinkTable(_ d: SQLDialect, name: String = "shareLink", id: String? = nil, more: [String] = []) -> String {
        table(name, ["id \(id ?? d.rowId)", "tokenHash TEXT NOT NULL UNIQUE",
                     "accountId \(d.integer) NOT NULL REFERENCES account(id) ON DELETE CASCADE",
                     "kind TEXT NOT NULL CHECK (kind IN ('folder', 'tag', 'favorites', 'search', 'album'))", "value TEXT NOT NULL",
                     "filter TEXT NOT NULL DEFAULT ''", "createdAt \(d.integer) NOT NULL", "expiresAt \(d.integer)", "passwordHash TEXT",
                     "uploadsLeft \(d.integer) NOT NULL DEFAULT 0"], more: more, d)
    }

    /// A data folder belongs to one library: a random id, and the library's path recorded on
    /// first use, so serving or scanning another folder with this catalog is refused instead of
    /// dropping this library's photos from it.
    static func libraryIdentityTable(_ d: SQLDialect) -> String {
        table("libraryIdentity", ["singleton \(d.integer) PRIMARY KEY CHECK (singleton = 1)", "libraryId TEXT NOT NULL", "path TEXT",
                                  "recordedAt \(d.integer)"], d)
    }

    /// Albums are the household's, hang on photos (content identity) like stars and tags, and
    /// keep an order of their own.
    static func albumTable(_ d: SQLDialect, name: String = "album", id: String? = nil) -> String {
        table(name, ["id \(id ?? d.rowId)", "name \(d.caselessText) NOT NULL UNIQUE", "description TEXT NOT NULL DEFAULT ''",
                     "coverPhotoId \(d.integer) REFERENCES photo(id) ON DELETE SET NULL",
                     "createdBy \(d.integer) REFERENCES account(id) ON DELETE SET NULL", "createdAt \(d.integer) NOT NULL"], d)
    }

    static func albumPhotoTable(_ d: SQLDialect, more: [String] = []) -> String {
        table("albumPhoto", ["albumId \(d.integer) NOT NULL REFERENCES album(id) ON DELETE CASCADE",
                             "photoId \(d.integer) NOT NULL REFERENCES photo(id) ON DELETE CASCADE",
                             "position \(d.integer) NOT NULL", "addedAt \(d.integer) NOT NULL"],
              more: more, constraints: ["PRIMARY KEY (albumId, photoId)"], d)
            + "\nCREATE INDEX albumPhotoOrder ON albumPhoto(albumId, position);"
            + "\nCREATE INDEX albumPhotoByPhoto ON albumPhoto(photoId);"
    }

    static func undoTable(_ d: SQLDialect) -> String {
        table("undo", ["tokenHash TEXT PRIMARY KEY", "accountId \(d.integer) REFERENCES account(id) ON DELETE CASCADE",
                       "label TEXT NOT NULL", "back TEXT NOT NULL", "step TEXT NOT NULL", "createdAt \(d.integer) NOT NULL"], d)
            + "\nCREATE INDEX undoAge ON undo(createdAt);"
    }

    /// The triggers that end a link with its album or its tag.
    static func linkEndingTriggers(_ d: SQLDialect) -> String {
        let albumId = d == .sqlite ? "CAST(old.id AS TEXT)" : "OLD.id::text"
        let tagMatches = d == .sqlite ? "value = old.name COLLATE NOCASE" : "value::citext = OLD.name"
        let ends = { (kind: String, matches: String) in
            "UPDATE shareLink SET endedAt = \(d.now) WHERE kind = '\(kind)' AND endedAt IS NULL AND \(matches);"
        }
        switch d {
        case .sqlite:
            return """
                CREATE TRIGGER album_ends_links AFTER DELETE ON album BEGIN
                  \(ends("album", "value = \(albumId)"))
                END;
                CREATE TRIGGER tag_ends_links AFTER DELETE ON tag BEGIN
                  \(ends("tag", tagMatches))
                END;
                """
        case .postgres:
            return """
                CREATE FUNCTION photolala_album_ends_links() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  \(ends("album", "value = \(albumId)"))
                  RETURN NULL;
                END $$;
                CREATE TRIGGER album_ends_links AFTER DELETE ON album FOR EACH ROW EXECUTE FUNCTION photolala_album_ends_links();
                CREATE FUNCTION photolala_tag_ends_links() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  \(ends("tag", tagMatches))
                  RETURN NULL;
                END $$;
                CREATE TRIGGER tag_ends_links AFTER DELETE ON tag FOR EACH ROW EXECUTE FUNCTION photolala_tag_ends_links();
                """
        }
    }
}

// MARK: - SQLite's history

extension CatalogSchema {
    static let v1 = [photoTable(.sqlite), fileTable(.sqlite), """
        CREATE INDEX file_photo ON file(photoId);
        CREATE INDEX file_folder_taken ON file(folder, sortTaken, id);
        CREATE INDEX file_folder_name ON file(folder, sortName, id);
        CREATE INDEX file_folder_size ON file(folder, size, id);
        """, folderTable(.sqlite), scanIssueTable(.sqlite)].joined(separator: "\n")

    /// Favorites' userId 0 is the household until accounts exist, so accounts need no rewrite.
    static let v2 = """
        ALTER TABLE photo ADD COLUMN rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5);
        ALTER TABLE photo ADD COLUMN ratingSetByUser INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX photo_rating ON photo(rating);
        \(curationTables(.sqlite))
        \(trashTable(.sqlite))
        CREATE INDEX trash_photo ON trash(photoId);
        """

    /// SQLite's full-text table, one row per file (rowid = file.id): its name, its folder and
    /// `columns`, whose values for a photo id `values` gives; kept in step by triggers so no code
    /// path can forget it (v3, and v10 with captions).
    static func fileSearch(columns: String, values: @escaping (String) -> String) -> String {
        let refill = { (photoId: String) in
            """
            DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = \(photoId));
              INSERT INTO fileSearch (rowid, name, folder, \(columns))
              SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f WHERE f.photoId = \(photoId);
            """
        }
        return """
            CREATE VIRTUAL TABLE fileSearch USING fts5(name, folder, \(columns), tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO fileSearch (rowid, name, folder, \(columns)) SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f;
            CREATE TRIGGER file_search_insert AFTER INSERT ON file BEGIN
              INSERT INTO fileSearch (rowid, name, folder, \(columns)) VALUES (new.id, new.name, new.folder, \(values("new.photoId")));
            END;
            CREATE TRIGGER file_search_delete AFTER DELETE ON file BEGIN
              DELETE FROM fileSearch WHERE rowid = old.id;
            END;
            CREATE TRIGGER file_search_update AFTER UPDATE OF name, folder, photoId ON file BEGIN
              DELETE FROM fileSearch WHERE rowid = old.id;
              INSERT INTO fileSearch (rowid, name, folder, \(columns)) VALUES (new.id, new.name, new.folder, \(values("new.photoId")));
            END;
            CREATE TRIGGER photoTag_search_insert AFTER INSERT ON photoTag BEGIN
              \(refill("new.photoId"))
            END;
            CREATE TRIGGER photoTag_search_delete AFTER DELETE ON photoTag BEGIN
              \(refill("old.photoId"))
            END;
            """
    }

    /// A photo's tags, as one text for the full-text table.
    static func searchTags(_ photoId: String) -> String {
        "COALESCE((SELECT group_concat(t.name, ' ') FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = \(photoId)), '')"
    }

    static let v3 = fileSearch(columns: "tags", values: searchTags)

    /// Share links keep their token (the "Shared links" page shows it again; v6 hashes them).
    static let v4 = accountTable(.sqlite) + "\n" + sessionTable(.sqlite) + """

        CREATE TABLE shareLink (
          id INTEGER PRIMARY KEY,
          token TEXT NOT NULL UNIQUE,
          accountId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('folder', 'tag', 'favorites', 'search')),
          value TEXT NOT NULL,
          filter TEXT NOT NULL DEFAULT '',
          createdAt INTEGER NOT NULL,
          expiresAt INTEGER
        );
        CREATE INDEX shareLink_account ON shareLink(accountId);
        """

    /// Share links are found by the SHA-256 of their token, like sessions, so a copy of the
    /// catalog opens no link. Existing tokens are replaced by their hashes: links keep working.
    static func v6(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE shareLink RENAME COLUMN token TO tokenHash")
        for row in try Row.fetchAll(db, sql: "SELECT id, tokenHash FROM shareLink") {
            try db.execute(sql: "UPDATE shareLink SET tokenHash = ? WHERE id = ?", arguments: [TokenHash.of(row["tokenHash"]), row["id"] as Int64])
        }
    }

    static func v7(_ db: Database) throws {
        try db.execute(sql: libraryIdentityTable(.sqlite))
        try db.execute(sql: "INSERT INTO libraryIdentity (singleton, libraryId) VALUES (1, ?)",
                       arguments: [UUID().uuidString.lowercased()])
    }

    /// An album can be shared: the share table's list of kinds grows, which SQLite does by
    /// building the table anew (every link, token hash and expiry is copied as it is).
    static let v9 = albumTable(.sqlite) + "\n" + albumPhotoTable(.sqlite) + """

        CREATE TABLE shareLink_new (
          id INTEGER PRIMARY KEY,
          tokenHash TEXT NOT NULL UNIQUE,
          accountId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('folder', 'tag', 'favorites', 'search', 'album')),
          value TEXT NOT NULL,
          filter TEXT NOT NULL DEFAULT '',
          createdAt INTEGER NOT NULL,
          expiresAt INTEGER
        );
        INSERT INTO shareLink_new (id, tokenHash, accountId, kind, value, filter, createdAt, expiresAt)
          SELECT id, tokenHash, accountId, kind, value, filter, createdAt, expiresAt FROM shareLink;
        DROP TABLE shareLink;
        ALTER TABLE shareLink_new RENAME TO shareLink;
        CREATE INDEX shareLink_account ON shareLink(accountId);
        """

    /// A file's full-text tags and caption, from its photo `photoId` names (since v10).
    static func searchValues(_ photoId: String) -> String {
        searchTags(photoId) + ", COALESCE((SELECT caption FROM photo WHERE id = \(photoId)), '')"
    }

    /// A photo's caption is the household's, like its stars, and is found by search: the
    /// full-text table gains a column, so it and its triggers are made anew, every row included.
    static let v10: String = {
        let values = searchValues
        return """
            ALTER TABLE photo ADD COLUMN caption TEXT NOT NULL DEFAULT '';
            DROP TRIGGER file_search_insert;
            DROP TRIGGER file_search_delete;
            DROP TRIGGER file_search_update;
            DROP TRIGGER photoTag_search_insert;
            DROP TRIGGER photoTag_search_delete;
            DROP TABLE fileSearch;
            \(fileSearch(columns: "tags, caption", values: values))
            CREATE TRIGGER photo_caption_search AFTER UPDATE OF caption ON photo BEGIN
              DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = new.id);
              INSERT INTO fileSearch (rowid, name, folder, tags, caption)
              SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f WHERE f.photoId = new.id;
            END;
            """
    }()

    /// Videos are items like photos (same identity, curation, trash, shares): what kind each
    /// is, and for a video its length and codecs as ffprobe read them (the codec decides
    /// whether a browser can play the original).
    static let v16 = """
        ALTER TABLE photo ADD COLUMN kind TEXT NOT NULL DEFAULT 'photo';
        ALTER TABLE photo ADD COLUMN durationMs INTEGER;
        ALTER TABLE photo ADD COLUMN videoCodec TEXT;
        ALTER TABLE photo ADD COLUMN audioCodec TEXT;
        CREATE INDEX photo_video ON photo(id) WHERE kind = 'video';
        """

    /// One shot, several files: a Live Photo's clip and a RAW beside its JPEG are files of
    /// their own (their own content, their own place in the trash) that no group lists:
    /// `pairedTo` names the file they belong to, `companions` on that file says what it has
    /// (`FilePairs`). The folder indexes keep only the files groups list. A motion photo's
    /// clip is the end of the JPEG itself: `motionLength` is how many bytes it takes.
    /// A companion moved to the trash with its file is `partOf` that file's trash row.
    static let v17 = """
        ALTER TABLE file ADD COLUMN pairedTo INTEGER REFERENCES file(id) ON DELETE SET NULL;
        ALTER TABLE file ADD COLUMN companions INTEGER NOT NULL DEFAULT 0;
        DROP INDEX file_folder_taken;
        DROP INDEX file_folder_name;
        DROP INDEX file_folder_size;
        \(listedFileIndexes)
        ALTER TABLE photo ADD COLUMN motionLength INTEGER;
        ALTER TABLE trash ADD COLUMN partOf INTEGER;
        """

    /// The indexes of the files groups list (companions are not).
    static let listedFileIndexes = """
        CREATE INDEX file_paired ON file(pairedTo) WHERE pairedTo IS NOT NULL;
        CREATE INDEX file_photo_listed ON file(photoId, id) WHERE pairedTo IS NULL;
        CREATE INDEX file_folder_taken ON file(folder, sortTaken, id) WHERE pairedTo IS NULL;
        CREATE INDEX file_folder_name ON file(folder, sortName, id) WHERE pairedTo IS NULL;
        CREATE INDEX file_folder_size ON file(folder, size, id) WHERE pairedTo IS NULL;
        """

    /// What the scan learned of some content may be out of date: a DNG or a NEF was read as
    /// a TIFF (its small first image) before RAW files were known, and a JPEG's motion clip
    /// was not looked for. Such rows are probed again at the next scan (their files count as
    /// changed), keeping their id and so their curation.
    static let v18 = """
        ALTER TABLE photo ADD COLUMN reprobe INTEGER NOT NULL DEFAULT 0;
        UPDATE photo SET reprobe = 1 WHERE format = 'tiff' OR (format = 'jpeg' AND EXISTS (
          SELECT 1 FROM file f WHERE f.photoId = photo.id AND (f.name LIKE '%.MP.jpg' OR f.name LIKE 'MVIMG%' OR f.name LIKE 'PXL%')));
        UPDATE file SET mtimeNs = -1 WHERE photoId IN (SELECT id FROM photo WHERE reprobe = 1);
        """

    /// A link names a group that is never another's. Album and link ids are never used again
    /// (AUTOINCREMENT; SQLite otherwise hands the highest id out again once it is deleted, and
    /// a link to a deleted album opened the next one made), nor are trash ids, which an undo
    /// holds for a while (an undo of a move to the trash restored whatever took its ids after the
    /// trash was emptied; the few undos of moves to the trash kept at the upgrade, 15 minutes'
    /// worth at most, go, as their ids were handed out before). The tables are built anew with
    /// every row as it was, the album counter starting past every id a link names. A link whose
    /// group ends (album deleted, tag on no photo, folder gone) is ended for good (`endedAt`),
    /// and links already stored whose group ended are ended now (`LinkEnding`).
    static let v20: String = {
        let autoincrement = "INTEGER PRIMARY KEY AUTOINCREMENT"
        return """
            \(albumTable(.sqlite, name: "album_new", id: autoincrement))
            INSERT INTO album_new (id, name, description, coverPhotoId, createdBy, createdAt)
              SELECT id, name, description, coverPhotoId, createdBy, createdAt FROM album;
            DROP TABLE album;
            ALTER TABLE album_new RENAME TO album;
            \(shareLinkTable(.sqlite, name: "shareLink_new", id: autoincrement, more: ["endedAt INTEGER"]))
            INSERT INTO shareLink_new (id, tokenHash, accountId, kind, value, filter, createdAt, expiresAt, passwordHash, uploadsLeft)
              SELECT id, tokenHash, accountId, kind, value, filter, createdAt, expiresAt, passwordHash, uploadsLeft FROM shareLink;
            DROP TABLE shareLink;
            ALTER TABLE shareLink_new RENAME TO shareLink;
            CREATE INDEX shareLink_account ON shareLink(accountId);
            \(trashTable(.sqlite, name: "trash_new", id: autoincrement, more: ["pending INTEGER NOT NULL DEFAULT 0", "partOf INTEGER"]))
            INSERT INTO trash_new (id, photoId, key, trashPath, size, mtimeNs, trashedAt, pending, partOf)
              SELECT id, photoId, key, trashPath, size, mtimeNs, trashedAt, pending, partOf FROM trash;
            DROP TABLE trash;
            ALTER TABLE trash_new RENAME TO trash;
            CREATE INDEX trash_photo ON trash(photoId);
            DELETE FROM undo WHERE step LIKE '{"trash":%';
            DELETE FROM sqlite_sequence WHERE name IN ('album', 'shareLink');
            INSERT INTO sqlite_sequence (name, seq) VALUES
              ('album', MAX(COALESCE((SELECT MAX(id) FROM album), 0),
                            COALESCE((SELECT MAX(CAST(value AS INTEGER)) FROM shareLink WHERE kind = 'album'), 0),
                            COALESCE((SELECT MAX(albumId) FROM albumPhoto), 0))),
              ('shareLink', MAX(COALESCE((SELECT MAX(id) FROM shareLink), 0),
                                COALESCE((SELECT MAX(addedByShare) FROM albumPhoto), 0)));
            \(linkEndingTriggers(.sqlite))
            \(LinkEnding.settleStored(idAsText: "CAST(a.id AS TEXT)", tagMatches: "t.name = shareLink.value", now: SQLDialect.sqlite.now));
            """
    }()
}

// MARK: - PostgreSQL's history

extension CatalogSchema {
    /// PostgreSQL's first step: the shape SQLite had reached at v19, with v21's column, at once.
    /// Text that is sorted or compared keeps SQLite's byte order (`COLLATE "C"`); names that are
    /// unique without case (tags, accounts, albums) are `citext` under that collation, which folds
    /// ASCII letters only, as SQLite's NOCASE does. Integers are BIGINT and flags 0 or 1, as there.
    static let pg1 = [
        "CREATE EXTENSION IF NOT EXISTS citext;",
        "CREATE EXTENSION IF NOT EXISTS unaccent;",
        photoTable(.postgres, more: [
            "rating BIGINT NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5)", "ratingSetByUser BIGINT NOT NULL DEFAULT 0",
            "caption TEXT NOT NULL DEFAULT ''", "rotation BIGINT NOT NULL DEFAULT 0", "kind TEXT NOT NULL DEFAULT 'photo'",
            "durationMs BIGINT", "videoCodec TEXT", "audioCodec TEXT", "motionLength BIGINT", "reprobe BIGINT NOT NULL DEFAULT 0",
        ]),
        "CREATE INDEX photo_rating ON photo(rating);",
        "CREATE INDEX photo_video ON photo(id) WHERE kind = 'video';",
        "CREATE INDEX photo_reprobe ON photo(id) WHERE reprobe != 0;",
        fileTable(.postgres, more: ["pairedTo BIGINT REFERENCES file(id) ON DELETE SET NULL", "companions BIGINT NOT NULL DEFAULT 0"]),
        "CREATE INDEX file_photo ON file(photoId);",
        listedFileIndexes,
        folderTable(.postgres, more: ["earliestTaken BIGINT"]),
        scanIssueTable(.postgres),
        curationTables(.postgres),
        trashTable(.postgres, more: ["pending BIGINT NOT NULL DEFAULT 0", "partOf BIGINT", "pendingSince BIGINT"]),
        "CREATE INDEX trash_photo ON trash(photoId);",
        accountTable(.postgres, more: ["viewLayout TEXT"]),
        sessionTable(.postgres),
        shareLinkTable(.postgres),
        "CREATE INDEX shareLink_account ON shareLink(accountId);",
        libraryIdentityTable(.postgres),
        "INSERT INTO libraryIdentity (singleton, libraryId) VALUES (1, gen_random_uuid()::text);",
        albumTable(.postgres),
        albumPhotoTable(.postgres, more: ["addedByShare BIGINT"]),
        undoTable(.postgres),
    ].joined(separator: "\n")

    static let pg2 = """
        -- One full-text document per file: its name, folder, its photo's tags and caption,
        -- lower-cased, without accents, split into words at everything that is not a letter
        -- or a digit (as SQLite's unicode61 tokenizer with remove_diacritics splits them).
        -- Under ICU's root collation, whatever the database's locale, so that letters of every
        -- alphabet are letters (names and folders are COLLATE "C", which knows ASCII only).
        CREATE FUNCTION photolala_search_words(t text) RETURNS text LANGUAGE sql STABLE AS $$
          SELECT regexp_replace(lower(unaccent(t) COLLATE "und-x-icu"), '[^[:alnum:]]+', ' ', 'g')
        $$;
        CREATE TABLE fileSearch (
          fileId BIGINT PRIMARY KEY REFERENCES file(id) ON DELETE CASCADE,
          doc tsvector NOT NULL
        );
        CREATE INDEX fileSearch_doc ON fileSearch USING gin (doc);
        -- Makes the documents of these files anew; the scan's writer calls it once a batch.
        CREATE FUNCTION photolala_refresh_search(ids bigint[]) RETURNS void LANGUAGE sql AS $$
          INSERT INTO fileSearch (fileId, doc)
          SELECT f.id, to_tsvector('simple', photolala_search_words(f.name || ' ' || f.folder || ' ' ||
                   COALESCE((SELECT string_agg(t.name::text, ' ') FROM photoTag pt JOIN tag t ON t.id = pt.tagId
                             WHERE pt.photoId = f.photoId), '') || ' ' || p.caption))
          FROM file f JOIN photo p ON p.id = f.photoId WHERE f.id = ANY(ids)
          ON CONFLICT (fileId) DO UPDATE SET doc = excluded.doc
        $$;
        CREATE FUNCTION photolala_file_search() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM photolala_refresh_search(ARRAY[NEW.id]);
          RETURN NULL;
        END $$;
        CREATE TRIGGER file_search_update AFTER UPDATE OF name, folder, photoId ON file
          FOR EACH ROW EXECUTE FUNCTION photolala_file_search();
        CREATE FUNCTION photolala_photo_tag_search() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE changed BIGINT;
        BEGIN
          IF TG_OP = 'DELETE' THEN changed := OLD.photoId; ELSE changed := NEW.photoId; END IF;
          PERFORM photolala_refresh_search(ARRAY(SELECT id FROM file WHERE photoId = changed));
          RETURN NULL;
        END $$;
        CREATE TRIGGER photoTag_search AFTER INSERT OR DELETE ON photoTag
          FOR EACH ROW EXECUTE FUNCTION photolala_photo_tag_search();
        CREATE FUNCTION photolala_caption_search() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM photolala_refresh_search(ARRAY(SELECT id FROM file WHERE photoId = NEW.id));
          RETURN NULL;
        END $$;
        CREATE TRIGGER photo_caption_search AFTER UPDATE OF caption ON photo
          FOR EACH ROW WHEN (OLD.caption IS DISTINCT FROM NEW.caption) EXECUTE FUNCTION photolala_caption_search();
        """

    /// The sign-in throttle's state, shared by every instance: each attempt let through is a
    /// failure until it is settled (when, for which name, from where; rows older than the window
    /// are deleted as they are read), and the addresses each name signed in from. SQLite's
    /// catalog serves one instance, which keeps this in memory.
    static let pg3 = """
        CREATE TABLE signInFailure (
          id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
          at DOUBLE PRECISION NOT NULL,
          name TEXT COLLATE "C" NOT NULL,
          address TEXT COLLATE "C" NOT NULL
        );
        CREATE INDEX signInFailure_name ON signInFailure(name, at);
        CREATE INDEX signInFailure_address ON signInFailure(address, at);
        CREATE INDEX signInFailure_at ON signInFailure(at);
        CREATE TABLE signInTrust (
          name TEXT COLLATE "C" NOT NULL,
          address TEXT COLLATE "C" NOT NULL,
          trustedAt DOUBLE PRECISION NOT NULL,
          PRIMARY KEY (name, address)
        );
        """

    /// `photo.listedFile`: the lowest id of the photo's files that no other file is paired to,
    /// or NULL when it has none; `photo.listedTaken`, that file's `sortTaken`; and
    /// `photo.listedCount`, how many such files it has. The indexes Recently added and the search
    /// by date walk in their order, and the one of photos at two paths or more (Duplicates).
    static func listedFileColumns(_ d: SQLDialect) -> String {
        """
        ALTER TABLE photo ADD COLUMN listedFile \(d.integer);
        ALTER TABLE photo ADD COLUMN listedTaken \(d.integer);
        ALTER TABLE photo ADD COLUMN listedCount \(d.integer) NOT NULL DEFAULT 0;
        UPDATE photo \(setListed("photo.id"));
        CREATE INDEX photo_listed_added ON photo(addedAt, listedFile) WHERE listedFile IS NOT NULL;
        CREATE INDEX photo_listed_taken ON photo(listedTaken, listedFile) WHERE listedFile IS NOT NULL;
        CREATE INDEX photo_copies ON photo(id) WHERE listedCount > 1;
        """
    }

    /// Sets the first listed file's id and date, and how many listed files, of the photo
    /// `photoId` names (none: NULL, NULL, 0).
    static func setListed(_ photoId: String) -> String {
        """
        SET (listedFile, listedTaken) = (SELECT f.id, f.sortTaken FROM file f WHERE f.photoId = \(photoId) AND f.pairedTo IS NULL ORDER BY f.id LIMIT 1),
            listedCount = (SELECT COUNT(*) FROM file f WHERE f.photoId = \(photoId) AND f.pairedTo IS NULL)
        """
    }

    /// One more listed file, `row`, for its photo: the first when no listed file of the photo
    /// has a lower id (each SET reads the row as it was).
    static func listedInsert(_ row: String) -> String {
        """
        UPDATE photo SET listedCount = listedCount + 1,
            listedFile = CASE WHEN listedFile IS NULL OR listedFile > \(row).id THEN \(row).id ELSE listedFile END,
            listedTaken = CASE WHEN listedFile IS NULL OR listedFile > \(row).id THEN \(row).sortTaken ELSE listedTaken END
          WHERE id = \(row).photoId;
        """
    }

    static let v23 = listedFileColumns(.sqlite) + """

        CREATE TRIGGER file_listed_insert AFTER INSERT ON file WHEN new.pairedTo IS NULL BEGIN
          \(listedInsert("new"))
        END;
        CREATE TRIGGER file_listed_delete AFTER DELETE ON file WHEN old.pairedTo IS NULL BEGIN
          UPDATE photo \(setListed("old.photoId")) WHERE id = old.photoId;
        END;
        CREATE TRIGGER file_listed_update AFTER UPDATE OF photoId, pairedTo ON file
          WHEN old.photoId IS NOT new.photoId OR old.pairedTo IS NOT new.pairedTo BEGIN
          UPDATE photo \(setListed("photo.id")) WHERE id IN (old.photoId, new.photoId);
        END;
        CREATE TRIGGER file_listed_taken AFTER UPDATE OF sortTaken ON file WHEN old.sortTaken != new.sortTaken BEGIN
          UPDATE photo SET listedTaken = new.sortTaken WHERE id = new.photoId AND listedFile = new.id;
        END;
        """

    static let pg5 = listedFileColumns(.postgres) + """

        CREATE FUNCTION photolala_listed_file() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            IF NEW.pairedTo IS NULL THEN
              \(listedInsert("NEW"))
            END IF;
          ELSIF TG_OP = 'DELETE' THEN
            IF OLD.pairedTo IS NULL THEN
              UPDATE photo \(setListed("OLD.photoId")) WHERE id = OLD.photoId;
            END IF;
          ELSIF OLD.photoId IS DISTINCT FROM NEW.photoId OR OLD.pairedTo IS DISTINCT FROM NEW.pairedTo THEN
            UPDATE photo \(setListed("photo.id")) WHERE id IN (OLD.photoId, NEW.photoId);
          ELSIF OLD.sortTaken IS DISTINCT FROM NEW.sortTaken THEN
            UPDATE photo SET listedTaken = NEW.sortTaken WHERE id = NEW.photoId AND listedFile = NEW.id;
          END IF;
          RETURN NULL;
        END $$;
        CREATE TRIGGER file_listed AFTER INSERT OR DELETE OR UPDATE OF photoId, pairedTo, sortTaken ON file
          FOR EACH ROW EXECUTE FUNCTION photolala_listed_file();
        """

    /// `file.sortStars` and `file.sortAdded`: its photo's rating and `addedAt`, and the folder
    /// indexes that walk them. A photo's `addedAt` never changes; its rating is kept by a trigger.
    static func fileSortKeys(_ d: SQLDialect) -> String {
        """
        ALTER TABLE file ADD COLUMN sortStars \(d.integer) NOT NULL DEFAULT 0;
        ALTER TABLE file ADD COLUMN sortAdded \(d.integer) NOT NULL DEFAULT 0;
        UPDATE file SET sortStars = (SELECT rating FROM photo WHERE id = file.photoId), sortAdded = (SELECT addedAt FROM photo WHERE id = file.photoId);
        CREATE INDEX file_folder_stars ON file(folder, sortStars, id) WHERE pairedTo IS NULL;
        CREATE INDEX file_folder_added ON file(folder, sortAdded, id) WHERE pairedTo IS NULL;
        """
    }

    static let v24 = fileSortKeys(.sqlite) + """

        CREATE TRIGGER photo_rating_files AFTER UPDATE OF rating ON photo WHEN old.rating != new.rating BEGIN
          UPDATE file SET sortStars = new.rating WHERE photoId = new.id;
        END;
        """

    static let pg6 = fileSortKeys(.postgres) + """

        CREATE FUNCTION photolala_rating_files() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE file SET sortStars = NEW.rating WHERE photoId = NEW.id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER photo_rating_files AFTER UPDATE OF rating ON photo
          FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating) EXECUTE FUNCTION photolala_rating_files();
        """

    /// v20 in PostgreSQL, whose ids were never used again already (identities).
    static let pg4 = """
        ALTER TABLE shareLink ADD COLUMN endedAt BIGINT;
        \(linkEndingTriggers(.postgres))
        \(LinkEnding.settleStored(idAsText: "a.id::text", tagMatches: "t.name = shareLink.value::citext", now: SQLDialect.postgres.now));
        """
}
