import Testing
@testable import Catalog
@testable import Gallery

/// The group page's view model (`GroupPageBuilder`) for a given page of a group: what the
/// household is offered, what a share link's holders are not, and where every link leads.
@Suite struct GroupPageModelTests {
    private static func card(_ n: Int64, favorite: Bool = false) -> PhotoCard {
        PhotoCard(fileId: n, key: "trip/p\(n).jpg", name: "p\(n).jpg", sha256: String(repeating: "a", count: 63) + String(n % 10),
                  width: 4000, height: 3000, isFavorite: favorite)
    }

    private static func builder(_ group: PhotoGroup, photos: [PhotoCard], number: Int = 1, pageCount: Int = 1,
                                total: Int? = nil) -> GroupPageBuilder {
        GroupPageBuilder(group: group, title: .verbatim("Trip"), page: PhotoPage(photos: photos, number: number, pageCount: pageCount,
                                                                     total: total ?? photos.count),
                         sort: group.defaultSort, subfolders: [])
    }

    private static let member = Visitor(account: Account(id: 7, name: "ada", role: .member, createdAt: 0), role: .member, sessionHash: nil)

    @Test func theHouseholdGetsAFavoriteOnEachTileAndTheSelectAndSlideshowLinks() {
        // given a member looking at a folder of two photos, one a favorite
        var builder = Self.builder(.folder("trip"), photos: [Self.card(1, favorite: true), Self.card(2)])
        builder.visitor = Self.member
        builder.csrf = "token"
        // when the page is built
        let model = builder.build(chrome: PageChrome(title: .verbatim("Trip")))
        // then each tile toggles its own favorite, back to its own place on this page
        #expect(model.photos.map { $0.favorite?.value } == ["off", "on"])
        #expect(model.photos.map { $0.favorite?.on } == [true, false])
        #expect(model.photos.allSatisfy { $0.favorite?.csrf == "token" })
        #expect(model.photos[1].favorite?.back.hasSuffix("#p2") == true)
        #expect(model.selectURL?.path.contains("select=1") == true)
        #expect(model.slideshowURL != nil)
        #expect(model.summary == "2 photos" && model.emptyMessage == nil && model.pagination == nil)
    }

    @Test func aLinksHoldersGetNoHouseholdToolAndEveryLinkStaysInsideTheLink() {
        // given the same photos shown through a share link over three pages
        var builder = Self.builder(.album(3), photos: [Self.card(1, favorite: true), Self.card(2)], number: 2, pageCount: 3, total: 5)
        builder.scope = .share("TOKEN")
        // when the page is built for the link's holders (no visitor)
        let model = builder.build(chrome: PageChrome(title: .verbatim("Trip")))
        // then no favorite or select mode is offered, and the slideshow is the link's own
        #expect(model.photos.allSatisfy { $0.favorite == nil })
        #expect(model.selectURL == nil)
        #expect(model.slideshowURL?.path == "/share/TOKEN/slideshow/trip/p1.jpg")
        // and every address on the page is under the link's own prefix
        let prefix = SiteURL.share("TOKEN").path
        var addresses = model.photos.flatMap { [$0.url.path, $0.image.src.path, $0.image.webp.path, $0.image.src2x.path] }
        addresses += [model.slideshowURL?.path].compactMap { $0 }
        addresses += (model.sorts + model.orders).map(\.url.path)
        addresses += (model.pagination?.links ?? []).compactMap { $0.url?.path }
        addresses += [model.pagination?.previousURL?.path, model.pagination?.nextURL?.path].compactMap { $0 }
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.hasPrefix(prefix) }, "\(addresses.filter { !$0.hasPrefix(prefix) })")
    }

    @Test func aViewerWhoCannotKeepFavoritesGetsNoButtons() {
        // given a guest without a role (only public pages)
        var builder = Self.builder(.recent, photos: [Self.card(1)])
        builder.visitor = .nobody
        let model = builder.build(chrome: PageChrome(title: .verbatim("Recent")))
        #expect(model.photos.allSatisfy { $0.favorite == nil } && model.selectURL == nil)
    }

    @Test func longGroupsShowTheFirstTheLastAndTwoPagesEitherSide() throws {
        // given page 10 of 20
        let model = Self.builder(.all, photos: [Self.card(1)], number: 10, pageCount: 20, total: 1_200).build(chrome: PageChrome(title: .verbatim("All")))
        let pagination = try #require(model.pagination)
        // then the links are 1 … 8 9 10 11 12 … 20, with the current one marked
        #expect(pagination.links.map(\.label) == ["1", "…", "8", "9", "10", "11", "12", "…", "20"])
        #expect(pagination.links.filter(\.current).map(\.label) == ["10"])
        #expect(pagination.previousURL != nil && pagination.nextURL != nil && pagination.summary == "Page 10 of 20")
        #expect(model.summary.english == "1,200 photos · page 10 of 20")
    }

    @Test func anEmptyGroupSaysWhyInItsOwnWords() {
        let empty = { (group: PhotoGroup) in Self.builder(group, photos: []).build(chrome: PageChrome(title: .verbatim(""))) }
        #expect(empty(.folder("x")).emptyMessage == "This folder holds no photos.")
        #expect(empty(.filtered(.all, SearchFilter(minRating: 5))).emptyMessage == "No photo matches these filters.")
        #expect(empty(.album(1)).emptyMessage?.hasPrefix("This album is empty") == true)
        #expect(empty(.folder("x")).selectURL == nil && empty(.folder("x")).slideshowURL == nil)
    }

    @Test func anAlbumCanBeSortedInItsOwnOrderAndOtherGroupsCannot() {
        let album = Self.builder(.album(1), photos: [Self.card(1)]).build(chrome: PageChrome(title: .verbatim("")))
        let folder = Self.builder(.folder("x"), photos: [Self.card(1)]).build(chrome: PageChrome(title: .verbatim("")))
        #expect(album.sorts.first?.label == "Album order" && album.sorts.first?.current == true)
        #expect(!folder.sorts.map(\.label.english).contains("Album order"))
    }
}
