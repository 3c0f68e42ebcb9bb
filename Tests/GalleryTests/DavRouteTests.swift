import Catalog
import Foundation
import Gallery
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// The WebDAV door through the real `buildApplication`, over every kind of photo source: who may
/// open it and with what, where what a phone sends lands, and what a device may read.
@Suite struct DavRouteTests {
    /// A household of members only: max and ada (members), vi (a viewer), each with a device.
    struct Household {
        let f: GalleryFixture
        let max: Account, ada: Account
        /// Device passwords by name: max's phone (backup only) and laptop (reads), ada's laptop, vi's tablet.
        let secrets: [String: String]
    }

    func household(_ kind: SourceKind, _ adjust: (GalleryFixture) -> Void = { _ in }) async throws -> Household {
        let f = try GalleryFixture(kind)
        f.guestRole = nil
        adjust(f)
        let max = try await f.addAccount("max", role: .member), ada = try await f.addAccount("ada", role: .member)
        let vi = try await f.addAccount("vi", role: .viewer)
        let store = try await f.openCatalog()
        var secrets: [String: String] = [:]
        for (name, account, scope) in [("max phone", max, Device.Scope.backup), ("max laptop", max, .read), ("ada laptop", ada, .read),
                                       ("vi tablet", vi, .read)] {
            let secret = DeviceSecret.make()
            try await store.addDevice(accountId: account.id, label: name, secretHash: DeviceSecret.hash(secret), scope: scope, now: 1)
            secrets[name] = secret
        }
        return Household(f: f, max: max, ada: ada, secrets: secrets)
    }

    static func basic(_ user: String, _ secret: String) -> String {
        "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
    }

    static func dav(_ client: any TestClientProtocol, _ method: String, _ path: String, as user: String, _ secret: String,
                    body: [UInt8] = [], headers more: [(String, String)] = []) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.authorization] = basic(user, secret)
        for (name, value) in more { headers[HTTPField.Name(name)!] = value }
        return try await client.execute(uri: path, method: HTTPRequest.Method(method)!, headers: headers,
                                        body: body.isEmpty ? nil : ByteBuffer(bytes: body))
    }

    @Test(arguments: SourceKind.allCases) func aPhoneBacksUpIntoTheLayoutOnceAndTheInboxKeepsItsNames(_ kind: SourceKind) async throws {
        // given a library holding one photo, and max's phone
        let h = try await household(kind)
        try h.f.addJPEG("Found/known.jpg", seed: 5)
        try await h.f.scan()
        let known = try #require(try await h.f.bytes("Found/known.jpg"))
        let july = try TestImages.jpeg(seed: 1, exif: ["-DateTimeOriginal=2023:07:14 10:00:00"])
        let phone = try #require(h.secrets["max phone"])
        try await h.f.withClient { client in
            // when the phone makes its folder and sends a new photo, the library's photo again, and a note
            #expect(try await Self.dav(client, "MKCOL", "/dav/max/DCIM", as: "max", phone).status == .created)
            let put = try await Self.dav(client, "PUT", "/dav/max/DCIM/IMG_0001.JPG", as: "max", phone, body: july)
            let again = try await Self.dav(client, "PUT", "/dav/max/DCIM/IMG_0002.JPG", as: "MAX", phone, body: Array(known))
            let note = try await Self.dav(client, "PUT", "/dav/max/DCIM/notes.txt", as: "max", phone, body: Array("hello\n".utf8))
            // then each is acknowledged, the new photo is filed by the date taken and catalogued at once
            #expect(put.status == .created && again.status == .created && note.status == .created)
            #expect(put.headers[.eTag] != nil)
            #expect(try await h.f.bytes("Phones/max/2023/07/IMG_0001.JPG") == Data(july))
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.get("/folders/Phones/max/2023/07").text.contains("IMG_0001.JPG"))
            // and says who sent it, from which device
            #expect(try await max.get("/photos/Phones/max/2023/07/IMG_0001.JPG").text.contains("max, from max phone"))
            // and nothing was stored twice, and the note is in no folder of the library
            let keys = try await h.f.keys()
            #expect(keys.filter { $0.hasPrefix("Phones/") } == ["Phones/max/2023/07/IMG_0001.JPG"])
            // and the inbox lists all three by the names sent, and gives each back
            let listing = try await Self.dav(client, "PROPFIND", "/dav/max/DCIM/", as: "max", phone, headers: [("Depth", "1")])
            #expect(listing.status.code == 207)
            for name in ["IMG_0001.JPG", "IMG_0002.JPG", "notes.txt"] { #expect(listing.text.contains("/dav/max/DCIM/\(name)</D:href>")) }
            #expect(try await Self.dav(client, "GET", "/dav/max/DCIM/notes.txt", as: "max", phone).text == "hello\n")
            #expect(Array(try await Self.dav(client, "GET", "/dav/max/DCIM/IMG_0002.JPG", as: "max", phone).body.readableBytesView) == Array(known))
            // when the phone deletes a photo it backed up, then the inbox forgets it and the library keeps it
            #expect(try await Self.dav(client, "DELETE", "/dav/max/DCIM/IMG_0001.JPG", as: "max", phone).status == .noContent)
            #expect(try await h.f.exists("Phones/max/2023/07/IMG_0001.JPG"))
            // and nothing is left staged
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: h.f.data + "/dav-incoming")) ?? []).isEmpty)
            // and the new photo's thumbnails are made in the background, before anyone asks
            try await DavDoorModelTests.until { Self.renditions(h.f) >= 2 }
        }
    }

    /// How many renditions the data folder holds.
    static func renditions(_ f: GalleryFixture) -> Int {
        let found = FileManager.default.enumerator(atPath: f.data + "/thumbnails")?.allObjects.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".webp") || $0.hasSuffix(".avif") }.count
    }

    @Test func onlyADevicePasswordOpensTheDoorNeverTheAccountsOwnNorACookie() async throws {
        let h = try await household(.folder)
        let phone = try #require(h.secrets["max phone"])
        try await h.f.withClient { client in
            // no credentials: a Basic challenge
            let none = try await client.execute(uri: "/dav/max/", method: HTTPRequest.Method("PROPFIND")!)
            #expect(none.status == .unauthorized && none.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            // the account's own password, another member's name with max's device, a made-up one: refused alike
            #expect(try await Self.dav(client, "PROPFIND", "/dav/max/", as: "max", "correct horse").status == .unauthorized)
            #expect(try await Self.dav(client, "PROPFIND", "/dav/ada/", as: "ada", phone).status == .unauthorized)
            #expect(try await Self.dav(client, "PROPFIND", "/dav/max/", as: "max", "abcd-efgh").status == .unauthorized)
            // a signed-in session's cookie opens nothing here
            let signedIn = try await FormPoster.signIn(client, "max")
            var headers = HTTPFields()
            headers[.cookie] = signedIn.cookieHeader
            #expect(try await client.execute(uri: "/dav/max/", method: HTTPRequest.Method("PROPFIND")!, headers: headers).status == .unauthorized)
            // the device's password opens it, typed in any case and without its dashes
            let typed = phone.uppercased().replacingOccurrences(of: "-", with: "")
            #expect(try await Self.dav(client, "PROPFIND", "/dav/max/", as: "max", typed, headers: [("Depth", "0")]).status.code == 207)
            // when max revokes it on the account page, then its very next request is refused
            let store = try await h.f.openCatalog()
            let device = try #require(try await store.devices(accountId: h.max.id).first { $0.label == "max phone" })
            #expect(try await store.device(secretHash: DeviceSecret.hash(phone))?.device.lastUsedAt != nil)
            let revoked = try await signedIn.post("/actions/device-revoke", [("device", String(device.id))])
            #expect(revoked.status == .seeOther)
            #expect(try await Self.dav(client, "PROPFIND", "/dav/max/", as: "max", phone).status == .unauthorized)
        }
    }

    @Test func eachDeviceReadsWhatItsScopeAndRoleAllowAndNobodysPrivatePhoto() async throws {
        // given a household folder, ada's private photo in it, and an album holding both
        let h = try await household(.folder)
        try h.f.addJPEG("Home/shared.jpg", seed: 1)
        try h.f.addJPEG("Home/ada-only.jpg", seed: 2)
        try await h.f.scan()
        let store = try await h.f.openCatalog()
        let secret = try #require(try await store.photoId(forKey: "Home/ada-only.jpg"))
        #expect(try await store.setPrivate(photoIds: [secret], owner: h.ada.id, true) == 1)
        let album = try await store.createAlbum(name: "Trip/2024", description: "", createdBy: h.ada.id, now: Date())
        _ = try await store.addToAlbum(id: album.id, photoIds: [secret, try #require(try await store.photoId(forKey: "Home/shared.jpg"))],
                                       now: Date(), by: h.ada.id)
        let (phone, laptop, adas, tablet) = (h.secrets["max phone"]!, h.secrets["max laptop"]!, h.secrets["ada laptop"]!, h.secrets["vi tablet"]!)
        try await h.f.withClient { client in
            // a backup-only device reads nothing of the library or the albums
            #expect(try await Self.dav(client, "PROPFIND", "/dav/library/", as: "max", phone, headers: [("Depth", "1")]).status == .forbidden)
            #expect(try await Self.dav(client, "GET", "/dav/library/Home/shared.jpg", as: "max", phone).status == .forbidden)
            #expect(try await Self.dav(client, "PROPFIND", "/dav/albums/", as: "max", phone, headers: [("Depth", "1")]).status == .forbidden)
            // max's laptop reads the folder without ada's private photo, and cannot fetch it by name
            let folder = try await Self.dav(client, "PROPFIND", "/dav/library/Home/", as: "max", laptop, headers: [("Depth", "1")])
            #expect(folder.text.contains("shared.jpg") && !folder.text.contains("ada-only"))
            #expect(try await Self.dav(client, "GET", "/dav/library/Home/ada-only.jpg", as: "max", laptop).status == .notFound)
            let albumPath = "/dav/albums/Trip-2024/"
            let albumListing = try await Self.dav(client, "PROPFIND", albumPath, as: "max", laptop, headers: [("Depth", "1")])
            #expect(albumListing.text.contains("shared.jpg") && !albumListing.text.contains("ada-only"))
            // ada's laptop sees her own private photo, in the folder and the album
            #expect(try await Self.dav(client, "GET", "/dav/library/Home/ada-only.jpg", as: "ada", adas).status == .ok)
            #expect(try await Self.dav(client, "PROPFIND", albumPath, as: "ada", adas, headers: [("Depth", "1")]).text.contains("ada-only.jpg"))
            // the library and the albums are read-only, and another member's inbox is not there
            #expect(try await Self.dav(client, "PUT", "/dav/library/Home/new.jpg", as: "max", laptop, body: [1]).status == .forbidden)
            #expect(try await Self.dav(client, "DELETE", "/dav/library/Home/shared.jpg", as: "max", laptop).status == .forbidden)
            #expect(try await Self.dav(client, "PROPFIND", "/dav/ada/", as: "max", laptop, headers: [("Depth", "1")]).status == .notFound)
            #expect(try await Self.dav(client, "PUT", "/dav/ada/x.txt", as: "max", laptop, body: [1]).status == .forbidden)
            // a viewer's device reads, and writes nothing, not even its own inbox
            #expect(try await Self.dav(client, "GET", "/dav/library/Home/shared.jpg", as: "vi", tablet).status == .ok)
            #expect(try await Self.dav(client, "PUT", "/dav/vi/x.txt", as: "vi", tablet, body: [1]).status == .forbidden)
            // and the root lists one's own inbox, and the library only to a device that reads it
            let root = try await Self.dav(client, "PROPFIND", "/dav/", as: "max", phone, headers: [("Depth", "1")]).text
            #expect(root.contains("/dav/max/") && !root.contains("/dav/library/") && !root.contains("/dav/ada/"))
            #expect(try await Self.dav(client, "PROPFIND", "/dav/", as: "max", laptop, headers: [("Depth", "1")]).text.contains("/dav/library/"))
            // and an infinite PROPFIND is refused as RFC 4918 allows
            #expect(try await Self.dav(client, "PROPFIND", "/dav/library/", as: "max", laptop, headers: [("Depth", "infinity")]).status == .forbidden)
        }
    }

    @Test(arguments: SourceKind.allCases) func anAllowanceAnswers507BeforeAByteIsStored(_ kind: SourceKind) async throws {
        // given an allowance of 64 KB a member
        let h = try await household(kind) { $0.uploadAllowance = 64_000 }
        let phone = try #require(h.secrets["max phone"])
        let photo = try TestImages.jpeg(seed: 7, size: "640x480", exif: ["-DateTimeOriginal=2022:01:02 03:04:05"])
        try await h.f.withClient { client in
            // when a file that fits arrives, then one that would pass the allowance
            #expect(try await Self.dav(client, "PUT", "/dav/max/small.txt", as: "max", phone, body: Array(repeating: 65, count: 40_000)).status == .created)
            let refused = try await Self.dav(client, "PUT", "/dav/max/big.txt", as: "max", phone, body: Array(repeating: 66, count: 30_000))
            // then it is refused with 507, nothing of it kept, and replacing the first within the allowance works
            #expect(refused.status.code == 507)
            #expect(try await Self.dav(client, "GET", "/dav/max/big.txt", as: "max", phone).status == .notFound)
            #expect(try await Self.dav(client, "PUT", "/dav/max/small.txt", as: "max", phone, body: Array(repeating: 67, count: 60_000)).status == .noContent)
            // and a photo is refused as well while the inbox is full, and not filed into the library
            if photo.count > 4_000 {
                #expect(try await Self.dav(client, "PUT", "/dav/max/IMG.jpg", as: "max", phone, body: photo).status.code == 507)
                #expect(try await !h.f.keys().contains { $0.hasPrefix("Phones/") })
            }
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: h.f.data + "/dav-incoming")) ?? []).isEmpty)
        }
    }

    @Test func theAccountPageMakesADevicePasswordAndShowsItOnce() async throws {
        let h = try await household(.folder)
        try await h.f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when max makes a password for a new phone
            let made = try await max.post("/actions/device-add", [("label", "Max’s new phone"), ("scope", "backup")])
            // then the page shows it once, with the address and the name to type
            #expect(made.status == .created)
            let secret = try #require(made.text.firstMatch(of: #/class="copy secret" type="text" dir="ltr" readonly value="([a-z0-9-]+)"/#)?.output.1)
            #expect(made.text.contains("/dav/max/"))
            // and it opens the door
            #expect(try await Self.dav(client, "PROPFIND", "/dav/max/", as: "max", String(secret), headers: [("Depth", "0")]).status.code == 207)
            // and the page lists it without the secret from then on
            let page = try await max.get("/account").text
            #expect(page.contains("Max’s new phone") && !page.contains(String(secret)))
            // and a second device of the same name is refused, saying why
            let twice = try await max.post("/actions/device-add", [("label", "MAX’S NEW PHONE"), ("scope", "read")])
            #expect(twice.status == .conflict && twice.text.contains("already"))
        }
    }

    @Test func theDoorsOwnFolderNamesAreNoAccountsAndAMoveStaysOnThisServer() async throws {
        // given max's phone and a note in his inbox
        let h = try await household(.folder)
        let phone = try #require(h.secrets["max phone"])
        // then no account may be called after the door's read-only folders, in any case
        let store = try await h.f.openCatalog()
        await #expect(throws: AccountError.reservedName("Library")) {
            try await store.addAccount(name: "Library", passwordHash: "h", role: .member)
        }
        try await h.f.withClient { client in
            #expect(try await Self.dav(client, "PUT", "/dav/max/a.txt", as: "max", phone, body: Array("a".utf8)).status == .created)
            // when a MOVE names another server, then it is refused as a gateway's error, and nothing moves
            let away = try await Self.dav(client, "MOVE", "/dav/max/a.txt", as: "max", phone,
                                          headers: [("Destination", "http://elsewhere.example/dav/max/b.txt")])
            #expect(away.status == .badGateway)
            #expect(try await Self.dav(client, "GET", "/dav/max/a.txt", as: "max", phone).status == .ok)
            // and one naming this server by its address, or by the path alone, moves it
            let here = try await Self.dav(client, "MOVE", "/dav/max/a.txt", as: "max", phone,
                                          headers: [("Destination", "http://127.0.0.1:8080/dav/max/b.txt")])
            #expect(here.status == .created)
            #expect(try await Self.dav(client, "MOVE", "/dav/max/b.txt", as: "max", phone, headers: [("Destination", "/dav/max/c.txt")]).status == .created)
            // and a move into the read-only library is refused
            #expect(try await Self.dav(client, "MOVE", "/dav/max/c.txt", as: "max", phone,
                                       headers: [("Destination", "/dav/library/c.txt")]).status == .forbidden)
        }
    }
}
