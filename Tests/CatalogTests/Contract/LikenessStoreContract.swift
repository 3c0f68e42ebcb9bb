import Foundation
import Testing
import TestSupport
@testable import Catalog

/// How alike stills are and the stacks of bursts, in every implementation: stills handed out to
/// be measured (never a video, never one twice), a folder's burst stacked under its sharpest
/// shot, the stack's own filter, and stacks that come apart and together again as shots go to
/// the trash and come back.
@Suite struct LikenessStoreContract {
    static let hash: UInt64 = 0x5A5A_0F0F_3C3C_9696

    /// Five shots of one burst (a second apart), a shot of the same scene later on, the same
    /// picture in another folder at the same time, and a video.
    private func burst(_ store: any ContractStore) async throws {
        var seed = CatalogSeed(seed: 36)
        var pictures = (1...5).map { seed.picture("trip/burst-\($0).jpg", takenAt: 1_000 + Int64($0)) }
        pictures += [seed.picture("trip/later.jpg", takenAt: 1_100), seed.picture("home/same.jpg", takenAt: 1_002),
                     seed.video("trip/clip.mp4", takenAt: 1_003)]
        try await CatalogSeed.catalogue(pictures, in: store)
    }

    /// Each still measured: the burst's shots a bit or four apart, sharpest the second, then the fifth.
    private func measureAll(_ store: any ContractStore) async throws {
        let waiting = try await store.unmeasuredPhotos(limit: 100)
        let sharpness: [String: Double] = ["trip/burst-1.jpg": 1, "trip/burst-2.jpg": 5, "trip/burst-3.jpg": 3, "trip/burst-4.jpg": 2,
                                           "trip/burst-5.jpg": 4]
        let flips: [String: UInt64] = ["trip/burst-2.jpg": 0b1, "trip/burst-3.jpg": 0b11, "trip/burst-4.jpg": 0b111, "trip/burst-5.jpg": 0b1111]
        try await store.recordLikeness(waiting.map { photo in
            MeasuredPhoto(photoId: photo.photoId, hash: Self.hash ^ (flips[photo.key] ?? 0), sharpness: sharpness[photo.key] ?? 2)
        })
    }

    private func cards(_ store: any ContractStore, _ filter: SearchFilter = SearchFilter()) async throws -> [String: PhotoCard] {
        let group: PhotoGroup = filter.isEmpty ? .folder("trip") : .filtered(.folder("trip"), filter)
        let page = try #require(try await store.page(group, sort: .default, number: 1, perPage: 60, viewer: .guest))
        return Dictionary(uniqueKeysWithValues: page.photos.map { ($0.key, $0) })
    }

    @Test(arguments: StoreUnderTest.allCases)
    func lookAlikesFoundInTheBackgroundChangeTheSimilarCollectionAloneUntilStacksDo(_ kind: StoreUnderTest) async throws {
        // given a burst waiting to be measured, and the pages of its folder and of Similar looked at
        let opened = try await kind.make()
        let store = opened.store
        try await burst(store)
        let waiting = try await store.unmeasuredPhotos(limit: 100)
        let record = { (keys: [String]) in
            try await store.recordLikeness(waiting.filter { keys.contains($0.key) }.map {
                MeasuredPhoto(photoId: $0.photoId, hash: Self.hash, sharpness: 1)
            })
        }
        let similar = PhotoGroup.similar(within: 0)
        let shown = { (group: PhotoGroup) in
            try #require(try await store.page(group, sort: group.defaultSort, number: 1, perPage: 60, viewer: .guest)).photos.map(\.key)
        }
        let folder = try await shown(.folder("trip"))
        #expect(try await shown(similar).isEmpty)
        let (version, likenessVersion) = (store.version, store.likenessVersion)
        // when batches of measures find look-alikes
        try await record(["trip/burst-1.jpg", "trip/burst-2.jpg"])
        #expect(try await shown(similar).count == 2)
        try await record(["trip/burst-3.jpg", "home/same.jpg"])
        // then Similar shows them at once, filtered too, and nothing else is made stale
        #expect(try await shown(similar).count == 4)
        #expect(try await shown(.filtered(similar, SearchFilter(text: "burst"))).count == 3)
        #expect(store.version == version && store.likenessVersion > likenessVersion)
        #expect(try await shown(.folder("trip")) == folder)
        // and when the folders are stacked anew, the whole catalog has changed
        try await store.restackPending(limit: 100)
        #expect(store.version > version)
        #expect(try await cards(store).values.contains { $0.stackOf != nil })
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aBurstIsStackedUnderItsSharpestShot(_ kind: StoreUnderTest) async throws {
        // given a folder with a burst, measured
        let opened = try await kind.make()
        let store = opened.store
        try await burst(store)
        let waiting = try await store.unmeasuredPhotos(limit: 100)
        #expect(Set(waiting.map(\.key)) == Set((1...5).map { "trip/burst-\($0).jpg" } + ["trip/later.jpg", "home/same.jpg"]))
        #expect(waiting.allSatisfy { $0.format == "jpeg" })
        #expect(try await store.unmeasuredPhotos(limit: 3).count == 3)
        try await measureAll(store)
        #expect(try await store.unmeasuredPhotos(limit: 100).isEmpty)
        // when its folders are stacked
        #expect(try await store.restackPending(limit: 100) == 2)
        #expect(try await store.restackPending(limit: 100) == 0)
        // then the sharpest shot tops the other four; the later shot and the other folder's stand alone
        let trip = try await cards(store)
        let top = try #require(trip["trip/burst-2.jpg"])
        #expect(top.stackOf == nil && top.stacked == 4)
        for n in [1, 3, 4, 5] { #expect(trip["trip/burst-\(n).jpg"]?.stackOf == top.fileId) }
        #expect(trip["trip/later.jpg"]?.stackOf == nil && trip["trip/later.jpg"]?.stacked == 0)
        #expect(trip["trip/clip.mp4"]?.stackOf == nil)
        #expect(try await store.photo(key: "home/same.jpg", viewer: .guest)?.card.stackOf == nil)
        // and the stack's filter is the burst, in any group that asks
        let stack = try await cards(store, SearchFilter(stack: top.fileId))
        #expect(Set(stack.keys) == Set((1...5).map { "trip/burst-\($0).jpg" }))
        #expect(try await store.count(.filtered(.folder("trip"), SearchFilter(stack: top.fileId))) == 5)
        // and a filtered folder counts the shots its filter keeps, as the burst's own page shows them
        for key in ["trip/burst-2.jpg", "trip/burst-4.jpg"] {
            try await store.setRating(photoId: try #require(try await store.photoId(forKey: key)), 4)
        }
        let rated = try await cards(store, SearchFilter(minRating: 4))
        #expect(rated["trip/burst-2.jpg"]?.stacked == 1)
        #expect(try await store.count(.filtered(.folder("trip"), SearchFilter(minRating: 4, stack: top.fileId))) == 2)
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func burstsAreCountedInAnyGroupAndSimilarKeepsItsLookAlikesTogether(_ kind: StoreUnderTest) async throws {
        // given the burst measured and stacked
        let opened = try await kind.make()
        let store = opened.store
        try await burst(store)
        try await measureAll(store)
        try await store.restackPending(limit: 100)
        let top = try #require(try await cards(store)["trip/burst-2.jpg"])
        // when a search and a month's dates ask for it, then its top counts the shots each keeps
        let search = try #require(try await store.page(.filtered(.all, SearchFilter(text: "burst")), sort: .default, number: 1,
                                                       perPage: 60, viewer: .guest))
        #expect(search.photos.first { $0.fileId == top.fileId }?.stacked == 4)
        let dates = try #require(try await store.page(.filtered(.all, SearchFilter(takenFrom: 1_000, takenTo: 1_004)), sort: .default,
                                                      number: 1, perPage: 60, viewer: .guest))
        #expect(dates.photos.first { $0.fileId == top.fileId }?.stacked == 2)
        #expect(try await store.count(.filtered(.all, SearchFilter(stack: top.fileId))) == 5)
        #expect(search.lookAlikes == nil)
        // and Similar's look-alikes are one group: whole on a page that holds it, said to go on where it cannot be
        let whole = try #require(try await store.page(.similar(within: 4), sort: .default, number: 1, perPage: 60, viewer: .guest))
        #expect(whole.lookAlikes == [LookAlikeRun(range: 0..<7, count: 7)])
        #expect(whole.photos.compactMap(\.sharpness).count == 7)
        let cut = try #require(try await store.page(.similar(within: 4), sort: .default, number: 3, perPage: 3, viewer: .guest))
        #expect(cut.pageCount == 3 && cut.lookAlikes == [LookAlikeRun(range: 0..<1, count: 7, continued: true)])
        // and at no distance, the three alike to the bit are one group, kept on one page of three
        let exact = try #require(try await store.page(.similar(within: 0), sort: .default, number: 1, perPage: 4, viewer: .guest))
        #expect(Set(exact.photos.map(\.key)) == ["trip/burst-1.jpg", "trip/later.jpg", "home/same.jpg"])
        #expect(exact.lookAlikes == [LookAlikeRun(range: 0..<3, count: 3)])
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aStillThatCannotBeMeasuredIsNotTriedAgain(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        try await burst(store)
        let waiting = try await store.unmeasuredPhotos(limit: 100)
        try await store.recordLikeness(waiting.map { MeasuredPhoto(photoId: $0.photoId, hash: nil, sharpness: nil) })
        #expect(try await store.unmeasuredPhotos(limit: 100).isEmpty)
        _ = try await store.restackPending(limit: 100)
        #expect(try await cards(store).values.allSatisfy { $0.stackOf == nil && $0.stacked == 0 })
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aStackComesApartAndTogetherAsShotsLeaveAndComeBack(_ kind: StoreUnderTest) async throws {
        // given a stacked burst whose files are in a source
        let opened = try await kind.make()
        let store = opened.store
        try await burst(store)
        try await measureAll(store)
        _ = try await store.restackPending(limit: 100)
        let source = InMemorySource()
        for n in 1...5 { source.put("trip/burst-\(n).jpg", Array(repeating: UInt8(n), count: 16)) }
        // when its top goes to the trash
        try await store.moveToTrash(key: "trip/burst-2.jpg", source: source)
        // then no shot is stacked under a file that is gone, and the next sharpest tops the rest
        #expect(try await cards(store).values.allSatisfy { $0.stackOf == nil })
        _ = try await store.restackPending(limit: 100)
        var trip = try await cards(store)
        let next = try #require(trip["trip/burst-5.jpg"])
        #expect(next.stacked == 3)
        for n in [1, 3, 4] { #expect(trip["trip/burst-\(n).jpg"]?.stackOf == next.fileId) }
        // when a shot under it goes too, it stacks one fewer
        try await store.moveToTrash(key: "trip/burst-4.jpg", source: source)
        #expect(try await cards(store)["trip/burst-5.jpg"]?.stacked == 2)
        // when both come back, the burst is whole again under its sharpest shot
        for item in try await store.trashItems() { try await store.restore(trashId: item.id, sight: .everything, source: source) }
        _ = try await store.restackPending(limit: 100)
        trip = try await cards(store)
        let top = try #require(trip["trip/burst-2.jpg"])
        #expect(top.stacked == 4)
        for n in [1, 3, 4, 5] { #expect(trip["trip/burst-\(n).jpg"]?.stackOf == top.fileId) }
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func lookAlikesAreFoundAcrossFoldersAndBatchesWithinEachThreshold(_ kind: StoreUnderTest) async throws {
        // given six photos in three folders, measured in two batches: b three bits from a, c ten
        // bits from a (two in each of two bands, so only a band's two-bit neighbours find it) and
        // thirteen from b, d unrelated, and two plain pictures whose hashes say nothing
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 37)
        let keys = ["x/a.jpg", "y/b.jpg", "z/plain.jpg", "x/c.jpg", "y/d.jpg", "z/plain2.jpg"]
        try await CatalogSeed.catalogue(keys.enumerated().map { seed.picture($1, takenAt: 100 * Int64($0)) }, in: store)
        let c: UInt64 = 0b111 << 8 | 0b111 << 16 | 0b11 << 32 | 0b11 << 48
        let hashes: [String: UInt64] = ["x/a.jpg": Self.hash, "y/b.jpg": Self.hash ^ 0b111, "x/c.jpg": Self.hash ^ c,
                                        "y/d.jpg": ~Self.hash, "z/plain.jpg": 0, "z/plain2.jpg": 1]
        let waiting = try await store.unmeasuredPhotos(limit: 100)
        for batch in [["x/a.jpg", "y/b.jpg", "z/plain.jpg"], ["x/c.jpg", "y/d.jpg", "z/plain2.jpg"]] {
            try await store.recordLikeness(waiting.filter { batch.contains($0.key) }.map {
                MeasuredPhoto(photoId: $0.photoId, hash: hashes[$0.key], sharpness: 1)
            })
        }
        func similar(_ within: Int) async throws -> Set<String> {
            let page = try await store.page(.similar(within: within), sort: PhotoGroup.similar(within: within).defaultSort, number: 1,
                                            perPage: 60, viewer: .guest)
            return Set(try #require(page).photos.map(\.key))
        }
        // then each threshold has the photos with a look-alike that close, and no plain picture
        #expect(try await similar(4) == ["x/a.jpg", "y/b.jpg"])
        #expect(try await similar(8) == ["x/a.jpg", "y/b.jpg"])
        #expect(try await similar(10) == ["x/a.jpg", "y/b.jpg", "x/c.jpg"])
        #expect(try await store.count(.similar(within: 10)) == 3)
        #expect(try await store.count(.filtered(.similar(within: 10), SearchFilter(text: "c"))) == 1)
        // when a goes to the trash, b and c have no listed look-alike left
        let source = InMemorySource()
        source.put("x/a.jpg", [1, 2, 3])
        try await store.moveToTrash(key: "x/a.jpg", source: source)
        #expect(try await similar(10).isEmpty)
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func similarShowsAPhotoOnlyBesideALookAlikeTheViewerSees(_ kind: StoreUnderTest) async throws {
        // given a and b three bits apart, c and d two bits apart, and b and d private to account 7
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 41)
        let keys = ["x/a.jpg", "x/b.jpg", "y/c.jpg", "y/d.jpg", "y/e.jpg"]
        try await CatalogSeed.catalogue(keys.enumerated().map { seed.picture($1, takenAt: 100 * Int64($0)) }, in: store)
        let hashes: [String: UInt64] = ["x/a.jpg": Self.hash, "x/b.jpg": Self.hash ^ 0b111, "y/c.jpg": ~Self.hash,
                                        "y/d.jpg": ~Self.hash ^ 0b11, "y/e.jpg": ~Self.hash ^ 0b1100]
        let waiting = try await store.unmeasuredPhotos(limit: 100)
        try await store.recordLikeness(waiting.map { MeasuredPhoto(photoId: $0.photoId, hash: hashes[$0.key], sharpness: 1) })
        var hidden: [Int64] = []
        for key in ["x/b.jpg", "y/d.jpg"] { hidden.append(try #require(try await store.photoId(forKey: key))) }
        _ = try await store.setPrivate(photoIds: hidden, owner: 7, true)
        func similar(_ sight: Sight) async throws -> Set<String> {
            let page = try await store.page(.similar(within: 8), sort: PhotoGroup.similar(within: 8).defaultSort, number: 1,
                                            perPage: 60, viewer: .guest, sight: sight)
            return Set(try #require(page).photos.map(\.key))
        }
        // then the owner sees every look-alike; anyone else sees only c and e, alike and both
        // theirs to see, and not a, whose only look-alike is private, in the page and the count
        #expect(try await similar(.owner(7)) == Set(keys))
        #expect(try await similar(.owner(8)) == ["y/c.jpg", "y/e.jpg"])
        #expect(try await similar(.publicOnly) == ["y/c.jpg", "y/e.jpg"])
        #expect(try await store.count(.similar(within: 8), sight: .publicOnly) == 2)
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func similarHoldsEveryListedPhotoWithAListedLookAlikeWhatComesAndGoes(_ kind: StoreUnderTest) async throws {
        // given three clusters of look-alikes (12, 6 and 22 copies of a picture, each at most three
        // bits from its own, the clusters 32 bits or more apart) and six other pictures, one file each
        let opened = try await kind.make()
        let store = opened.store
        var random = SeededGenerator(seed: 34)
        var seed = CatalogSeed(seed: 34)
        let bases: [UInt64] = [Self.hash, 0x0FF0_F00F_33CC_C33C, 0xC3A5_5AC3_F00F_A55A]
        var hashes: [String: UInt64] = [:]
        for (cluster, size) in [12, 6, 22].enumerated() {
            for n in 0..<size {
                let flips = (0..<Int.random(in: 0...3, using: &random)).reduce(UInt64(0)) { bits, _ in bits | 1 << UInt64.random(in: 0..<64, using: &random) }
                hashes["c\(cluster)/\(n).jpg"] = bases[cluster] ^ flips
            }
        }
        while hashes.count < 46 {
            let hash = UInt64.random(in: 0...UInt64.max, using: &random)
            if SimilarPairs.informative(hash) { hashes["other/\(hashes.count).jpg"] = hash }
        }
        let keys = hashes.keys.sorted()
        try await CatalogSeed.catalogue(keys.enumerated().map { seed.picture($1, takenAt: 1_000 + Int64($0)) }, in: store)
        let source = InMemorySource()
        for key in keys { source.put(key, Array(key.utf8)) }
        // (a photo's look-alikes among all 46; when none of its own or theirs has more than a photo
        // keeps, every pair it is in is kept, and Similar holds it exactly when it should)
        let lookAlikes = { (key: String) in keys.filter { $0 != key && (hashes[$0]! ^ hashes[key]!).nonzeroBitCount <= SimilarPairs.maxDistance } }
        let exact = Set(keys.filter { key in ([key] + lookAlikes(key)).allSatisfy { lookAlikes($0).count <= SimilarPairs.keptPerPhoto } })
        #expect(exact.count == 24)
        var (measured, trashed) = (Set<String>(), Set<String>())
        let catalog = try #require(store as? any SQLCatalog)

        // when, 70 times, a batch of stills is measured, a file goes to the trash, or one comes back
        for step in 0..<70 {
            let roll = Int.random(in: 0..<10, using: &random)
            let waiting = roll < 4 ? try await store.unmeasuredPhotos(limit: Int.random(in: 1...9, using: &random)) : []
            if !waiting.isEmpty {
                try await store.recordLikeness(waiting.map { MeasuredPhoto(photoId: $0.photoId, hash: hashes[$0.key], sharpness: 1) })
                measured.formUnion(waiting.map(\.key))
            } else if roll < 7, let key = keys.filter({ !trashed.contains($0) }).randomElement(using: &random) {
                try await store.moveToTrash(key: key, source: source)
                trashed.insert(key)
            } else if let item = try await store.trashItems().randomElement(using: &random) {
                try await store.restore(trashId: item.id, sight: .everything, source: source)
                trashed.remove(item.key)
            }
            // then each threshold holds listed, measured photos with a listed, measured look-alike
            // that close, all of them where every pair is kept; its count says as much
            let listed = measured.subtracting(trashed)
            for within in PhotoGroup.similarThresholds {
                let page = try await store.page(.similar(within: within), sort: PhotoGroup.similar(within: within).defaultSort, number: 1,
                                                perPage: 100, viewer: .guest)
                let shown = Set(try #require(page).photos.map(\.key))
                let should = listed.filter { key in listed.contains { $0 != key && (hashes[$0]! ^ hashes[key]!).nonzeroBitCount <= within } }
                #expect(shown.isSubset(of: should), "step \(step), within \(within): \(shown.subtracting(should))")
                #expect(shown.intersection(exact) == should.intersection(exact), "step \(step), within \(within)")
                #expect(try await store.count(.similar(within: within)) == shown.count)
            }
            // and each photo keeps the nearest of its pairs with listed photos, its pairs bounded
            let (astray, pairs) = try await catalog.core.database.read { db in
                let differs = db.dialect == .sqlite ? "IS NOT" : "IS DISTINCT FROM"
                return (try await db.int("SELECT COUNT(*) FROM photo WHERE nearest \(differs) (\(CatalogSchema.nearestOf("photo.id")))") ?? -1,
                        try await db.int("SELECT COUNT(*) FROM similarPair") ?? -1)
            }
            #expect(astray == 0, "step \(step)")
            #expect(Int(pairs) <= 2 * (SimilarPairs.keptPerPhoto + SimilarPairs.maxDistance + 1) * measured.count)
        }
        // and once every still is measured and every file is back, every photo of a cluster is similar
        for item in try await store.trashItems() { try await store.restore(trashId: item.id, sight: .everything, source: source) }
        let rest = try await store.unmeasuredPhotos(limit: 100)
        try await store.recordLikeness(rest.map { MeasuredPhoto(photoId: $0.photoId, hash: hashes[$0.key], sharpness: 1) })
        let all = try await store.page(.similar(within: 10), sort: PhotoGroup.similar(within: 10).defaultSort, number: 1, perPage: 100, viewer: .guest)
        #expect(Set(try #require(all).photos.map(\.key)) == Set(keys.filter { !lookAlikes($0).isEmpty }))
        #expect(measured.count > 20)
        _ = opened
    }
}

