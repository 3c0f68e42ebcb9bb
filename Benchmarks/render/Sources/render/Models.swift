// The group page's and the photo page's view models as the server builds them: the same fields,
// in the same order and of the same kinds as `GroupView`, `PhotoView` and the types they hold
// (Sources/Gallery/Pages, Sources/Gallery/Rendering/ViewModels), which cannot be compiled here
// without the catalog. A field that is nil on the pages measured here (select mode, the list
// view, an album's panel, a share link's boxes, a video's player) is kept, as nil, with a type
// that has no fields: what matters to a renderer is that the field is there and empty.
//
// The pages are those `Benchmarks/serve.sh` measures, seen by a member who is signed in: page 1
// of the 20,000-photo folder of the synthetic library (`Archive/Phone-Dump`, 60 tiles), and a
// photo in the middle of it.

struct GroupView: Encodable {
    var chrome: PageChrome
    var heading, summary: String
    var folders: [FolderCard]
    var photos: [PhotoTile]
    var hasFolders, hasPhotos: Bool
    var sorts, orders: [SortChoice]
    var pagination: Pagination?
    var emptyMessage: String?
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
}

/// The type of a field that is nil on these pages.
struct Absent: Encodable {}

struct PageChrome: Encodable {
    var title: String
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
    var menuLabel: String
    var searchURL, scanURL, uploadURL, sharedURL, usersURL, accountURL, loginURL: SiteURL?
    var logout: LogoutForm?
}

struct LogoutForm: Encodable {
    var csrf: String
    let action = SiteURL("/logout")
}

struct Crumb: Encodable {
    var name: String
    var url: SiteURL?
}

struct ScanBanner: Encodable {
    var text: String
    var failed: Bool
    let url = SiteURL("/scan")
}

struct DemoNote: Encodable {
    var command = "scripts/run.sh ~/Pictures"
}

struct FlashNote: Encodable {
    var text: String
    var undo: Absent?
}

struct FolderCard: Encodable {
    var url: SiteURL
    var name: String
    var countText: String
    var dateText: String?
    var cover: ThumbImage?
}

struct ThumbImage: Encodable {
    var src, src2x, webp, webp2x: SiteURL
    var width, height: Int
    var alt: String

    /// The grid tile of a picture, as `SiteURL.thumbnail` names it.
    init(sha256: String, alt: String) {
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
    var duration: String?
    var badge: String?
}

struct TileFavorite: Encodable {
    var csrf, key, back, value: String
    var on: Bool
    var label: String
    let action = SiteURL("/actions/favorite")
}

struct SortChoice: Encodable {
    var label: String
    var url: SiteURL
    var current: Bool
}

struct Pagination: Encodable {
    struct Link: Encodable {
        var label: String
        var url: SiteURL?
        var current: Bool
        var gap: Bool
    }
    var previousURL: SiteURL?
    var nextURL: SiteURL?
    var links: [Link]
    var summary: String
}

struct FilterForm: Encodable {
    struct Option: Encodable {
        var value, label: String
        var selected: Bool
    }
    struct Chip: Encodable {
        var label: String
        var removeURL: SiteURL
    }
    struct Hidden: Encodable {
        var name, value: String
    }
    var action: SiteURL
    var searchRow: Bool
    var summary: String
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
    var label: String
    var mode: String
    var current: Bool
}

struct PhotoView: Encodable {
    struct Fact: Encodable {
        var label, value: String
        var url: SiteURL?
    }
    var chrome: PageChrome
    var name: String
    var imageURL: SiteURL
    var width, height: Int
    var previousURL, nextURL: SiteURL?
    var positionText: String
    var backURL: SiteURL
    var backLabel: String
    var facts: [Fact]
    var downloadURL: SiteURL
    var downloadName: String
    var curation: CurationPanel?
    var nextImage: SiteURL?
    var caption: String?
    var slideshowURL: SiteURL?
    var video: Absent?
    var live: Absent?
    var alsoDownloads: [Download] = []

    struct Download: Encodable {
        var label: String
        var url: SiteURL
        var name: String
    }
}

struct CurationPanel: Encodable {
    struct Star: Encodable {
        var value: Int
        var label: String
        var on: Bool
    }
    struct Tag: Encodable {
        var name: String
        var url: SiteURL
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
    var ratingText: String
    var tags: [Tag]
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

    static func chrome(title: String, crumbs: [Crumb]) -> PageChrome {
        PageChrome(
            title: title, crumbs: crumbs, banner: nil, demo: nil, flash: nil, refreshSeconds: nil,
            nav: NavBar(menuLabel: "ada", searchURL: SiteURL("/search"), scanURL: SiteURL("/scan"), uploadURL: SiteURL("/upload"),
                        sharedURL: SiteURL("/shared"), usersURL: nil, accountURL: SiteURL("/account"), loginURL: nil,
                        logout: LogoutForm(csrf: csrf)))
    }

    static let crumbs = [Crumb(name: "Archive", url: SiteURL("/folders/Archive")), Crumb(name: "Phone-Dump", url: nil)]

    /// Page 1 of the 20,000-photo folder, sorted by date taken, medium tiles: 60 photos, two of
    /// them videos, a few Live photos or with their RAW, a few favorites.
    static func group() -> GroupView {
        let tiles = (0..<60).map { i -> PhotoTile in
            let id = Int64(40_001 + i)
            let name = "2017\(two(6 + i / 20))\(two(10 + i % 20))_14\(two(i % 60))\(two((i * 7) % 60))_\(three(i)).jpg"
            let key = folder + "/" + name
            let video = i % 29 == 7
            let badge: String? = i % 11 == 3 ? "Live" : (i % 17 == 5 ? "RAW" : nil)
            let favorite = i % 9 == 4
            var label = name
            if video { label += ", video, 0:\(two(12 + i % 40))" }
            if badge == "Live" { label += ", live photo" }
            if badge == "RAW" { label += ", with RAW" }
            return PhotoTile(
                url: SiteURL("/photos/" + key), anchor: "p\(id)", fileId: id, name: name,
                image: ThumbImage(sha256: sha256(i), alt: label),
                favorite: TileFavorite(csrf: csrf, key: key, back: folderURL + "#p\(id)", value: favorite ? "off" : "on", on: favorite,
                                       label: favorite ? "Remove \(name) from favorites" : "Add \(name) to favorites"),
                duration: video ? "0:\(two(12 + i % 40))" : nil, badge: badge)
        }
        let sorts = [("taken", "Date taken"), ("name", "Name"), ("size", "File size"), ("stars", "Stars"), ("added", "Date added")].map { field, label in
            SortChoice(label: label, url: SiteURL(field == "taken" ? folderURL : folderURL + "?sort=" + field), current: field == "taken")
        }
        let orders = [SortChoice(label: "Oldest first", url: SiteURL(folderURL), current: true),
                      SortChoice(label: "Newest first", url: SiteURL(folderURL + "?order=desc"), current: false)]
        let links = [1, 2, 3].map { n in Pagination.Link(label: String(n), url: SiteURL(n == 1 ? folderURL : folderURL + "?page=\(n)"), current: n == 1, gap: false) }
            + [Pagination.Link(label: "…", url: nil, current: false, gap: true),
               Pagination.Link(label: "334", url: SiteURL(folderURL + "?page=334"), current: false, gap: false)]
        let option = { (value: String, label: String, selected: Bool) in FilterForm.Option(value: value, label: label, selected: selected) }
        let filterForm = FilterForm(
            action: SiteURL(folderURL), searchRow: false, summary: "Search and filter", q: "",
            tags: [option("", "Any tag", true)] + tagNames.map { option($0, $0, false) }, favorite: false,
            ratings: (0...5).map { option(String($0), $0 == 0 ? "Any stars" : "\($0)+ stars", $0 == 0) },
            takenFrom: "", takenTo: "", minSize: "", maxSize: "",
            orientations: [option("", "Any shape", true), option("landscape", "Landscape", false), option("portrait", "Portrait", false),
                           option("square", "Square", false)],
            kinds: [option("", "Photos and videos", true), option("photo", "Photos", false), option("video", "Videos", false),
                    option("live", "Live photos", false), option("raw", "With RAW", false)],
            hidden: [], chips: [], clearURL: SiteURL(folderURL), active: false)
        return GroupView(
            chrome: chrome(title: "Phone-Dump", crumbs: crumbs), heading: "Phone-Dump", summary: "20,000 photos · page 1 of 334",
            folders: [], photos: tiles, hasFolders: false, hasPhotos: true, sorts: sorts, orders: orders,
            pagination: Pagination(previousURL: nil, nextURL: SiteURL(folderURL + "?page=2"), links: links, summary: "Page 1 of 334"),
            emptyMessage: nil, filterForm: filterForm,
            share: ShareForm(csrf: csrf, kind: "folder", value: folder, filter: ""),
            selection: nil, selectURL: SiteURL(folderURL + "?select=1"), slideshowURL: SiteURL("/slideshow/" + folder + "/" + tiles[0].name),
            views: ViewForm(csrf: csrf, back: folderURL, choices: [("Small", "small"), ("Medium", "medium"), ("Large", "large"), ("List", "list")]
                .map { ViewChoice(label: $0.0, mode: $0.1, current: $0.1 == "medium") }))
    }

    /// The photo in the middle of that folder, signed in as a member: the curation panel with
    /// its stars, two tags and an album.
    static func photo() -> PhotoView {
        let name = "20170815_142233_001.jpg", key = folder + "/" + name
        let hash = sha256(10_000), nextHash = sha256(10_001)
        let photoURL = "/photos/" + key
        return PhotoView(
            chrome: chrome(title: name, crumbs: [Crumb(name: "Archive", url: SiteURL("/folders/Archive")),
                                                 Crumb(name: "Phone-Dump", url: SiteURL(folderURL)), Crumb(name: name, url: nil)]),
            name: name, imageURL: SiteURL("/thumbs/1600/\(hash).jpg"), width: 1600, height: 1200,
            previousURL: SiteURL("/photos/" + folder + "/20170815_142201_001.jpg"), nextURL: SiteURL("/photos/" + folder + "/20170815_142301_001.jpg"),
            positionText: "10,000 of 20,000", backURL: SiteURL(folderURL + "?page=167#p50000"), backLabel: "Back to Phone-Dump (page 167)",
            facts: [.init(label: "Taken", value: "2017-08-15 14:22:33"), .init(label: "Camera", value: "Samsung SM-G930F"),
                    .init(label: "Dimensions", value: "4032 × 3024 (12 MP)"), .init(label: "File size", value: "3.1 MB"),
                    .init(label: "Format", value: "JPEG"), .init(label: "Folder", value: folder, url: SiteURL(folderURL))],
            downloadURL: SiteURL("/originals/" + key), downloadName: name,
            curation: CurationPanel(
                csrf: csrf, key: key, back: photoURL, isFavorite: true, favoriteValue: "off",
                stars: (1...5).map { .init(value: $0, label: "\($0) star\($0 == 1 ? "" : "s")", on: $0 <= 4) }, ratingText: "4 of 5 stars",
                tags: [.init(name: "beach", url: SiteURL("/tags/beach")), .init(name: "family", url: SiteURL("/tags/family"))],
                deleteURL: SiteURL("/delete?key=Archive%2FPhone-Dump%2F" + name), canCurate: true, canTurn: true, caption: "Grandma's first swim in years",
                albums: [.init(id: 3, name: "Summer 2017", url: SiteURL("/albums/3"))], albumNames: ["Best of 2016", "Summer 2017", "Wedding"]),
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
