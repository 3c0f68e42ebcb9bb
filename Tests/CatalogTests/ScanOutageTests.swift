import Foundation
import TestSupport
import Testing
@testable import Catalog

/// A scan while the source cannot be read now (a bucket's short outage, a disk's I/O error),
/// against a folder on disk, an in-memory source and (with a test S3 server) a bucket alike.
@Suite struct ScanOutageTests {
    /// A library of `kind` holding a JPEG at each key (made from its seed), its catalog, and its
    /// source wrapped to fail when told to.
    private func library(_ kind: SourceKind, _ jpegs: KeyValuePairs<String, Int>) throws -> (TestLibrary, CatalogStore, FailingSource) {
        let lib = try TestLibrary(kind)
        for (key, seed) in jpegs { try lib.addJPEG(key, seed: seed) }
        return (lib, try lib.openStore(), FailingSource(lib.source))
    }

    /// A scanner over `source` instead of the library's own.
    private func scanner(_ lib: TestLibrary, _ store: CatalogStore, source: any PhotoSource) -> LibraryScanner {
        LibraryScanner(source: source, store: store, journal: ReadJournal(dataFolder: lib.data), workers: 2)
    }

    @Test(arguments: SourceKind.allCases) func aScanDuringAnOutageLeavesFilesAsTheyWereAndTheNextScanReadsThem(_ kind: SourceKind) async throws {
        // given a scanned library with a rated photo, which then changes and gains a new file
        let (lib, store, source) = try library(kind, ["a.jpg": 1, "b.jpg": 2])
        try await scanner(lib, store, source: source).run()
        let before = try #require(try await store.photo(key: "a.jpg"))
        try await store.setRating(photoId: before.photoId, 5)
        try lib.addJPEG("a.jpg", seed: 3)
        try lib.addJPEG("c.jpg", seed: 4)
        // when a scan runs while the bytes of the changed and the new file cannot be read
        source.failReads("The server answered 503 Slow Down.", keys: ["a.jpg", "c.jpg"])
        let during = try await scanner(lib, store, source: source).run()
        // then both are counted as could not be read now, and nothing about them is written
        #expect(during.unavailable == 2 && during.errors == 0 && during.added == 0 && during.updated == 0)
        #expect(try await store.scanIssues().isEmpty)
        let kept = try #require(try await store.photo(key: "a.jpg"))
        #expect(kept.photoId == before.photoId && kept.rating == 5)
        #expect(try await store.photo(key: "c.jpg") == nil)
        #expect(try await store.photo(key: "b.jpg") != nil)
        // when the outage is over and the next scan runs
        source.failReads(nil)
        let after = try await scanner(lib, store, source: source).run()
        // then it reads them both, and there is still no issue
        #expect(after.unavailable == 0 && after.errors == 0 && after.updated == 1 && after.added == 1)
        #expect(try await store.scanIssues().isEmpty)
        #expect(try await store.photo(key: "a.jpg")?.photoId != before.photoId)
        #expect(try await store.photo(key: "c.jpg") != nil)
    }

    @Test(arguments: SourceKind.allCases) func aWholeOutageMidScanMarksNothingUnreadable(_ kind: SourceKind) async throws {
        // given a new library whose every read fails once it has been listed
        let (lib, store, source) = try library(kind, ["x/a.jpg": 5, "x/b.jpg": 6])
        source.failReads("The connection was reset.")
        // when it is scanned
        let during = try await scanner(lib, store, source: source).run()
        // then no file is catalogued or marked, and the next scan reads them all
        #expect(during.unavailable == 2 && during.errors == 0)
        #expect(try await store.scanIssues().isEmpty)
        #expect(try await store.fileStates().isEmpty)
        source.failReads(nil)
        let after = try await scanner(lib, store, source: source).run()
        #expect(after.added == 2 && after.unavailable == 0)
    }
}
