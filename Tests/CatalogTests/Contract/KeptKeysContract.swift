import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// What the catalog keeps so that pages need no look-up per row, kept true by triggers whatever
/// writes: the photo's first listed file (`photo.listedFile`), by which groups that show each
/// photo once show it, and how many it has (`photo.listedCount`), by which Duplicates finds copies, and the photo's stars and first appearance on each file
/// (`file.sortStars`, `file.sortAdded`), by which folders sort, and the date of the file a photo
/// is shown by (`photo.listedTaken`), by which those groups sort. Through a household's random
/// copies, edits in place, ratings, deletions and RAW files paired and unpaired, every
/// implementation shows, after each step, exactly the lowest-id listed file of every photo that
/// has one, in the order of its date, and each folder by stars and by date added in the order of
/// its photos' own values.
@Suite struct KeptKeysContract {
    @Test(arguments: StoreUnderTest.allCases)
    func everyPhotoIsShownOnceByItsFirstListedFile(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 2311)
        var random = SeededGenerator(seed: 2312)
        let folders = ["a", "b", "c/d"]
        var contents: [CatalogSeed.Picture] = []
        var keys: Set<String> = []
        for step in 0..<80 {
            let now = Date(timeIntervalSince1970: 1_700_000_000 + Double(step))
            let folder = folders.randomElement(using: &random)!
            let key = "\(folder)/IMG_\(Int.random(in: 0..<12, using: &random))"
            var action = ""
            switch Int.random(in: 0..<13, using: &random) {
            case 12:
                // a batch of several files in one write: a new picture at two free keys and a
                // copy of one already seen at a third (a scan's batch; listed in one statement)
                let free = folders.map { "\($0)/IMG_\(Int.random(in: 0..<12, using: &random)).JPG" }.filter { !keys.contains($0) }
                guard Set(free).count == 3 else { continue }
                let picture = seed.picture(free[0], takenAt: Int64(step))
                let copied = contents.randomElement(using: &random) ?? picture
                contents.append(picture)
                try await store.apply([CatalogSeed.analysis(picture, at: free[0]), CatalogSeed.analysis(picture, at: free[1]),
                                       CatalogSeed.analysis(copied, at: free[2])], now: now)
                keys.formUnion(free)
                action = "add \(free) at once"
            case 0..<4:
                // a new picture, or (one time in two) a copy of one already seen, at a free key
                guard !keys.contains(key + ".JPG") else { continue }
                let picture = contents.isEmpty || Bool.random(using: &random)
                    ? seed.picture(key + ".JPG", takenAt: Int64(step)) : contents.randomElement(using: &random)!
                contents.append(picture)
                try await store.apply([CatalogSeed.analysis(picture, at: key + ".JPG")], now: now)
                keys.insert(key + ".JPG")
                action = "add \(key).JPG"
            case 4..<6:
                // new bytes at a path that holds a picture: an edit in place, onto another photo
                guard let edited = keys.filter({ $0.hasSuffix(".JPG") }).sorted().randomElement(using: &random) else { continue }
                let picture = seed.picture(edited, takenAt: Int64(step))
                contents.append(picture)
                try await store.apply([CatalogSeed.analysis(picture)], now: now)
                action = "edit \(edited)"
            case 6..<8:
                guard let gone = keys.sorted().randomElement(using: &random) else { continue }
                try await store.removeFiles(keys: [gone])
                keys.remove(gone)
                action = "remove \(gone)"
            case 8..<10:
                // stars for a photo, given here
                guard let rated = keys.sorted().randomElement(using: &random), let id = try await store.photoId(forKey: rated) else { continue }
                let stars = Int.random(in: 0...5, using: &random)
                try await store.setRating(photoId: id, stars)
                action = "rate \(rated) \(stars)"
            default:
                // the RAW of a shot: paired to the JPEG beside it while there is one
                guard !keys.contains(key + ".NEF") else { continue }
                let raw = seed.picture(key + ".NEF", takenAt: Int64(step))
                let entry = SourceEntry(key: raw.key, size: raw.size, mtimeNs: raw.takenAt * 1_000_000_000)
                let probe = ImageProbe(format: .nef, width: 64, height: 48, takenAt: Date(timeIntervalSince1970: TimeInterval(raw.takenAt)))
                try await store.apply([.new(entry, ContentIdentity(sha256: raw.sha256, size: raw.size), probe)], now: now)
                keys.insert(raw.key)
                action = "add \(raw.key)"
            }
            try await store.rebuildFolders()
            // what each folder lists, by photo: the lowest id of each
            var listed: [FileRef] = []
            for folder in folders {
                listed += try await store.files(ids: try await store.fileIds(in: .folder(folder), sort: .default))
            }
            let byPhoto = Dictionary(grouping: listed, by: \.photoId)
            let expected = Set(byPhoto.values.map { $0.map(\.id).min()! })
            let copies = Set(byPhoto.values.filter { $0.count > 1 }.flatMap { $0.map(\.id) })
            #expect(Set(try await store.fileIds(in: .duplicates, sort: PhotoSort(field: .size, descending: true))) == copies,
                    "step \(step): \(action)")
            var taken: [Int64: Int64] = [:]
            for file in listed where expected.contains(file.id) {
                taken[file.id] = try #require(try await store.photo(key: file.key, viewer: .guest)).sortTaken
            }
            let byTaken = try await store.fileIds(in: .all, sort: PhotoSort(field: .taken, descending: true))
            #expect(byTaken == expected.sorted { (taken[$0]!, $0) > (taken[$1]!, $1) }, "step \(step): \(action)")
            let searched = try #require(try await store.page(.filtered(.all, SearchFilter(text: "IMG")), sort: PhotoSort(field: .taken, descending: true),
                                                             number: 1, perPage: 100))
            #expect(searched.photos.map(\.fileId) == byTaken, "step \(step): \(action)")
            let recent = try await store.fileIds(in: .recent, sort: PhotoSort(field: .added, descending: true))
            #expect(Set(byTaken) == expected && byTaken.count == expected.count, "step \(step): \(action)")
            #expect(Set(recent) == expected && recent.count == expected.count, "step \(step): \(action)")
            let page = try #require(try await store.page(.recent, sort: PhotoSort(field: .added, descending: true), number: 1, perPage: 100))
            #expect(page.total == expected.count, "step \(step): \(action)")
            // each folder by stars and by date added, as its photos' own values order it
            for folder in folders {
                var facts: [(id: Int64, stars: Int, added: Int64)] = []
                for file in try await store.files(ids: try await store.fileIds(in: .folder(folder), sort: .default)) {
                    let detail = try #require(try await store.photo(key: file.key, viewer: .guest))
                    facts.append((file.id, detail.rating, detail.addedAt))
                }
                let byStars = facts.sorted { ($0.stars, $0.id) > ($1.stars, $1.id) }.map(\.id)
                let byAdded = facts.sorted { ($0.added, $0.id) < ($1.added, $1.id) }.map(\.id)
                let stars = PhotoSort(field: .stars, descending: true), added = PhotoSort(field: .added, descending: false)
                #expect(try await store.fileIds(in: .folder(folder), sort: stars) == byStars, "step \(step): \(action), \(folder)")
                #expect(try await store.fileIds(in: .folder(folder), sort: added) == byAdded, "step \(step): \(action), \(folder)")
                let first = try #require(try await store.page(.folder(folder), sort: stars, number: 1, perPage: 3))
                #expect(first.photos.map(\.fileId) == Array(byStars.prefix(3)), "step \(step): \(action), \(folder)")
            }
        }
        #expect(keys.count > 10)
    }
}
