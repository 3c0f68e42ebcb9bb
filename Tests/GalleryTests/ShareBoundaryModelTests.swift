import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// A model-based test of the share-link boundary: a household with folders, a Live pair, a
/// duplicate, tags, stars, favorites and albums makes links of every kind, then does random
/// household things (albums deleted and made anew, uploads through links, folders moved, the
/// trash used and emptied, tags taken off and put back). After each step every link must reach
/// exactly what its group holds, through its photo pages, originals, thumbnails and zip, a
/// link whose group ended must answer 410 for good, and where a photo was taken (its page's
/// position, its original's GPS) reaches only the holders of a link that shares places. A second
/// invariant holds alongside: max keeps photos, folders and albums private and gives them back, and
/// nothing private ever reaches another member, an admin (the household not letting admins see
/// private photos) or a link, by any page, file or rendition, through moves, the trash and uploads;
/// the catalog keeps private exactly what the model says, and the WebDAV door (`checkDoor`) lists
/// and hands out nothing private to another member's device, and nothing at all to a backup-only one; the JSON API (`checkAPI`)
/// lists each member's token exactly what they see and a frame token of each link exactly what the link shows. The model says what each link should reach
/// without asking the server. Short here (`PHOTOLALA_MODEL_STEPS`, default 12, fixed seed);
/// `scripts/model.sh` runs it long.
@Suite(.serialized, .enabled(if: TestVideos.available, "ffmpeg is not installed"))
struct ShareBoundaryModelTests {
    static var steps: Int { ProcessInfo.processInfo.environment["PHOTOLALA_MODEL_STEPS"].flatMap(Int.init) ?? 12 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["PHOTOLALA_MODEL_SEED"].flatMap(UInt64.init) ?? 20_261_127 }

    @Test func everyLinkReachesExactlyItsGroupAfterEveryStepOnSQLite() async throws {
        try await run(postgres: false)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func everyLinkReachesExactlyItsGroupAfterEveryStepOnPostgreSQL() async throws {
        try await run(postgres: true)
    }

    /// A picture that says where it was taken: a PNG and a WebP in XMP (a position and place
    /// names), a TIFF in EXIF, a JPEG in EXIF, IPTC and XMP at once, a motion photo in its clip.
    static func located(_ key: String, seed: Int) throws -> [UInt8] {
        let folder = NSTemporaryDirectory() + "photolala-located-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gps = ["-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E"]
        let xmp = ["-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945", "-XMP-photoshop:City=Lutetia", "-XMP-iptcCore:Location=Champ"]
        let iptc = ["-IPTC:City=Lutetia", "-IPTC:Country-PrimaryLocationName=Francia"]
        let name = String(key.split(separator: "/").last ?? "file")
        let path = folder + "/" + name
        if name.hasPrefix("PXL") {
            let clip = folder + "/clip.mp4"
            try TestVideos.write(to: clip, seconds: 1, seed: seed, metadata: ["location=+48.8584+002.2945/"])
            return try TestMotionPhotos.jpeg(seed: seed, clip: [UInt8](try Data(contentsOf: URL(fileURLWithPath: clip))))
        }
        if name.hasSuffix(".jpg") {
            try Data(try TestImages.jpeg(seed: seed)).write(to: URL(fileURLWithPath: path))
        } else {
            try TestImages.run("convert", ["-seed", String(seed), "-size", "48x32", "plasma:fractal", path])
        }
        let tags = name.hasSuffix(".tif") ? gps : name.hasSuffix(".jpg") ? gps + iptc + xmp : xmp
        try TestImages.run("exiftool", ["-q", "-overwrite_original"] + tags + [path])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func run(postgres: Bool) async throws {
        // given a household's library, curated, with links of every kind
        let f = try GalleryFixture(.folder)
        if postgres { f.catalogURL = try await PostgresTestServer.makeDatabase() }
        f.guestRole = nil
        let model = BoundaryModel(seed: Self.seed)
        // (two pictures say where they were taken; links that do not share places must not tell)
        let gps = ["-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E"]
        model.located = [0, 5]
        for (key, content) in [("trip/0.jpg", 0), ("trip/1.jpg", 1), ("trip/2.jpg", 2), ("home/3.jpg", 3), ("home/4.jpg", 4),
                               ("home/copy.jpg", 0), ("roll/IMG_1.jpg", 5), ("roll/IMG_2.jpg", 6)] {
            try f.addBytes(key, try TestImages.jpeg(seed: content, exif: model.located.contains(content) ? gps : []))
            model.files[key] = content
        }
        try f.addBytes("roll/IMG_1.mov", try TestVideos.bytes("mov", seconds: 1, seed: 7))
        model.clips["roll/IMG_1.mov"] = (still: "roll/IMG_1.jpg", content: 7)
        // (and stills of other formats that say where in other places, a JPEG that names its
        // place in IPTC and XMP too, and a motion photo whose clip says where it was shot)
        for (key, content) in [("trip/8.png", 8), ("roll/9.webp", 9), ("trip/10.tif", 10), ("roll/11.jpg", 11), ("trip/PXL_12.MP.jpg", 12)] {
            try f.addBytes(key, try Self.located(key, seed: content))
            model.files[key] = content
            model.located.insert(content)
        }
        model.motion.insert(12)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("eve", role: .member)
        try await model.makeDevices(f)
        try await model.makeTokens(f)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            try await model.curate(max, tag: "beach", on: "trip/1.jpg")
            try await model.curate(max, tag: "beach", on: "home/3.jpg")
            try await model.rate(max, "trip/2.jpg", 4)
            try await model.favorite(max, "roll/IMG_1.jpg")
            try await model.makeAlbum(max, f, with: ["trip/0.jpg", "roll/IMG_1.jpg"])
            for (kind, value, extra) in [(BoundaryModel.Kind.folder("trip"), "trip", [("places", "1")]), (.folder("roll"), "roll", []),
                                         (.tag("beach"), "beach", []), (.search, "", [("filter", "min_rating=4")]),
                                         (.favorites, "", [])] {
                try await model.makeLink(max, f, kind: kind, value: value, extra: extra)
            }
            try await model.linkLatestAlbum(max, f, password: false)
            try await model.linkLatestAlbum(max, f, password: true)
            // (a photo sent through the album's link, carrying a keyword and stars of its own)
            try await model.uploadThroughALink(client, f)
            // (a photo private from the start, in a folder's link and the search's, and a folder,
            // whose copy of a trip photo makes that one private too)
            try await model.keepPrivate(max, "trip/2.jpg")
            try await model.keepFolderPrivate(max, "home")
            try await model.check(client, f)
            let ada = try await FormPoster.signIn(client, "ada"), eve = try await FormPoster.signIn(client, "eve")
            try await model.checkPrivacy(f, max: max, others: [eve, ada])
            try await model.checkDoor(client)
            try await model.checkAPI(client, f)
        }
        // when random household steps follow, each checked
        for step in 0..<Self.steps {
            let op = model.next(11)
            if op == 0 {
                try await model.moveFolder(f)
                try await f.scan()
            }
            try await f.withClient { client in
                let max = try await FormPoster.signIn(client, "max")
                let ada = try await FormPoster.signIn(client, "ada")
                let eve = try await FormPoster.signIn(client, "eve")
                switch op {
                case 1: try await model.deleteAndRemakeAlbum(max, f)
                case 2: try await model.uploadThroughALink(client, f)
                case 3: try await model.trashOne(ada, f)
                case 4: try await model.restoreOne(ada, f)
                case 5: try await model.emptyTrash(ada)
                case 6: try await model.untagEverywhere(max)
                case 7: try await model.tagOne(max)
                case 8, 9, 10: try await model.changePrivacy(max)
                default: break
                }
                // then every link reaches exactly its group, and nothing private reaches anyone else
                try await model.check(client, f)
                try await model.checkPrivacy(f, max: max, others: [eve, ada])
                try await model.checkDoor(client)
                try await model.checkAPI(client, f)
            }
            #expect(model.failures.isEmpty, "step \(step) (\(model.log.last ?? "")) on \(postgres ? "PostgreSQL" : "SQLite"): \(model.failures.prefix(5))")
            if !model.failures.isEmpty { break }
        }
        #expect(model.checks > 100, "the model checked \(model.checks) answers")
        #expect(model.privateChecks > 100, "the model checked \(model.privateChecks) answers about private items")
        print("model: \(Self.steps) steps from seed \(Self.seed) on \(postgres ? "PostgreSQL" : "SQLite"), \(model.checks) answers checked, "
              + "\(model.privateChecks) looks for private items; \(model.log.filter { $0.contains("private") || $0.contains("gave back") })")
    }
}
