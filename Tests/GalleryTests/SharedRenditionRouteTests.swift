import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import ObjectStore
import TestSupport
import Testing
@testable import Gallery

/// Renditions shared between instances (`--cache`): what one instance made, another copies
/// instead of making it again; what is destroyed leaves the shared store too; a shared store that
/// cannot be reached leaves each instance making its own. Run over a shared folder and, with the
/// test S3 server, a bucket prefix.
@Suite struct SharedRenditionRouteTests {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case folder, s3
        static var available: [Kind] { S3TestBucket.endpoint == nil ? [.folder] : [.folder, .s3] }
        var description: String { rawValue }

        /// A new, empty shared store of this kind, with `root` for a folder's.
        func makeStore(root: String) throws -> any SharedRenditionStore {
            switch self {
            case .folder:
                try FileManager.default.createDirectory(atPath: root + "/shared", withIntermediateDirectories: true)
                return FolderRenditionStore(root: root + "/shared")
            case .s3:
                return try S3TestBucket.makeRenditionStore().store
            }
        }
    }

    static let token = "0123456789abcdef-token"

    /// Two instances over one library folder, each with a data folder and catalog of its own
    /// (both scanned), sharing `store`; an admin on the first.
    private func instances(_ store: any SharedRenditionStore) async throws -> (GalleryFixture, GalleryFixture) {
        let a = try GalleryFixture(.folder)
        a.sharedRenditions = store
        try a.addJPEG("trip/a.jpg", seed: 1, size: "300x200")
        try a.addJPEG("trip/b.jpg", seed: 2, size: "300x200")
        try await a.scan()
        try await a.addAccount("ada", role: .admin)
        let b = try GalleryFixture(sharing: a)
        try await b.scan()
        return (a, b)
    }

    private func app(_ f: GalleryFixture) async throws -> some ApplicationProtocol {
        var config = f.config()
        config.metricsToken = Self.token
        return try await buildApplication(config, sharedRenditions: f.sharedRenditions)
    }

    private func metric(_ client: any TestClientProtocol, _ name: String) async throws -> Int? {
        let text = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer " + Self.token]).text
        return text.firstMatch(of: try Regex("photolala_\(name) (\\d+)"))
            .flatMap { Int($0.output[1].substring ?? "") }
    }

    private func hash(_ f: GalleryFixture, _ key: String) async throws -> String {
        try #require(try await f.openCatalog().photo(key: key)?.card.sha256)
    }

    @Test(arguments: Kind.available) func aRenditionMadeByOneInstanceIsCopiedByTheOther(_ kind: Kind) async throws {
        let root = NSTemporaryDirectory() + "photolala-shared-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try kind.makeStore(root: root)
        let (a, b) = try await instances(store)
        let sha = try await hash(a, "trip/a.jpg")
        // given a grid rendition made by the first instance, in both encodings
        let made = try await app(a).test(.router) { client in
            let jpeg = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            let webp = try await client.execute(uri: "/thumbs/256/\(sha).webp", method: .get)
            #expect(jpeg.status == .ok && webp.status == .ok)
            #expect(try await metric(client, "thumbnails_generated_total") == 2)
            return (jpeg.body, webp.body)
        }
        // when the library's file is gone before the second instance has made anything (its
        // catalog still lists the photo, so only a copy can answer)
        try a.remove("trip/a.jpg")
        try await app(b).test(.router) { client in
            let jpeg = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            let webp = try await client.execute(uri: "/thumbs/256/\(sha).webp", method: .get)
            // then it serves the same bytes, copied, not made
            #expect(jpeg.status == .ok && jpeg.body == made.0)
            #expect(webp.status == .ok && webp.body == made.1)
            #expect(try await metric(client, "thumbnails_shared_total") == 2)
            #expect(try await metric(client, "thumbnails_generated_total") == 0)
            // and keeps them in its own data folder, served from there next time
            #expect(FileManager.default.fileExists(atPath: b.data + "/thumbnails/\(sha.prefix(2))/\(sha)-256.jpg"))
            #expect(try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get).body == made.0)
            #expect(try await metric(client, "thumbnails_shared_total") == 2)
            // while a rendition nobody made yet is made here and shared in turn
            let other = try await hash(b, "trip/b.jpg")
            #expect(try await client.execute(uri: "/thumbs/1600/\(other).jpg", method: .get).status == .ok)
            #expect(try await metric(client, "thumbnails_generated_total") == 1)
            #expect(try await store.fetch("thumbnails/\(other.prefix(2))/\(other)-1600.jpg", to: b.root + "/check.jpg"))
        }
    }

    @Test(arguments: Kind.available) func emptyingTheTrashRemovesTheSharedRenditionsToo(_ kind: Kind) async throws {
        let root = NSTemporaryDirectory() + "photolala-shared-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try kind.makeStore(root: root)
        let (a, _) = try await instances(store)
        let sha = try await hash(a, "trip/a.jpg")
        let kept = try await hash(a, "trip/b.jpg")
        try await app(a).test(.router) { client in
            let ada = try await FormPoster.signIn(client, "ada")
            // given both photos' renditions made and shared
            for hash in [sha, kept] { #expect(try await ada.get("/thumbs/256/\(hash).jpg").status == .ok) }
            #expect(try await store.fetch("thumbnails/\(sha.prefix(2))/\(sha)-256.jpg", to: a.root + "/before.jpg"))
            // when one goes to the trash, and the trash is emptied
            #expect(try await ada.post("/actions/delete", [("key", "trip/a.jpg")]).status == .seeOther)
            #expect(try await ada.post("/actions/empty-trash", []).status == .seeOther)
            // then its renditions are gone from the shared store, and the other's stay
            #expect(try await store.fetch("thumbnails/\(sha.prefix(2))/\(sha)-256.jpg", to: a.root + "/after.jpg") == false)
            #expect(try await store.fetch("thumbnails/\(kept.prefix(2))/\(kept)-256.jpg", to: a.root + "/kept.jpg"))
        }
    }

    @Test func aSharedCacheThatCannotBeReachedLeavesEachInstanceMakingItsOwn() async throws {
        // given a shared folder that is not there (a share not mounted)
        let root = NSTemporaryDirectory() + "photolala-shared-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (a, _) = try await instances(FolderRenditionStore(root: root + "/not-mounted"))
        let sha = try await hash(a, "trip/a.jpg")
        try await app(a).test(.router) { client in
            // then renditions are made and served all the same
            let jpeg = try await client.execute(uri: "/thumbs/256/\(sha).jpg", method: .get)
            #expect(jpeg.status == .ok && jpeg.headers[.contentType] == "image/jpeg")
            #expect(try await metric(client, "thumbnails_generated_total") == 1)
        }
        // and nothing was made where the share should be
        #expect(!FileManager.default.fileExists(atPath: root + "/not-mounted"))
    }

    @Test func aFolderCacheIsNamedBySettingAndRefusedInsideTheLibrary() async throws {
        let f = try GalleryFixture(.folder)
        var config = f.config()
        config.sharedCache = f.library + "/renditions"
        #expect(throws: ConfigError.self) { try config.validate() }
        config.sharedCache = f.root + "/shared"
        try config.validate()
        let store = try #require(try GalleryParts.sharedRenditions(config, given: nil) as? FolderRenditionStore)
        #expect(store.root == f.root + "/shared" && FileManager.default.fileExists(atPath: store.root))
        // a bucket must be handed in by the caller, which knows its server and credentials
        config.sharedCache = "s3://renditions/shared"
        #expect(throws: ConfigError.self) { try GalleryParts.sharedRenditions(config, given: nil) }
    }

    @Test(.enabled(if: TestVideos.available, "ffmpeg is not installed"))
    func aPlayableVideoMadeByOneInstanceIsCopiedByTheOther() async throws {
        let root = NSTemporaryDirectory() + "photolala-shared-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try Kind.folder.makeStore(root: root)
        let a = try GalleryFixture(.folder)
        a.sharedRenditions = store
        try a.addBytes("v/phone.mov", try TestVideos.bytes("mov", codec: .hevc, seed: 2))
        try await a.scan()
        let b = try GalleryFixture(sharing: a)
        try await b.scan()
        let sha = try await hash(a, "v/phone.mov")
        // given the first instance has made the video's playable rendition
        let madeHere = try await app(a).test(.router) { client in try await Self.ready(client, "v/phone.mov") }
        #expect(madeHere)
        let made = try #require(FileManager.default.contents(atPath: a.data + "/playable/\(sha.prefix(2))/\(sha).mp4"))
        // when the original is gone before the second instance asks (only a copy can answer)
        try a.remove("v/phone.mov")
        try await app(b).test(.router) { client in
            // then the second has it ready, the same bytes
            let ready = try await Self.ready(client, "v/phone.mov")
            #expect(ready)
            #expect(FileManager.default.contents(atPath: b.data + "/playable/\(sha.prefix(2))/\(sha).mp4") == made)
        }
    }

    /// Asks `/play/KEY` until it sends the visitor back to the video's page (its rendition is
    /// ready), for at most 60 s; false when it failed or never was.
    private static func ready(_ client: any TestClientProtocol, _ key: String) async throws -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let response = try await client.execute(uri: "/play/" + key, method: .get)
            if response.status == .seeOther || response.status == .found { return true }
            if response.text.contains("could not be") { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
