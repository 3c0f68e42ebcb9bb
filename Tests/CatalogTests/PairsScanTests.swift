import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// One shot kept as several files is one item: a Live Photo (a still and a short clip of the same
/// name), a motion photo (a JPEG with its clip inside), a RAW beside its JPEG.
@Suite(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct PairsScanTests {
    /// A folder with a Live pair (names differing in case), a clip standing alone, and a picture
    /// beside a video too long to be its clip.
    private func livePairs(_ kind: SourceKind) async throws -> (TestLibrary, CatalogStore) {
        let lib = try TestLibrary(kind)
        try lib.addJPEG("roll/IMG_0001.JPG", seed: 1)
        try lib.addBytes("roll/img_0001.mov", try TestVideos.bytes("mov", seconds: 1, seed: 2))
        try lib.addBytes("roll/walk.mov", try TestVideos.bytes("mov", seconds: 1, seed: 3))
        try lib.addJPEG("roll/IMG_0002.jpg", seed: 4)
        try lib.addBytes("roll/IMG_0002.mp4", try TestVideos.bytes("mp4", seconds: 12, seed: 5))
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        return (lib, store)
    }

    private func names(_ store: CatalogStore, _ group: PhotoGroup) async throws -> [String] {
        try await store.page(group, sort: PhotoSort(field: .name, descending: false), number: 1, perPage: 60, viewer: .guest)?
            .photos.map(\.name) ?? []
    }

    @Test(arguments: SourceKind.allCases) func aLivePhotoIsOneItemWithItsClip(_ kind: SourceKind) async throws {
        // given / when
        let (lib, store) = try await livePairs(kind)
        defer { withExtendedLifetime(lib) {} }
        // then the clip is not an item of its own; the still carries it
        #expect(try await names(store, .folder("roll")) == ["IMG_0001.JPG", "IMG_0002.jpg", "IMG_0002.mp4", "walk.mov"])
        #expect(try await store.folder(at: "roll")?.photoCount == 4)
        let still = try #require(try await store.photo(key: "roll/IMG_0001.JPG"))
        #expect(still.card.companions == .live && still.card.isLive)
        #expect(still.companions.map(\.key) == ["roll/img_0001.mov"] && still.companions.first?.role == .live)
        #expect(try await store.photo(key: "roll/img_0001.mov")?.pairedToKey == "roll/IMG_0001.JPG")
        // a video as long as a film is its own item, even beside a picture of its name
        #expect(try await store.photo(key: "roll/IMG_0002.jpg")?.companions == [])
        #expect(try await store.kindCounts() == KindCounts(photos: 2, videos: 2, live: 1, raw: 0))
        // and the filters find it, and no virtual group lists the clip
        #expect(try await names(store, .filtered(.folder("roll"), SearchFilter(kind: .live))) == ["IMG_0001.JPG"])
        #expect(try await names(store, .filtered(.all, SearchFilter(kind: .video))) == ["IMG_0002.mp4", "walk.mov"])
        #expect(try await names(store, .all).count == 4)
        #expect(try await store.group(.folder("roll"), containsKey: "roll/img_0001.mov"), "a share of the folder admits the clip")
        let clipSha = try #require(try await store.photo(key: "roll/img_0001.mov")?.card.sha256)
        #expect(try await store.group(.folder("roll"), containsSha256: clipSha))
        #expect(!(try await store.group(.folder("elsewhere"), containsKey: "roll/img_0001.mov")))
    }

    @Test(arguments: SourceKind.allCases) func thePairGoesToTheTrashAndComesBackTogether(_ kind: SourceKind) async throws {
        // given
        let (lib, store) = try await livePairs(kind)
        // when the still goes to the trash
        try await store.moveToTrash(key: "roll/IMG_0001.JPG", source: lib.source)
        // then its clip went with it, and the trash lists the shot once
        #expect(try await store.photo(key: "roll/img_0001.mov") == nil)
        #expect(try await lib.source.entry(forKey: "roll/img_0001.mov") == nil)
        let items = try await store.trashItems()
        #expect(items.map(\.key) == ["roll/IMG_0001.JPG"])
        #expect(try await names(store, .folder("roll")) == ["IMG_0002.jpg", "IMG_0002.mp4", "walk.mov"])
        // when it is restored, both come back, paired again
        try await store.restore(trashId: items[0].id, sight: .everything, source: lib.source)
        #expect(try await store.trashItems().isEmpty)
        #expect(try await store.photo(key: "roll/img_0001.mov")?.pairedToKey == "roll/IMG_0001.JPG")
        #expect(try await names(store, .folder("roll")).count == 4)
    }

    @Test(arguments: SourceKind.allCases) func aClipWhoseStillIsGoneStandsAlone(_ kind: SourceKind) async throws {
        // given
        let (lib, store) = try await livePairs(kind)
        // when the still is removed outside Photolala and the library scanned again
        try lib.remove("roll/IMG_0001.JPG")
        try await lib.scanner(store).run()
        // then the clip is an item of its own again: nothing is hidden for good
        #expect(try await names(store, .folder("roll")) == ["img_0001.mov", "IMG_0002.jpg", "IMG_0002.mp4", "walk.mov"])
        #expect(try await store.photo(key: "roll/img_0001.mov")?.pairedToKey == nil)
    }

    @Test func aScanOnEveryCoreCountsWhatItsFoldersPairedAnew() async throws {
        // given a Live pair scanned, whose pairing a stopped process left undone (the rows
        // written, the folders not made after them)
        let (lib, store) = try await livePairs(.folder)
        defer { withExtendedLifetime(lib) {} }
        try await store.pool.write { db in try db.execute(sql: "UPDATE file SET pairedTo = NULL, companions = 0") }
        #expect(try await store.kindCounts().live == 0)
        // when a scan that finds nothing new runs on every core (`photolala scan`), the library
        // counted while the folders are made again
        var scanner = lib.scanner(store)
        scanner.usesEveryCore = true
        let summary = try await scanner.run()
        // then the pair is made again, and the summary counts it as the catalog now holds it, not
        // as it was counted beside the making
        #expect(summary.added == 0 && summary.updated == 0 && summary.unchanged == 5)
        #expect(try await store.photo(key: "roll/img_0001.mov")?.pairedToKey == "roll/IMG_0001.JPG")
        #expect(summary.kinds == (try await store.kindCounts()) && summary.kinds.live == 1)
        // and a scan after it, with nothing to pair, says the same
        #expect(try await scanner.run().kinds == summary.kinds)
    }

    @Test(arguments: TestMotionPhotos.Form.allCases) func aMotionPhotoKnowsWhereItsClipIs(_ form: TestMotionPhotos.Form) async throws {
        // given a motion photo, and one whose XMP claims more clip than the file holds
        let lib = try TestLibrary(.folder)
        let clip = try TestVideos.bytes("mp4", seconds: 1, seed: 7)
        try lib.addBytes("pixel/PXL_1.MP.jpg", try TestMotionPhotos.jpeg(seed: 8, clip: clip, form: form))
        try lib.addBytes("pixel/PXL_2.MP.jpg", try TestMotionPhotos.jpeg(seed: 9, clip: clip, form: form, claimed: clip.count + 100))
        let store = try lib.openStore()
        // when
        try await lib.scanner(store).run()
        // then the clip's length is known, and the lie is not believed
        let motion = try #require(try await store.photo(key: "pixel/PXL_1.MP.jpg"))
        #expect(motion.card.motionLength == Int64(clip.count) && motion.card.isLive && motion.card.kind == .photo)
        #expect(try await store.photo(key: "pixel/PXL_2.MP.jpg")?.card.motionLength == nil)
        #expect(try await names(store, .filtered(.folder("pixel"), SearchFilter(kind: .live))) == ["PXL_1.MP.jpg"])
        #expect(try await store.kindCounts().live == 1)
    }

    @Test(arguments: SourceKind.allCases) func aRAWBesideItsJPEGIsOneItemAndOneAloneIsItsOwn(_ kind: SourceKind) async throws {
        // given a JPEG and the DNG of the same shot, and a NEF with no JPEG beside it
        let lib = try TestLibrary(kind)
        try lib.addJPEG("shoot/DSC_0001.jpg", seed: 11)
        try lib.addBytes("shoot/DSC_0001.dng", TestRaws.dng(preview: try TestImages.jpeg(seed: 12)))
        try lib.addBytes("shoot/DSC_0002.nef", TestRaws.nef(preview: try TestImages.jpeg(seed: 13, size: "96x64"),
                                                            thumbnail: try TestImages.jpeg(seed: 14, size: "16x12")))
        let store = try lib.openStore()
        // when
        let summary = try await lib.scanner(store).run()
        // then the stack is one item with its RAW, the lone RAW an item of its own, and both are RAWs to the filter
        #expect(try await names(store, .folder("shoot")) == ["DSC_0001.jpg", "DSC_0002.nef"])
        let jpeg = try #require(try await store.photo(key: "shoot/DSC_0001.jpg"))
        #expect(jpeg.card.companions == .raw && !jpeg.card.isLive)
        #expect(jpeg.companions.map(\.key) == ["shoot/DSC_0001.dng"] && jpeg.companions.first?.format == .dng)
        #expect(try await names(store, .filtered(.folder("shoot"), SearchFilter(kind: .raw))) == ["DSC_0001.jpg", "DSC_0002.nef"])
        #expect(summary.kinds == KindCounts(photos: 2, videos: 0, live: 0, raw: 2))
    }
}
