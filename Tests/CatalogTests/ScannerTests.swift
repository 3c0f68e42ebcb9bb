import Foundation
import GRDB
import TestSupport
import Testing
@testable import Catalog

/// The scan, against a folder on disk and an in-memory source alike.
@Suite struct ScannerTests {
    private func photoIds(_ store: CatalogStore) throws -> [String: Int64] {
        try store.pool.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, photoId FROM file").map { ($0[0], $0[1]) })
        }
    }

    /// A library of these JPEGs (seeds 1, 2, … in order), scanned once into its catalog.
    private func scanned(_ kind: SourceKind, _ keys: [String]) async throws -> (TestLibrary, CatalogStore) {
        let lib = try TestLibrary(kind)
        for (n, key) in keys.enumerated() { try lib.addJPEG(key, seed: n + 1) }
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        return (lib, store)
    }

    @Test(arguments: SourceKind.allCases) func scansNewFilesWithProbeData(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addJPEG("2021/a.jpg", seed: 1, size: "80x60",
                        exif: ["-DateTimeOriginal=2021:07:04 10:20:30", "-Make=Canon", "-Model=Canon EOS R6", "-Orientation#=6"])
        try lib.addJPEG("b.jpg", seed: 2)
        let store = try lib.openStore()
        // when
        let summary = try await lib.scanner(store).run()
        // then
        #expect(summary.added == 2 && summary.errors == 0)
        let a = try #require(try await store.photo(key: "2021/a.jpg"))
        #expect(a.card.width == 60 && a.card.height == 80)  // oriented: portrait
        #expect(a.takenAt == 1_625_394_030)
        #expect(a.cameraModel == "Canon EOS R6")
        #expect(a.card.sha256.count == 64)
        #expect(try await store.folder(at: "2021")?.photoCount == 1)
        #expect(try await store.folder(at: "")?.totalCount == 2)
        // and the copies an in-memory source made for the decoders are gone
        #expect(lib.temporaryFiles() == [])
    }

    @Test(arguments: SourceKind.allCases) func rescanSkipsUnchangedAndNoticesModified(_ kind: SourceKind) async throws {
        // given
        let (lib, store) = try await scanned(kind, ["a.jpg", "b.jpg"])
        let before = try await store.photo(key: "b.jpg")!.card.sha256
        // when
        let unchanged = try await lib.scanner(store).run()
        try lib.addJPEG("b.jpg", seed: 3, size: "70x50")
        let changed = try await lib.scanner(store).run()
        // then
        #expect(unchanged.unchanged == 2 && unchanged.added == 0 && unchanged.updated == 0)
        #expect(changed.updated == 1 && changed.unchanged == 1)
        let after = try await store.photo(key: "b.jpg")!
        #expect(after.card.sha256 != before && after.card.width == 70)
    }

    @Test(arguments: SourceKind.allCases) func aRescanThatFindsNothingChangedLeavesTheFoldersAndThePagesKept(_ kind: SourceKind) async throws {
        // given a scanned library of two folders
        let (lib, store) = try await scanned(kind, ["trip/a.jpg", "home/b.jpg"])
        let version = store.version
        // when it is scanned again unchanged
        let unchanged = try await lib.scanner(store).run()
        // then no folder is made again, so nothing kept for the pages is dropped, and it still counts what it holds
        #expect(unchanged.unchanged == 2 && store.version == version)
        #expect(unchanged.kinds.photos == 2)
        // when a file moves between folders and the library is scanned again
        try lib.move("trip/a.jpg", to: "home/a.jpg")
        let moved = try await lib.scanner(store).run()
        // then the folders are made again and follow it
        #expect(store.version != version && moved.kinds.photos == 2)
        #expect(try await store.folder(at: "home")?.photoCount == 2)
        #expect(try await store.folder(at: "trip") == nil)
    }

    @Test func searchFindsEachScannedFileOnceByNameFolderAndKeyword() async throws {
        // given: a new file with a keyword, a plain one, and one edited in place after the first scan
        let lib = try TestLibrary()
        try lib.addJPEG("trips/harbour/boats.jpg", seed: 1, exif: ["-XMP-dc:Subject=lighthouse"])
        try lib.addJPEG("trips/harbour/pier.jpg", seed: 2)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        try lib.addJPEG("trips/harbour/pier.jpg", seed: 3, size: "70x50", exif: ["-XMP-dc:Subject=sunset"])
        // when
        try await lib.scanner(store).run()
        // then: every file row has exactly one full-text row, and each is found by what it holds
        let rows = try await store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileSearch")!
        }
        #expect(rows == 2)
        func found(_ text: String) async throws -> Int {
            try await store.count(.filtered(.all, SearchFilter(text: text)))
        }
        #expect(try await found("lighthouse") == 1)
        #expect(try await found("harbour") == 2)
        #expect(try await found("pier") == 1)
        #expect(try await found("sunset") == 1)
    }

    @Test func aScanIntoAnEmptyCatalogLoadedInBulkEndsAsOneThatWasNot() async throws {
        // given a library with folders, a keyword and stars, and two empty catalogs (copies of one
        // picture are left to the contract: which copy a photo shows by follows the scan's order)
        let lib = try TestLibrary()
        for (index, key) in ["trips/harbour/boats.jpg", "trips/harbour/pier.jpg", "trips/IMG_2.jpg", "IMG_10.jpg", "IMG_9.jpg"].enumerated() {
            try lib.addJPEG(key, seed: index + 1, exif: index == 0 ? ["-XMP-dc:Subject=lighthouse", "-XMP:Rating=4"] : [])
        }
        let (bulk, usual) = (try lib.openStore(), try lib.openStore(dataFolder: "data-usual"))
        // when one is scanned in bulk (as `photolala scan` does) and the other as a server's first scan
        var scanner = lib.scanner(bulk)
        scanner.loadsInBulk = true
        let summary = try await scanner.run()
        try await lib.scanner(usual).run()
        // then it holds the same: every index, nothing left set aside, the same folders, orders and search
        #expect(summary.added == 5 && summary.errors == 0)
        let schema = { (store: CatalogStore) in
            try await store.read { db in
                (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name"),
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setAside")!, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fileSearch")!)
            }
        }
        let (indexes, setAside, searchRows) = try await schema(bulk)
        #expect(indexes == (try await schema(usual)).0 && indexes.contains("file_folder_taken"))
        #expect(setAside == 0 && searchRows == 5)
        // and the writer's connection waits for the disk again at each commit (curation must), and
        // copies its log into the catalog as often as before the load
        for store in [bulk, usual] {
            let (synchronous, checkpoint) = try await store.pool.writeWithoutTransaction { db in
                (try Int.fetchOne(db, sql: "PRAGMA synchronous"), try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint"))
            }
            #expect(synchronous == 2 && checkpoint == 1_000)
        }
        for folder in ["", "trips", "trips/harbour"] {
            // (a cover is the latest photo's: these files were all written in one moment, so either may be it)
            let counts = { (store: CatalogStore) in try await store.folder(at: folder).map { [$0.photoCount, $0.totalCount, $0.folderCount] } }
            #expect(try await counts(bulk) == (try await counts(usual)), "\(folder)")
        }
        for group in [PhotoGroup.folder(""), .folder("trips/harbour"), .recent, .topRated] {
            let keys = { (store: CatalogStore) in try await store.files(ids: try await store.fileIds(in: group, sort: PhotoSort(field: .name, descending: false))).map(\.key) }
            #expect(try await keys(bulk) == (try await keys(usual)), "\(group)")
        }
        for text in ["lighthouse", "harbour", "pier", "img"] {
            #expect(try await bulk.count(.filtered(.all, SearchFilter(text: text))) == (try await usual.count(.filtered(.all, SearchFilter(text: text)))))
        }
        #expect(try await bulk.count(.filtered(.all, SearchFilter(text: "pier"))) == 1)
        // and a scan of a catalog that is no longer empty writes as any other: a new file is found at once
        try lib.addJPEG("trips/harbour/lighthouse at dusk.jpg", seed: 9)
        #expect(try await scanner.run().added == 1)
        #expect(try await bulk.count(.filtered(.all, SearchFilter(text: "dusk"))) == 1)
        #expect(try await schema(bulk).1 == 0)
    }

    @Test(arguments: SourceKind.allCases) func movedFileKeepsItsPhotoRow(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addJPEG("old/a.jpg", seed: 5)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        let photoId = try photoIds(store)["old/a.jpg"]
        // when
        try lib.move("old/a.jpg", to: "new/renamed.jpg")
        let summary = try await lib.scanner(store).run()
        // then
        #expect(summary.removed == 1 && summary.added == 1)
        let ids = try photoIds(store)
        #expect(ids["old/a.jpg"] == nil)
        #expect(ids["new/renamed.jpg"] == photoId)
        #expect(try await store.folder(at: "old") == nil)
        #expect(try await store.folder(at: "new")?.photoCount == 1)
    }

    @Test(arguments: SourceKind.allCases) func deletedFileLeavesTheViewsButNotThePhotoRow(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addJPEG("a.jpg", seed: 1)
        try lib.addJPEG("b.jpg", seed: 2)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        // when
        try lib.remove("a.jpg")
        let summary = try await lib.scanner(store).run()
        // then
        #expect(summary.removed == 1)
        #expect(try await store.photo(key: "a.jpg") == nil)
        #expect(try await store.page(.folder(""), sort: .default, number: 1, perPage: 60)?.total == 1)
        #expect(try await store.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM photo") } == 2)
    }

    @Test(arguments: SourceKind.allCases) func duplicatesShareOnePhoto(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addJPEG("a.jpg", seed: 9)
        try lib.copy("a.jpg", to: "copies/a-copy.jpg")
        let store = try lib.openStore()
        // when
        try await lib.scanner(store).run()
        // then
        let ids = try photoIds(store)
        #expect(ids.count == 2)
        #expect(ids["a.jpg"] == ids["copies/a-copy.jpg"])
    }

    @Test(arguments: SourceKind.allCases) func unreadableAndNonImageFilesAreHandled(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addJPEG("good.jpg", seed: 1)
        try lib.addBytes("broken.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array(repeating: 0x42, count: 40))
        try lib.addBytes("notes.jpg", Array("just some text, not a photo".utf8))
        let store = try lib.openStore()
        let monitor = ScanMonitor()
        // when
        let first = try await lib.scanner(store, monitor: monitor).run()
        let second = try await lib.scanner(store).run()
        // then
        #expect(first.added == 1)
        #expect(first.errors == 1)
        #expect(monitor.progress.errors == 1 && monitor.progress.phase == .finished)
        #expect(try await store.scanIssues().map(\.key) == ["broken.jpg"])
        #expect(second.unchanged == 2 && second.errors == 1)  // the failure is not retried, but still reported
        #expect(try await store.photo(key: "notes.jpg") == nil)
        // and when the broken file is gone and the good one is replaced, the failure is forgotten
        // and the replacement counts as an update, not an addition
        try lib.remove("broken.jpg")
        try lib.remove("good.jpg")
        try lib.addJPEG("good.jpg", seed: 2)
        let third = try await lib.scanner(store).run()
        #expect(try await store.scanIssues().isEmpty)
        #expect(third.updated == 1 && third.added == 0 && third.errors == 0 && third.removed == 0)
    }

    @Test(arguments: SourceKind.allCases) func missingLibraryRootStopsTheScanAndRemovesNothing(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addJPEG("a.jpg", seed: 1)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        try lib.takeOffline()
        let monitor = ScanMonitor()
        // when
        await #expect(throws: SourceError.self) { try await lib.scanner(store, monitor: monitor).run() }
        // then
        #expect(try await store.photo(key: "a.jpg") != nil)
        #expect(monitor.progress.phase == .failed)
        #expect(monitor.progress.failure?.contains("does not exist") == true)
    }
}

