import Testing
@testable import Catalog
@testable import Gallery

/// The album pages' view models: the list of albums as each role sees it, and the arranging
/// page's rows for a page of an album.
@Suite struct AlbumPageModelTests {
    private static let member = Visitor(account: Account(id: 7, name: "ada", role: .member, createdAt: 0), role: .member, sessionHash: nil)
    private static let viewer = Visitor(account: nil, role: .viewer, sessionHash: nil)

    private static func sha(_ n: Int64) -> String { String(repeating: "c", count: 63) + String(n % 10) }

    private static func card(_ n: Int64) -> PhotoCard {
        PhotoCard(fileId: n, key: "trip/p\(n).jpg", name: "p\(n).jpg", sha256: sha(n), width: 4000, height: 3000)
    }

    private static func album(coverChosen: Int64? = nil, photos: Int = 5, by maker: String? = "ada") -> Album {
        Album(id: 3, name: "Summer", description: "", cover: Picture(sha256: sha(coverChosen ?? 1)), coverPhotoId: coverChosen,
              photoCount: photos, createdBy: maker, createdAt: 0)
    }

    @Test func theListShowsEachAlbumAsACardAndOnlyMembersMayMakeOne() {
        let albums = [Self.album(), Album(id: 4, name: "Empty", description: "", cover: nil, coverPhotoId: nil, photoCount: 1,
                                          createdBy: nil, createdAt: 0)]
        let page = AlbumsView(chrome: PageChrome(title: .verbatim("Albums")), albums: albums, visitor: Self.member, csrf: "t")
        #expect(page.summary == "2 albums" && page.emptyMessage == nil && page.create?.csrf == "t")
        #expect(page.folders.map(\.name) == ["Summer", "Empty"] && page.folders.map(\.countText) == ["5 photos", "1 photo"])
        #expect(page.folders.map(\.url.path) == ["/albums/3", "/albums/4"])
        // the maker is named when known, and an album without photos has no cover
        #expect(page.folders.map(\.dateText) == ["by ada", nil])
        #expect(page.folders[0].cover?.alt == "Cover of Summer" && page.folders[1].cover == nil)
        // a viewer sees the same albums with no form to make one
        let seen = AlbumsView(chrome: PageChrome(title: .verbatim("Albums")), albums: albums, visitor: Self.viewer, csrf: "t")
        #expect(seen.create == nil && seen.folders.map(\.name) == page.folders.map(\.name))
    }

    @Test func anEmptyListSaysHowToMakeAnAlbumOnlyToThoseWhoMay() {
        let member = AlbumsView(chrome: PageChrome(title: .verbatim("Albums")), albums: [], visitor: Self.member, csrf: "t")
        let viewer = AlbumsView(chrome: PageChrome(title: .verbatim("Albums")), albums: [], visitor: Self.viewer, csrf: "t")
        #expect(member.summary == "0 albums" && member.emptyMessage?.contains("Add to album") == true)
        #expect(viewer.emptyMessage == "No albums yet.")
    }

    @Test func arrangingNumbersRowsAcrossPagesAndMarksTheEndsTheCoverAndLinkAdditions() {
        // page 2 of 3, pages of 2, in an album of 5 whose cover was chosen as photo 4
        let page = PhotoPage(photos: [Self.card(3), Self.card(4)], number: 2, pageCount: 3, total: 5)
        let model = ArrangeView(chrome: PageChrome(title: .verbatim("Arrange")), album: Self.album(coverChosen: 4), page: page, pageSize: 2,
                                throughLinks: [Self.sha(3)], csrf: "t")
        #expect(model.rows.map(\.position) == [3, 4] && model.firstPosition == 3)
        #expect(model.rows.map(\.isFirst) == [false, false] && model.rows.map(\.isLast) == [false, false])
        #expect(model.rows.map(\.isCover) == [false, true] && model.rows.map(\.throughLink) == [true, false])
        #expect(model.summary == "5 photos · page 2 of 3" && model.heading == "Arrange “Summer”")
        #expect(model.previousURL?.path == "/albums/3?arrange=1" && model.nextURL?.path == "/albums/3?arrange=1&page=3")
        // each row comes back to itself on this page after a move
        #expect(model.rows.map(\.back) == ["/albums/3?arrange=1&page=2#p3", "/albums/3?arrange=1&page=2#p4"])
        #expect(model.doneURL.path == "/albums/3" && model.albumId == 3)
    }

    @Test func theFirstAndLastRowsOfTheAlbumCannotMoveFurtherAndAFirstPhotoCoverIsNotChosen() {
        // one page holding the whole album, its cover the first photo by default (none chosen)
        let page = PhotoPage(photos: [Self.card(1), Self.card(2)], number: 1, pageCount: 1, total: 2)
        let model = ArrangeView(chrome: PageChrome(title: .verbatim("Arrange")), album: Self.album(photos: 2), page: page, pageSize: 60,
                                throughLinks: [], csrf: "t")
        #expect(model.rows.map(\.isFirst) == [true, false] && model.rows.map(\.isLast) == [false, true])
        #expect(model.rows.allSatisfy { !$0.isCover && !$0.throughLink })
        #expect(model.summary == "2 photos" && model.previousURL == nil && model.nextURL == nil)
        #expect(model.rows.map(\.back) == ["/albums/3?arrange=1#p1", "/albums/3?arrange=1#p2"])
    }
}
