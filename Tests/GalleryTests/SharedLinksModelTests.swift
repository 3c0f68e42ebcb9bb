import Foundation
import NIOCore
import TestSupport
import Testing
@testable import Catalog
@testable import Gallery

/// The "Shared links" page's rows for given links: what each says of whether it still opens,
/// and a link's token shown only to its maker, once, on that link's own row.
@Suite struct SharedLinksModelTests {
    private static func link(_ id: Int64, token: String, expiresAt: Int64? = nil, endedAt: Int64? = nil, password: Bool = false,
                             uploadsLeft: Int = 0) -> ShareLink {
        ShareLink(id: id, tokenHash: TokenHash.of(token), accountId: 1, ownerName: "ada", kind: .album, value: "\(id)", filter: "",
                  createdAt: 1_000, expiresAt: expiresAt, passwordHash: password ? "hash" : nil, uploadsLeft: uploadsLeft, endedAt: endedAt)
    }

    private static func item(_ link: ShareLink, shown: String? = nil, now: Int64 = 5_000, zone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> SharedView.Item {
        SharedView.Item(link, title: .verbatim("Summer"), now: now, newId: 2, shownToken: shown, linkBase: "https://photos.example", zone: zone)
    }

    @Test func aNewLinksTokenIsShownOnItsOwnRowAndNoOther() {
        // given the one-time cookie holding the token of link 2, just made
        let token = SecretToken.make(), other = SecretToken.make()
        let made = Self.item(Self.link(2, token: token), shown: token)
        let older = Self.item(Self.link(1, token: other), shown: token)
        // then only link 2's row shows it, in full, and says it is new
        #expect(made.url == SiteURL.share(token) && made.fullURL == "https://photos.example" + SiteURL.share(token).path)
        #expect(made.isNew && !older.isNew)
        #expect(older.url == nil && older.fullURL == nil)
        // and a cookie that is no token at all shows nothing
        #expect(Self.item(Self.link(3, token: "short"), shown: "short").url == nil)
    }

    @Test func eachRowSaysWhetherTheLinkStillOpensAndWhatItAsks() {
        #expect(Self.item(Self.link(1, token: "a")).state == "Open until revoked")
        #expect(Self.item(Self.link(1, token: "a", expiresAt: 6_000)).state == "Open until 1 Jan 1970, 01:40 \u{2066}+00:00\u{2069}")
        // in the zone the viewer's browser named, with its offset then, as is when it was made
        let tokyo = Self.item(Self.link(1, token: "a", expiresAt: 6_000), zone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.state == "Open until 1 Jan 1970, 10:40 \u{2066}+09:00\u{2069}" && tokyo.created == "1 Jan 1970, 09:16 \u{2066}+09:00\u{2069}")
        #expect(Self.item(Self.link(1, token: "a", expiresAt: 4_000)).state == "Expired")
        #expect(Self.item(Self.link(1, token: "a", endedAt: 3_000)).state == "Ended: what it showed is gone")
        #expect(Self.item(Self.link(1, token: "a", password: true)).state == "Open until revoked · asks for a password")
        // a link that takes photos says how many more, but only while it opens
        #expect(Self.item(Self.link(1, token: "a", uploadsLeft: 20)).state == "Open until revoked · takes photos (20 more)")
        #expect(Self.item(Self.link(1, token: "a", expiresAt: 4_000, uploadsLeft: 20)).state == "Expired")
        #expect(Self.item(Self.link(1, token: "a", endedAt: 3_000, uploadsLeft: 20)).state == "Ended: what it showed is gone")
    }

    @Test func aRowWithoutItsAddressSaysWhy() {
        // a link made before nonces was shown once; one whose nonce another secret derived cannot be shown here
        #expect(Self.item(Self.link(1, token: "a")).hint == "The link was shown once, when it was made; make a new one to copy it again.")
        var other = Self.link(1, token: "a")
        other.nonce = "n"
        #expect(Self.item(other).hint?.english.hasPrefix("This server cannot show the link again") == true)
        let token = SecretToken.make()
        #expect(Self.item(Self.link(2, token: token), shown: token).hint == nil)
        #expect(Self.item(Self.link(2, token: token)).revokeURL == SiteURL("/shared/revoke?id=2"))
    }

    @Test func anAlbumsPageTellsItsMembersOfTheLinksThatOpen() throws {
        // given an album's links: max's open one with a password and uploads, eve's until revoked, an expired and an ended one
        let max = Visitor(account: Account(id: 1, name: "max", role: .member, createdAt: 0), role: .member, sessionHash: nil)
        let vera = Visitor(account: Account(id: 3, name: "vera", role: .viewer, createdAt: 0), role: .viewer, sessionHash: nil)
        var mine = Self.link(1, token: "a", expiresAt: 6_000, password: true, uploadsLeft: 20)
        mine.accountId = 1
        var eves = Self.link(2, token: "b")
        (eves.accountId, eves.ownerName) = (2, "eve")
        let links = [mine, eves, Self.link(3, token: "c", expiresAt: 4_000), Self.link(4, token: "d", endedAt: 3_000)]
        // when max opens the album's page
        let note = try #require(AlbumSharing(links, visitor: max, now: 5_000))
        // then it names each link that opens, until when and how, and lets him manage his own
        #expect(note.links.count == 2)
        #expect(note.links[0].text.english.hasPrefix("Shared by link with anyone who has it, until 1 Jan 1970"))
        #expect(note.links[0].text.english.hasSuffix(" · asks for a password · takes photos (20 more)"))
        #expect(note.links[0].manageURL == SiteURL("/shared#share-1"))
        #expect(note.links[1].text == "Shared by link with anyone who has it, until the link is revoked · made by eve")
        #expect(note.links[1].manageURL == nil)
        #expect(note.links.allSatisfy { !$0.text.english.contains("UTC") })
        // and a viewer is told nothing, nor is anyone of an album whose links no longer open
        #expect(AlbumSharing(links, visitor: vera, now: 5_000) == nil)
        #expect(AlbumSharing(Array(links.suffix(2)), visitor: max, now: 5_000) == nil)
        // and the page kept for it is another once a link stops opening
        #expect(note.cacheKey != AlbumSharing(links, visitor: max, now: 7_000)?.cacheKey)
    }

    @Test func theAlbumSharedPartialShowsTheNoteAndTheWayToManage() throws {
        struct Page: Encodable { var albumShared: AlbumSharing? }
        let max = Visitor(account: Account(id: 1, name: "max", role: .member, createdAt: 0), role: .member, sessionHash: nil)
        let renderer = try PageRenderer(resourcesPath: GalleryFixture.resources)
        let note = AlbumSharing([Self.link(1, token: "a")], visitor: max, now: 5_000)
        let html = String(buffer: try renderer.render("partials/album-shared", Page(albumShared: note), in: .english))
        #expect(html.contains("<li>Shared by link with anyone who has it, until the link is revoked · <a href=\"/shared#share-1\">Manage this link</a></li>"))
        #expect(String(buffer: try renderer.render("partials/album-shared", Page(albumShared: nil), in: .english)).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}
