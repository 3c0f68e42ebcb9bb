import Foundation
import Imaging
import TestSupport
import Testing
@testable import Catalog

/// Refreshing the folders a change touched (`refreshFolders`) leaves every folder row and every
/// pairing as counting every file again (`rebuildFolders`) does, on every catalog.
@Suite struct FolderRefreshContract {
    private static let folders = ["", "a", "a/b", "a/b/c", "a/b c", "d", "d/e"]
    private static let stems = ["IMG_1", "IMG_2", "img_3", "walk"]

    /// Random adds (stills, and short clips that pair with a still of their stem), replacements
    /// and removals, dates from a small set so covers tie, applied to two catalogs alike; one
    /// refreshes the touched folders, the other rebuilds them all, and they are compared after
    /// each step: every folder's counts, cover and dates, and what every file is paired to.
    @Test(arguments: StoreUnderTest.allCases)
    func refreshingTheTouchedFoldersIsRebuildingThemAll(_ kind: StoreUnderTest) async throws {
        let (refreshed, rebuilt) = (try await kind.make(), try await kind.make())
        var seed = CatalogSeed(seed: 59)
        var random = SeededGenerator(seed: 59)
        var keys = Set<String>()
        for step in 0..<40 {
            var touched = Set<String>()
            if keys.isEmpty || Int.random(in: 0..<4, using: &random) > 0 {
                var batch: [FileAnalysis] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let folder = Self.folders.randomElement(using: &random)!
                    let stem = Self.stems.randomElement(using: &random)!
                    let clip = Bool.random(using: &random)
                    let key = (folder.isEmpty ? "" : folder + "/") + stem + (clip ? ".mov" : ".jpg")
                    let takenAt = [100, 200, 300].randomElement(using: &random)!
                    var picture = clip ? seed.video(key, takenAt: Int64(takenAt)) : seed.picture(key, takenAt: Int64(takenAt))
                    if clip { picture.video?.duration = 2 }
                    batch.append(CatalogSeed.analysis(picture))
                    keys.insert(key)
                    touched.insert(folder)
                }
                for opened in [refreshed, rebuilt] { try await opened.store.apply(batch, now: Date(timeIntervalSince1970: 1_700_000_000)) }
            } else {
                let key = keys.sorted().randomElement(using: &random)!
                keys.remove(key)
                touched.insert(SourceKey.folder(of: key))
                for opened in [refreshed, rebuilt] { try await opened.store.removeFiles(keys: [key]) }
            }
            try await refreshed.store.refreshFolders(touched)
            try await rebuilt.store.rebuildFolders()
            for folder in Self.folders {
                #expect(try await refreshed.store.folder(at: folder) == (try await rebuilt.store.folder(at: folder)),
                        "step \(step): folder \"\(folder)\"")
            }
            for key in keys.sorted() {
                #expect(try await refreshed.store.photo(key: key)?.pairedToKey == (try await rebuilt.store.photo(key: key)?.pairedToKey),
                        "step \(step): \(key)")
            }
        }
        #expect(try await refreshed.store.folder(at: "")?.totalCount ?? 0 > 0)
    }
}
