import Foundation
import NIOCore
import Testing
@testable import Gallery

@Suite struct RenditionCacheTests {
    private static let hashes = (0..<20).map { i in String(repeating: String(format: "%02x", i), count: 32) }

    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "rendition-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes a rendition file of `bytes` bytes as the store would, and tells the cache.
    private func write(_ cache: RenditionCache, _ index: Int, bytes: Int, size: Int = 256) throws -> RenditionCache.Key {
        let key = try #require(RenditionCache.key(sha256: Self.hashes[index], size: size, turn: 0))
        let path = cache.path(key)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(count: bytes).write(to: URL(fileURLWithPath: path))
        cache.record(key, bytes: Int64(bytes))
        return key
    }

    private func settle(_ cache: RenditionCache, under bytes: Int64) async throws {
        for _ in 0..<200 where cache.figures.bytes > bytes { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func budgetsAreReadAsSizesSharesOrUnlimitedAndNothingElse() {
        #expect(RenditionBudget.parse("5GB") == .bytes(5_000_000_000))
        #expect(RenditionBudget.parse(" 800 mb ") == .bytes(800_000_000))
        #expect(RenditionBudget.parse("1.5GB") == .bytes(1_500_000_000))
        #expect(RenditionBudget.parse("20%") == .percentOfRoom(20))
        #expect(RenditionBudget.parse("Unlimited") == .unlimited)
        for bad in ["", "5", "5KB", "0%", "96%", "-1GB", "nanGB", "infGB", "%", "lots", "999999999999999999999GB"] {
            #expect(RenditionBudget.parse(bad) == nil, "\(bad)")
        }
        #expect(RenditionBudget.bytes(5_000_000_000).description == "5GB")
        #expect(RenditionBudget.percentOfRoom(20).limit(cached: 1_000, free: 9_000) == 2_000, "a share of its own size plus the free space")
    }

    @Test func cacheFileNamesAndKeysGoBothWays() throws {
        let cache = RenditionCache(root: "/data/thumbnails", budget: .unlimited)
        let key = try #require(RenditionCache.key(sha256: Self.hashes[10], size: 1600, turn: 270))
        let path = cache.path(key)
        #expect(path == "/data/thumbnails/0a/\(Self.hashes[10])-1600-r270.jpg")
        #expect(RenditionCache.key(fileName: (path as NSString).lastPathComponent) == key)
        // a WebP of the same rendition is another file, another key
        let webp = try #require(RenditionCache.key(sha256: Self.hashes[10], size: 256, turn: 0, encoding: .webp))
        #expect(cache.path(webp) == "/data/thumbnails/0a/\(Self.hashes[10])-256.webp")
        #expect(RenditionCache.key(fileName: "\(Self.hashes[10])-256.webp") == webp)
        #expect(webp != RenditionCache.key(sha256: Self.hashes[10], size: 256, turn: 0))
        for stray in ["\(Self.hashes[1])-256.webp.jpg", "\(Self.hashes[1])-256.", "\(Self.hashes[1])-256", ".tmp-123", "\(Self.hashes[1])-256.png", "\(Self.hashes[1])-256-r45.jpg", "\(Self.hashes[1]).jpg",
                      "\(Self.hashes[10].uppercased())-256.jpg", "\(Self.hashes[1])-x.jpg", "\(Self.hashes[1])-99999999-r90.jpg"] {
            #expect(RenditionCache.key(fileName: stray) == nil, "\(stray)")
        }
    }

    @Test func pastItsBudgetTheLeastRecentlyServedAreRemovedFirst() async throws {
        // given a cache of 10 KB holding nine renditions of 1 KB, the first of which was served again
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = RenditionCache(root: root, budget: .bytes(10_000))
        cache.load()
        let keys = try (0..<9).map { try write(cache, $0, bytes: 1_000) }
        #expect(cache.servedPath(keys[0]) != nil)
        // when two more are made
        _ = try write(cache, 9, bytes: 1_000)
        _ = try write(cache, 10, bytes: 1_000)
        try await settle(cache, under: 9_001)
        // then it is back under nine tenths of its budget, by removing the oldest that were not served again
        let figures = cache.figures
        #expect(figures.bytes <= 9_000 && figures.evicted == 2)
        #expect(cache.servedPath(keys[0]) != nil, "served recently, so kept")
        for gone in keys[1...2] {
            #expect(cache.servedPath(gone) == nil)
            #expect(!FileManager.default.fileExists(atPath: cache.path(gone)))
        }
        #expect(cache.servedPath(keys[3]) != nil)
    }

    @Test func theWalkAtStartFindsWhatIsOnDiskOldestFirstAndHonoursALowerBudget() async throws {
        // given renditions left on disk by an earlier run, written a minute apart
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = RenditionCache(root: root, budget: .unlimited)
        var paths: [String] = []
        for i in 0..<6 {
            let key = try write(writer, i, bytes: 2_000, size: i % 2 == 0 ? 256 : 1600)
            let path = writer.path(key)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(i - 10) * 60)], ofItemAtPath: path)
            paths.append(path)
        }
        try Data(count: 50).write(to: URL(fileURLWithPath: root + "/00/.tmp-1"))
        // when a new run starts with a budget of 8 KB
        let cache = RenditionCache(root: root, budget: .bytes(8_000))
        cache.load()
        // then it knows them, and removed the three oldest to come under nine tenths of the budget
        #expect(cache.figures == .init(bytes: 6_000, files: 3, hits: 0, misses: 0, evicted: 3))
        #expect(paths.map { FileManager.default.fileExists(atPath: $0) } == [false, false, false, true, true, true])
    }

    @Test func beforeTheWalkEndsARenditionOnDiskIsStillFound() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = RenditionCache(root: root, budget: .unlimited)
        let key = try write(writer, 4, bytes: 500)
        // given a fresh index that has not walked the disk yet
        let cache = RenditionCache(root: root, budget: .bytes(10_000_000))
        // when / then
        #expect(cache.servedPath(key) == writer.path(key))
        #expect(cache.figures.files == 1 && cache.figures.hits == 1)
        let missing = try #require(RenditionCache.key(sha256: Self.hashes[5], size: 256, turn: 0))
        #expect(cache.servedPath(missing) == nil)
    }

    @Test func aShareOfTheRoomFollowsTheFreeSpace() async throws {
        // given a disk with 10 KB free and a cache allowed half of the room
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = RenditionCache(root: root, budget: .percentOfRoom(50), freeSpace: { _ in 10_000 })
        cache.load()
        // when it grows to 8 KB: room is 18 KB, half of it is 9 KB, so it stays
        for i in 0..<8 { _ = try write(cache, i, bytes: 1_000) }
        #expect(cache.figures.evicted == 0)
        // and at 11 KB it passes half of 21 KB and comes back under nine tenths of it
        for i in 8..<11 { _ = try write(cache, i, bytes: 1_000) }
        try await settle(cache, under: 9_451)
        #expect(cache.figures.bytes <= 9_450 && cache.figures.evicted == 2)
    }

    @Test func recentGridRenditionsAreKeptInMemoryWithinTheirBudget() throws {
        // given room for ten renditions of 1 KB, none larger than 2 KB
        let recent = RecentRenditions(budget: 10_000, largest: 2_000)
        let keys = try (0..<14).map { try #require(RenditionCache.key(sha256: Self.hashes[$0], size: 256, turn: 0)) }
        let bytes = ByteBuffer(repeating: 7, count: 1_000)
        // when ten are kept, the first is served again, and a large one comes along
        for key in keys.prefix(10) { recent.keep(key, bytes) }
        #expect(recent.bytes(keys[0]) == bytes)
        recent.keep(keys[10], ByteBuffer(repeating: 1, count: 3_000))
        #expect(recent.bytes(keys[10]) == nil && recent.figures.count == 10, "a screen-sized rendition is read from disk each time")
        // and one more passes the budget
        recent.keep(keys[11], bytes)
        // then the least recently served went, down to four fifths, and the one served again stayed
        #expect(recent.figures.bytes <= 8_000)
        #expect(recent.bytes(keys[0]) != nil && recent.bytes(keys[1]) == nil && recent.bytes(keys[11]) != nil)
        // and a dropped one is gone
        recent.drop(keys[11])
        #expect(recent.bytes(keys[11]) == nil)
    }
}
