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
        return migrator
    }
}
