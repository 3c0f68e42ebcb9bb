import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@Suite struct HostileFileTests {
    @Test(.timeLimit(.minutes(3))) func aHostileLibraryIsScannedAndServedWithoutHarm() async throws {
        // given a library holding the hostile corpus beside one good photo
        let f = try GalleryFixture()
        try f.addJPEG("good/photo.jpg", seed: 3)
        let valid = try Data(contentsOf: URL(fileURLWithPath: f.library + "/good/photo.jpg"))
        let names = try HostileFiles.write(into: f.library + "/hostile", validJPEG: valid)
        // when it is scanned
        try await f.scan()
        let store = try CatalogStore.open(dataFolder: f.data)
        // then the scan finished, and nothing but real images became photos
        let photos = try await Set(store.page(.folder("hostile"), sort: .default, number: 1, perPage: 100)!.photos.map(\.name))
        #expect(photos.isSubset(of: ["<img src=x onerror=alert(1)>.jpg", "quote\"and'apostrophe.jpg", "msl:photo.jpg", "|touch pwned.jpg",
                                     "leak.png", "frames.gif"]), "\(photos)")
        #expect(photos.contains("<img src=x onerror=alert(1)>.jpg") && photos.contains("msl:photo.jpg"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/photolala-msl"))
        try await f.withClient { client in
            // and every page, photo, thumbnail and original answers without a server error
            var pages = ["/", "/folders/hostile", "/scan", "/search?q=onerror", "/duplicates"]
            for name in names { pages.append("/photos/hostile/" + FormPoster.encode(name)) }
            let folder = try await client.execute(uri: "/folders/hostile", method: .get).text
            let thumbs = folder.matches(of: #/\/thumbs\/240\/[0-9a-f]{64}\.jpg/#).map { String($0.output) }
            #expect(!thumbs.isEmpty)
            pages += thumbs + ["/256/", "/480/", "/1600/"].flatMap { size in thumbs.map { $0.replacingOccurrences(of: "/240/", with: size) } }
            for name in photos { pages.append("/originals/hostile/" + FormPoster.encode(name)) }
            for page in pages {
                let response = try await client.execute(uri: page, method: .get)
                #expect(response.status.code < 500, "\(page) answered \(response.status.code)")
                // no file's contents leak through a rendition or a page
                // (ImageMagick's CVE-2022-44268 leak writes it hex-encoded into a profile)
                let body = String(decoding: response.body.readableBytesView, as: UTF8.self)
                #expect(!body.contains("root:x:0:0") && !body.lowercased().contains("726f6f743a"), "\(page) leaked /etc/passwd")
                // and a hostile name is only ever shown escaped
                #expect(!response.text.contains("<img src=x onerror"), "\(page) shows a raw tag")
            }
            #expect(folder.contains("&lt;img src=x onerror=alert(1)&gt;.jpg"))
            // and the refused files are listed on the scan page with a reason
            let scan = try await client.execute(uri: "/scan", method: .get).text
            #expect(scan.contains("truncated.jpg") && scan.contains("flood.png") && scan.contains("flood-under-side-limit.png"))
            #expect(scan.contains("short-exif.jpg"))
            #expect(scan.contains("image too large"))
        }
    }
}
