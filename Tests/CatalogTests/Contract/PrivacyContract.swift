import Foundation
import Testing
import TestSupport
@testable import Catalog

/// Private photos, folders and albums in every implementation: what is private to one account is
/// left out of every read by anyone else (guests and share links' holders included), however it
/// is asked for, and stays private through moves, copies, new arrivals and a removed account.
@Suite struct PrivacyContract {
    /// Every key each way of asking shows `sight`, in one list: the reads a page makes.
    private static func everything(_ store: any ContractStore, _ sight: Sight, shas: [String: String]) async throws -> Set<String> {
        var seen = Set<String>()
        for group: PhotoGroup in [.all, .recent, .duplicates, .folder("trip"), .folder("home"), .folder("kids"), .folder("kids/sub"), .folder("pub")] {
            let page = try await store.page(group, sort: group.defaultSort, number: 1, perPage: 50, viewer: .guest, sight: sight)
            seen.formUnion(page?.photos.map(\.key) ?? [])
            let ids = try await store.fileIds(in: group, sort: group.defaultSort, sight: sight)
            seen.formUnion(try await store.files(ids: ids, sight: sight).map(\.key))
        }
        for (key, sha) in shas {
            if try await store.photo(key: key, viewer: .guest, sight: sight) != nil { seen.insert(key) }
            if try await store.fileForContent(sha256: sha, sight: sight) != nil { seen.insert("sha:" + key) }
            if try await store.photoId(forKey: key, sight: sight) != nil { seen.insert("id:" + key) }
        }
        return seen
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aPrivatePhotoIsItsOwnersAloneWhateverAsks(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 36)
        let a = seed.picture("trip/a.jpg", takenAt: 1_000, keywords: ["beach"]), b = seed.picture("trip/b.jpg", takenAt: 2_000)
        let c = seed.picture("home/c.jpg", takenAt: 3_000)
        try await store.apply([CatalogSeed.analysis(a), CatalogSeed.analysis(b), CatalogSeed.analysis(c),
                               CatalogSeed.analysis(a, at: "home/a-copy.jpg")], now: Date(timeIntervalSince1970: 5))
        try await store.rebuildFolders()
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let max = try await store.addAccount(name: "max", passwordHash: "h", role: .member, now: Date())
        let shas = ["trip/a.jpg": a.sha256, "home/a-copy.jpg": a.sha256, "trip/b.jpg": b.sha256, "home/c.jpg": c.sha256]
        let aId = try #require(try await store.photoId(forKey: "trip/a.jpg", sight: .everything))
        // (an index of every group, kept for the version, before anything is private)
        #expect(try await store.count(.all, sight: .publicOnly) == 3)
        // when ada keeps a private
        #expect(try await store.setPrivate(photoIds: [aId], owner: ada.id, true) == 1)
        // then neither a guest nor max reaches a, at either of its paths, by any read
        let all = try await Self.everything(store, .everything, shas: shas)
        for sight: Sight in [.publicOnly, .owner(max.id)] {
            let seen = try await Self.everything(store, sight, shas: shas)
            #expect(seen.filter { $0.contains("a.jpg") || $0.contains("a-copy") }.isEmpty, "\(sight) sees \(seen.sorted())")
            #expect(seen.contains("trip/b.jpg") && seen.contains("sha:home/c.jpg"))
            #expect(try await store.count(.all, sight: sight) == 2)
            #expect(try await store.count(.duplicates, sight: sight) == 0)
            #expect(try await store.group(.folder("trip"), containsSha256: a.sha256, sight: sight) == false)
            #expect(try await store.group(.folder("home"), containsKey: "home/a-copy.jpg", sight: sight) == false)
            #expect(try await store.tagCounts(sight: sight).isEmpty)
            #expect(try await store.timeline(sight: sight).months.reduce(0) { $0 + $1.count } == 2)
            let folders = try await store.folders(in: "", sight: sight)
            #expect(folders.first { $0.path == "trip" }?.totalCount == 1 && folders.first { $0.path == "home" }?.totalCount == 1)
            #expect(folders.allSatisfy { $0.cover?.sha256 != a.sha256 })
            #expect(try await store.cover(.folder("trip"), sight: sight)?.sha256 == b.sha256)
            #expect(try await store.withCompanions(try await store.files(ids: try await store.fileIds(in: .all, sort: .default, sight: .everything),
                                                                           sight: sight), sight: sight).count == 2)
        }
        // and ada, and whoever sees everything, see all of it, a marked as private
        #expect(try await Self.everything(store, .owner(ada.id), shas: shas) == all)
        #expect(try await store.photo(key: "trip/a.jpg", viewer: .guest, sight: .owner(ada.id))?.card.privateTo == ada.id)
        #expect(try await store.tagCounts(sight: .owner(ada.id)).map(\.name) == ["beach"])
        var mine = SearchFilter()
        mine.privateOf = .account(ada.id)
        #expect(try await store.count(.filtered(.all, mine), sight: .owner(ada.id)) == 1)
        mine.privateOf = .account(max.id)
        #expect(try await store.count(.filtered(.all, mine), sight: .owner(max.id)) == 0)
        // when max tries to give it back, nothing changes; when ada does, everyone sees it again
        #expect(try await store.setPrivate(photoIds: [aId], owner: max.id, false) == 0)
        #expect(try await store.count(.all, sight: .publicOnly) == 2)
        #expect(try await store.setPrivate(photoIds: [aId], owner: ada.id, false) == 1)
        #expect(try await Self.everything(store, .publicOnly, shas: shas) == all)
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aPrivateFolderTakesWhatArrivesAndWhatLeavesStaysPrivate(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 37)
        let x = seed.picture("kids/x.jpg", takenAt: 1_000), y = seed.picture("kids/sub/y.jpg", takenAt: 2_000)
        let z = seed.picture("pub/z.jpg", takenAt: 3_000)
        try await CatalogSeed.catalogue([x, y, z], in: store)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let max = try await store.addAccount(name: "max", passwordHash: "h", role: .member, now: Date())
        // when ada keeps the folder kids private
        #expect(try await store.setFolderPrivate(path: "kids", owner: ada.id, true) == 2)
        // then max sees neither it, nor its subfolder, nor its photos
        #expect(try await store.folder(at: "kids", sight: .owner(max.id)) == nil)
        #expect(try await store.folder(at: "kids/sub", sight: .owner(max.id)) == nil)
        #expect(try await store.folders(in: "", sight: .owner(max.id)).map(\.path) == ["pub"])
        #expect(try await store.folder(at: "", sight: .owner(max.id))?.totalCount == 1)
        #expect(try await store.folders(in: "", sight: .owner(ada.id)).map(\.path) == ["kids", "pub"])
        #expect(try await store.privateIndex().folders == ["kids": ada.id])
        // when a photo arrives below it, and another is moved out of it, and a copy of z lands in it
        let arrived = seed.picture("kids/sub/new.jpg", takenAt: 4_000)
        let xId = try #require(try await store.photoId(forKey: "kids/x.jpg", sight: .everything))
        try await store.apply([CatalogSeed.analysis(arrived), .known(SourceEntry(key: "pub/x-moved.jpg", size: x.size, mtimeNs: 1), photoId: xId),
                               CatalogSeed.analysis(z, at: "kids/z-copy.jpg")], now: Date(timeIntervalSince1970: 6))
        try await store.removeFiles(keys: ["kids/x.jpg"])
        try await store.rebuildFolders()
        // then the new one is ada's, the moved one stays hers, and so does z, whose copy is in her folder
        let index = try await store.privateIndex()
        for key in ["kids/sub/new.jpg", "pub/x-moved.jpg", "pub/z.jpg"] {
            let id = try #require(try await store.photoId(forKey: key, sight: .everything))
            #expect(index.photos[id] == ada.id, "\(key)")
            #expect(try await store.photo(key: key, viewer: .guest, sight: .owner(max.id)) == nil, "\(key)")
        }
        #expect(try await store.count(.all, sight: .owner(max.id)) == 0)
        #expect(try await store.folders(in: "", sight: .owner(max.id)).isEmpty)
        // and max may not change her folder or one inside it, nor make the whole library private
        await #expect(throws: PrivacyError.notYours("“kids/sub”")) { try await store.setFolderPrivate(path: "kids/sub", owner: max.id, true) }
        await #expect(throws: PrivacyError.notYours("“kids”")) { try await store.setFolderPrivate(path: "kids", owner: max.id, false) }
        await #expect(throws: PrivacyError.rootFolder) { try await store.setFolderPrivate(path: "", owner: max.id, true) }
        // when max keeps pub private, what is ada's there stays ada's
        #expect(try await store.setFolderPrivate(path: "pub", owner: max.id, true) == 0)
        #expect(try await store.privateIndex().photos[xId] == ada.id)
        // when ada gives kids back, its photos are the household's, but for z, which is in max's
        // private folder too and so is his now; the one moved out stays hers
        #expect(try await store.setFolderPrivate(path: "kids", owner: ada.id, false) == 2)
        #expect(try await store.folder(at: "kids", sight: .publicOnly)?.totalCount == 2)
        let zId = try #require(try await store.photoId(forKey: "pub/z.jpg", sight: .everything))
        #expect(try await store.privateIndex().photos[zId] == max.id)
        #expect(try await store.privateIndex().photos[xId] == ada.id)
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func aPrivateAlbumIsHiddenAndTakesWhatIsPutInIt(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 38)
        let pictures = (0..<4).map { seed.picture("roll/\($0).jpg", takenAt: 1_000 + Int64($0)) }
        try await CatalogSeed.catalogue(pictures, in: store)
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let max = try await store.addAccount(name: "max", passwordHash: "h", role: .member, now: Date())
        var ids: [Int64] = []
        for n in 0..<4 { ids.append(try #require(try await store.photoId(forKey: "roll/\(n).jpg", sight: .everything))) }
        let secret = try await store.createAlbum(name: "Secret", description: "", createdBy: ada.id, now: Date())
        let shared = try await store.createAlbum(name: "Shared", description: "", createdBy: max.id, now: Date())
        _ = try await store.addToAlbum(id: secret.id, photoIds: [ids[0], ids[1]], now: Date(), by: ada.id)
        _ = try await store.addToAlbum(id: shared.id, photoIds: [ids[1], ids[2]], now: Date(), by: max.id)
        // when ada keeps her album private
        #expect(try await store.setAlbumPrivate(id: secret.id, owner: ada.id, true) == 2)
        // then max sees only the shared album, counted and covered without the photo ada keeps
        #expect(try await store.albums(sight: .owner(max.id)).map(\.name) == ["Shared"])
        #expect(try await store.album(id: secret.id, sight: .owner(max.id)) == nil)
        let seen = try #require(try await store.album(id: shared.id, sight: .owner(max.id)))
        #expect(seen.photoCount == 1 && seen.cover?.sha256 == pictures[2].sha256)
        #expect(try await store.albums(containing: ids[1], sight: .owner(ada.id)).map(\.name) == ["Secret", "Shared"])
        #expect(try await store.album(id: shared.id, sight: .owner(ada.id))?.photoCount == 2)
        // when a photo is put in ada's album, it is hers too
        _ = try await store.addToAlbum(id: secret.id, photoIds: [ids[3]], now: Date(), by: ada.id)
        #expect(try await store.privateIndex().photos[ids[3]] == ada.id)
        #expect(try await store.count(.all, sight: .owner(max.id)) == 1)
        // and max cannot give it back
        await #expect(throws: PrivacyError.notYours("“Secret”")) { try await store.setAlbumPrivate(id: secret.id, owner: max.id, false) }
        _ = opened
    }

    @Test(arguments: StoreUnderTest.allCases)
    func whatARemovedAccountKeptStaysPrivateToNoOne(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 39)
        try await CatalogSeed.catalogue([seed.picture("p/a.jpg", takenAt: 1), seed.picture("q/b.jpg", takenAt: 2)], in: store)
        _ = try await store.addAccount(name: "root", passwordHash: "h", role: .admin, now: Date())
        let ada = try await store.addAccount(name: "ada", passwordHash: "h", role: .member, now: Date())
        let a = try #require(try await store.photoId(forKey: "p/a.jpg", sight: .everything))
        _ = try await store.setPrivate(photoIds: [a], owner: ada.id, true)
        _ = try await store.setFolderPrivate(path: "q", owner: ada.id, true)
        // when ada's account is removed, and another is made (which may get her id again)
        try await store.removeAccount(id: ada.id)
        let next = try await store.addAccount(name: "bo", passwordHash: "h", role: .member, now: Date())
        // then her photos and folder stay private, to no account
        let index = try await store.privateIndex()
        #expect(Set(index.photos.values) == [formerAccountOwner] && index.folders == ["q": formerAccountOwner])
        #expect(try await store.count(.all, sight: .owner(next.id)) == 0)
        #expect(try await store.count(.all, sight: .everything) == 2)
        _ = opened
    }
}
