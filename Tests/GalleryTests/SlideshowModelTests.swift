import Testing
@testable import Catalog
@testable import Gallery

/// The slideshow's view model: when the page moves on by itself, and that every link keeps the
/// show's group, sort, pace and pause.
@Suite struct SlideshowModelTests {
    private static func card(_ n: Int64) -> PhotoCard {
        PhotoCard(fileId: n, key: "trip/p\(n).jpg", name: "p\(n).jpg", sha256: String(repeating: "e", count: 63) + String(n % 10),
                  width: 4000, height: 3000)
    }

    private static func detail(_ n: Int64) -> PhotoDetail {
        let card = card(n)
        return PhotoDetail(photoId: 100 + n, card: card, folder: "trip", format: .jpeg, fileSize: 1_000, mtimeNs: 0, takenAt: nil,
                           cameraMake: nil, cameraModel: nil, orientation: 1, sortTaken: 0, sortName: card.name, rating: 0, addedAt: 0,
                           isFavorite: false, tags: [], copies: [], caption: "", companions: [])
    }

    private static let around = PhotoNeighbors(previous: card(4), next: card(6), position: 5, total: 1_200)

    @Test func playingItMovesOnAtItsPaceAndEveryLinkKeepsTheShowGoing() {
        let model = SlideshowView(photo: Self.detail(5), around: Self.around, next: Self.card(6), sort: PhotoGroup.favorites(.guest).defaultSort,
                                  in: .topRated, paused: false, every: 10)
        #expect(model.refreshSeconds == 10 && !model.paused)
        #expect(model.positionText == "5 of 1,200" && model.name == "p5.jpg")
        // the screen rendition, fitted into its box
        #expect(model.width == 1600 && model.height == 1200)
        #expect(model.imageURL == SiteURL.Scope.gallery.thumbnail(Self.card(5).picture, .screen))
        #expect(model.nextImage == SiteURL.Scope.gallery.thumbnail(Self.card(6).picture, .screen))
        // next and previous stay in the show at its pace; the toggle pauses it; exit goes to the photo in its group
        #expect(model.nextURL?.path.hasPrefix("/slideshow/trip/p6.jpg?") == true && model.nextURL?.path.contains("every=10") == true)
        #expect(model.previousURL?.path.hasPrefix("/slideshow/trip/p4.jpg?") == true)
        #expect([model.nextURL, model.previousURL].allSatisfy { $0?.path.contains("paused=1") == false && $0?.path.contains("in=") == true })
        #expect(model.toggleURL.path.hasPrefix("/slideshow/trip/p5.jpg?") && model.toggleURL.path.contains("paused=1"))
        #expect(model.exitURL.path.hasPrefix("/photos/trip/p5.jpg") && !model.exitURL.path.contains("slideshow"))
    }

    @Test func pausedItStaysAndItsLinksStayPausedButTheToggle() {
        let model = SlideshowView(photo: Self.detail(5), around: Self.around, next: Self.card(6), sort: PhotoGroup.folder("trip").defaultSort,
                                  in: nil, paused: true, every: 6)
        #expect(model.refreshSeconds == nil && model.paused)
        #expect(model.nextURL?.path == "/slideshow/trip/p6.jpg?paused=1" && model.previousURL?.path == "/slideshow/trip/p4.jpg?paused=1")
        #expect(model.toggleURL.path == "/slideshow/trip/p5.jpg")
    }

    @Test func withNothingToMoveOnToItStaysWhilePlaying() {
        let alone = PhotoNeighbors(previous: nil, next: nil, position: 1, total: 1)
        let model = SlideshowView(photo: Self.detail(5), around: alone, next: nil, sort: PhotoGroup.folder("trip").defaultSort,
                                  in: nil, paused: false, every: 6)
        #expect(model.refreshSeconds == nil && model.nextURL == nil && model.nextImage == nil && model.previousURL == nil)
        #expect(model.positionText == "1 of 1")
    }
}
