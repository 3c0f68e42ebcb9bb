// The group page's and the photo page's view models as the server builds them: the same fields,
// in the same order and of the same kinds as `GroupView`, `PhotoView` and the types they hold
// (Sources/Gallery/Pages, Sources/Gallery/Rendering/ViewModels), which cannot be compiled here
// without the catalog. Words a person reads are `Phrase`s, as there, made with the same kinds of
// phrases the real builders make (`GroupPageBuilder`, `PhotoPageBuilder`, `FilterForm`,
// `ChromeBuilder`, ...): counted messages, numbers, dates and sizes said in the page's language,
// names kept `.verbatim`. A field that is nil on the pages measured here (select mode, the list
// view, an album's panel, a share link's boxes, a video's player, a burst's tools) is kept, as
// nil, with a type that has no fields: what matters to a renderer is that the field is there and
// empty.
//
// The pages are those `Benchmarks/serve.sh` measures, seen by a member who is signed in: page 1
// of the 20,000-photo folder of the synthetic library (`Archive/Phone-Dump`, 60 tiles), and a
// photo in the middle of it.

struct GroupView: Encodable {
    var chrome: PageChrome
    var heading, summary: Phrase
    var folders: [FolderCard]
    var photos: [PhotoTile]
    var hasFolders, hasPhotos: Bool
    var sorts, orders: [SortChoice]
    var likeness: Absent?
    var pagination: Pagination?
    var emptyMessage: Phrase?
    var filterForm: FilterForm?
    var share: ShareForm?
    var selection: Absent?
    var selectURL: SiteURL?
    var slideshowURL: SiteURL?
    var views: ViewForm?
    var gridClass = "photos"
    var tileSizes = "(min-width: 700px) 200px, (min-resolution: 2.5dppx) 21vw, 31vw"
    var list: Absent?
    var album: Absent?
    var shareUpload: Absent?
    var downloadAll: SiteURL?
    var privacy: PrivacyForm?
}

/// The type of a field that is nil on these pages.
struct Absent: Encodable {}

struct PageChrome: Encodable {
    var title: Phrase
    var crumbs: [Crumb] = []
    var banner: ScanBanner?
    var demo: DemoNote?
    var flash: FlashNote?
    var refreshSeconds: Int?
    var nav: NavBar?
    let stylesheet = SiteURL("/static/style.css")
    let favicon = SiteURL("/static/favicon.svg")
    var homeURL: SiteURL? = SiteURL("/")
}

struct NavBar: Encodable {
    var menuLabel: Phrase
    var searchURL, scanURL, uploadURL, sharedURL, usersURL, accountURL, loginURL: SiteURL?
    var logout: LogoutForm?
}

struct LogoutForm: Encodable {
    var csrf: String
    let action = SiteURL("/logout")
}

struct Crumb: Encodable {
    var name: Phrase
    var url: SiteURL?
}

struct ScanBanner: Encodable {
    var text: Phrase
    var failed: Bool
    let url = SiteURL("/scan")
}

struct DemoNote: Encodable {
    var command = "scripts/run.sh ~/Pictures"
}

struct FlashNote: Encodable {
    /// Already in the visitor's language, as the server's (said when the action set it).
    var text: String
    var undo: Absent?
}

struct FolderCard: Encodable {
    var url: SiteURL
    var name: Phrase
    var countText: Phrase
    var dateText: Phrase?
    var cover: ThumbImage?
    var counting = false
}

struct NamedLink: Encodable {
    var name: Phrase
    var url: SiteURL
    var countText: Phrase?
}

struct ThumbImage: Encodable {
    var src, src2x, webp, webp2x: SiteURL
    var width, height: Int
    var alt: Phrase

    /// The grid tile of a picture, as `SiteURL.thumbnail` names it.
    init(sha256: String, alt: Phrase) {
        src = SiteURL("/thumbs/256/\(sha256).jpg")
        src2x = SiteURL("/thumbs/512/\(sha256).jpg")
        webp = SiteURL("/thumbs/256/\(sha256).webp")
        webp2x = SiteURL("/thumbs/512/\(sha256).webp")
        width = 256
        height = 256
        self.alt = alt
    }
}

struct PhotoTile: Encodable {
    var url: SiteURL
    var anchor: String
    var fileId: Int64
    var selecting = false
    var name: String
    var image: ThumbImage
    var favorite: TileFavorite?
    var duration: Phrase?
    var badge: Phrase?
    var stack: Phrase?
    var keep: Absent?
    var dayHeader: Phrase?
}

struct TileFavorite: Encodable {
    var csrf, key, back, value: String
    var on: Bool
    var label: Phrase
    let action = SiteURL("/actions/favorite")
}

struct SortChoice: Encodable {
    var label: Phrase
    var url: SiteURL
    var current: Bool
}

struct Pagination: Encodable {
    struct Link: Encodable {
        var label: Phrase
        var url: SiteURL?
        var current: Bool
        var gap: Bool
    }
    var previousURL: SiteURL?
    var nextURL: SiteURL?
    var links: [Link]
    var summary: Phrase
}

struct FilterForm: Encodable {
    struct Option: Encodable {
        var value: String
        var label: Phrase
        var selected: Bool
    }
    struct Chip: Encodable {
        var label: Phrase
        var removeURL: SiteURL
    }
    struct Hidden: Encodable {
        var name, value: String
    }
    var action: SiteURL
    var searchRow: Bool
    var summary: Phrase
    var q: String
    var tags: [Option]
    var favorite: Bool
    var ratings: [Option]
    var takenFrom, takenTo, minSize, maxSize: String
    var orientations: [Option]
    var kinds: [Option]
    var hidden: [Hidden]
    var chips: [Chip]
    var clearURL: SiteURL
    var active: Bool
}

struct ShareForm: Encodable {
    var csrf: String
    var kind: String
    var value: String
    var filter: String
    var takesUploads = false
    let uploadCount = 200
    let action = SiteURL("/actions/share")
}

struct ViewForm: Encodable {
    var action = SiteURL("/view")
    var csrf: String
    var back: String
    var choices: [ViewChoice]
}

struct ViewChoice: Encodable {
    var label: Phrase
    var mode: String
    var current: Bool
}

/// A folder's privacy and the form that changes it (`PrivacyForm.folder`).
struct PrivacyForm: Encodable {
    var note: Phrase?
    var action: SiteURL
    var field, target: String
    var value: String?
    var button: Phrase?
    var csrf = ""
    var back: String
}

struct PhotoView: Encodable {
    struct Fact: Encodable {
        var label, value: Phrase
        var url: SiteURL?
        var external: String?
    }
    var chrome: PageChrome
    var name: String
    var isPrivate = false
    var imageURL: SiteURL
    var width, height: Int
    var previousURL, nextURL: SiteURL?
    var positionText: Phrase
    var backURL: SiteURL
    var backLabel: Phrase
    var facts: [Fact]
    var downloadURL: SiteURL?
    var downloadName: String
    var downloadNote: Phrase?
    var curation: CurationPanel?
    var nextImage: SiteURL?
    var caption: String?
    var slideshowURL: SiteURL?
    var video: Absent?
    var live: Absent?
    var alsoDownloads: [Download] = []

    struct Download: Encodable {
        var label: Phrase
        var url: SiteURL
        var name: String
    }
}

struct CurationPanel: Encodable {
    struct Star: Encodable {
        var value: Int
        var label: Phrase
        var on: Bool
    }
    struct AlbumLink: Encodable {
        var id: Int64
        var name: String
        var url: SiteURL
    }
    var csrf, key, back: String
    var isFavorite: Bool
    var favoriteValue: String
    var stars: [Star]
    var ratingText: Phrase
    var tags: [NamedLink]
    var deleteURL: SiteURL
    var canCurate: Bool
    let favoriteAction = SiteURL("/actions/favorite")
    let rateAction = SiteURL("/actions/rate")
    let tagAction = SiteURL("/actions/tag")
    let captionAction = SiteURL("/actions/caption")
    let rotateAction = SiteURL("/actions/rotate")
    var canTurn: Bool
    var caption: String?
    let captionMaxLength = 2_000
    let untagAction = SiteURL("/actions/untag")
    let tagMaxLength = 100
    var albums: [AlbumLink]
    var albumNames: [String]
    let albumAddAction = SiteURL("/actions/album-add")
    let albumRemoveAction = SiteURL("/actions/album-remove")
    var privacy: PrivacyBox?
}

/// A photo's privacy and the form that changes it (`PrivacyBox`).
struct PrivacyBox: Encodable {
    var isPrivate: Bool
    var note: Phrase?
    var value: String?
    var button: Phrase?
    let privateAction = SiteURL("/actions/private")
}

// MARK: - The two pages

/// Fixed, made-up content of the same shape and length as the real thing.
enum Fixture {
    /// A form token's length (32 random bytes in base64url), as a kept page's placeholder is.
    static let csrf = "q3Vb8mXo1T0nKc7RZpLw4sYhE9gDjA2uFNe6iB5tMvk"
    static let folder = "Archive/Phone-Dump"
    static let folderURL = "/folders/Archive/Phone-Dump"
    static let tagNames = ["beach", "birthday", "family", "garden", "hiking", "kids", "lisbon", "snow"]

    /// A 64-hex-digit content hash, different for each `n`.
    static func sha256(_ n: Int) -> String {
        var state = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        var out = ""
        for _ in 0..<4 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let word = String(state, radix: 16)
            out += String(repeating: "0", count: 16 - word.count) + word
        }
        return out
    }

    /// As `ChromeBuilder.chrome` makes it for a signed-in member: the account's name on the menu.
    static func chrome(title: Phrase, crumbs: [Crumb]) -> PageChrome {
        PageChrome(
            title: title, crumbs: crumbs, banner: nil, demo: nil, flash: nil, refreshSeconds: nil,
            nav: NavBar(menuLabel: .verbatim("ada"), searchURL: SiteURL("/search"), scanURL: SiteURL("/scan"), uploadURL: SiteURL("/upload"),
                        sharedURL: SiteURL("/shared"), usersURL: nil, accountURL: SiteURL("/account"), loginURL: nil,
                        logout: LogoutForm(csrf: csrf)))
    }

    /// A video's length as players show it ("0:42"), as `Formatting.playTime` writes it.
    static func playTime(_ i: Int) -> String { "0:\(two(12 + i % 40))" }

    /// Page 1 of the 20,000-photo folder, sorted by date taken, medium tiles: 60 photos, two of
    /// them videos, a few Live photos or with their RAW, a few favorites.
    static func group() -> GroupView {
        let tiles = (0..<60).map { i -> PhotoTile in
            let id = Int64(40_001 + i)
            let name = "2017\(two(6 + i / 20))\(two(10 + i % 20))_14\(two(i % 60))\(two((i * 7) % 60))_\(three(i)).jpg"
            let key = folder + "/" + name
            let video = i % 29 == 7
            let live = i % 11 == 3, raw = !live && i % 17 == 5
            let favorite = i % 9 == 4
            // `PhotoCard.tileLabel`, `.playTime` and `.badge`.
            var parts: [Phrase] = [.verbatim(name)]
            if video { parts += [Phrase("video"), .verbatim(playTime(i))] }
            if live { parts.append(Phrase("live photo")) }
            if raw { parts.append(Phrase("with RAW")) }
            let label = parts.count == 1 ? parts[0] : Phrase.joined(parts, separator: ", ")
            let badge: Phrase? = live ? Phrase("Live") : raw ? Phrase("RAW") : nil
            return PhotoTile(
                url: SiteURL("/photos/" + key), anchor: "p\(id)", fileId: id, name: name,
                image: ThumbImage(sha256: sha256(i), alt: label),
                favorite: TileFavorite(csrf: csrf, key: key, back: folderURL + "#p\(id)", value: favorite ? "off" : "on", on: favorite,
                                       label: favorite ? Phrase("Remove \(name) from favorites") : Phrase("Add \(name) to favorites")),
                duration: video ? .verbatim(playTime(i)) : nil, badge: badge)
        }
        let sorts = [("taken", Phrase("Date taken")), ("name", Phrase("Name")), ("size", Phrase("File size")), ("stars", Phrase("Stars")),
                     ("added", Phrase("Date added"))].map { field, label in
            SortChoice(label: label, url: SiteURL(field == "taken" ? folderURL : folderURL + "?sort=" + field), current: field == "taken")
        }
        let orders = [SortChoice(label: Phrase("Oldest first"), url: SiteURL(folderURL), current: true),
                      SortChoice(label: Phrase("Newest first"), url: SiteURL(folderURL + "?order=desc"), current: false)]
        // `Pagination.of(current: 1, last: 334)`.
        let links = [1, 2, 3].map { n in
            Pagination.Link(label: .number(n), url: SiteURL(n == 1 ? folderURL : folderURL + "?page=\(n)"), current: n == 1, gap: false)
        } + [Pagination.Link(label: .verbatim("…"), url: nil, current: false, gap: true),
             Pagination.Link(label: .number(334), url: SiteURL(folderURL + "?page=334"), current: false, gap: false)]
        let option = { (value: String, label: Phrase, selected: Bool) in FilterForm.Option(value: value, label: label, selected: selected) }
        let filterForm = FilterForm(
            action: SiteURL(folderURL), searchRow: false, summary: Phrase("Search and filter"), q: "",
            tags: [option("", Phrase("Any tag"), true)] + tagNames.map { option($0, .verbatim($0), false) }, favorite: false,
            ratings: (0...5).map { n in option(String(n), n == 0 ? Phrase("Any stars") : Phrase(count: n, "\(n)+ stars", "\(n)+ stars"), n == 0) },
            takenFrom: "", takenTo: "", minSize: "", maxSize: "",
            orientations: [option("", Phrase("Any shape"), true), option("portrait", Phrase("Portrait"), false),
                           option("landscape", Phrase("Landscape"), false), option("square", Phrase("Square"), false)],
            kinds: [option("", Phrase("Photos and videos"), true), option("photos", Phrase("Photos only"), false),
                    option("videos", Phrase("Videos only"), false), option("live", Phrase("Live photos"), false),
                    option("raw", Phrase("With a RAW"), false)],
            hidden: [], chips: [], clearURL: SiteURL(folderURL), active: false)
        let total = 20_000, pages = 334
        let summary = Phrase.joined([Phrase(count: total, "\(total) photo", "\(total) photos"), Phrase("page \(1) of \(pages)")], separator: " · ")
        let views = [("small", Phrase("Small")), ("medium", Phrase("Medium")), ("large", Phrase("Large")), ("list", Phrase("List"))]
            .map { mode, label in ViewChoice(label: label, mode: mode, current: mode == "medium") }
        return GroupView(
            chrome: chrome(title: .verbatim("Phone-Dump"), crumbs: [Crumb(name: .verbatim("Archive"), url: SiteURL("/folders/Archive")),
                                                                    Crumb(name: .verbatim("Phone-Dump"), url: nil)]),
            heading: .verbatim("Phone-Dump"), summary: summary,
            folders: [], photos: tiles, hasFolders: false, hasPhotos: true, sorts: sorts, orders: orders, likeness: nil,
            pagination: Pagination(previousURL: nil, nextURL: SiteURL(folderURL + "?page=2"), links: links, summary: Phrase("Page \(1) of \(pages)")),
            emptyMessage: nil, filterForm: filterForm,
            share: ShareForm(csrf: csrf, kind: "folder", value: folder, filter: ""),
            selection: nil, selectURL: SiteURL(folderURL + "?select=1"), slideshowURL: SiteURL("/slideshow/" + folder + "/" + tiles[0].name),
            views: ViewForm(csrf: csrf, back: folderURL, choices: views),
            // A member's folder that is the household's: the button that keeps it private.
            privacy: PrivacyForm(note: nil, action: SiteURL("/actions/private-folder"), field: "path", target: folder, value: "on",
                                 button: Phrase("Keep this folder private"), csrf: csrf, back: folderURL))
    }

    /// The photo in the middle of that folder, signed in as a member: the curation panel with
    /// its stars, two tags and an album.
    static func photo() -> PhotoView {
        let name = "20170815_142233_001.jpg", key = folder + "/" + name
        let hash = sha256(10_000), nextHash = sha256(10_001)
        let photoURL = "/photos/" + key
        let taken: Int64 = 1_502_806_953  // 2017-08-15 14:22:33, camera time
        let (position, total, groupPage) = (10_000, 20_000, 167)
        let groupTitle = Phrase.verbatim("Phone-Dump")
        let (w, h, mp) = ("4032", "3024", "12")
        return PhotoView(
            chrome: chrome(title: .verbatim(name), crumbs: [Crumb(name: .verbatim("Archive"), url: SiteURL("/folders/Archive")),
                                                           Crumb(name: .verbatim("Phone-Dump"), url: SiteURL(folderURL)),
                                                           Crumb(name: .verbatim(name), url: nil)]),
            name: name, imageURL: SiteURL("/thumbs/1600/\(hash).jpg"), width: 1600, height: 1200,
            previousURL: SiteURL("/photos/" + folder + "/20170815_142201_001.jpg"), nextURL: SiteURL("/photos/" + folder + "/20170815_142301_001.jpg"),
            positionText: Phrase("\(position) of \(total)"), backURL: SiteURL(folderURL + "?page=167#p50000"),
            backLabel: Phrase("Back to \(groupTitle) (page \(groupPage))"),
            facts: [.init(label: Phrase("Taken"), value: .date(taken, .time)),
                    .init(label: Phrase("Date from"), value: Phrase("the camera's EXIF")),
                    .init(label: Phrase("Camera"), value: .verbatim("Samsung SM-G930F")),
                    .init(label: Phrase("Dimensions"), value: Phrase("\(w) × \(h) (\(mp) MP)")),
                    .init(label: Phrase("File size"), value: .bytes(3_100_000)),
                    .init(label: Phrase("Format"), value: .verbatim("JPEG")),
                    .init(label: Phrase("Folder"), value: .verbatim(folder), url: SiteURL(folderURL))],
            downloadURL: SiteURL("/originals/" + key), downloadName: name,
            curation: CurationPanel(
                csrf: csrf, key: key, back: photoURL, isFavorite: true, favoriteValue: "off",
                stars: (1...5).map { n in .init(value: n, label: Phrase(count: n, "\(n) star", "\(n) stars"), on: n <= 4) },
                ratingText: Phrase("\(4) of 5 stars"),
                tags: ["beach", "family"].map { NamedLink(name: .verbatim($0), url: SiteURL("/tags/" + $0)) },
                deleteURL: SiteURL("/delete?key=Archive%2FPhone-Dump%2F" + name), canCurate: true, canTurn: true, caption: "Grandma's first swim in years",
                albums: [.init(id: 3, name: "Summer 2017", url: SiteURL("/albums/3"))], albumNames: ["Best of 2016", "Summer 2017", "Wedding"],
                privacy: PrivacyBox(isPrivate: false, note: nil, value: "on", button: Phrase("Keep private"))),
            nextImage: SiteURL("/thumbs/1600/\(nextHash).jpg"), caption: "Grandma's first swim in years",
            slideshowURL: SiteURL("/slideshow/" + key), video: nil, live: nil, alsoDownloads: [])
    }
}

/// `n` in two decimal digits, zero-padded.
private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n % 100) }

/// `n` in three decimal digits, zero-padded.
private func three(_ n: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
