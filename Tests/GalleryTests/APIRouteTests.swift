import Catalog
import Foundation
import Gallery
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// The JSON API through the real `buildApplication`: who may open it and with what, what each
/// scope and role may do, what a frame token reads, and that it reads what the pages read.
@Suite struct APIRouteTests {
    /// A library of two folders, max and ada (members) and vi (a viewer), ada's photo private.
    struct Household {
        let f: GalleryFixture
        let max: Account, ada: Account, vi: Account
        let store: any PhotoCatalog
        /// Content hashes by file.
        let ids: [String: String]
    }

    func household(_ kind: SourceKind = .folder, _ adjust: (GalleryFixture) -> Void = { _ in }) async throws -> Household {
        let f = try GalleryFixture(kind)
        f.guestRole = nil
        f.apiRequestsPerMinute = 1_000_000
        adjust(f)
        let max = try await f.addAccount("max", role: .member), ada = try await f.addAccount("ada", role: .member)
        let vi = try await f.addAccount("vi", role: .viewer)
        for (index, key) in ["Beach/a.jpg", "Beach/b.jpg", "Beach/c.jpg", "Home/d.jpg", "Home/ada-only.jpg"].enumerated() {
            try f.addJPEG(key, seed: 40 + index)
        }
        try await f.scan()
        let store = try await f.openCatalog()
        var ids: [String: String] = [:]
        for key in ["Beach/a.jpg", "Beach/b.jpg", "Beach/c.jpg", "Home/d.jpg", "Home/ada-only.jpg"] {
            ids[key] = try #require(try await store.photo(key: key, viewer: .guest, sight: .everything)).card.sha256
        }
        let adaOnly = try #require(try await store.photoId(forKey: "Home/ada-only.jpg", sight: .everything))
        _ = try await store.setPrivate(photoIds: [adaOnly], owner: ada.id, true)
        return Household(f: f, max: max, ada: ada, vi: vi, store: store, ids: ids)
    }

    func token(_ h: Household, _ account: Account, _ scopes: Set<APIToken.Scope>, frame: APIToken.Frame? = nil,
               label: String = UUID().uuidString) async throws -> String {
        let secret = APITokenSecret.make()
        try await h.store.addToken(accountId: account.id, label: label, secretHash: APITokenSecret.hash(secret), scopes: scopes, frame: frame, now: 1)
        return secret
    }

    static func call(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ token: String?,
                     json: String? = nil, bytes: [UInt8]? = nil, headers more: HTTPFields = [:]) async throws -> TestResponse {
        var headers = more
        if let token { headers[.authorization] = "Bearer " + token }
        var body: ByteBuffer?
        if let json { (headers[.contentType], body) = ("application/json", ByteBuffer(string: json)) }
        if let bytes { (headers[.contentType], body) = ("application/octet-stream", ByteBuffer(bytes: bytes)) }
        return try await client.execute(uri: path, method: method, headers: headers, body: body)
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    /// Every photo id a listing gives, following its cursors.
    static func walk(_ client: any TestClientProtocol, _ path: String, _ token: String) async throws -> [String] {
        var ids: [String] = []
        var next: String? = nil
        var pages = 0
        repeat {
            let separator = path.contains("?") ? "&" : "?"
            let response = try await call(client, .get, path + (next.map { separator + "cursor=" + $0 } ?? ""), token)
            #expect(response.status == .ok, "\(path): \(response.text)")
            let page = try object(response)
            ids += ((page["photos"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            next = page["next"] as? String
            pages += 1
        } while next != nil && pages < 50
        return ids
    }

    @Test func onlyATokenOpensTheAPIAndARevokedOneIsRefusedAtOnce() async throws {
        let h = try await household()
        let secret = try await token(h, h.max, [.read, .curate], label: "script")
        try await h.f.withClient { client in
            // when nothing, a malformed token, an unknown one, or max's session cookie is sent
            for sent in [nil, "nonsense", APITokenSecret.make()] as [String?] {
                let refused = try await Self.call(client, .get, "/api/v1/me", sent)
                // then each is refused as problem+json, asking for a bearer token
                #expect(refused.status == .unauthorized)
                #expect(refused.headers[.contentType] == "application/problem+json")
                #expect(refused.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                #expect(try Self.object(refused)["status"] as? Int == 401)
            }
            let max = try await FormPoster.signIn(client, "max")
            #expect(try await max.get("/api/v1/me").status == .unauthorized)
            var cookieOnly = HTTPFields()
            cookieOnly[.cookie] = max.cookieHeader
            let ride = try await Self.call(client, .patch, "/api/v1/photos/" + h.ids["Beach/a.jpg"]!, nil, json: #"{"rating":5}"#, headers: cookieOnly)
            #expect(ride.status == .unauthorized)
            // and the token opens it, saying whose it is
            let me = try Self.object(try await Self.call(client, .get, "/api/v1/me", secret))
            #expect((me["account"] as? [String: Any])?["name"] as? String == "max")
            #expect((me["token"] as? [String: Any])?["scopes"] as? [String] == ["read", "curate"])
            // and the document is there for anyone, as the repository has it
            let document = try await Self.call(client, .get, "/api/v1/openapi.yaml", nil)
            #expect(document.status == .ok && document.text.hasPrefix("openapi: 3.1.0"))
            // when the token is revoked, then its next request is refused
            let found = try #require(try await h.store.tokens(accountId: h.max.id).first)
            try await h.store.revokeToken(id: found.id, accountId: h.max.id)
            #expect(try await Self.call(client, .get, "/api/v1/me", secret).status == .unauthorized)
        }
        // and a rating the cookie tried to set was never set
        #expect(try await h.store.photo(key: "Beach/a.jpg", viewer: .guest, sight: .everything)?.rating == 0)
    }

    @Test func scopesAndRolesDecideWhatATokenDoesAndARefusedChangeChangesNothing() async throws {
        let h = try await household()
        let reader = try await token(h, h.max, [.read])
        let curator = try await token(h, h.max, [.read, .curate])
        let viewer = try await token(h, h.vi, [.read, .curate])
        let a = try #require(h.ids["Beach/a.jpg"])
        try await h.f.withClient { client in
            // when a read-only token tries to rate, then it is refused for its scope
            let refused = try await Self.call(client, .patch, "/api/v1/photos/" + a, reader, json: #"{"rating":3}"#)
            #expect(refused.status == .forbidden && refused.text.contains("curate"))
            // when a viewer's curating token favorites, then that works (viewers keep favorites)
            let favorite = try await Self.call(client, .patch, "/api/v1/photos/" + a, viewer, json: #"{"favorite":true}"#)
            #expect(try favorite.status == .ok && Self.object(favorite)["favorite"] as? Bool == true)
            // and when it also rates, the whole change is refused and its favorite stays as it was
            let mixed = try await Self.call(client, .patch, "/api/v1/photos/" + a, viewer, json: #"{"favorite":false,"rating":5}"#)
            #expect(mixed.status == .forbidden && mixed.text.contains("member"))
            // when max's curating token rates, tags and captions, then the photo says so
            let changed = try await Self.call(client, .patch, "/api/v1/photos/" + a, curator,
                                              json: #"{"rating":4,"addTags":["Sea"],"caption":"Low tide"}"#)
            let photo = try Self.object(changed)
            #expect(changed.status == .ok && photo["rating"] as? Int == 4 && photo["tags"] as? [String] == ["Sea"] && photo["caption"] as? String == "Low tide")
            // and a bad value is refused with nothing written
            #expect(try await Self.call(client, .patch, "/api/v1/photos/" + a, curator, json: #"{"rating":9,"caption":"x"}"#).status == .badRequest)
            #expect(try await Self.call(client, .patch, "/api/v1/photos/" + a, curator, json: #"{"rating":"many"}"#).status == .badRequest)
            #expect(try await Self.call(client, .patch, "/api/v1/photos/" + a, curator, json: "{}").status == .badRequest)
            // and a viewer's token may not read the trash, a member's may
            #expect(try await Self.call(client, .get, "/api/v1/trash", viewer).status == .forbidden)
            #expect(try await Self.call(client, .get, "/api/v1/trash", curator).status == .ok)
            // and a method the document does not name on its path is 405 with Allow, an unknown path 404
            let put = try await Self.call(client, .put, "/api/v1/photos/" + a, curator)
            #expect(put.status == .methodNotAllowed && put.headers[.allow] == "GET, PATCH, DELETE, HEAD")
            #expect(try await Self.call(client, .get, "/api/v1/nothing", curator).status == .notFound)
        }
        let after = try #require(try await h.store.photo(key: "Beach/a.jpg", viewer: .account(h.vi.id), sight: .everything))
        #expect(after.isFavorite && after.rating == 4 && after.caption == "Low tide")
    }

    @Test func aTokenReadsWhatItsMemberSeesAndNoMore() async throws {
        let h = try await household()
        let maxToken = try await token(h, h.max, [.read])
        let adaToken = try await token(h, h.ada, [.read])
        let hidden = try #require(h.ids["Home/ada-only.jpg"])
        try await h.f.withClient { client in
            // then max's listing, however walked, holds every photo once but ada's private one
            let all = try await Self.walk(client, "/api/v1/photos?limit=2", maxToken)
            #expect(Set(all) == Set(h.ids.values).subtracting([hidden]) && all.count == 4)
            #expect(try await Self.walk(client, "/api/v1/photos?folder=Beach&sort=name&order=desc&limit=1", maxToken)
                == ["Beach/c.jpg", "Beach/b.jpg", "Beach/a.jpg"].map { h.ids[$0]! })
            // and ada's private photo is not there for max by any way in, and is for ada
            for path in ["/api/v1/photos/\(hidden)", "/api/v1/photos/\(hidden)/thumbnail", "/api/v1/photos/\(hidden)/original"] {
                #expect(try await Self.call(client, .get, path, maxToken).status == .notFound, "\(path)")
                #expect(try await Self.call(client, .get, path, adaToken).status == .ok, "\(path)")
            }
            #expect(try await Self.walk(client, "/api/v1/photos?q=ada", maxToken).isEmpty)
            // and the original is its bytes, with ranges
            let range = try await Self.call(client, .get, "/api/v1/photos/\(h.ids["Beach/a.jpg"]!)/original", maxToken, headers: [.range: "bytes=0-1"])
            #expect(range.status == .partialContent && Array(range.body.readableBytesView) == [0xFF, 0xD8])
            // and a folder lists its subfolders with what max sees in them
            let root = try Self.object(try await Self.call(client, .get, "/api/v1/folders", maxToken))
            let folders = try #require(root["folders"] as? [[String: Any]])
            #expect(folders.map { $0["name"] as? String } == ["Beach", "Home"])
            #expect(folders.last?["photoCount"] as? Int == 1)
            // and the days a photo was taken narrow a listing (the fixture's photos have no date)
            #expect(try await Self.walk(client, "/api/v1/photos?takenFrom=2001-01-01&takenTo=2001-12-31", maxToken).isEmpty)
            #expect(try await Self.call(client, .get, "/api/v1/photos?takenFrom=2001-02-30", maxToken).status == .badRequest)
            #expect(try await Self.call(client, .get, "/api/v1/photos?place=FR", maxToken).status == .ok)
            #expect(try await Self.call(client, .get, "/api/v1/photos?place=not%20a%20place", maxToken).status == .badRequest)
            // and a cursor this server did not make, or a group that is none, is refused
            #expect(try await Self.call(client, .get, "/api/v1/photos?cursor=zz", maxToken).status == .badRequest)
            #expect(try await Self.call(client, .get, "/api/v1/photos?group=everything", maxToken).status == .badRequest)
            #expect(try await Self.call(client, .get, "/api/v1/photos/\(String(repeating: "0", count: 64))", maxToken).status == .notFound)
            #expect(try await Self.call(client, .get, "/api/v1/photos/not-a-hash", maxToken).status == .notFound)
        }
    }

    @Test func aFrameTokenReadsItsAlbumAndNothingElse() async throws {
        let h = try await household()
        let album = try await h.store.createAlbum(name: "Kitchen", description: "", createdBy: h.max.id, now: Date())
        let inAlbum = try #require(try await h.store.photoId(forKey: "Beach/b.jpg", sight: .everything))
        _ = try await h.store.addToAlbum(id: album.id, photoIds: [inAlbum], now: Date())
        let frame = try await token(h, h.max, [.read], frame: .album(album.id))
        let (b, a) = (h.ids["Beach/b.jpg"]!, h.ids["Beach/a.jpg"]!)
        try await h.f.withClient { client in
            // then it lists the album's photo alone, whatever group it asks for
            #expect(try await Self.walk(client, "/api/v1/photos", frame) == [b])
            #expect(try await Self.walk(client, "/api/v1/photos?group=album:\(album.id)", frame) == [b])
            for other in ["/api/v1/photos?group=all", "/api/v1/photos?folder=Beach", "/api/v1/photos?group=recent", "/api/v1/photos/\(a)",
                          "/api/v1/photos/\(a)/thumbnail", "/api/v1/photos/\(a)/original", "/api/v1/folders", "/api/v1/albums/\(album.id + 1)"] {
                #expect(try await Self.call(client, .get, other, frame).status == .notFound, "\(other)")
            }
            // and it may not ask which of its photos were taken somewhere
            #expect(try await Self.call(client, .get, "/api/v1/photos?place=FR", frame).status == .forbidden)
            // and its photo, with no folder, copies or place, and its bytes
            let photo = try Self.object(try await Self.call(client, .get, "/api/v1/photos/\(b)", frame))
            #expect(photo["path"] as? String == "b.jpg" && photo["folder"] as? String == "" && photo["location"] == nil)
            #expect(try await Self.call(client, .get, "/api/v1/photos/\(b)/thumbnail?size=grid", frame).status == .ok)
            // and the household's lists are empty to it, and it may change nothing
            for list in ["/api/v1/albums", "/api/v1/tags", "/api/v1/places", "/api/v1/timeline"] {
                let body = try Self.object(try await Self.call(client, .get, list, frame))
                #expect(body.values.allSatisfy { ($0 as? [Any])?.isEmpty ?? true }, "\(list)")
            }
            #expect(try await Self.call(client, .patch, "/api/v1/photos/\(b)", frame, json: #"{"favorite":true}"#).status == .forbidden)
            #expect(try await Self.call(client, .delete, "/api/v1/photos/\(b)", frame).status == .forbidden)
        }
    }

    @Test(arguments: [SourceKind.folder, .memory]) func uploadsTrashAndAlbumsGoThroughThePagesRules(_ kind: SourceKind) async throws {
        let h = try await household(kind)
        let curator = try await token(h, h.max, [.read, .curate, .upload, .share])
        let fresh = try TestImages.jpeg(seed: 99, exif: ["-DateTimeOriginal=2022:05:01 09:00:00"])
        try await h.f.withClient { client in
            // when a photo is uploaded, then it is filed as the form files it and catalogued at once
            let added = try await Self.call(client, .post, "/api/v1/uploads?name=IMG_1.jpg", curator, bytes: fresh)
            let upload = try Self.object(added)
            #expect(added.status == .created && upload["outcome"] as? String == "added")
            let id = try #require(upload["id"] as? String)
            #expect(try await Self.call(client, .get, "/api/v1/photos/\(id)", curator).status == .ok)
            // and the same bytes again are known, not stored twice; a note is refused
            let again = try await Self.call(client, .post, "/api/v1/uploads?name=copy.jpg", curator, bytes: fresh)
            #expect(try again.status == .ok && Self.object(again)["outcome"] as? String == "known")
            #expect(try await Self.call(client, .post, "/api/v1/uploads?name=n.txt", curator, bytes: Array("hi".utf8)).status == .unprocessableContent)
            // when an album is made and given two photos, then it holds them in that order, and one moves to the top
            let made = try Self.object(try await Self.call(client, .post, "/api/v1/albums", curator, json: #"{"name":"Best"}"#))
            let album = try #require(made["id"] as? Int)
            let two = [h.ids["Beach/a.jpg"]!, id]
            let filled = try await Self.call(client, .post, "/api/v1/albums/\(album)/photos", curator, json: #"{"photos":["\#(two[0])","\#(two[1])"]}"#)
            #expect(try Self.object(filled)["photoCount"] as? Int == 2)
            #expect(try await Self.call(client, .post, "/api/v1/albums/\(album)/photos/\(two[1])/move", curator, json: #"{"to":"top"}"#).status == .noContent)
            #expect(try await Self.walk(client, "/api/v1/photos?group=album:\(album)", curator) == [two[1], two[0]])
            // and a name taken is a conflict
            #expect(try await Self.call(client, .post, "/api/v1/albums", curator, json: #"{"name":"best"}"#).status == .conflict)
            // when the upload is deleted, then it is in the trash, and restored from there
            #expect(try await Self.call(client, .delete, "/api/v1/photos/\(id)", curator).status == .noContent)
            #expect(try await Self.call(client, .get, "/api/v1/photos/\(id)", curator).status == .notFound)
            let trash = try #require((try Self.object(try await Self.call(client, .get, "/api/v1/trash", curator)))["items"] as? [[String: Any]])
            #expect(trash.map { $0["photo"] as? String } == [id])
            let trashId = try #require(trash.first?["id"] as? Int)
            #expect(try await Self.call(client, .post, "/api/v1/trash/\(trashId)/restore", curator).status == .noContent)
            #expect(try await Self.call(client, .get, "/api/v1/photos/\(id)", curator).status == .ok)
            // and a share link is made with its address, listed, and ended
            let share = try await Self.call(client, .post, "/api/v1/shares", curator, json: #"{"kind":"album","value":"\#(album)","days":7}"#)
            let link = try Self.object(share)
            #expect(share.status == .created && (link["url"] as? String)?.contains("/share/") == true)
            let shareId = try #require(link["id"] as? Int)
            #expect(try await Self.call(client, .get, "/api/v1/shares", curator).text.contains("\"id\":\(shareId)"))
            #expect(try await Self.call(client, .post, "/api/v1/shares", curator, json: #"{"kind":"folder","value":"Nowhere"}"#).status == .notFound)
            #expect(try await Self.call(client, .delete, "/api/v1/shares/\(shareId)", curator).status == .noContent)
            #expect(try await Self.call(client, .delete, "/api/v1/shares/\(shareId)", curator).status == .notFound)
            // and the accounts are an admin's alone
            #expect(try await Self.call(client, .get, "/api/v1/accounts", curator).status == .forbidden)
        }
    }

    @Test func eachTokenHasItsOwnAllowanceOfRequests() async throws {
        let h = try await household { $0.apiRequestsPerMinute = 1 }  // a burst of 10, then one a minute
        let one = try await token(h, h.max, [.read]), other = try await token(h, h.ada, [.read])
        try await h.f.withClient { client in
            // when one token asks more than its burst at once
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<12 { statuses.append(try await Self.call(client, .get, "/api/v1/me", one).status) }
            // then the rest are refused with a wait, and another token is not slowed by it
            #expect(statuses.prefix(10).allSatisfy { $0 == .ok })
            let refused = try await Self.call(client, .get, "/api/v1/me", one)
            #expect(refused.status == .tooManyRequests && Int(refused.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(try await Self.call(client, .get, "/api/v1/me", other).status == .ok)
        }
    }

    @Test func aMemberMakesAndRevokesTokensOnTheAccountPage() async throws {
        let h = try await household()
        let album = try await h.store.createAlbum(name: "Kitchen", description: "", createdBy: h.max.id, now: Date())
        try await h.f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when max makes a script's token, then it is shown once and opens the API with its scopes
            let made = try await max.post("/actions/token-add", [("label", "Backup script"), ("scope", "read"), ("scope", "curate"), ("frame", "")])
            #expect(made.status == .created)
            let secret = String(try #require(made.text.firstMatch(of: #/class="copy secret" type="text" dir="ltr" readonly value="(plt_[A-Za-z0-9_-]{43})"/#)?.output.1))
            let me = try Self.object(try await Self.call(client, .get, "/api/v1/me", secret))
            #expect((me["token"] as? [String: Any])?["scopes"] as? [String] == ["read", "curate"])
            // and the page lists it without its secret
            let page = try await max.get("/account").text
            #expect(page.contains("Backup script") && !page.contains(secret))
            // when max asks for the admin scope, or a frame of an album that is not there, then nothing is made
            #expect(try await max.post("/actions/token-add", [("label", "Root"), ("scope", "admin")]).status == .badRequest)
            #expect(try await max.post("/actions/token-add", [("label", "Frame"), ("frame", "999")]).status == .badRequest)
            // when max makes a frame's token, then it reads that album alone, whatever scopes were ticked
            let frame = try await max.post("/actions/token-add", [("label", "Frame"), ("scope", "curate"), ("frame", String(album.id))])
            let frameSecret = String(try #require(frame.text.firstMatch(of: #/readonly value="(plt_[A-Za-z0-9_-]{43})"/#)?.output.1))
            let frameMe = try Self.object(try await Self.call(client, .get, "/api/v1/me", frameSecret))
            #expect((frameMe["token"] as? [String: Any])?["frame"] as? String == "album:\(album.id)")
            #expect((frameMe["token"] as? [String: Any])?["scopes"] as? [String] == ["read"])
            // when the script's token is revoked from the page, then its next request is refused
            let id = try #require(try await h.store.tokens(accountId: h.max.id).first { $0.label == "Backup script" }?.id)
            #expect(try await max.post("/actions/token-revoke", [("token", String(id))]).status == .seeOther)
            #expect(try await Self.call(client, .get, "/api/v1/me", secret).status == .unauthorized)
            // and another member cannot revoke max's frame
            let ada = try await FormPoster.signIn(client, "ada")
            let frameId = try #require(try await h.store.tokens(accountId: h.max.id).first?.id)
            #expect(try await ada.post("/actions/token-revoke", [("token", String(frameId))]).status == .notFound)
        }
    }
}
