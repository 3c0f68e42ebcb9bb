import Foundation
import Imaging
import Testing
import TestSupport
@testable import Catalog

/// Groups that show each photo once show it by its first listed file, which the photo keeps
/// (`photo.listedFile`, kept by triggers): through a household's random copies, edits in place,
/// deletions and RAW files paired and unpaired, every implementation shows, after each step,
/// exactly the lowest-id listed file of every photo that has one.
@Suite struct ListedFileContract {
    @Test(arguments: StoreUnderTest.allCases)
    func everyPhotoIsShownOnceByItsFirstListedFile(_ kind: StoreUnderTest) async throws {
        let opened = try await kind.make()
        let store = opened.store
        var seed = CatalogSeed(seed: 2311)
        var random = SeededGenerator(seed: 2312)
        let folders = ["a", "b", "c/d"]
        var contents: [CatalogSeed.Picture] = []
        var keys: Set<String> = []
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        for step in 0..<60 {
            let folder = folders.randomElement(using: &random)!
            let key = "\(folder)/IMG_\(Int.random(in: 0..<12, using: &random))"
            var action = ""
            switch Int.random(in: 0..<10, using: &random) {
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
            let expected = Set(Dictionary(grouping: listed, by: \.photoId).values.map { $0.map(\.id).min()! })
            let byTaken = try await store.fileIds(in: .all, sort: PhotoSort(field: .taken, descending: true))
            let recent = try await store.fileIds(in: .recent, sort: PhotoSort(field: .added, descending: true))
            #expect(Set(byTaken) == expected && byTaken.count == expected.count, "step \(step): \(action)")
            #expect(Set(recent) == expected && recent.count == expected.count, "step \(step): \(action)")
            let page = try #require(try await store.page(.recent, sort: PhotoSort(field: .added, descending: true), number: 1, perPage: 100))
            #expect(page.total == expected.count, "step \(step): \(action)")
        }
        #expect(keys.count > 10)
    }
}
