import Testing
@testable import Catalog

/// Which files of a folder belong to which, by name alone (`FilePairs`).
struct FilePairsTests {
    private func file(_ id: Int64, _ name: String, _ format: String, ms: Int64? = nil, folder: String = "a") -> FilePairs.File {
        FilePairs.File(id: id, folder: folder, name: name, format: format, durationMs: ms)
    }

    @Test func aStillTakesItsClipAndItsRawWhateverTheirCase() {
        let pairs = FilePairs.pair([file(1, "IMG_1.HEIC", "heic"), file(2, "img_1.mov", "mov", ms: 2_900), file(3, "IMG_1.DNG", "dng")])
        #expect(pairs[2]?.pairedTo == 1 && pairs[3]?.pairedTo == 1)
        #expect(pairs[1]?.pairedTo == nil && pairs[1]?.companions == [.live, .raw])
    }

    @Test func onlyTheSameFolderAndTheSameStemPair() {
        let pairs = FilePairs.pair([file(1, "a.jpg", "jpeg"), file(2, "a.mov", "mov", ms: 1_000, folder: "b"),
                                    file(3, "ab.mov", "mov", ms: 1_000), file(4, "a.jpg.mov", "mov", ms: 1_000)])
        #expect(pairs.values.allSatisfy { $0.pairedTo == nil && $0.companions.isEmpty })
    }

    @Test func aLongVideoAnUnknownLengthOrAnotherVideoFormatStandsAlone() {
        let pairs = FilePairs.pair([file(1, "a.jpg", "jpeg"), file(2, "a.mp4", "mp4", ms: 10_001), file(3, "b.jpg", "jpeg"),
                                    file(4, "b.mov", "mov"), file(5, "c.jpg", "jpeg"), file(6, "c.webm", "webm", ms: 1_000)])
        #expect(pairs.values.allSatisfy { $0.pairedTo == nil && $0.companions.isEmpty })
    }

    @Test func withoutAStillNothingPairsAndOfTwoStillsTheFirstTakesIt() {
        let alone = FilePairs.pair([file(1, "a.dng", "dng"), file(2, "a.mov", "mov", ms: 1_000)])
        #expect(alone.values.allSatisfy { $0.pairedTo == nil })
        let two = FilePairs.pair([file(7, "a.png", "png"), file(5, "a.jpg", "jpeg"), file(9, "a.nef", "nef")])
        #expect(two[9]?.pairedTo == 5 && two[7]?.pairedTo == nil && two[5]?.companions == .raw)
    }

    @Test func aPrivateFileJoinsOnlyAShotOfTheSamePersonsOrTheHouseholdsWithTheHouseholds() {
        // given a clip private to account 1 beside a still of the household's, and one of account 2's
        func owned(_ id: Int64, _ name: String, _ format: String, ms: Int64? = nil, owner: Int64?) -> FilePairs.File {
            FilePairs.File(id: id, folder: "roll", name: name, format: format, durationMs: ms, owner: owner)
        }
        // when they are paired
        let apart = FilePairs.pair([owned(1, "VID_9.MOV", "mov", ms: 2_000, owner: 1), owned(2, "VID_9.JPG", "jpeg", owner: nil),
                                    owned(3, "IMG_1.MOV", "mov", ms: 2_000, owner: nil), owned(4, "IMG_1.JPG", "jpeg", owner: 2)])
        let together = FilePairs.pair([owned(1, "VID_9.MOV", "mov", ms: 2_000, owner: 1), owned(2, "VID_9.JPG", "jpeg", owner: 1),
                                       owned(3, "IMG_1.MOV", "mov", ms: 2_000, owner: nil), owned(4, "IMG_1.JPG", "jpeg", owner: nil)])
        // then none pairs across owners, and each pairs with its own kind
        #expect(apart.values.allSatisfy { $0.pairedTo == nil && $0.companions.isEmpty })
        #expect(together[1]?.pairedTo == 2 && together[3]?.pairedTo == 4 && together[2]?.companions == .live && together[4]?.companions == .live)
    }

    @Test func theStemIsTheNameWithoutItsLastExtension() {
        #expect(FilePairs.stem("IMG_1.HEIC") == "img_1" && FilePairs.stem("PXL.MP.jpg") == "pxl.mp" && FilePairs.stem("noext") == "noext")
    }
}
