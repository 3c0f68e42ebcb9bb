import Foundation
import GRDB
import Testing
@testable import Catalog

/// Links stored before links lasted as long as their group: the upgrade ends those whose group had
/// ended already, keeps every row as it was, and ids are never handed out again after it.
@Suite struct LastingLinkMigrationTests {
    @Test func theUpgradeEndsLinksWhoseGroupEndedAndKeepsTheRest() async throws {
        // given a catalog as it was before: album 1 deleted and its id handed to "PrivateFamily"
        // (made after the link to the first), a link to a tag no photo carries, one to a folder
        // that is gone, and links that are fine
        let lib = try TestLibrary()
        try FileManager.default.createDirectory(atPath: lib.data, withIntermediateDirectories: true)
        do {
            let old = try DatabaseQueue(path: lib.data + "/catalog.sqlite")
            try CatalogMigrations.migrator.migrate(old, upTo: "v19-search-rows-by-batch")
            try await old.write { db in
                try db.execute(sql: """
                    INSERT INTO account (id, name, passwordHash, role, createdAt) VALUES (1, 'ada', 'h', 'admin', 0);
                    INSERT INTO album (id, name, createdAt) VALUES (1, 'PrivateFamily', 500), (2, 'Trip', 100);
                    INSERT INTO folder (path, parent, name, photoCount, totalCount, folderCount) VALUES ('trip', '', 'trip', 1, 1, 0);
                    INSERT INTO shareLink (id, tokenHash, accountId, kind, value, createdAt, uploadsLeft) VALUES
                      (1, 'h1', 1, 'album', '1', 200, 200),
                      (2, 'h2', 1, 'album', '2', 300, 0),
                      (3, 'h3', 1, 'tag', 'beach', 300, 0),
                      (4, 'h4', 1, 'folder', 'gone', 300, 0),
                      (5, 'h5', 1, 'folder', 'trip', 300, 0),
                      (6, 'h6', 1, 'folder', '', 300, 0),
                      (7, 'h7', 1, 'search', '', 300, 0);
                    """)
            }
        }
        // when the current version opens it
        let store = try CatalogStore.open(dataFolder: lib.data)
        // then the links whose group had ended are ended, and the others are as they were
        let links = Dictionary(uniqueKeysWithValues: try await store.shares(accountId: nil).map { ($0.id, $0) })
        #expect(links.count == 7)
        #expect(links.filter { $0.value.endedAt != nil }.keys.sorted() == [1, 3, 4])
        #expect(links[1]?.uploadsLeft == 200 && links[2]?.value == "2", "rows kept as they were")
        // and no album or link id in use or named is handed out again
        let album = try await store.createAlbum(name: "Next", description: "", createdBy: 1, now: Date())
        #expect(album.id == 3)
        let link = try await store.createShare(token: "t8", accountId: 1, kind: .album, value: "3", filter: "", expiresAt: nil, now: 400)
        #expect(link == 8)
    }
}
