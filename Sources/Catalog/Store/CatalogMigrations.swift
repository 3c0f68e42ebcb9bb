import Foundation
import GRDB

/// The catalog's schema, as string-named, append-only migrations.
enum CatalogMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-files-photos-folders") { db in
            // What people say about a picture lives here, keyed by content identity.
            try db.execute(sql: """
                CREATE TABLE photo (
                  id INTEGER PRIMARY KEY,
                  sha256 TEXT NOT NULL,
                  size INTEGER NOT NULL,
                  format TEXT NOT NULL,
                  width INTEGER NOT NULL,
                  height INTEGER NOT NULL,
                  orientation INTEGER NOT NULL DEFAULT 1,
                  takenAt INTEGER,
                  cameraMake TEXT,
                  cameraModel TEXT,
                  addedAt INTEGER NOT NULL,
                  UNIQUE (sha256, size)
                );
                CREATE TABLE file (
                  id INTEGER PRIMARY KEY,
                  key TEXT NOT NULL UNIQUE,
                  folder TEXT NOT NULL,
                  name TEXT NOT NULL,
                  sortName TEXT NOT NULL,
                  size INTEGER NOT NULL,
                  mtimeNs INTEGER NOT NULL,
                  sortTaken INTEGER NOT NULL,
                  photoId INTEGER NOT NULL REFERENCES photo(id)
                );
                CREATE INDEX file_photo ON file(photoId);
                CREATE INDEX file_folder_taken ON file(folder, sortTaken, id);
                CREATE INDEX file_folder_name ON file(folder, sortName, id);
                CREATE INDEX file_folder_size ON file(folder, size, id);
                CREATE TABLE folder (
                  path TEXT PRIMARY KEY,
                  parent TEXT,
                  name TEXT NOT NULL,
                  photoCount INTEGER NOT NULL,
                  totalCount INTEGER NOT NULL,
                  folderCount INTEGER NOT NULL,
                  coverSha TEXT,
                  latestTaken INTEGER
                ) WITHOUT ROWID;
                CREATE INDEX folder_parent ON folder(parent, name);
                CREATE TABLE scanIssue (
                  key TEXT PRIMARY KEY,
                  size INTEGER NOT NULL,
                  mtimeNs INTEGER NOT NULL,
                  reason TEXT NOT NULL,
                  seenAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2-curation-trash") { db in
            // Stars and tags are the household's, on the photo (content identity), so they survive
            // moves and are shared by byte-identical copies. Favorites are per person: userId 0 is
            // the household until accounts exist, so accounts need no rewrite.
            try db.execute(sql: """
                ALTER TABLE photo ADD COLUMN rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5);
                ALTER TABLE photo ADD COLUMN ratingSetByUser INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX photo_rating ON photo(rating);
                CREATE TABLE tag (
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL UNIQUE COLLATE NOCASE
                );
                CREATE TABLE photoTag (
                  photoId INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                  tagId INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
                  fromFile INTEGER NOT NULL DEFAULT 0,
                  PRIMARY KEY (photoId, tagId)
                ) WITHOUT ROWID;
                CREATE INDEX photoTag_tag ON photoTag(tagId, photoId);
                CREATE TABLE removedTag (
                  photoId INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                  name TEXT NOT NULL COLLATE NOCASE,
                  PRIMARY KEY (photoId, name)
                ) WITHOUT ROWID;
                CREATE TABLE favorite (
                  userId INTEGER NOT NULL,
                  photoId INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                  createdAt INTEGER NOT NULL,
                  PRIMARY KEY (userId, photoId)
                ) WITHOUT ROWID;
                CREATE INDEX favorite_photo ON favorite(photoId);
                CREATE TABLE trash (
                  id INTEGER PRIMARY KEY,
                  photoId INTEGER NOT NULL REFERENCES photo(id),
                  key TEXT NOT NULL,
                  trashPath TEXT NOT NULL UNIQUE,
                  size INTEGER NOT NULL,
                  mtimeNs INTEGER NOT NULL,
                  trashedAt INTEGER NOT NULL
                );
                CREATE INDEX trash_photo ON trash(photoId);
                """)
        }
        migrator.registerMigration("v3-search") { db in
            // One full-text row per file (rowid = file.id): its name, folder and its photo's tags,
            // kept in step by triggers so no code path can forget it.
            let tags = "COALESCE((SELECT group_concat(t.name, ' ') FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = %@), '')"
            let fileTags = tags.replacingOccurrences(of: "%@", with: "f.photoId")
            try db.execute(sql: """
                CREATE VIRTUAL TABLE fileSearch USING fts5(name, folder, tags, tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO fileSearch (rowid, name, folder, tags) SELECT f.id, f.name, f.folder, \(fileTags) FROM file f;
                CREATE TRIGGER file_search_insert AFTER INSERT ON file BEGIN
                  INSERT INTO fileSearch (rowid, name, folder, tags)
                  VALUES (new.id, new.name, new.folder, \(tags.replacingOccurrences(of: "%@", with: "new.photoId")));
                END;
                CREATE TRIGGER file_search_delete AFTER DELETE ON file BEGIN
                  DELETE FROM fileSearch WHERE rowid = old.id;
                END;
                CREATE TRIGGER file_search_update AFTER UPDATE OF name, folder, photoId ON file BEGIN
                  DELETE FROM fileSearch WHERE rowid = old.id;
                  INSERT INTO fileSearch (rowid, name, folder, tags)
                  VALUES (new.id, new.name, new.folder, \(tags.replacingOccurrences(of: "%@", with: "new.photoId")));
                END;
                CREATE TRIGGER photoTag_search_insert AFTER INSERT ON photoTag BEGIN
                  DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = new.photoId);
                  INSERT INTO fileSearch (rowid, name, folder, tags)
                  SELECT f.id, f.name, f.folder, \(fileTags) FROM file f WHERE f.photoId = new.photoId;
                END;
                CREATE TRIGGER photoTag_search_delete AFTER DELETE ON photoTag BEGIN
                  DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = old.photoId);
                  INSERT INTO fileSearch (rowid, name, folder, tags)
                  SELECT f.id, f.name, f.folder, \(fileTags) FROM file f WHERE f.photoId = old.photoId;
                END;
                """)
        }
        migrator.registerMigration("v4-accounts-shares") { db in
            // Sessions are stored by the SHA-256 of their token, so a copy of the catalog holds no
            // usable session. Share links keep their token: the "Shared links" page shows it again.
            try db.execute(sql: """
                CREATE TABLE account (
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                  passwordHash TEXT NOT NULL,
                  role TEXT NOT NULL CHECK (role IN ('viewer', 'member', 'admin')),
                  createdAt INTEGER NOT NULL
                );
                CREATE TABLE session (
                  tokenHash TEXT PRIMARY KEY,
                  accountId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  createdAt INTEGER NOT NULL,
                  expiresAt INTEGER NOT NULL,
                  lastSeenAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX session_account ON session(accountId);
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
                """)
        }
        migrator.registerMigration("v5-trash-journal") { db in
            // A move into or out of the trash is written down before the file moves and settled
            // after, so a kill in between is finished or undone at the next start (see recoverTrashMoves).
            try db.execute(sql: """
                ALTER TABLE trash ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("v6-share-token-hashes") { db in
            // Share links are found by the SHA-256 of their token, like sessions, so a copy of the
            // catalog opens no link. Existing tokens are replaced by their hashes: links keep working.
            try db.execute(sql: "ALTER TABLE shareLink RENAME COLUMN token TO tokenHash")
            for row in try Row.fetchAll(db, sql: "SELECT id, tokenHash FROM shareLink") {
                try db.execute(sql: "UPDATE shareLink SET tokenHash = ? WHERE id = ?", arguments: [TokenHash.of(row["tokenHash"]), row["id"] as Int64])
            }
        }
        migrator.registerMigration("v7-library-identity") { db in
            // A data folder belongs to one library: a random id, and the library's path recorded on
            // first use, so serving or scanning another folder with this catalog is refused
            // instead of dropping this library's photos from it.
            try db.execute(sql: """
                CREATE TABLE libraryIdentity (
                  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                  libraryId TEXT NOT NULL,
                  path TEXT,
                  recordedAt INTEGER
                )
                """)
            try db.execute(sql: "INSERT INTO libraryIdentity (singleton, libraryId) VALUES (1, ?)",
                           arguments: [UUID().uuidString.lowercased()])
        }
        migrator.registerMigration("v8-folder-taken-range") { db in
            // Folder cards show the range of dates the photos were taken, from the cameras' own
            // dates only: a photo without one no longer lends its file date to the card. The
            // old latest date counted file dates, so it is cleared until the next scan's rebuild.
            try db.execute(sql: "ALTER TABLE folder ADD COLUMN earliestTaken INTEGER")
            try db.execute(sql: "UPDATE folder SET latestTaken = NULL")
        }
        migrator.registerMigration("v9-albums") { db in
            // Albums are the household's, hang on photos (content identity) like stars and tags,
            // and keep an order of their own.
            try db.execute(sql: """
                CREATE TABLE album (
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                  description TEXT NOT NULL DEFAULT '',
                  coverPhotoId INTEGER REFERENCES photo(id) ON DELETE SET NULL,
                  createdBy INTEGER REFERENCES account(id) ON DELETE SET NULL,
                  createdAt INTEGER NOT NULL
                );
                CREATE TABLE albumPhoto (
                  albumId INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE,
                  photoId INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                  position INTEGER NOT NULL,
                  addedAt INTEGER NOT NULL,
                  PRIMARY KEY (albumId, photoId)
                );
                CREATE INDEX albumPhotoOrder ON albumPhoto(albumId, position);
                CREATE INDEX albumPhotoByPhoto ON albumPhoto(photoId);
                """)
            // An album can be shared: the share table's list of kinds grows, which SQLite does by
            // building the table anew (every link, token hash and expiry is copied as it is).
            try db.execute(sql: """
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
                """)
        }
        migrator.registerMigration("v10-captions") { db in
            // A photo's caption is the household's, like its stars, and is found by search: the
            // full-text table gains a column, so it and its triggers are made anew, every row included.
            let tags = "COALESCE((SELECT group_concat(t.name, ' ') FROM photoTag pt JOIN tag t ON t.id = pt.tagId WHERE pt.photoId = %@), '')"
            let caption = "COALESCE((SELECT caption FROM photo WHERE id = %@), '')"
            let values = { (photoId: String) in
                tags.replacingOccurrences(of: "%@", with: photoId) + ", " + caption.replacingOccurrences(of: "%@", with: photoId)
            }
            try db.execute(sql: """
                ALTER TABLE photo ADD COLUMN caption TEXT NOT NULL DEFAULT '';
                DROP TRIGGER file_search_insert;
                DROP TRIGGER file_search_delete;
                DROP TRIGGER file_search_update;
                DROP TRIGGER photoTag_search_insert;
                DROP TRIGGER photoTag_search_delete;
                DROP TABLE fileSearch;
                CREATE VIRTUAL TABLE fileSearch USING fts5(name, folder, tags, caption, tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO fileSearch (rowid, name, folder, tags, caption) SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f;
                CREATE TRIGGER file_search_insert AFTER INSERT ON file BEGIN
                  INSERT INTO fileSearch (rowid, name, folder, tags, caption) VALUES (new.id, new.name, new.folder, \(values("new.photoId")));
                END;
                CREATE TRIGGER file_search_delete AFTER DELETE ON file BEGIN
                  DELETE FROM fileSearch WHERE rowid = old.id;
                END;
                CREATE TRIGGER file_search_update AFTER UPDATE OF name, folder, photoId ON file BEGIN
                  DELETE FROM fileSearch WHERE rowid = old.id;
                  INSERT INTO fileSearch (rowid, name, folder, tags, caption) VALUES (new.id, new.name, new.folder, \(values("new.photoId")));
                END;
                CREATE TRIGGER photoTag_search_insert AFTER INSERT ON photoTag BEGIN
                  DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = new.photoId);
                  INSERT INTO fileSearch (rowid, name, folder, tags, caption)
                  SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f WHERE f.photoId = new.photoId;
                END;
                CREATE TRIGGER photoTag_search_delete AFTER DELETE ON photoTag BEGIN
                  DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = old.photoId);
                  INSERT INTO fileSearch (rowid, name, folder, tags, caption)
                  SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f WHERE f.photoId = old.photoId;
                END;
                CREATE TRIGGER photo_caption_search AFTER UPDATE OF caption ON photo BEGIN
                  DELETE FROM fileSearch WHERE rowid IN (SELECT id FROM file WHERE photoId = new.id);
                  INSERT INTO fileSearch (rowid, name, folder, tags, caption)
                  SELECT f.id, f.name, f.folder, \(values("f.photoId")) FROM file f WHERE f.photoId = new.id;
                END;
                """)
        }
        migrator.registerMigration("v11-share-passwords") { db in
            // A share link may ask for a password (a bcrypt hash) before it opens.
            try db.execute(sql: "ALTER TABLE shareLink ADD COLUMN passwordHash TEXT")
        }
        migrator.registerMigration("v12-rotation") { db in
            // The household's quarter turns (0, 90, 180, 270 clockwise) after the EXIF orientation;
            // width and height stay as shown, so they trade places with each odd turn.
            try db.execute(sql: "ALTER TABLE photo ADD COLUMN rotation INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v13-undo") { db in
            // What a many-photo action changed, for a short while: the state before, as JSON,
            // under the SHA-256 of the token its holder got (so a copy of the catalog undoes nothing).
            try db.execute(sql: """
                CREATE TABLE undo (
                  tokenHash TEXT PRIMARY KEY,
                  accountId INTEGER REFERENCES account(id) ON DELETE CASCADE,
                  label TEXT NOT NULL,
                  back TEXT NOT NULL,
                  step TEXT NOT NULL,
                  createdAt INTEGER NOT NULL
                );
                CREATE INDEX undoAge ON undo(createdAt);
                """)
        }
        migrator.registerMigration("v14-account-view") { db in
            // The layout of group pages each person chose, so it follows them from phone to laptop.
            try db.execute(sql: "ALTER TABLE account ADD COLUMN viewLayout TEXT")
        }
        migrator.registerMigration("v15-share-uploads") { db in
            // An album's link may let its holders add photos: how many it may still add, and which
            // of an album's photos came through a link (kept when the link is revoked).
            try db.execute(sql: """
                ALTER TABLE shareLink ADD COLUMN uploadsLeft INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE albumPhoto ADD COLUMN addedByShare INTEGER;
                """)
        }
        migrator.registerMigration("v16-video") { db in
            // Videos are items like photos (same identity, curation, trash, shares): what kind each
            // is, and for a video its length and codecs as ffprobe read them (the codec decides
            // whether a browser can play the original).
            try db.execute(sql: """
                ALTER TABLE photo ADD COLUMN kind TEXT NOT NULL DEFAULT 'photo';
                ALTER TABLE photo ADD COLUMN durationMs INTEGER;
                ALTER TABLE photo ADD COLUMN videoCodec TEXT;
                ALTER TABLE photo ADD COLUMN audioCodec TEXT;
                CREATE INDEX photo_video ON photo(id) WHERE kind = 'video';
                """)
        }
        migrator.registerMigration("v17-pairs") { db in
            // One shot, several files: a Live Photo's clip and a RAW beside its JPEG are files of
            // their own (their own content, their own place in the trash) that no group lists:
            // `pairedTo` names the file they belong to, `companions` on that file says what it has
            // (`FilePairs`). The folder indexes keep only the files groups list. A motion photo's
            // clip is the end of the JPEG itself: `motionLength` is how many bytes it takes.
            // A companion moved to the trash with its file is `partOf` that file's trash row.
            try db.execute(sql: """
                ALTER TABLE file ADD COLUMN pairedTo INTEGER REFERENCES file(id) ON DELETE SET NULL;
                ALTER TABLE file ADD COLUMN companions INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX file_paired ON file(pairedTo) WHERE pairedTo IS NOT NULL;
                CREATE INDEX file_photo_listed ON file(photoId, id) WHERE pairedTo IS NULL;
                DROP INDEX file_folder_taken;
                DROP INDEX file_folder_name;
                DROP INDEX file_folder_size;
                CREATE INDEX file_folder_taken ON file(folder, sortTaken, id) WHERE pairedTo IS NULL;
                CREATE INDEX file_folder_name ON file(folder, sortName, id) WHERE pairedTo IS NULL;
                CREATE INDEX file_folder_size ON file(folder, size, id) WHERE pairedTo IS NULL;
                ALTER TABLE photo ADD COLUMN motionLength INTEGER;
                ALTER TABLE trash ADD COLUMN partOf INTEGER;
                """)
        }
        migrator.registerMigration("v18-reprobe") { db in
            // What the scan learned of some content may be out of date: a DNG or a NEF was read as
            // a TIFF (its small first image) before RAW files were known, and a JPEG's motion clip
            // was not looked for. Such rows are probed again at the next scan (their files count as
            // changed), keeping their id and so their curation.
            try db.execute(sql: """
                ALTER TABLE photo ADD COLUMN reprobe INTEGER NOT NULL DEFAULT 0;
                UPDATE photo SET reprobe = 1 WHERE format = 'tiff' OR (format = 'jpeg' AND EXISTS (
                  SELECT 1 FROM file f WHERE f.photoId = photo.id AND (f.name LIKE '%.MP.jpg' OR f.name LIKE 'MVIMG%' OR f.name LIKE 'PXL%')));
                UPDATE file SET mtimeNs = -1 WHERE photoId IN (SELECT id FROM photo WHERE reprobe = 1);
                """)
        }
        migrator.registerMigration("v19-search-rows-by-batch") { db in
            // A file's full-text row was written by a trigger as each file row was inserted. FTS5
            // writes out what it holds at every statement that may be undone on its own (each such
            // insert), so a scan wrote a tiny segment a file and kept merging them: about half of a
            // cold scan's time. The scan's writer now writes them, one statement a batch
            // (`CatalogStore.writeSearchRows`); updates, deletes, tags and captions keep their triggers.
            try db.execute(sql: "DROP TRIGGER file_search_insert")
        }
        migrator.registerMigration("v20-lasting-links") { db in
            // A link names a group that is never another's. Album and link ids are never used again
            // (AUTOINCREMENT; SQLite otherwise hands the highest id out again once it is deleted, and
            // a link to a deleted album opened the next one made), nor are trash ids, which an undo
            // holds for a while (an undo of a move to the trash restored whatever took its ids after the
            // trash was emptied; the few undos of moves to the trash kept at the upgrade, 15 minutes'
            // worth at most, go, as their ids were handed out before). The tables are built anew with
            // every row as it was, the album counter starting past every id a link names. A link whose
            // group ends (album deleted, tag on no photo, folder gone) is ended for good (`endedAt`),
            // and links already stored whose group ended are ended now (`LinkEnding`).
            try db.execute(sql: """
                CREATE TABLE album_new (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                  description TEXT NOT NULL DEFAULT '',
                  coverPhotoId INTEGER REFERENCES photo(id) ON DELETE SET NULL,
                  createdBy INTEGER REFERENCES account(id) ON DELETE SET NULL,
                  createdAt INTEGER NOT NULL
                );
                INSERT INTO album_new (id, name, description, coverPhotoId, createdBy, createdAt)
                  SELECT id, name, description, coverPhotoId, createdBy, createdAt FROM album;
                DROP TABLE album;
                ALTER TABLE album_new RENAME TO album;
                CREATE TABLE shareLink_new (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  tokenHash TEXT NOT NULL UNIQUE,
                  accountId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  kind TEXT NOT NULL CHECK (kind IN ('folder', 'tag', 'favorites', 'search', 'album')),
                  value TEXT NOT NULL,
                  filter TEXT NOT NULL DEFAULT '',
                  createdAt INTEGER NOT NULL,
                  expiresAt INTEGER,
                  passwordHash TEXT,
                  uploadsLeft INTEGER NOT NULL DEFAULT 0,
                  endedAt INTEGER
                );
                INSERT INTO shareLink_new (id, tokenHash, accountId, kind, value, filter, createdAt, expiresAt, passwordHash, uploadsLeft)
                  SELECT id, tokenHash, accountId, kind, value, filter, createdAt, expiresAt, passwordHash, uploadsLeft FROM shareLink;
                DROP TABLE shareLink;
                ALTER TABLE shareLink_new RENAME TO shareLink;
                CREATE INDEX shareLink_account ON shareLink(accountId);
                CREATE TABLE trash_new (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  photoId INTEGER NOT NULL REFERENCES photo(id),
                  key TEXT NOT NULL,
                  trashPath TEXT NOT NULL UNIQUE,
                  size INTEGER NOT NULL,
                  mtimeNs INTEGER NOT NULL,
                  trashedAt INTEGER NOT NULL,
                  pending INTEGER NOT NULL DEFAULT 0,
                  partOf INTEGER
                );
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
                CREATE TRIGGER album_ends_links AFTER DELETE ON album BEGIN
                  UPDATE shareLink SET endedAt = \(LinkEnding.nowSQL)
                  WHERE kind = 'album' AND endedAt IS NULL AND value = CAST(old.id AS TEXT);
                END;
                CREATE TRIGGER tag_ends_links AFTER DELETE ON tag BEGIN
                  UPDATE shareLink SET endedAt = \(LinkEnding.nowSQL)
                  WHERE kind = 'tag' AND endedAt IS NULL AND value = old.name COLLATE NOCASE;
                END;
                \(LinkEnding.settleStored(idAsText: "CAST(a.id AS TEXT)", tagMatches: "t.name = shareLink.value", now: LinkEnding.nowSQL));
                """)
        }
        migrator.registerMigration("v21-trash-pending-since") { db in
            // When a trash move began, as PostgreSQL's catalog records it (pg1): the trash's steps are one code for both.
            try db.execute(sql: "ALTER TABLE trash ADD COLUMN pendingSince INTEGER")
        }
        return migrator
    }
}
