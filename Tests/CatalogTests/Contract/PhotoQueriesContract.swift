import Foundation
import Testing
import TestSupport
@testable import Catalog

/// What every `PhotoQueries` implementation must answer, whatever database is behind it.
@Suite struct PhotoQueriesContract {
    @Test(arguments: StoreUnderTest.allCases)
    func foldersCountPhotosInAndBelowThem(_ kind: StoreUnderTest) async throws {
        // given photos in the root, a folder and its subfolder
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 1)
        try await CatalogSeed.catalogue([seed.picture("root.jpg", takenAt: 100), seed.picture("trip/a.jpg", takenAt: 200),
                                         seed.picture("trip/b.jpg", takenAt: 300), seed.picture("trip/day/c.jpg", takenAt: 400)], in: store)
        // when the folder grid asks
        let top = try await store.folders(in: "")
        let trip = try #require(try await store.folder(at: "trip"))
        let root = try #require(try await store.folder(at: ""))
        // then counts and covers add up
        #expect(top.map(\.name) == ["trip"])
        #expect(trip.photoCount == 2 && trip.totalCount == 3 && trip.folderCount == 1)
        #expect(root.photoCount == 1 && root.totalCount == 4)
        #expect(try await store.folders(in: "trip").map(\.path) == ["trip/day"])
        #expect(try await store.folder(at: "nowhere") == nil)
        #expect(try await store.cover(.folder("trip")) != nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func pagesWalkAGroupInOrderAndNeighboursAgree(_ kind: StoreUnderTest) async throws {
        // given eleven photos in a folder, taken in a shuffled order
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 2)
        var pictures = (0..<11).map { seed.picture("album/p\($0).jpg", takenAt: 1_000 + Int64($0) * 60) }
        var generator = SeededGenerator(seed: 3)
        pictures.shuffle(using: &generator)
        try await CatalogSeed.catalogue(pictures, in: store)
        let expected = pictures.sorted { $0.takenAt < $1.takenAt }.map(\.key)
        for group in [PhotoGroup.folder("album"), .all, .filtered(.folder("album"), SearchFilter(minRating: 0))] {
            // when every page of four is read
            var keys: [String] = []
            for number in 1...3 {
                let page = try #require(try await store.page(group, sort: .default, number: number, perPage: 4, viewer: .guest))
                #expect(page.pageCount == 3 && page.total == 11)
                keys += page.photos.map(\.key)
            }
            // then they hold every photo once, in order, and no page lies beyond
            #expect(keys == expected, "\(group)")
            #expect(try await store.page(group, sort: .default, number: 4, perPage: 4, viewer: .guest) == nil)
            #expect(try await store.page(group, sort: .default, number: 0, perPage: 4, viewer: .guest) == nil)
            // and each photo's neighbours and position match the pages
            for (index, key) in expected.enumerated() {
                let photo = try #require(try await store.photo(key: key, viewer: .guest))
                let around = try await store.neighbors(of: photo, in: group, sort: .default, perPage: 4)
                #expect(around.position == index + 1 && around.total == 11)
                #expect(around.previous?.key == (index > 0 ? expected[index - 1] : nil))
                #expect(around.next?.key == (index + 1 < expected.count ? expected[index + 1] : nil))
            }
        }
        // and an empty group has one empty page
        let empty = try #require(try await store.page(.folder("none"), sort: .default, number: 1, perPage: 4, viewer: .guest))
        #expect(empty.photos.isEmpty && empty.pageCount == 1 && empty.total == 0)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aPhotoComesWithItsFactsCopiesAndContent(_ kind: StoreUnderTest) async throws {
        // given one picture at two paths, with embedded stars and keywords
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 4)
        let picture = seed.picture("a/one.jpg", takenAt: 1_600_000_000, keywords: ["sea", "Sun"], rating: 3)
        let before = store.version
        try await store.apply([CatalogSeed.analysis(picture), CatalogSeed.analysis(picture, at: "b/copy.jpg")], now: Date(timeIntervalSince1970: 5))
        try await store.rebuildFolders()
        // when the photo view asks
        let photo = try #require(try await store.photo(key: "a/one.jpg", viewer: .guest))
        // then it has its facts, tags and the other copy
        #expect(store.version > before)
        #expect(photo.card.name == "one.jpg" && photo.folder == "a" && photo.card.sha256 == picture.sha256)
        #expect(photo.card.width == 64 && photo.card.height == 48 && photo.fileSize == picture.size)
        #expect(photo.takenAt == 1_600_000_000 && photo.rating == 3 && photo.addedAt == 5 && !photo.isFavorite)
        #expect(photo.tags == ["sea", "Sun"] && photo.copies == ["b/copy.jpg"])
        #expect(try await store.photo(key: "a/none.jpg", viewer: .guest) == nil)
        let content = try #require(try await store.fileForContent(sha256: picture.sha256))
        #expect(content.key == "a/one.jpg" && content.format == .jpeg)
        #expect(try await store.fileForContent(sha256: "0") == nil)
        let counts = try await store.libraryCounts()
        #expect(counts.files == 2 && counts.photos == 1)
        #expect(try await store.fileCount() == 2)
        #expect(try await store.tagCounts() == [TagCount(name: "sea", count: 1), TagCount(name: "Sun", count: 1)])
        #expect(try await store.count(.duplicates) == 2)
        #expect(try await store.count(.all) == 1)
        try await store.checkHealth()
    }

    @Test(arguments: StoreUnderTest.allCases)
    func groupsAdmitOnlyTheirOwnPhotos(_ kind: StoreUnderTest) async throws {
        // given a five-star photo and a plain one
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 5)
        let (good, plain) = (seed.picture("x/good.jpg", takenAt: 10, rating: 5), seed.picture("y/plain.jpg", takenAt: 20))
        try await CatalogSeed.catalogue([good, plain], in: store)
        // when asked what the top-rated group holds
        // then only the starred photo, by key and by content
        #expect(try await store.count(.topRated) == 1)
        #expect(try await store.cover(.topRated)?.sha256 == good.sha256)
        #expect(try await store.group(.topRated, containsKey: "x/good.jpg"))
        #expect(try await !store.group(.topRated, containsKey: "y/plain.jpg"))
        #expect(try await store.group(.topRated, containsSha256: good.sha256))
        #expect(try await !store.group(.topRated, containsSha256: plain.sha256))
        #expect(try await store.group(.folder("y"), containsKey: "y/plain.jpg"))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func unreadableFilesAreListedNewestFirst(_ kind: StoreUnderTest) async throws {
        // given two files the scan could not read, at different times
        let opened = try kind.make()
        let store = opened.store
        try await store.apply([.failed(SourceEntry(key: "old.jpg", size: 1, mtimeNs: 1), reason: "truncated")], now: Date(timeIntervalSince1970: 10))
        try await store.apply([.failed(SourceEntry(key: "new.jpg", size: 1, mtimeNs: 1), reason: "not a photo")], now: Date(timeIntervalSince1970: 20))
        // when listed
        let issues = try await store.scanIssues(limit: 10)
        // then newest first, and the limit holds
        #expect(issues == [ScanIssue(key: "new.jpg", reason: "not a photo"), ScanIssue(key: "old.jpg", reason: "truncated")])
        #expect(try await store.scanIssues(limit: 1).count == 1)
        #expect(try await store.fileCount() == 0)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func theTimelineCountsMonthsAndOnThisDayFindsEarlierYears(_ kind: StoreUnderTest) async throws {
        // given photos taken on 4 July in three years, one in March, one without a camera date, and a copy
        let opened = try kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 40)
        let day = { (y: Int, m: Int, d: Int, h: Int) -> Int64 in
            var c = DateComponents(); (c.year, c.month, c.day, c.hour) = (y, m, d, h)
            var calendar = Calendar(identifier: .gregorian); calendar.timeZone = TimeZone(identifier: "UTC")!
            return Int64(calendar.date(from: c)!.timeIntervalSince1970)
        }
        var pictures = [seed.picture("a.jpg", takenAt: day(2021, 7, 4, 9)), seed.picture("b.jpg", takenAt: day(2023, 7, 4, 23)),
                        seed.picture("c.jpg", takenAt: day(2024, 7, 4, 0)), seed.picture("d.jpg", takenAt: day(2024, 3, 1, 12)),
                        seed.picture("e.jpg", takenAt: day(2023, 7, 5, 0))]
        var undated = seed.picture("f.jpg", takenAt: 0)
        undated.dated = false
        pictures.append(undated)
        var copy = pictures[1]
        copy.key = "again/b.jpg"
        pictures.append(copy)
        try await CatalogSeed.catalogue(pictures, in: store)
        // then the timeline counts each photo once, newest month first
        let (months, none) = try await store.timeline()
        #expect(months == [TimelineMonth(year: 2024, month: 7, count: 1), TimelineMonth(year: 2024, month: 3, count: 1),
                           TimelineMonth(year: 2023, month: 7, count: 2), TimelineMonth(year: 2021, month: 7, count: 1)])
        #expect(none == 1)
        // and on 4 July 2024 the earlier years' photos of that day come back, newest first
        let earlier = try await store.onThisDay(month: 7, day: 4, before: 2024, limit: 10)
        #expect(earlier.map(\.year) == [2023, 2021])
        #expect(earlier.first?.card.name == "b.jpg")
        #expect(try await store.onThisDay(month: 7, day: 4, before: 2022, limit: 10).map(\.year) == [2021])
        #expect(try await store.onThisDay(month: 2, day: 29, before: 2030, limit: 10).isEmpty)
    }
}
