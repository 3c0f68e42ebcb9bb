import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// The scan catalogues a RAW as a photo by its embedded preview, and lists one without a preview once.
struct RawScanTests {
    @Test(arguments: SourceKind.allCases) func aDNGIsCataloguedAsAPhoto(_ kind: SourceKind) async throws {
        // given a JPEG and a DNG turned a quarter, whose 64x48 preview has no date of its own
        let lib = try TestLibrary(kind)
        try lib.addJPEG("a.jpg", seed: 1)
        let preview = try TestImages.jpeg(seed: 2, size: "64x48")
        try lib.addBytes("raw/IMG_0002.DNG", TestRaws.dng(preview: preview, TestRaws.Metadata(
            make: "Photolala", model: "Test DNG", orientation: 6, taken: "2024:05:06 07:08:09")))
        let store = try lib.openStore()
        // when
        let summary = try await lib.scanner(store).run()
        // then it is a photo in the DNG format, with the RAW's date and camera and the preview's size as shown
        #expect(summary.added == 2 && summary.errors == 0 && summary.kinds.photos == 2)
        let dng = try #require(try await store.photo(key: "raw/IMG_0002.DNG"))
        #expect(dng.format == .dng && dng.card.kind == .photo)
        #expect(dng.takenAt == 1_714_979_289 && dng.cameraMake == "Photolala")
        #expect(dng.card.width == 48 && dng.card.height == 64)
    }

    @Test(arguments: SourceKind.allCases) func aRAWWithoutAPreviewIsAScanIssue(_ kind: SourceKind) async throws {
        // given a CR2 whose only JPEG is the lossless sensor data
        let lib = try TestLibrary(kind)
        var tiff = TIFFWriter(canon: true)
        let strip = tiff.blob(TestRaws.losslessStrip)
        tiff.root(tiff.ifd([(0x010F, .ascii("Canon")), (0x0103, .short(6)), (0x0111, .long(strip)),
                            (0x0117, .long(TestRaws.losslessStrip.count))]))
        try lib.addBytes("sensor.cr2", tiff.bytes)
        let store = try lib.openStore()
        // when
        let summary = try await lib.scanner(store).run()
        // then
        #expect(summary.errors == 1 && summary.added == 0)
        let issues = try await store.scanIssues(limit: 10)
        #expect(issues.map(\.key) == ["sensor.cr2"])
        #expect(issues.first?.reason.contains("has no embedded preview") == true)
    }
}

/// Content the scan read before it knew better (a DNG taken for a TIFF) is probed again once,
/// keeping its curation (migration `v18-reprobe`).
struct ReprobeTests {
    @Test(arguments: SourceKind.allCases) func aRowMarkedForAProbeIsReadAgainAndKeepsItsStars(_ kind: SourceKind) async throws {
        // given a DNG catalogued as the TIFF an older scan took it for, with stars given here
        let lib = try TestLibrary(kind)
        try lib.addBytes("raw/IMG_0002.DNG", TestRaws.dng(preview: try TestImages.jpeg(seed: 2, size: "64x48")))
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        let before = try #require(try await store.photo(key: "raw/IMG_0002.DNG"))
        try await store.setRating(photoId: before.photoId, 4)
        try await store.write { db in
            try db.execute(sql: "UPDATE photo SET format = 'tiff', width = 256, height = 171, reprobe = 1")
            try db.execute(sql: "UPDATE file SET mtimeNs = -1")
        }
        // when the library is scanned again
        let summary = try await lib.scanner(store).run()
        // then the row holds what the file is, under the same id, with its stars
        let after = try #require(try await store.photo(key: "raw/IMG_0002.DNG"))
        #expect(summary.errors == 0)
        #expect(after.format == .dng && after.card.width == 64 && after.card.height == 48)
        #expect(after.photoId == before.photoId && after.rating == 4)
        // and its renditions are named stale, once
        #expect(try await store.takeStaleRenditions() == [after.card.sha256])
        #expect(try await store.takeStaleRenditions().isEmpty)
        // and the next scan leaves it be
        let third = try await lib.scanner(store).run()
        #expect(third.unchanged == 1 && third.updated == 0)
    }
}
