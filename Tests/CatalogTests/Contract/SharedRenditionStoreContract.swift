import Foundation
import ObjectStore
import TestSupport
import Testing
@testable import Catalog

/// What every `SharedRenditionStore` promises, checked against a folder and (with a test S3
/// server) a bucket prefix alike.
@Suite struct SharedRenditionStoreContract {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case folder, s3
        static var available: [Kind] { S3TestBucket.endpoint == nil ? [.folder] : [.folder, .s3] }
        var description: String { rawValue }
    }

    /// A new empty store of this kind, a scratch folder of the test's own for the files it copies
    /// in and out, and what takes the store away (an unmounted share, a deleted bucket).
    final class Setup: @unchecked Sendable {
        let store: any SharedRenditionStore
        let scratch: String
        let takeAway: () throws -> Void

        init(_ kind: Kind) throws {
            scratch = NSTemporaryDirectory() + "photolala-shared-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: scratch + "/local", withIntermediateDirectories: true)
            switch kind {
            case .folder:
                let root = scratch + "/shared"
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
                store = FolderRenditionStore(root: root)
                takeAway = { try FileManager.default.removeItem(atPath: root) }
            case .s3:
                let (store, bucket) = try S3TestBucket.makeRenditionStore()
                self.store = store
                takeAway = { try bucket.takeAway() }
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: scratch) }

        /// Writes `bytes` to a new file in the scratch folder and hands back its path.
        func file(_ bytes: [UInt8]) -> String {
            let path = scratch + "/" + UUID().uuidString
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return path
        }

        /// The names in the scratch folder `local/` and below that are not whole renditions.
        func leftovers() -> [String] {
            (FileManager.default.subpaths(atPath: scratch + "/local") ?? []).filter { SourceKey.name(of: $0).hasPrefix(".tmp-") }
        }
    }

    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    static let sha = String(repeating: "ab", count: 32)
    static let other = String(repeating: "ac", count: 32)

    @Test(arguments: Kind.available) func aStoredRenditionIsFetchedWholeAndAMissingOneIsNot(_ kind: Kind) async throws {
        let setup = try Setup(kind)
        #expect(await setup.store.unavailableReason() == nil)
        let name = "thumbnails/ab/\(Self.sha)-360.jpg"
        let target = setup.scratch + "/local/thumbnails/ab/\(Self.sha)-360.jpg"
        // given nothing stored, then a fetch says so and writes nothing
        #expect(try await setup.store.fetch(name, to: target) == false)
        #expect(!FileManager.default.fileExists(atPath: target))
        // when a rendition of 3 MB is stored (more than one chunk of any stream)
        let bytes = Self.bytes(3 << 20, seed: 7)
        try await setup.store.store(name, from: setup.file(bytes))
        // then it comes back whole, into a folder made for it, with nothing left beside it
        #expect(try await setup.store.fetch(name, to: target))
        #expect(FileManager.default.contents(atPath: target) == Data(bytes))
        #expect(setup.leftovers().isEmpty)
        // and storing the name again replaces it
        let again = Self.bytes(1000, seed: 8)
        try await setup.store.store(name, from: setup.file(again))
        #expect(try await setup.store.fetch(name, to: target))
        #expect(FileManager.default.contents(atPath: target) == Data(again))
    }

    @Test(arguments: Kind.available) func removingByPrefixTakesOnlyThatPicturesRenditions(_ kind: Kind) async throws {
        let setup = try Setup(kind)
        let names = ["thumbnails/ab/\(Self.sha)-360.jpg", "thumbnails/ab/\(Self.sha)-1280-r90.webp", "playable/ab/\(Self.sha).mp4",
                     "thumbnails/ac/\(Self.other)-360.jpg", "playable/ac/\(Self.other).mp4"]
        for (i, name) in names.enumerated() { try await setup.store.store(name, from: setup.file(Self.bytes(10 + i, seed: UInt64(i)))) }
        // when the first picture's renditions are removed (and a prefix nothing has)
        try await setup.store.remove(namesStartingWith: ["thumbnails/ab/\(Self.sha)-", "playable/ab/\(Self.sha).", "thumbnails/zz/none-"])
        // then its renditions are gone and the other's stay
        for (i, name) in names.enumerated() {
            let there = try await setup.store.fetch(name, to: setup.scratch + "/local/\(i)")
            #expect(there == (i >= 3), "\(name)")
        }
    }

    @Test(arguments: Kind.available) func namesThatAreNotCleanPathsAreRefused(_ kind: Kind) async throws {
        let setup = try Setup(kind)
        let file = setup.file([1, 2, 3])
        for name in ["../x.jpg", "/etc/passwd", "a//b.jpg", "thumbnails/ab/.tmp-1", "a\\b.jpg", ""] {
            await #expect(throws: SourceError.self, "\(name)") { try await setup.store.store(name, from: file) }
            await #expect(throws: SourceError.self, "\(name)") { try await setup.store.fetch(name, to: setup.scratch + "/local/x") }
        }
    }

    @Test(arguments: Kind.available) func aFileThatIsGoneIsNotStored(_ kind: Kind) async throws {
        let setup = try Setup(kind)
        let name = "thumbnails/ab/\(Self.sha)-360.jpg"
        await #expect(throws: (any Error).self) { try await setup.store.store(name, from: setup.scratch + "/missing") }
        #expect(try await setup.store.fetch(name, to: setup.scratch + "/local/x") == false)
    }

    @Test(arguments: Kind.available) func aStoreTakenAwaySaysWhyAndFailsItsCalls(_ kind: Kind) async throws {
        let setup = try Setup(kind)
        try setup.takeAway()
        let reason = try #require(await setup.store.unavailableReason())
        #expect(!reason.isEmpty)
        // a fetch either finds nothing or fails; it never hands back a file
        let target = setup.scratch + "/local/x"
        let fetched = try? await setup.store.fetch("thumbnails/ab/\(Self.sha)-360.jpg", to: target)
        #expect(fetched != true && !FileManager.default.fileExists(atPath: target))
        #expect(setup.leftovers().isEmpty)
        // and a store fails rather than make the store anew
        await #expect(throws: SourceError.self) { try await setup.store.store("thumbnails/ab/\(Self.sha)-360.jpg", from: setup.file([1])) }
        #expect(await setup.store.unavailableReason() != nil)
    }
}
