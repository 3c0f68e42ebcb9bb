import Imaging
import Testing
@testable import Catalog
@testable import Gallery

/// The photo page's view model (`PhotoPageBuilder`) for a given photo and its place in a group:
/// where its links lead, what the household is offered and a link's holders are not, and what it
/// says of the photo.
@Suite struct PhotoPageModelTests {
    private static func card(_ n: Int64, key: String? = nil) -> PhotoCard {
        PhotoCard(fileId: n, key: key ?? "trip/p\(n).jpg", name: "p\(n).jpg", sha256: String(repeating: "b", count: 63) + String(n % 10),
                  width: 4000, height: 3000)
    }

    private static func detail(_ n: Int64, folder: String = "trip", companions: [PhotoDetail.Companion] = [],
                               copies: [String] = [], motionLength: Int64? = nil) -> PhotoDetail {
        var card = card(n, key: folder.isEmpty ? "p\(n).jpg" : nil)
        card.motionLength = motionLength
        return PhotoDetail(photoId: 100 + n, card: card, folder: folder, format: .jpeg, fileSize: 2_500_000, mtimeNs: 0,
                           takenAt: 1_700_000_000, cameraMake: "Canon", cameraModel: "Canon EOS R6", orientation: 1,
                           sortTaken: 1_700_000_000, sortName: card.name, rating: 3, addedAt: 0, isFavorite: false, tags: ["beach"],
                           copies: copies, caption: "At the beach", companions: companions)
    }

    private static let member = Visitor(account: Account(id: 7, name: "ada", role: .member, createdAt: 0), role: .member, sessionHash: nil)
    private static let guestViewer = Visitor(account: nil, role: .viewer, sessionHash: nil)

    /// Photo 62 of 150 in its folder, 60 photos a page: on page 2.
    private static func builder(_ photo: PhotoDetail, group: PhotoGroup = .folder("trip"), visitor: Visitor = member,
                                shared: (title: Phrase, scope: SiteURL.Scope, places: Bool)? = nil) -> PhotoPageBuilder {
        PhotoPageBuilder(photo: photo, group: group, sort: group.defaultSort,
                         around: PhotoNeighbors(previous: card(61), next: card(63), position: 62, total: 150),
                         pageSize: 60, shared: shared, visitor: visitor, csrf: "token")
    }

    @Test func theHouseholdSeesWhereThePhotoStandsAndMayCurateIt() {
        // given a member looking at photo 62 of a folder of 150
        let builder = Self.builder(Self.detail(62))
        // when the page is built
        let model = builder.build(chrome: PageChrome(title: .verbatim("p62.jpg")))
        // then it says where the photo stands and leads back to its own tile on page 2
        #expect(model.positionText == "62 of 150")
        #expect(model.backLabel == "Back to trip (page 2)")
        #expect(model.backURL.path.contains("page=2") && model.backURL.path.hasSuffix("#p62"))
        #expect(model.previousURL?.path.contains("p61.jpg") == true && model.nextURL?.path.contains("p63.jpg") == true)
        #expect(model.nextImage != nil)
        // and its crumbs are its folder's, then its own name, unlinked
        #expect(builder.crumbs.map(\.name) == ["trip", "p62.jpg"])
        #expect(builder.crumbs.last?.url == nil && builder.crumbs.first?.url != nil)
        // and the household's panel, slideshow, caption and folder are there
        #expect(model.curation?.canCurate == true && model.curation?.csrf == "token")
        #expect(model.curation?.tags.map(\.name.english) == ["beach"])
        #expect(model.slideshowURL != nil && model.caption == "At the beach")
        #expect(model.facts.contains { $0.label == "Folder" && $0.value == "trip" })
        // and the screen rendition keeps the picture's shape within 1600 px
        #expect(model.width == 1600 && model.height == 1200)
    }

    @Test func aViewerMayKeepFavoritesButNotCurate() {
        let model = Self.builder(Self.detail(62), visitor: Self.guestViewer).build(chrome: PageChrome(title: .verbatim("p62.jpg")))
        #expect(model.curation != nil && model.curation?.canCurate == false)
    }

    @Test func wherePhotosWereTakenIsShownToTheHouseholdAndToALinkOnlyWhenItsMakerSaidSo() {
        // given a photo with a position, named after a place
        var photo = Self.detail(62)
        photo.location = PhotoDetail.Location(latitude: -33.85680, longitude: 151.21530,
                                              place: NamedPlace(id: 2_147_714, country: "AU", region: "02"))
        func facts(_ shared: (title: Phrase, scope: SiteURL.Scope, places: Bool)?) -> [String: PhotoView.Fact] {
            var builder = Self.builder(photo, shared: shared)
            builder.placeName = "Sydney, New South Wales, Australia"
            return Dictionary(builder.facts.map { ($0.label.english, $0) }, uniquingKeysWith: { a, _ in a })
        }
        // when the household, a link that shows places and one that does not look
        let household = facts(nil), showing = facts((.verbatim("Trip"), .share("TOKEN"), true)), hiding = facts((.verbatim("Trip"), .share("TOKEN"), false))
        // then the household's place links to its photos, a link's names it without a way in, and the other says nothing
        #expect(household["Place"]?.url == SiteURL.group(.filtered(.all, SearchFilter(place: .place(2_147_714)))))
        #expect(household["Position"]?.value == "33.85680° S, 151.21530° E")
        #expect(household["Position"]?.external == "https://www.openstreetmap.org/?mlat=-33.85680&mlon=151.21530#map=16/-33.85680/151.21530")
        #expect(showing["Place"]?.value == "Sydney, New South Wales, Australia" && showing["Place"]?.url == nil)
        #expect(showing["Position"] != nil && showing["Folder"] == nil)
        #expect(hiding["Place"] == nil && hiding["Position"] == nil)
    }

    @Test func theDateTakenSaysItsZoneAndWhereItWasRead() {
        func facts(_ source: DateSource?, _ offset: Int?) -> [String: String] {
            var photo = Self.detail(62)
            (photo.takenSource, photo.takenOffset) = (source, offset)
            return Dictionary(Self.builder(photo).facts.map { ($0.label.english, $0.value.english) }, uniquingKeysWith: { a, _ in a })
        }
        let exif = facts(.exif, 120)
        // (the offset as the camera writes it, kept left to right in a right-to-left page)
        #expect(exif["Taken"]?.hasSuffix(" (\u{2066}+02:00\u{2069})") == true)
        #expect(exif["Date from"] == "the camera's EXIF")
        #expect(facts(.xmp, -330)["Taken"]?.hasSuffix(" (\u{2066}−05:30\u{2069})") == true)
        #expect(facts(.xmp, -330)["Date from"] == "XMP, as an editor or exporter wrote it")
        // no offset is an offset too, never a zone's name
        #expect(facts(.quicktime, 0)["Taken"]?.hasSuffix(" (\u{2066}+00:00\u{2069})") == true)
        #expect(facts(.quicktime, 0)["Date from"] == "the video's own creation date")
        // a photo read before the source was kept says its date alone
        let before = facts(nil, nil)
        #expect(before["Taken"]?.contains("(") == false && before["Date from"] == nil)
    }

    @Test func aLinkWithoutPlacesOffersNoFileItWouldWithhold() {
        // given a located HEIC with its RAW and Live clip, and a located JPEG
        var heic = Self.detail(62, companions: [
            PhotoDetail.Companion(key: "trip/p62.dng", name: "p62.dng", role: .raw, format: .dng, size: 9_000_000),
            PhotoDetail.Companion(key: "trip/p62.mov", name: "p62.mov", role: .live, format: .mov, size: 2_000_000),
        ])
        heic.format = .heic
        heic.location = PhotoDetail.Location(latitude: 48.8584, longitude: 2.2945, place: nil)
        var jpeg = Self.detail(63)
        jpeg.location = heic.location
        let guest = Visitor(account: nil, role: nil, sessionHash: nil)
        let page = { (photo: PhotoDetail, places: Bool) in
            Self.builder(photo, group: .album(3), visitor: guest, shared: (.verbatim("Summer"), .share("TOKEN"), places)).build(chrome: PageChrome(title: .verbatim("p")))
        }
        // when seen through a link that does not share places
        let withheld = page(heic, false)
        // then its RAW is not offered (the server would refuse it: a RAW's places cannot be vouched
        // for), the HEIC and the clip are (their places are taken out as they are sent)
        #expect(withheld.downloadURL != nil && withheld.downloadNote == nil)
        #expect(withheld.alsoDownloads.map(\.label.english).allSatisfy { $0.contains("Live clip") } && withheld.alsoDownloads.count == 1)
        // and a WebM is not offered, and the page says why
        var webm = Self.detail(64)
        webm.format = .webm
        #expect(page(webm, false).downloadURL == nil && page(webm, false).downloadNote?.contains("keeps where it was taken") == true)
        // and a JPEG (its position emptied as it is sent) is offered, as everything is through a link that shares places
        #expect(page(jpeg, false).downloadURL != nil && page(jpeg, false).downloadNote == nil)
        #expect(page(heic, true).downloadURL != nil && page(heic, true).alsoDownloads.count == 2)
        // and the household is offered everything
        #expect(Self.builder(heic).build(chrome: PageChrome(title: .verbatim("p"))).downloadURL != nil)
    }

    @Test func aLinksHoldersSeeThePhotoButNothingOfTheLibraryAroundIt() throws {
        // given the same photo through a share link of its album
        let builder = Self.builder(Self.detail(62, copies: ["elsewhere/p62.jpg"]), group: .album(3),
                                   visitor: Visitor(account: nil, role: nil, sessionHash: nil), shared: (.verbatim("Summer"), .share("TOKEN"), false))
        // when the page is built
        let model = builder.build(chrome: PageChrome(title: .verbatim("p62.jpg")))
        // then there is no panel and no fact of folders or copies; the slideshow is the link's own
        #expect(model.curation == nil)
        #expect(!model.facts.contains { ["Folder", "Same bytes at"].contains($0.label.english) })
        #expect(model.caption == "At the beach", "the household's caption is for everyone who sees the photo")
        // and every address on the page stays under the link's own prefix
        let prefix = SiteURL.share("TOKEN").path
        var addresses = [model.imageURL, model.backURL, try #require(model.downloadURL)].map(\.path)
        addresses += [model.previousURL, model.nextURL, model.nextImage, model.slideshowURL].compactMap { $0?.path }
        addresses += builder.crumbs.compactMap { $0.url?.path }
        #expect(addresses.count == 8)
        #expect(addresses.allSatisfy { $0.hasPrefix(prefix) }, "\(addresses.filter { !$0.hasPrefix(prefix) })")
        #expect(model.backLabel == "Back to Summer (page 2)")
    }

    @Test func aShotsOtherFilesAreEachOfferedAndNamed() {
        // given a JPEG with its RAW beside it and a motion clip inside it
        let raw = PhotoDetail.Companion(key: "trip/p62.dng", name: "p62.dng", role: .raw, format: .dng, size: 25_000_000)
        let model = Self.builder(Self.detail(62, companions: [raw], motionLength: 3_000_000)).build(chrome: PageChrome(title: .verbatim("p62.jpg")))
        // then each has its download, the motion clip under the photo's own name
        #expect(model.alsoDownloads.map(\.name) == ["p62.dng", "p62.mp4"])
        #expect(model.alsoDownloads[0].label.hasPrefix("Download RAW (DNG"))
        #expect(model.facts.contains { $0.label == "RAW file" } && model.facts.contains { $0.label == "Motion clip" })
    }

    @Test func aPhotoAtTheLibrarysRootAndInAFilteredGroupIsPlacedByItsGroup() {
        // a photo at the root: the crumbs say so
        let root = Self.builder(Self.detail(5, folder: ""))
        #expect(root.crumbs.map(\.name) == ["All folders", "p5.jpg"])
        // in a search, the crumbs name the search, and the group's page is the way back
        let search = Self.builder(Self.detail(5), group: .all)
        #expect(search.crumbs.count == 2 && search.crumbs.first?.name != "trip")
        #expect(PhotoPageBuilder.cameraName(make: "Canon", model: "Canon EOS R6") == "Canon EOS R6")
        #expect(PhotoPageBuilder.cameraName(make: "NIKON CORPORATION", model: "Z 6") == "NIKON CORPORATION Z 6")
    }
}
