import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// What every `ScanBookkeeping` implementation must remember between scans.
@Suite struct ScanBookkeepingContract {
    @Test(arguments: StoreUnderTest.allCases)
    func knownFilesFailuresAndContentAreRemembered(_ kind: StoreUnderTest) async throws {
        // given two pictures and a file that could not be read
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 30)
        let (a, b) = (seed.picture("a.jpg", takenAt: 10), seed.picture("f/b.jpg", takenAt: 20))
        try await CatalogSeed.catalogue([a, b], in: store)
        try await store.apply([.failed(SourceEntry(key: "bad.jpg", size: 9, mtimeNs: 99), reason: "truncated")], now: Date())
        // then their states and content are known
        #expect(try await store.fileStates() == ["a.jpg": FileState(size: a.size, mtimeNs: 10_000_000_000),
                                                  "f/b.jpg": FileState(size: b.size, mtimeNs: 20_000_000_000)])
        #expect(try await store.issueStates() == ["bad.jpg": FileState(size: 9, mtimeNs: 99)])
        let identities = [a, b].map { ContentIdentity(sha256: $0.sha256, size: $0.size) }
        let ids = try await store.photoIds(for: identities + [ContentIdentity(sha256: "0", size: 1)])
        #expect(ids.count == 2)
        // when a known picture is seen at a new path, one file goes and the failure is no longer found
        try await store.apply([.known(SourceEntry(key: "g/a2.jpg", size: a.size, mtimeNs: 5), photoId: try #require(ids[identities[0]]))],
                              now: Date())
        try await store.removeFiles(keys: ["a.jpg"])
        try await store.forgetIssues(keys: ["bad.jpg"])
        // (nothing here pairs: the folders are made again with no file paired or left anew)
        #expect(try await store.rebuildFolders() == false)
        // then the catalog follows
        #expect(Set(try await store.fileStates().keys) == ["g/a2.jpg", "f/b.jpg"])
        #expect(try await store.issueStates().isEmpty)
        #expect(try await store.folder(at: "g")?.photoCount == 1)
        #expect(try await store.folder(at: "")?.totalCount == 2)
        #expect(try await store.libraryCounts().photos == 2)
        // and a file that turns out not to be an image is forgotten
        try await store.apply([.notImage(SourceEntry(key: "f/b.jpg", size: 1, mtimeNs: 1))], now: Date())
        #expect(try await store.fileCount() == 1)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aFileThatCouldNotBeReadNowIsLeftAsItWas(_ kind: StoreUnderTest) async throws {
        // given a rated picture and a file that failed before
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 31)
        try await CatalogSeed.catalogue([seed.picture("a.jpg", takenAt: 10, rating: 3)], in: store)
        try await store.apply([.failed(SourceEntry(key: "bad.jpg", size: 9, mtimeNs: 99), reason: "truncated")], now: Date())
        let states = try await store.fileStates()
        // when a batch says that both, changed since, and a new file could not be read now
        try await store.apply([.unavailable(SourceEntry(key: "a.jpg", size: 1, mtimeNs: 1), reason: "503"),
                               .unavailable(SourceEntry(key: "bad.jpg", size: 2, mtimeNs: 2), reason: "503"),
                               .unavailable(SourceEntry(key: "new.jpg", size: 3, mtimeNs: 3), reason: "503")], now: Date())
        // then every row is as it was, curation included, and no issue is recorded
        #expect(try await store.fileStates() == states)
        #expect(try await store.issueStates() == ["bad.jpg": FileState(size: 9, mtimeNs: 99)])
        #expect(try await store.photo(key: "a.jpg")?.rating == 3)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aBatchOfNewKeysLandsAsAnyOtherBatch(_ kind: StoreUnderTest) async throws {
        // given the same pictures, one with keywords, written as new keys and as keys that may be known
        var seed = CatalogSeed(seed: 31)
        let pictures = [seed.picture("t/sea.jpg", takenAt: 10, keywords: ["lighthouse"], rating: 4),
                        seed.picture("t/pier.jpg", takenAt: 20), seed.picture("u/pier copy.jpg", takenAt: 30)]
        let (fresh, usual) = (try await kind.make(), try await kind.make())
        // when
        try await fresh.store.apply(pictures.map { CatalogSeed.analysis($0) }, now: Date(timeIntervalSince1970: 5), newKeys: true)
        try await usual.store.apply(pictures.map { CatalogSeed.analysis($0) }, now: Date(timeIntervalSince1970: 5), newKeys: false)
        // then both catalogs hold the same files, content, stars, tags and search
        for opened in [fresh, usual] {
            let store = opened.store
            try await store.rebuildFolders()
            #expect(try await store.fileStates() == (try await usual.store.fileStates()))
            #expect(try await store.libraryCounts().photos == 3)
            #expect(try await store.count(.topRated) == 1)
            #expect(try await store.count(.tag("lighthouse")) == 1)
            #expect(try await store.count(.filtered(.all, SearchFilter(text: "pier"))) == 2)
            #expect(try await store.count(.filtered(.all, SearchFilter(text: "lighthouse"))) == 1)
        }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aCatalogLoadedWithItsIndexesSetAsideEndsAsOneThatWasNot(_ kind: StoreUnderTest) async throws {
        // given pictures over three batches (two copies of one content, keywords, stars), and
        // two empty catalogs: one loads them with its indexes set aside, the other as a server's scan does
        var seed = CatalogSeed(seed: 32)
        var pictures: [CatalogSeed.Picture] = []
        for index in 0..<45 {
            pictures.append(seed.picture("\(["a", "a/b", "c"][index % 3])/IMG_\(100 - index).jpg", takenAt: Int64(1_000 + index * 7 % 40),
                                         keywords: index % 5 == 0 ? ["harbour"] : [], rating: index % 4 == 0 ? index % 6 : nil))
        }
        let copy = CatalogSeed.analysis(pictures[3], at: "c/copy of IMG_97.jpg")
        let (bulk, usual) = (try await kind.make(), try await kind.make())
        #expect(try await bulk.store.setIndexesAside() > 0)
        #expect(try await bulk.store.setIndexesAside() == 0)
        let aside = try await Self.indexes(bulk.store)
        for opened in [bulk, usual] {
            for start in stride(from: 0, to: pictures.count, by: 15) {
                try await opened.store.apply(pictures[start..<start + 15].map { CatalogSeed.analysis($0) }, now: Date(timeIntervalSince1970: 5), newKeys: true)
            }
            try await opened.store.apply([copy], now: Date(timeIntervalSince1970: 6), newKeys: true)
        }
        // then while set aside, the pages' indexes are gone and the catalog still answers
        #expect(aside.isDisjoint(with: ["file_folder_taken", "photo_listed_added"]))
        #expect(try await bulk.store.count(.folder("a")) == 15)
        // when they are made again
        #expect(try await bulk.store.restoreSetAside() > 0)
        #expect(try await bulk.store.restoreSetAside() == 0)
        // then both catalogs hold the same indexes, folders, orders, collections and search
        #expect(try await Self.indexes(bulk.store) == (try await Self.indexes(usual.store)))
        for opened in [bulk, usual] { try await opened.store.rebuildFolders() }
        let groups: [PhotoGroup] = [.folder("a"), .folder("a/b"), .folder("c"), .recent, .topRated, .tag("harbour"), .duplicates,
                                    .filtered(.all, SearchFilter(text: "img")), .filtered(.all, SearchFilter(text: "harbour")),
                                    .filtered(.folder("c"), SearchFilter(text: "copy"))]
        for group in groups {
            for field in [PhotoSort.Field.taken, .name, .size, .stars, .added] {
                for descending in [false, true] {
                    let sort = PhotoSort(field: field, descending: descending)
                    let keys = { (store: any ContractStore) in try await store.files(ids: try await store.fileIds(in: group, sort: sort)).map(\.key) }
                    let expected = try await keys(usual.store)
                    #expect(try await keys(bulk.store) == expected, "\(group) by \(field), descending: \(descending)")
                    #expect(!expected.isEmpty, "\(group)")
                }
            }
        }
        #expect(try await bulk.store.folder(at: "")?.totalCount == 46)
        #expect(try await bulk.store.folder(at: "a")?.folderCount == (try await usual.store.folder(at: "a")?.folderCount))
        #expect(try await bulk.store.timeline().months == (try await usual.store.timeline().months))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func batchesWrittenInBulkTogetherEndAsBatchesWrittenOneAfterTheOther(_ kind: StoreUnderTest) async throws {
        // given eight batches, as a scan into an empty catalog hands them over: copies of one
        // content in other batches, and the same new keywords in other orders in every batch
        // (the rows two batches written at once would each wait for)
        var seed = CatalogSeed(seed: 34)
        var generator = SeededGenerator(seed: 34)
        let words = ["harbour", "boat", "sea", "gull", "pier", "rope"]
        var pictures: [CatalogSeed.Picture] = []
        for index in 0..<64 {
            pictures.append(seed.picture("\(["a", "a/b", "c", "d"][index % 4])/IMG_\(index).jpg", takenAt: Int64(2_000 + index),
                                         keywords: Array(words.shuffled(using: &generator).prefix(index % 4 + 1)),
                                         rating: index % 3 == 0 ? 4 + index % 2 : nil))
        }
        var batches = stride(from: 0, to: pictures.count, by: 8).map { start in pictures[start..<start + 8].map { CatalogSeed.analysis($0) } }
        for (index, batch) in batches.indices.enumerated() {
            let other = pictures[(index * 8 + 13) % pictures.count]
            batches[batch].append(CatalogSeed.analysis(other, at: "copies/\(index).jpg"))
        }
        let (bulk, usual) = (try await kind.make(), try await kind.make())
        // when one catalog takes them as many at once as it says it takes, and the other one by one
        try await bulk.store.setIndexesAside()
        let (store, atOnce) = (bulk.store, max(1, bulk.store.bulkBatchesAtOnce))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, batch) in batches.enumerated() {
                if index >= atOnce { try await group.next() }
                group.addTask { try await store.applyInBulk(batch, now: Date(timeIntervalSince1970: 5)) }
            }
            try await group.waitForAll()
        }
        try await bulk.store.restoreSetAside()
        for batch in batches { try await usual.store.apply(batch, now: Date(timeIntervalSince1970: 5), newKeys: true) }
        // then both hold the same files, one photo for each content, and the same stars, tags and
        // search by tag (which file of a content a page shows it by, and so what a search of its
        // name finds, follows the order of the writes, as it follows the order of a scan's analyses)
        for opened in [bulk, usual] { try await opened.store.rebuildFolders() }
        let states = try await usual.store.fileStates()
        #expect(try await bulk.store.fileStates() == states)
        #expect(try await bulk.store.libraryCounts().photos == 64)
        #expect(try await bulk.store.folder(at: "")?.totalCount == 72)
        for group in [PhotoGroup.topRated, .duplicates, .filtered(.all, SearchFilter(text: "harbour"))] + words.map({ PhotoGroup.tag($0) }) {
            let expected = try await usual.store.count(group)
            #expect(try await bulk.store.count(group) == expected, "\(group)")
            #expect(expected > 0, "\(group)")
        }
        for key in states.keys {
            let (made, expected) = (try await bulk.store.photo(key: key), try await usual.store.photo(key: key))
            #expect(made?.tags.sorted() == expected?.tags.sorted(), "\(key)")
            #expect(made?.rating == expected?.rating, "\(key)")
            #expect(Set(made?.copies ?? []) == Set(expected?.copies ?? []), "\(key)")
        }
        for picture in pictures {
            #expect(try await bulk.store.photo(key: picture.key)?.tags.sorted() == picture.keywords.sorted(), "\(picture.key)")
        }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func whatAStoppedScanSetAsideIsMadeAtTheNextStart(_ kind: StoreUnderTest) async throws {
        // given a catalog whose scan set its indexes aside and stopped after a batch
        let opened = try await kind.make()
        let before = try await Self.indexes(opened.store)
        var seed = CatalogSeed(seed: 33)
        try await opened.store.setIndexesAside()
        try await opened.store.apply([CatalogSeed.analysis(seed.picture("trip/lighthouse.jpg", takenAt: 10, keywords: ["coast"]))],
                                     now: Date(), newKeys: true)
        // when the next start makes them again (a file catalog opened anew, as `Runtime.start` does)
        let store: any ContractStore
        if let folder = opened.folder, kind == .grdbFile {
            store = try CatalogStore.open(dataFolder: folder)
        } else {
            store = opened.store
        }
        #expect(try await store.restoreSetAside() > 0)
        // then every index is back, and the file written meanwhile is found by its name, folder and tag
        #expect(try await Self.indexes(store) == before)
        for text in ["lighthouse", "trip", "coast"] {
            #expect(try await store.count(.filtered(.all, SearchFilter(text: text))) == 1, "\(text)")
        }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func foldersAreMadeAgainOnlyWhenWhatTheyAreMadeFromChanged(_ kind: StoreUnderTest) async throws {
        // given two folders made by a rebuild, and a folder row that is wrong on purpose, so a
        // rebuild shows itself by mending it
        let opened = try await kind.make()
        let store = opened.store
        let catalog = try #require(store as? any SQLCatalog)
        var seed = CatalogSeed(seed: 34)
        try await CatalogSeed.catalogue([seed.picture("a/one.jpg", takenAt: 10), seed.picture("b/two.jpg", takenAt: 20)], in: store)
        let a = try #require(try await store.photoId(forKey: "a/one.jpg"))
        func spoil() async throws {
            try await catalog.core.database.write { db in try await db.execute("UPDATE folder SET photoCount = 99 WHERE path = 'a'") }
        }
        func made(_ why: String) async throws -> Bool {
            try await spoil()
            let version = store.version
            try await store.rebuildFolders(skippingWhenBuilt: true)
            // (read from the row itself: the store keeps folders it read for as long as its version stands)
            let mended = try await catalog.core.database.read { db in try await db.int("SELECT photoCount FROM folder WHERE path = 'a'") } == 1
            #expect(mended == (store.version != version), "\(why): a rebuild changes the version, a skip does not")
            return mended
        }
        // when nothing changed since, then nothing is made again
        #expect(try await made("nothing") == false)
        // when curation that no folder is made from changes, then still nothing
        try await store.setRating(photoId: a, 4)
        try await store.addTags(photoId: a, ["sea"])
        try await store.setCaption(photoId: a, "a caption")
        #expect(try await made("curation") == false)
        // when a file is added or removed, or a photo is made private, then they are made again
        try await store.apply([CatalogSeed.analysis(seed.picture("c/three.jpg", takenAt: 30))], now: Date())
        #expect(try await made("a file added"))
        #expect(try await made("nothing since") == false)
        try await store.removeFiles(keys: ["c/three.jpg"])
        #expect(try await made("a file removed"))
        let owner = try await store.addAccount(name: "anna", passwordHash: "x", role: .member, now: Date())
        #expect(try await store.setPrivate(photoIds: [a], owner: owner.id, true) == 1)
        #expect(try await made("a photo made private"))
        // when the folders were made by other rules (an older release's), then they are made again
        try await catalog.core.database.write { db in try await db.execute("UPDATE foldersBuilt SET rules = rules - 1") }
        #expect(try await made("older rules"))
        // and a rebuild that is not told to skip always makes them
        try await spoil()
        try await store.rebuildFolders()
        #expect(try await catalog.core.database.read { db in try await db.int("SELECT photoCount FROM folder WHERE path = 'a'") } == 1)
    }

    /// The names of the catalog's indexes (SQLite's own automatic ones left out).
    static func indexes(_ store: any ContractStore) async throws -> Set<String> {
        let catalog = try #require(store as? any SQLCatalog)
        return try await catalog.core.database.read { db in
            let sql = db.dialect == .sqlite ? "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
                : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
            return Set(try await db.rows(sql).map { try $0.string(0) })
        }
    }
}
