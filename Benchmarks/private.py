"""What hiding private photos costs the catalog's queries, on SQLite, at a million photos: each
query a page makes, timed as the catalog asks it for someone from whom some photos are hidden,
beside the same query without the condition (its reference, in the same run), with nothing, 1,000
and 100,000 photos private. The catalog is a real one (DATA, made by `photolala scan` of an empty
folder, so every migration and trigger is there), filled with made-up rows: a folder of 200,000,
the rest in folders of 1,000. Best of three; reports only, asserts nothing.
  usage: python3 Benchmarks/private.py DATA [COUNT]
"""
import sqlite3
import sys
import time

HIDDEN_FILES = (" AND f.id NOT IN (SELECT hf.id FROM photo hp JOIN file hf ON hf.photoId = hp.id"
                " WHERE hp.privateTo IS NOT NULL AND hp.privateTo <> -1)")
HIDDEN_PHOTOS = " AND p.id NOT IN (SELECT id FROM photo WHERE privateTo IS NOT NULL AND privateTo <> -1)"
ROW = " AND (p.privateTo IS NULL OR p.privateTo = -1)"
# (what GroupSQL asks: the page index's passes against the set of hidden ids, so they stay on
# their indexes; a page, a count and a month from the photo's own column)
QUERIES = [
    ("a folder of 200,000, its page index", "SELECT f.sortTaken, f.id FROM file f WHERE f.folder = 'big' AND f.pairedTo IS NULL{}"
     " ORDER BY f.sortTaken, f.id", HIDDEN_FILES),
    ("everything by date, its page index", "SELECT p.listedTaken, p.listedFile FROM photo p WHERE p.listedFile IS NOT NULL{}"
     " ORDER BY p.listedTaken DESC, p.listedFile DESC", HIDDEN_PHOTOS),
    ("a page of 60 in the middle of the folder", "SELECT f.id, f.key, p.sha256 FROM file f JOIN photo p ON p.id = f.photoId"
     " WHERE f.folder = 'big' AND f.pairedTo IS NULL{} AND (f.sortTaken, f.id) >= (1506000000, 100000) ORDER BY f.sortTaken, f.id LIMIT 60", ROW),
    ("the count of everything", "SELECT COUNT(*) FROM photo p JOIN file f ON f.id = p.listedFile WHERE p.listedFile IS NOT NULL{}", ROW),
    ("a month's photos", "SELECT p.listedTaken, p.listedFile FROM photo p WHERE p.listedFile IS NOT NULL"
     " AND p.takenAt >= 1520000000 AND p.takenAt < 1522600000{} ORDER BY p.listedTaken DESC, p.listedFile DESC", ROW),
]


def fill(path: str, count: int) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    db.execute("""WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO photo (id, sha256, size, format, width, height, orientation, takenAt, addedAt, kind)
        SELECT i, printf('%064x', i), 1000 + i, 'jpeg', 64, 48, 1, 1500000000 + i * 60, 1700000000 + i, 'photo' FROM n""", (count,))
    db.execute("""WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO file (id, key, folder, name, sortName, size, mtimeNs, sortTaken, photoId, sortStars, sortAdded)
        SELECT i, f || '/' || printf('IMG_%07d.jpg', i), f, printf('IMG_%07d.jpg', i), printf('img_%07d.jpg', i), 1000 + i, i,
               1500000000 + i * 60, i, 0, 1700000000 + i
        FROM (SELECT i, CASE WHEN i <= 200000 THEN 'big' ELSE 'events/' || (i / 1000) END AS f FROM n)""", (count,))
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()


def best(db, sql: str) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        db.execute(sql).fetchall()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    path = sys.argv[1] + "/catalog.sqlite"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    fill(path, count)
    writer = sqlite3.connect(path, isolation_level=None)
    for private, every in [(0, 0), (count // 1000, 1000), (count // 10, 10)]:
        writer.execute("UPDATE photo SET privateTo = NULL")
        if every:
            writer.execute("UPDATE photo SET privateTo = 5 WHERE id % ? = 0", (every,))
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        print(f"\n{private:,} of {count:,} photos private (hidden from the viewer)"
              + (": the server adds no condition then; shown for what the condition alone costs" if not every else ""))
        print(f"{'query':44s} {'reference':>10s} {'hiding':>10s} {'ratio':>6s}")
        for name, sql, condition in QUERIES:
            reference, hiding = best(db, sql.format("")), best(db, sql.format(condition))
            print(f"{name:44s} {reference:8.1f} ms {hiding:8.1f} ms {hiding / max(reference, 0.01):6.2f}")
        db.close()


if __name__ == "__main__":
    main()
