import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// What every `PhotoQueries` implementation must answer, whatever database is behind it.
@Suite struct PhotoQueriesContract {
    @Test(arguments: StoreUnderTest.allCases)
    func foldersCountPhotosInAndBelowThem(_ kind: StoreUnderTest) async throws {
        // given photos in the root, a folder and its subfolder
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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
        let opened = try await kind.make()
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

    @Test(arguments: StoreUnderTest.allCases)
    func aSearchsPagesListWhatItsQueryFinds(_ kind: StoreUnderTest) async throws {
        // given 150 photos in three folders, a tenth of them copies of another, some with a tag and stars
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 51)
        let pictures = (0..<150).map { n in
            seed.picture("\(["harbour", "harbour/boats", "hills"][n % 3])/\(n % 2 == 0 ? "IMG" : "PXL")_\(n).jpg", takenAt: Int64(1_000 + n * 37 % 101),
                         keywords: n % 7 == 0 ? ["pier"] : [], rating: n % 5)
        }
        try await CatalogSeed.catalogue(pictures, in: store)
        try await store.apply(pictures.prefix(15).map { CatalogSeed.analysis($0, at: "hills/copy of \($0.key.split(separator: "/").last!)") }, now: Date())
        // when a search's pages are read (its page index tests each photo against the files its
        // words match) and its files are asked for (one query with the words as a condition)
        let bases: [PhotoGroup] = [.all, .recent, .topRated, .duplicates, .folder("harbour"), .folder("hills"), .tag("pier")]
        let filters = [SearchFilter(text: "img"), SearchFilter(text: "harbour boats"), SearchFilter(text: "copy img"), SearchFilter(text: "pier"),
                       SearchFilter(text: "nothing"), SearchFilter(text: "pxl", minRating: 3), SearchFilter(text: "hills", tag: "pier")]
        var found = 0
        for base in bases {
            for filter in filters {
                let group = PhotoGroup.filtered(base, filter)
                for sort in [PhotoSort.default, PhotoSort(field: .name, descending: true), PhotoSort(field: .stars, descending: true)] {
                    var paged: [String] = []
                    var number = 1
                    while let page = try await store.page(group, sort: sort, number: number, perPage: 7), !page.photos.isEmpty {
                        paged += page.photos.map(\.key)
                        #expect(page.total == (try await store.count(group)), "\(group)")
                        number += 1
                    }
                    // then both list the same photos in the same order
                    let listed = try await store.files(ids: try await store.fileIds(in: group, sort: sort)).map(\.key)
                    #expect(paged == listed, "\(group) by \(sort.field)")
                    found += listed.count
                }
            }
        }
        #expect(found > 1_000)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func searchFindsEveryWordAsAPrefixWithoutCaseOrAccents(_ kind: StoreUnderTest) async throws {
        // given files whose names, folders and embedded keywords hold words with capitals and accents
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 50)
        try await CatalogSeed.catalogue([seed.picture("Été/Plage-Sable.jpg", takenAt: 10, keywords: ["Sunset"]),
                                         seed.picture("harbour/pier.jpg", takenAt: 20, keywords: ["boats", "Café"]),
                                         seed.picture("harbour/beach.jpg", takenAt: 30),
                                         seed.picture("other/Pierre.JPG", takenAt: 40)], in: store)
        let found = { (text: String) async throws -> [String] in
            try #require(try await store.page(.filtered(.all, SearchFilter(text: text)), sort: .default, number: 1, perPage: 10)).photos.map(\.key)
        }
        let everything = ["Été/Plage-Sable.jpg", "harbour/pier.jpg", "harbour/beach.jpg", "other/Pierre.JPG"]
        // when searched for / then every word must begin a word of the name, the folder or a tag, whatever its case and accents
        #expect(try await found("ete") == ["Été/Plage-Sable.jpg"])
        #expect(try await found("PLAGE sable") == ["Été/Plage-Sable.jpg"])
        #expect(try await found("sun") == ["Été/Plage-Sable.jpg"])
        #expect(try await found("pie") == ["harbour/pier.jpg", "other/Pierre.JPG"])
        #expect(try await found("harbour pie") == ["harbour/pier.jpg"])
        #expect(try await found("HARB pier") == ["harbour/pier.jpg"])
        #expect(try await found("cafe") == ["harbour/pier.jpg"])
        #expect(try await found("CAFÉ boats") == ["harbour/pier.jpg"])
        #expect(try await found("jpg") == everything)
        #expect(try await found("ar") == [])
        #expect(try await found("pier beach") == [])
        // and what would be query syntax is only words
        #expect(try await found("pier:* & !boats") == ["harbour/pier.jpg"])
        #expect(try await found("(beach) | pier") == [])
        #expect(try await found("\"sable\" OR beach*") == [])
        for text in ["\u{0D4E}\"x OR \u{0D4E}\"\u{0D4E}*", "'; DROP TABLE file; --", "pi\\er"] {
            #expect(try await found(text) == [], "\(text.debugDescription)")
        }
        #expect(try await found("\u{0}sable\u{0}") == ["Été/Plage-Sable.jpg"])
        // and text without a word filters nothing
        #expect(try await found(" ,.;! ") == everything)
        // and a search narrows any group
        #expect(try await store.count(.filtered(.folder("harbour"), SearchFilter(text: "pier"))) == 1)
        #expect(try await store.count(.filtered(.folder("other"), SearchFilter(text: "pier"))) == 1)
        #expect(try await store.count(.filtered(.folder("other"), SearchFilter(text: "harbour"))) == 0)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func searchFindsWordsOfEveryAlphabet(_ kind: StoreUnderTest) async throws {
        // given a file named and filed in Cyrillic, with a keyword in Japanese
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 56)
        try await CatalogSeed.catalogue([seed.picture("Москва/Кремль.jpg", takenAt: 10, keywords: ["東京"]),
                                         seed.picture("plain/a.jpg", takenAt: 20)], in: store)
        let found = { (text: String) in try await store.count(.filtered(.all, SearchFilter(text: text))) }
        // when searched for / then its words are found as Latin ones are, in either case and as prefixes
        let counts = [try await found("москва"), try await found("КРЕМЛЬ"), try await found("кре jpg"), try await found("東京")]
        #expect(counts == [1, 1, 1, 1])
        #expect(try await found("кремлю") == 0)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func everySortWalksPagesNeighboursAndSelectionsInOneOrder(_ kind: StoreUnderTest) async throws {
        // given seven photos in a folder, two taken at the same second, several with the same stars, all added at once
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 51)
        let times: [Int64] = [500, 100, 300, 300, 700, 200, 600]
        let ratings: [Int?] = [2, nil, 5, 2, nil, 4, 2]
        let pictures = times.indices.map { seed.picture("s/img\($0 * 3 + 1).jpg", takenAt: times[$0], rating: ratings[$0]) }
        try await CatalogSeed.catalogue(pictures, in: store)
        var details: [PhotoDetail] = []
        for picture in pictures { details.append(try #require(try await store.photo(key: picture.key))) }
        for field in PhotoSort.Field.allCases where field != .album {
            for descending in [false, true] {
                let sort = PhotoSort(field: field, descending: descending)
                // the order: the field's value (names byte by byte), ties broken by file id, all in the sort's direction
                func value(_ d: PhotoDetail) -> (number: Int64, text: String) {
                    switch field {
                    case .taken: (d.sortTaken, "")
                    case .name: (0, d.sortName)
                    case .size: (d.fileSize, "")
                    case .stars: (Int64(d.rating), "")
                    case .added, .album: (d.addedAt, "")
                    }
                }
                let expected = details.sorted { a, b in
                    let (x, y) = (value(a), value(b))
                    let before: Bool
                    if x.number != y.number { before = x.number < y.number
                    } else if x.text != y.text { before = x.text.utf8.lexicographicallyPrecedes(y.text.utf8)
                    } else { before = a.card.fileId < b.card.fileId }
                    return before != descending
                }
                for group in [PhotoGroup.folder("s"), .filtered(.folder("s"), SearchFilter(minRating: 0)), .all] {
                    // when every page of three is read, the group's ids are asked for, and each photo's neighbours
                    var keys: [String] = []
                    for number in 1...3 {
                        keys += try #require(try await store.page(group, sort: sort, number: number, perPage: 3, viewer: .guest)).photos.map(\.key)
                    }
                    // then all of them agree with the order
                    #expect(keys == expected.map(\.card.key), "\(group) \(sort)")
                    #expect(try await store.page(group, sort: sort, number: 4, perPage: 3, viewer: .guest) == nil)
                    #expect(try await store.fileIds(in: group, sort: sort) == expected.map(\.card.fileId), "\(group) \(sort)")
                    for (index, photo) in expected.enumerated() {
                        for perPage in [1, 2, 3] {
                            let around = try await store.neighbors(of: photo, in: group, sort: sort, perPage: perPage)
                            #expect(around.position == index + 1 && around.total == 7, "\(group) \(sort) per page \(perPage)")
                            #expect(around.previous?.key == (index > 0 ? expected[index - 1].card.key : nil))
                            #expect(around.next?.key == (index + 1 < expected.count ? expected[index + 1].card.key : nil))
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aPhotoOutsideItsGroupStandsWhereTheGroupsOrderWouldPutIt(_ kind: StoreUnderTest) async throws {
        // given photos in two folders, with stars on some, and a photo's page opened in a group
        // that does not hold it (taken out of a collection while its page was open)
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 57)
        let spots: [(key: String, taken: Int64, rating: Int?)] = [
            ("s/img1.jpg", 500, 2), ("s/img4.jpg", 100, nil), ("s/img7.jpg", 300, 5), ("s/img10.jpg", 300, 2),
            ("s/img13.jpg", 700, 4), ("t/pic2.jpg", 300, 3), ("t/pic5.jpg", 50, nil), ("t/pic8.jpg", 900, 5), ("t/img11.jpg", 600, 1)]
        let pictures = spots.map { seed.picture($0.key, takenAt: $0.taken, rating: $0.rating) }
        try await CatalogSeed.catalogue(pictures, in: store)
        var details: [PhotoDetail] = []
        for picture in pictures { details.append(try #require(try await store.photo(key: picture.key))) }
        let groups: [(group: PhotoGroup, holds: (PhotoDetail) -> Bool)] = [
            (.folder("s"), { $0.card.key.hasPrefix("s/") }),
            (.filtered(.folder("s"), SearchFilter(minRating: 3)), { $0.card.key.hasPrefix("s/") && $0.rating >= 3 }),
            (.filtered(.all, SearchFilter(minRating: 3)), { $0.rating >= 3 }),
            (.filtered(.all, SearchFilter(text: "img")), { $0.card.key.contains("/img") })]
        for field in PhotoSort.Field.allCases where field != .album {
            for descending in [false, true] {
                let sort = PhotoSort(field: field, descending: descending)
                func precedes(_ a: PhotoDetail, _ b: PhotoDetail) -> Bool {
                    let (x, y): ((Int64, String), (Int64, String)) = switch field {
                    case .taken: ((a.sortTaken, ""), (b.sortTaken, ""))
                    case .name: ((0, a.sortName), (0, b.sortName))
                    case .size: ((a.fileSize, ""), (b.fileSize, ""))
                    case .stars: ((Int64(a.rating), ""), (Int64(b.rating), ""))
                    case .added, .album: ((a.addedAt, ""), (b.addedAt, ""))
                    }
                    let before = x.0 != y.0 ? x.0 < y.0 : (x.1 != y.1 ? x.1.utf8.lexicographicallyPrecedes(y.1.utf8) : a.card.fileId < b.card.fileId)
                    return before != descending
                }
                for (group, holds) in groups {
                    let members = details.filter(holds).sorted(by: precedes)
                    for outsider in details where !holds(outsider) {
                        // when its neighbours are asked for, with pages of one, two and sixty
                        for perPage in [1, 2, 60] {
                            let around = try await store.neighbors(of: outsider, in: group, sort: sort, perPage: perPage)
                            // then it stands after every photo of the group its order puts first, between its neighbours
                            let earlier = members.filter { precedes($0, outsider) }
                            let label = "\(outsider.card.key) in \(group) by \(sort), \(perPage) a page"
                            #expect(around.position == earlier.count + 1 && around.total == members.count, "\(label): \(around.position)")
                            #expect(around.previous?.key == earlier.last?.card.key, "\(label)")
                            #expect(around.next?.key == members.dropFirst(earlier.count).first?.card.key, "\(label)")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: StoreUnderTest.allCases)
    func orderedIdsComeInTheQuerysOrderAndANullIsAnError(_ kind: StoreUnderTest) async throws {
        // given a catalog
        let opened = try await kind.make()
        let catalog = try #require(opened.store as? any SQLCatalog)
        let numbers = "WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 50000)"
        // when a query's ids are read in one piece: many, in a reversed order; a page of them; none
        let (all, some, none) = try await catalog.core.database.read { db in
            (try await db.orderedIds("\(numbers) SELECT v * 3 FROM n ORDER BY v DESC", []),
             try await db.orderedIds("\(numbers) SELECT v FROM n WHERE v > ? ORDER BY v LIMIT 4", [Int64(49_990)]),
             try await db.orderedIds("\(numbers) SELECT v FROM n WHERE v < 0", []))
        }
        // then each comes once, in the query's order
        #expect(all == (1...50_000).reversed().map { Int64($0) * 3 })
        #expect(some == [49_991, 49_992, 49_993, 49_994] && none.isEmpty)
        // and a NULL among them fails the read, and the catalog answers on
        await #expect(throws: (any Error).self) {
            _ = try await catalog.core.database.read { db in
                try await db.orderedIds("\(numbers) SELECT CASE WHEN v = 7 THEN NULL ELSE v END FROM n ORDER BY v", [])
            }
        }
        #expect(try await catalog.core.database.read { try await $0.orderedIds("SELECT 5", []) } == [5])
    }

    @Test(arguments: StoreUnderTest.allCases)
    func tagsAndFoldersGoByNameWithoutCase(_ kind: StoreUnderTest) async throws {
        // given folders and keywords named with and without capitals, one keyword in two spellings
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 52)
        try await CatalogSeed.catalogue([seed.picture("B/one.jpg", takenAt: 10, keywords: ["Zoo", "apple"]),
                                         seed.picture("a/two.jpg", takenAt: 20, keywords: ["beach", "apple"]),
                                         seed.picture("C/three.jpg", takenAt: 30, keywords: ["zoo"])], in: store)
        // when folders, tags and tag groups are asked for
        // then names sort without case, and a tag is the same tag whatever the case it is asked in
        #expect(try await store.folders(in: "").map(\.name) == ["a", "B", "C"])
        #expect(try await store.tagCounts() == [TagCount(name: "apple", count: 2), TagCount(name: "beach", count: 1), TagCount(name: "Zoo", count: 2)])
        #expect(try await store.photo(key: "B/one.jpg")?.tags == ["apple", "Zoo"])
        #expect(try await store.photo(key: "C/three.jpg")?.tags == ["Zoo"])
        #expect(try await store.count(.tag("ZOO")) == 2)
        #expect(try await store.count(.tag("Apple")) == 2)
        #expect(try await store.count(.tag("zo")) == 0)
        #expect(try await store.count(.filtered(.all, SearchFilter(tag: "BEACH"))) == 1)
        #expect(try await store.group(.tag("zoo"), containsKey: "C/three.jpg"))
        #expect(try await !store.group(.tag("zoo"), containsKey: "a/two.jpg"))
        let page = try #require(try await store.page(.tag("APPLE"), sort: .default, number: 1, perPage: 10, viewer: .guest))
        #expect(page.photos.map(\.key) == ["B/one.jpg", "a/two.jpg"])
    }

    @Test(arguments: StoreUnderTest.allCases)
    func filtersNarrowByDateSizeShapeAndStarsAndCoversAreTheLatest(_ kind: StoreUnderTest) async throws {
        // given four photos taken one after another, with more stars each time
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 53)
        let pictures = [seed.picture("f/a.jpg", takenAt: 100), seed.picture("f/b.jpg", takenAt: 200, rating: 3),
                        seed.picture("f/c.jpg", takenAt: 300, rating: 4), seed.picture("f/d.jpg", takenAt: 400, rating: 5)]
        try await CatalogSeed.catalogue(pictures, in: store)
        let sizes = pictures.map(\.size).sorted()
        let count = { (filter: SearchFilter) in try await store.count(.filtered(.folder("f"), filter)) }
        // when filtered / then each filter keeps what it names (the end of a date range is left out)
        #expect(try await count(SearchFilter(takenFrom: 200, takenTo: 400)) == 2)
        #expect(try await count(SearchFilter(minSize: sizes[1], maxSize: sizes[2])) == 2)
        #expect(try await count(SearchFilter(orientation: .landscape)) == 4)
        #expect(try await count(SearchFilter(orientation: .portrait)) == 0)
        #expect(try await count(SearchFilter(orientation: .square)) == 0)
        #expect(try await count(SearchFilter(minRating: 4)) == 2)
        #expect(try await count(SearchFilter(minRating: 3, takenTo: 300)) == 1)
        #expect(try await count(SearchFilter(kind: .video)) == 0)
        // and a group's cover is its most recently taken photo; an empty group has none
        #expect(try await store.cover(.folder("f"))?.sha256 == pictures[3].sha256)
        #expect(try await store.cover(.filtered(.all, SearchFilter(takenTo: 300)))?.sha256 == pictures[1].sha256)
        #expect(try await store.cover(.folder("nowhere")) == nil)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func selectionsNameFilesInTheOrderAskedAndDuplicatesShowEveryCopy(_ kind: StoreUnderTest) async throws {
        // given one picture at two paths, and another
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 54)
        let picture = seed.picture("a/one.jpg", takenAt: 10)
        var copy = picture
        copy.key = "b/copy.jpg"
        let other = seed.picture("a/two.jpg", takenAt: 20)
        try await CatalogSeed.catalogue([picture, copy, other], in: store)
        let one = try #require(try await store.photo(key: "a/one.jpg"))
        let two = try #require(try await store.photo(key: "a/two.jpg"))
        let again = try #require(try await store.photo(key: "b/copy.jpg"))
        // when files are named by id, an unknown one and a repeated one among them
        let files = try await store.files(ids: [two.card.fileId, 999_999, one.card.fileId, two.card.fileId])
        // then they come in the order asked, once each, and the unknown one is left out
        #expect(files == [FileRef(id: two.card.fileId, photoId: two.photoId, key: "a/two.jpg", size: other.size),
                          FileRef(id: one.card.fileId, photoId: one.photoId, key: "a/one.jpg", size: picture.size)])
        #expect(try await store.files(ids: []) == [])
        #expect(try await store.withCompanions(files) == files)
        // and the duplicates group shows both copies (ties broken by file id), which one content's two files are
        let ids = [one.card.fileId, again.card.fileId].sorted()
        #expect(try await store.fileIds(in: .duplicates, sort: PhotoSort(field: .size, descending: false)) == ids)
        let page = try #require(try await store.page(.duplicates, sort: PhotoSort(field: .size, descending: true), number: 1, perPage: 10))
        #expect(page.photos.map(\.fileId) == ids.reversed() && page.total == 2)
        #expect(one.photoId == again.photoId && one.copies == ["b/copy.jpg"] && again.copies == ["a/one.jpg"])
        #expect(try await store.group(.duplicates, containsSha256: picture.sha256))
        #expect(try await !store.group(.duplicates, containsSha256: other.sha256))
    }

    @Test(arguments: StoreUnderTest.allCases)
    func theTimelineNumbersMonthsAsSQLiteDoesFromYearZeroToYear9999(_ kind: StoreUnderTest) async throws {
        // given photos taken in December 1969 (before the epoch), in January of year 0, on the
        // last day of 9999, and one dated in the year 10000 (past what the dates are read in)
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 55)
        let dates: [(key: String, takenAt: Int64)] = [("t/1969.jpg", -864_000), ("t/0000.jpg", -62_167_219_200 + 10 * 86_400),
                                                      ("t/9999.jpg", 253_402_257_600), ("t/10000.jpg", 253_402_300_800 + 86_400)]
        // (written by hand: the seed's file times, the dates in nanoseconds, would not fit so far from 1970)
        try await store.apply(dates.map { date -> FileAnalysis in
            let (key, takenAt) = date
            let picture = seed.picture(key, takenAt: 0)
            return .new(SourceEntry(key: key, size: picture.size, mtimeNs: 1_000_000_000), ContentIdentity(sha256: picture.sha256, size: picture.size),
                        ImageProbe(format: .jpeg, width: 64, height: 48, takenAt: Date(timeIntervalSince1970: TimeInterval(takenAt)),
                                   rating: nil, keywords: []))
        }, now: Date(timeIntervalSince1970: 1_700_000_000))
        try await store.rebuildFolders()
        // when the timeline and "on this day" ask
        let (months, undated) = try await store.timeline()
        // then each dated photo counts in its month, and the one past 9999 as undated
        #expect(months == [TimelineMonth(year: 9999, month: 12, count: 1), TimelineMonth(year: 1969, month: 12, count: 1),
                           TimelineMonth(year: 0, month: 1, count: 1)])
        #expect(undated == 1)
        #expect(try await store.onThisDay(month: 12, day: 22, before: 2000, limit: 10).map(\.year) == [1969])
        #expect(try await store.onThisDay(month: 1, day: 11, before: 1, limit: 10).map(\.card.name) == ["0000.jpg"])
        #expect(try await store.onThisDay(month: 12, day: 31, before: 9999, limit: 10).isEmpty)
        #expect(try await store.onThisDay(month: 12, day: 31, before: 10_000, limit: 1).map(\.year) == [9999])
    }
}
