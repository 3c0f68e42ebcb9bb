import Foundation
import Testing
import TestSupport
@testable import Catalog

@Suite struct BrowseTests {
    /// Seven photos with distinct names, sizes and dates (two share a date to test the tie-break).
    private func makeLibrary() async throws -> (TestLibrary, CatalogStore) {
        let lib = try TestLibrary()
        let dates = ["2020:01:05", "2020:01:01", "2020:01:03", "2020:01:03", "2020:01:07", "2020:01:02", "2020:01:06"]
        for (i, date) in dates.enumerated() {
            try lib.addJPEG("trip/img\(i * 3 + 1).jpg", seed: i + 10, size: "\(40 + i * 13 % 29)x\(30 + i)",
                            exif: ["-DateTimeOriginal=\(date) 12:00:00"])
        }
        try lib.addJPEG("trip/inner/x.jpg", seed: 99)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        return (lib, store)
    }

    @Test(arguments: PhotoSort.Field.allCases.filter { $0 != .album }, [false, true])
    func keysetPagesMatchAFullSort(field: PhotoSort.Field, descending: Bool) async throws {
        // given
        let (lib, store) = try await makeLibrary()
        _ = lib
        let sort = PhotoSort(field: field, descending: descending)
        var all: [PhotoDetail] = []
        for key in (1...7).map({ "trip/img\(($0 - 1) * 3 + 1).jpg" }) { all.append(try #require(try await store.photo(key: key))) }
        let expected = all.sorted { a, b in
            let (x, y): (String, String)
            switch field {
            case .taken: (x, y) = (String(format: "%012d", a.sortTaken), String(format: "%012d", b.sortTaken))
            case .name: (x, y) = (a.sortName, b.sortName)
            case .size: (x, y) = (String(format: "%012d", a.fileSize), String(format: "%012d", b.fileSize))
            case .stars: (x, y) = (String(a.rating), String(b.rating))
            case .added: (x, y) = (String(format: "%012d", a.addedAt), String(format: "%012d", b.addedAt))
            case .album: (x, y) = ("", "")  // not among the arguments: only an album has this order
            }
            if x != y { return descending ? x > y : x < y }
            return descending ? a.card.fileId > b.card.fileId : a.card.fileId < b.card.fileId
        }.map(\.card.key)
        // A plain folder pages by keyset; a filtered group (same photos) by the ids its index keeps.
        for group in [PhotoGroup.folder("trip"), .filtered(.folder("trip"), SearchFilter(minRating: 0))] {
            try await checkPaging(store, group: group, sort: sort, expected: expected)
        }
    }

    private func checkPaging(_ store: CatalogStore, group: PhotoGroup, sort: PhotoSort, expected: [String]) async throws {
        // when
        var paged: [String] = []
        for n in 1...3 { paged += try #require(try await store.page(group, sort: sort, number: n, perPage: 3)).photos.map(\.key) }
        // then
        #expect(paged == expected, "\(group)")
        #expect(try await store.page(group, sort: sort, number: 4, perPage: 3) == nil)
        #expect(try await store.page(group, sort: sort, number: 0, perPage: 3) == nil)
        // and neighbours walk the same order, with positions found through any page size's index
        for (i, key) in expected.enumerated() {
            let photo = try #require(try await store.photo(key: key))
            let around = try await store.neighbors(of: photo, in: group, sort: sort)
            for perPage in [1, 2, 3] {
                #expect(try await store.neighbors(of: photo, in: group, sort: sort, perPage: perPage).position == i + 1, "per page \(perPage)")
            }
            #expect(around.position == i + 1 && around.total == 7)
            #expect(around.previous?.key == (i > 0 ? expected[i - 1] : nil))
            #expect(around.next?.key == (i < 6 ? expected[i + 1] : nil))
        }
    }

    @Test func foldersCarryCountsAndCovers() async throws {
        // given
        let (lib, store) = try await makeLibrary()
        _ = lib
        // when
        let top = try await store.folders(in: "")
        let trip = try #require(try await store.folder(at: "trip"))
        // then
        #expect(top.map(\.path) == ["trip"])
        #expect(trip.photoCount == 7 && trip.totalCount == 8 && trip.folderCount == 1)
        #expect(trip.cover != nil)
        #expect(try await store.folders(in: "trip").map(\.name) == ["inner"])
    }

    @Test func emptyFolderHasOneEmptyPage() async throws {
        let lib = try TestLibrary()
        let store = try lib.openStore()
        let page = try #require(try await store.page(.folder("nothing"), sort: .default, number: 1, perPage: 10))
        #expect(page.total == 0 && page.pageCount == 1)
    }
}

@Suite struct OrderedIdsTests {
    @Test func idsStayNarrowUnlessOneDoesNotFitAndReadTheSameEitherWay() {
        // given ids that fit in four bytes, the same with one that does not, and a negative one
        let fitting: [Int64] = [7, 3, 4_000_000_000, 12]
        let narrow = OrderedIds(fitting)
        let ids = OrderedIds(fitting + [5_000_000_000])
        let negative = OrderedIds([4, -1])
        // then they take four bytes each only when every one fits, and every id reads back in order
        #expect(narrow.bytes == 16 && ids.bytes == 40 && negative.bytes == 16 && ids.count == 5)
        #expect((0..<5).map { ids[$0] } == [7, 3, 4_000_000_000, 12, 5_000_000_000] && (0..<4).map { narrow[$0] } == fitting)
        #expect(ids.slice(3..<60) == [12, 5_000_000_000] && narrow.slice(3..<60) == [12] && negative.slice(0..<2) == [4, -1])
        #expect(ids.firstIndex(of: 12) == 3 && ids.firstIndex(of: 5_000_000_000) == 4 && ids.firstIndex(of: -1) == nil)
        #expect(narrow.firstIndex(of: -1) == nil && narrow.firstIndex(of: Int64(UInt32.max) + 2) == nil && narrow.slice(5..<9).isEmpty)
        #expect(negative.firstIndex(of: -1) == 1 && OrderedIds([]).count == 0)
    }

    @Test func aSetOfFileIdsAnswersAlikeAsBitsOrAsAHashSet() {
        // given ids dense over their range, ids few and far apart, and none
        var generator = SeededGenerator(seed: 14)
        let dense = (0..<5_000).map { _ in Int64.random(in: 1_000...9_000, using: &generator) }
        let sparse: [Int64] = [3, 4_000_000_000, 77, 3, Int64.max - 1]
        let wild: [Int64] = [Int64.min, -5, 0, Int64.max]
        for ids in [dense, sparse, wild, [], [42]] {
            let set = FileIdSet(ids)
            let expected = Set(ids)
            // then every id is in it, and nothing else: below, between, above and at the edges of words
            let probes = ids + [0, -1, 1, 63, 64, 65, 999, 1_000, 9_000, 9_001, 9_064, Int64.max, Int64.min, 4_000_000_001]
                + (0..<2_000).map { _ in Int64.random(in: 0...10_000, using: &generator) }
            for id in probes { #expect(set.contains(id) == expected.contains(id), "\(id)") }
        }
    }

    @Test func aSearchOfMoreThanTenThousandPhotosKeepsEveryIdInItsPageIndex() async throws {
        // given 12,500 photos in one search's results, taken in a shuffled order
        let store = try CatalogStore.inMemory()
        var seed = CatalogSeed(seed: 12)
        var pictures = (0..<12_500).map { seed.picture("big/p\($0).jpg", takenAt: 10_000 + Int64($0), keywords: ["beach"]) }
        var generator = SeededGenerator(seed: 13)
        pictures.shuffle(using: &generator)
        try await CatalogSeed.catalogue(pictures, in: store)
        let group = PhotoGroup.filtered(.all, SearchFilter(tag: "beach"))
        // when its last page and a photo past the 10,000th are asked for
        let last = try #require(try await store.page(group, sort: .default, number: 209, perPage: 60, viewer: .guest))
        let photo = try #require(try await store.photo(key: "big/p12345.jpg", viewer: .guest))
        let around = try await store.neighbors(of: photo, in: group, sort: .default, perPage: 60)
        // then they come in the group's order, with the place counted from the kept ids
        #expect(last.photos.map(\.key) == (12_480..<12_500).map { "big/p\($0).jpg" } && last.total == 12_500)
        #expect(around.position == 12_346 && around.previous?.key == "big/p12344.jpg" && around.next?.key == "big/p12346.jpg")
        let core = store.core
        let kept = try await QueryRules.pageIndex(core, group: group, sort: .default, perPage: 60, hiding: .nothing)
        #expect(kept.ids?.count == 12_500)
    }
}
