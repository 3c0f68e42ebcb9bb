import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Share links a person can manage (issue 56): each link listed by its group's name and cover,
/// its address shown to its maker again (while a copy of the catalog opens nothing), revoking
/// that asks first, and an album's description for its link's holders.
@Suite struct ShareManageRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.addAccount("mo", role: .member)
        try await f.addAccount("ada", role: .admin)
        return f
    }

    /// Album 1, "Summer by the sea", holding trip/a.jpg with a description, shared by max with uploads and a password.
    private func shareAlbum(_ max: FormPoster) async throws -> TestResponse {
        _ = try await max.post("/actions/album-add", [("key", "trip/a.jpg"), ("album", "Summer by the sea")])
        _ = try await max.post("/actions/album-update", [("album", "1"), ("name", "Summer by the sea"), ("description", "Grandma's seaside week")])
        let made = try await max.post("/actions/share", [("kind", "album"), ("value", "1"), ("filter", ""), ("expires", "7"), ("uploads", "1"),
                                                         ("password", "long enough pass")])
        #expect(made.status == .seeOther)
        return made
    }

    private static func token(in html: String) -> String? {
        html.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) }
    }

    @Test func eachLinkIsListedByItsAlbumsNameWithItsCoverAndState() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given max's link to an album
            let max = try await FormPoster.signIn(client, "max")
            _ = try await shareAlbum(max)
            // when he lists his links
            let list = try await max.get("/shared").text
            // then the row names the album, shows its cover as the gallery's cards do, and says how it opens
            let row = try #require(list.firstMatch(of: #/<li id="share-1"[\s\S]*?</li>/#).map { String($0.output) })
            #expect(row.contains("<strong>Summer by the sea</strong>") && !row.contains("<strong>Album</strong>"))
            let store = try CatalogStore.open(dataFolder: f.data)
            let sha = try #require(try await store.photo(key: "trip/a.jpg")?.card.sha256)
            #expect(row.contains("<img src=\"/thumbs/256/\(sha).jpg\"") && row.contains("loading=\"lazy\""))
            #expect(row.contains("Open until") && row.contains("asks for a password") && row.contains("takes photos (200 more)"))
        }
    }

    @Test func theMakerSeesTheAddressAgainAndNoOtherMemberDoes() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given max's link, made and listed once with its one-time cookie
            let max = try await FormPoster.signIn(client, "max")
            let made = try await shareAlbum(max)
            let first = try await max.keeping("photolala_new_share", from: made).get("/shared?new=1").text
            let token = try #require(Self.token(in: first))
            // when he comes back later, without that cookie
            let again = try await max.get("/shared").text
            // then the address is there again, whole, in a field to select and copy, and it opens
            #expect(again.contains("/share/\(token)\" aria-label="))
            #expect(again.contains("class=\"copy\"") && again.contains("data-copy=\"Copy\"") && again.contains(SiteURL.appScript.path))
            #expect(!again.contains("was shown once"))
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .ok)
            // and another member never sees it, while an admin, who lists every link, does
            #expect(!(try await FormPoster.signIn(client, "mo").get("/shared").text.contains(token)))
            #expect(try await FormPoster.signIn(client, "ada").get("/shared").text.contains(token))
        }
    }

    @Test func theCatalogAloneDerivesNoWorkingToken() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given a link made through the gallery
            let max = try await FormPoster.signIn(client, "max")
            let token = try #require(Self.token(in: try await max.keeping("photolala_new_share", from: try await shareAlbum(max)).get("/shared").text))
            // when someone holds a copy of the catalog, and not the data folder's secret
            let store = try CatalogStore.open(dataFolder: f.data)
            let link = try #require(try await store.shares(accountId: nil).first)
            let nonce = try #require(link.nonce)
            // then nothing in the row is the token or opens the link, and another secret derives nothing
            #expect(link.tokenHash == TokenHash.of(token) && nonce != token && link.tokenHash != token)
            for guess in [nonce, link.tokenHash, String(link.tokenHash.prefix(43))] {
                #expect(try await client.execute(uri: "/share/\(guess)", method: .get).status == .notFound)
            }
            let stranger = ShareTokens(secret: Data((0..<32).map { _ in UInt8(7) }))
            #expect(stranger.token(of: link) == nil && stranger.token(nonce: nonce) != token)
            // while the secret kept in the data folder, the server's user's alone, derives it
            let path = f.data + "/" + ShareTokens.fileName
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
            #expect(try ShareTokens.load(dataFolder: f.data).token(of: link) == token)
        }
    }

    @Test func aLinkMadeBeforeNoncesSaysItWasShownOnce() async throws {
        let f = try await fixture()
        let store = try CatalogStore.open(dataFolder: f.data)
        let max = try #require(try await store.account(named: "max")?.account)
        let token = SecretToken.make()
        try await store.createShare(token: token, accountId: max.id, kind: .folder, value: "trip", filter: "", expiresAt: nil, now: 0)
        try await f.withClient { client in
            let list = try await FormPoster.signIn(client, "max").get("/shared").text
            #expect(list.contains("<strong>trip</strong>") && list.contains("The link was shown once"))
            #expect(!list.contains(token))
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .ok)
        }
    }

    @Test func revokingAsksFirstAndSaysWhatStops() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given max's link
            let max = try await FormPoster.signIn(client, "max")
            let token = try #require(Self.token(in: try await max.keeping("photolala_new_share", from: try await shareAlbum(max)).get("/shared").text))
            // when he follows Revoke on the list, a quiet link and no form that revokes at once
            let list = try await max.get("/shared").text
            #expect(!list.contains("data-action=\"unshare\"") && !list.contains("class=\"danger\""))
            #expect(list.contains("<a class=\"button quiet\" href=\"/shared/revoke?id=1\">Revoke…</a>"))
            let confirm = try await max.get("/shared/revoke?id=1")
            // then the link still opens, and the page says what stops, with the form that does it
            #expect(confirm.status == .ok)
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .ok)
            #expect(confirm.text.contains("Revoke the link to “Summer by the sea”?"))
            #expect(confirm.text.contains("can no longer open it") && confirm.text.contains("add photos through it"))
            #expect(confirm.text.contains("<form method=\"post\" action=\"/actions/unshare\" data-action=\"unshare\">"))
            #expect(confirm.text.contains("name=\"csrf\"") && confirm.text.contains("<input type=\"hidden\" name=\"id\" value=\"1\">"))
            // and another member may not even ask
            let mo = try await FormPoster.signIn(client, "mo")
            #expect(try await mo.get("/shared/revoke?id=1").status == .notFound)
            // when max sends the confirmation's form, the link stops opening
            #expect(try await max.post("/actions/unshare", [("id", "1")]).status == .seeOther)
            #expect(try await client.execute(uri: "/share/\(token)", method: .get).status == .notFound)
            #expect(try await max.get("/shared/revoke?id=1").status == .notFound)
        }
    }

    @Test func aLinksHoldersSeeTheAlbumsDescription() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given an album with a description, shared
            let max = try await FormPoster.signIn(client, "max")
            let token = try #require(Self.token(in: try await max.keeping("photolala_new_share", from: try await shareAlbum(max)).get("/shared").text))
            // when its link is opened and its password given
            let guest = try await FormPoster.start(client, page: "/share/\(token)")
            let unlocked = try await guest.post("/share/\(token)", [("password", "long enough pass")], csrf: guest.token)
            let page = try await guest.keeping("photolala_share_unlock", from: unlocked).get("/share/\(token)").text
            // then the holders read the description, and nothing of the household's album tools or names
            #expect(page.contains("<p class=\"albumtext\">Grandma&#39;s seaside week</p>"))
            #expect(!page.contains("Made by max") && !page.contains("data-action=\"album-update\""))
        }
    }
}
