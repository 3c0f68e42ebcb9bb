"""The catalog's floor for a scan: inserts into an empty catalog (DEST, made by a scan of an empty
folder) the photo rows, file rows and full-text rows of a scanned one (SOURCE), 2,048 files a
transaction as the scan's writer does, with the same pragmas; prints the seconds the inserts
took. Prepared statements bound from Python's sqlite3 module (executemany loops in C): what
keeping the catalog costs with nothing of Photolala's own in the way (no reading, hashing or
probing of files, no Swift).
  usage: python3 Benchmarks/catalog_floor.py SOURCE DEST
"""
import sqlite3
import sys
import time

PHOTO = "id, sha256, size, format, width, height, orientation, takenAt, cameraMake, cameraModel, addedAt, kind"
FILE = "id, key, folder, name, sortName, size, mtimeNs, sortTaken, photoId"

def main() -> None:
    source = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
    files = source.execute(f"SELECT {FILE} FROM file ORDER BY id").fetchall()
    photos = {row[0]: row for row in source.execute(f"SELECT {PHOTO} FROM photo")}
    db = sqlite3.connect(sys.argv[2], isolation_level=None)
    for pragma in ("journal_mode = WAL", "synchronous = FULL", "temp_store = MEMORY", "foreign_keys = ON"):
        db.execute("PRAGMA " + pragma)
    start = time.monotonic()
    for first in range(0, len(files), 2048):
        batch = files[first:first + 2048]
        db.execute("BEGIN")
        db.executemany(f"INSERT INTO photo ({PHOTO}) VALUES ({', '.join('?' * 12)})", [photos[row[8]] for row in batch])
        db.executemany(f"INSERT INTO file ({FILE}) VALUES ({', '.join('?' * 9)})", batch)
        db.execute("INSERT INTO fileSearch (rowid, name, folder, tags, caption) SELECT id, name, folder, '', '' "
                   "FROM file WHERE id BETWEEN ? AND ?", (batch[0][0], batch[-1][0]))
        db.execute("COMMIT")
    print(f"{time.monotonic() - start:.3f}")

if __name__ == "__main__":
    main()
