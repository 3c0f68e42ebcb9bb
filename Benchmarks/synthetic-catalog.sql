-- A synthetic 100,000-photo catalog for page benchmarks: one folder of 20,000 (Big), the rest
-- in Y20xx/Event-n folders, 50 tags on every 10th photo, a favorite on every 50th.
-- Run against a catalog.sqlite that photolala has created (so the schema and triggers exist).
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO photo (id, sha256, size, format, width, height, orientation, takenAt, addedAt, rating)
SELECT i, printf('%064x', i), 200000 + (i * 7919) % 6000000, 'jpeg',
       CASE WHEN i % 3 = 0 THEN 3024 ELSE 4032 END, CASE WHEN i % 3 = 0 THEN 4032 ELSE 3024 END,
       1, 1400000000 + i * 3000, 1700000000 + i, i % 6
FROM n;
WITH RECURSIVE t(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM t WHERE i < 50)
INSERT INTO tag (id, name) SELECT i, 'tag' || i FROM t;
INSERT INTO photoTag (photoId, tagId) SELECT id, 1 + (id / 10) % 50 FROM photo WHERE id % 10 = 0;
INSERT INTO favorite (userId, photoId, createdAt) SELECT 0, id, 1700000000 FROM photo WHERE id % 50 = 0;
INSERT INTO file (id, key, folder, name, sortName, size, mtimeNs, sortTaken, photoId)
SELECT id, folder || '/IMG_' || id || '.jpg', folder, 'IMG_' || id || '.jpg', 'img_' || printf('%08d', id),
       size, takenAt * 1000000000, takenAt, id
FROM (SELECT p.*, CASE WHEN p.id <= 20000 THEN 'Big'
                       ELSE 'Y' || (2010 + p.id % 14) || '/Event-' || (p.id % 80) END AS folder
      FROM photo p);
INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, latestTaken)
SELECT folder, CASE WHEN instr(folder, '/') > 0 THEN substr(folder, 1, instr(folder, '/') - 1) ELSE '' END,
       CASE WHEN instr(folder, '/') > 0 THEN substr(folder, instr(folder, '/') + 1) ELSE folder END,
       COUNT(*), COUNT(*), 0, printf('%064x', MAX(photoId)), MAX(sortTaken)
FROM file GROUP BY folder;
INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, latestTaken)
SELECT parent, '', parent, 0, SUM(totalCount), COUNT(*), MAX(coverSha), MAX(latestTaken)
FROM folder WHERE parent != '' GROUP BY parent;
INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount, coverSha, latestTaken)
SELECT '', NULL, '', 0, (SELECT COUNT(*) FROM file), (SELECT COUNT(*) FROM folder WHERE parent = ''), MAX(coverSha), MAX(latestTaken)
FROM folder WHERE parent = '';
COMMIT;
ANALYZE;
