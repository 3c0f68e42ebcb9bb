import Catalog
import Imaging

/// The gallery's places. Routes (`SiteRoute`) and links are both named here.
extension SiteURL {
    public static let home = SiteURL("/")
    public static let scan = SiteURL("/scan")
    public static let stylesheet = SiteURL(staticPrefix + "style.css")
    public static let favicon = SiteURL(staticPrefix + "favicon.svg")
    /// The slideshow's script: keys and swipes (it runs without it, on a timer).
    public static let slideshowScript = SiteURL(staticPrefix + "slideshow.js")
    /// The select mode's one script: ranges by shift-click and a count of what is ticked.
    public static let selectScript = SiteURL(staticPrefix + "select.js")
    /// Every page's script: forms in place, the viewer, the stream's next pages (none needed for any action).
    public static let appScript = SiteURL(staticPrefix + "app.js")
    public static let arrangeScript = SiteURL(staticPrefix + "arrange.js")
    /// The countries' outlines the Places page draws its marks on (Natural Earth, public domain).
    public static let worldMap = SiteURL(staticPrefix + "world.svg")
    public static let rootFolder = SiteURL("/folders")
    /// The folders, On this day and the collections (what `/` shows those who chose it).
    public static let library = SiteURL("/library")
    public static let favorites = SiteURL("/favorites")
    public static let topRated = SiteURL("/top-rated")
    public static let recent = SiteURL("/recent")
    public static let duplicates = SiteURL("/duplicates")
    public static let similar = SiteURL("/similar")
    public static let tags = SiteURL("/tags")
    public static let search = SiteURL("/search")
    public static let trash = SiteURL("/trash")
    public static let confirmEmptyTrash = SiteURL("/trash/empty")
    public static let login = SiteURL("/login")
    /// Sign-in through the OpenID provider: the way there, and the way back (the redirect URI).
    public static let oidcStart = SiteURL("/oidc/start")
    public static let oidcCallback = SiteURL("/oidc/callback")
    public static let logout = SiteURL("/logout")
    public static let account = SiteURL("/account")
    public static let users = SiteURL("/users")
    public static let upload = SiteURL("/upload")
    public static let shared = SiteURL("/shared")
    public static let albums = SiteURL("/albums")
    public static let timeline = SiteURL("/timeline")
    /// The timeline's overview: every year's months, with their counts.
    public static let timelineMonths = SiteURL("/timeline/months")
    public static let view = SiteURL("/view")

    /// The link that sets the group layout and returns to `back`.
    public static let health = SiteURL("/healthz")
    public static let metrics = SiteURL("/metrics")

    /// The Places page: the world's countries, a country's regions, or a region's places.
    public static func places(country: String? = nil, region: String? = nil, page: Int = 1) -> SiteURL {
        var pairs: [(String, String)] = []
        if let country { pairs.append(("country", country)) }
        if let country, let region, !country.isEmpty { pairs.append(("region", region)) }
        if page > 1 { pairs.append(("page", String(page))) }
        return SiteURL("/places").appending(pairs)
    }

    /// The photos taken in one month (camera dates), oldest first: a search with a date range.
    public static func month(year: Int, month: Int) -> SiteURL {
        group(.filtered(.all, TimelinePage.monthFilter(year: year, month: month)), sort: PhotoSort(field: .taken, descending: false))
    }

    /// An album's page, or its arranging page.
    public static func album(_ id: Int64, arrange: Bool = false) -> SiteURL {
        SiteURL(albumPrefix + String(id) + (arrange ? "?arrange=1" : ""))
    }

    /// A share link's first page.
    public static func share(_ token: String) -> SiteURL { SiteURL(sharePrefix + token) }

    /// The sign-in page, coming back to `next` (a local path) afterwards.
    public static func login(next: String?) -> SiteURL {
        guard let next, next != home.path, isLocal(next) else { return login }
        return SiteURL(login.path + "?next=" + encodeSegment(next))
    }

    /// A folder's group page; `""` is the library root's own photos.
    public static func folder(_ path: String, sort: PhotoSort = .default, page: Int = 1) -> SiteURL {
        group(.folder(path), sort: sort, page: page)
    }

    /// Any group's page.
    public static func group(_ group: PhotoGroup, sort: PhotoSort? = nil, page: Int = 1) -> SiteURL {
        let base: String
        switch group {
        case .folder(let path): base = path.isEmpty ? rootFolder.path : folderPrefix + encodeKey(path)
        case .favorites: base = favorites.path
        case .topRated: base = topRated.path
        case .tag(let name): base = tagPrefix + encodeSegment(name)
        case .recent: base = recent.path
        case .duplicates: base = duplicates.path
        case .similar(let within):
            let more = within == PhotoGroup.similarDefault ? [] : [("within", String(within))]
            return SiteURL(similar.path + query(sort: sort ?? group.defaultSort, defaultSort: group.defaultSort, page: page)).appending(more)
        // Every photo newest first, or from a day back, is the timeline's stream; any other
        // search or order is the search page.
        case .all: base = (sort ?? group.defaultSort) == group.defaultSort ? timeline.path : search.path
        case .album(let id): base = albumPrefix + String(id)
        case .filtered(let inner, let filter):
            // A search is the search page, even at the stream's order, unless it only says up to what day.
            let searches = inner == .all && filter != SearchFilter(takenTo: filter.takenTo)
            let url = searches ? SiteURL(search.path + query(sort: sort ?? group.defaultSort, defaultSort: group.defaultSort, page: page))
                               : self.group(inner, sort: sort ?? group.defaultSort, page: page)
            return url.appending(FilterQuery.pairs(filter))
        }
        return SiteURL(base + query(sort: sort ?? group.defaultSort, defaultSort: group.defaultSort, page: page))
    }

    /// A photo's own page, in the context of a group (its folder when nil) under `sort`.
    public static func photo(_ key: String, sort: PhotoSort? = nil, in group: PhotoGroup? = nil) -> SiteURL {
        let defaultSort = group?.defaultSort ?? .default
        var q = query(sort: sort ?? defaultSort, defaultSort: defaultSort, page: 1)
        let (base, filter) = group?.parts ?? (.folder(""), SearchFilter())
        if let value = group?.queryValue, base.queryValue != nil {
            q += (q.isEmpty ? "?" : "&") + "in=" + encodeSegment(value)
        }
        return SiteURL(photoPrefix + encodeKey(key) + q).appending(FilterQuery.pairs(filter))
    }

    /// The slideshow at a photo, in the context of a group as for `photo(_:sort:in:)`.
    /// `frame`: the frame view, the photo alone filling the screen (for a tablet on a shelf).
    /// `every` left out is the show's own pace (6 s, or the frame view's 30 s); a frame view always
    /// says its pace, since its own differs from the slideshow's.
    public static func slideshow(_ key: String, sort: PhotoSort? = nil, in group: PhotoGroup? = nil, paused: Bool = false, every: Int? = nil,
                                 frame: Bool = false) -> SiteURL {
        let photo = photo(key, sort: sort, in: group).path
        return SiteURL(slideshowPrefix + photo.dropFirst(photoPrefix.count)).appending(showParameters(paused: paused, every: every, frame: frame))
    }

    /// A slideshow's own query parameters, after the group's.
    static func showParameters(paused: Bool, every: Int?, frame: Bool) -> [(String, String)] {
        let pace = every.flatMap { frame || $0 != 6 ? [("every", String($0))] : nil } ?? []
        return (paused ? [("paused", "1")] : []) + pace + (frame ? [("frame", "1")] : [])
    }
    static let slideshowPrefix = "/slideshow/"

    /// The confirmation page before a file goes to the trash.
    public static func confirmDelete(_ key: String) -> SiteURL { SiteURL(confirmDeletePath + "?key=" + encodeSegment(key)) }
    static let confirmDeletePath = "/delete"
    /// The confirmation page before a share link is revoked.
    public static func confirmUnshare(_ id: Int64) -> SiteURL { SiteURL(confirmUnsharePath + "?id=\(id)") }
    static let confirmUnsharePath = "/shared/revoke"

    /// The original file's bytes.
    public static func original(_ key: String) -> SiteURL { SiteURL(originalPrefix + encodeKey(key)) }

    /// A motion photo's clip: the MP4 at the end of the JPEG, served with Range.
    public static func motion(_ key: String) -> SiteURL { SiteURL(motionPrefix + encodeKey(key)) }

    /// The page that has a video's playable rendition made, and says so until it is ready.
    public static func play(_ key: String) -> SiteURL { SiteURL(playPrefix + encodeKey(key)) }

    /// A video's playable rendition (H.264/AAC MP4), by content.
    public static func playable(sha256: String) -> SiteURL { SiteURL(playablePrefix + sha256 + ".mp4") }

    /// A content-addressed thumbnail: `<sha256>.jpg`, or `<sha256>-r90.jpg` (180, 270) when the
    /// household turned the picture, so a turn is a new address and no cache shows the old one;
    /// `.webp` for the same rendition in WebP.
    public static func thumbnail(_ picture: Picture, _ rendition: Rendition, _ encoding: RenditionEncoding = .jpeg) -> SiteURL {
        SiteURL(thumbnailPrefix + "\(rendition.rawValue)/" + ThumbnailName.name(sha256: picture.sha256, rotation: picture.rotation)
                + "." + encoding.fileExtension)
    }

    /// Where the keyed places start: a key follows, percent-encoded segment by segment.
    static let folderPrefix = "/folders/"
    static let photoPrefix = "/photos/"
    static let originalPrefix = "/originals/"
    static let motionPrefix = "/motion/"
    static let tagPrefix = "/tags/"
    static let sharePrefix = "/share/"
    static let shareUploadSuffix = "/upload"
    static let shareZipSuffix = "/zip"
    static let albumPrefix = "/albums/"
    static let thumbnailPrefix = "/thumbs/"
    static let playPrefix = "/play/"
    static let playablePrefix = "/playable/"
    static let staticPrefix = "/static/"

    /// Whether a request path is a thumbnail, a static file or the health check: most requests,
    /// logged quietly so the log stays readable.
    static func isQuiet(_ path: String) -> Bool {
        path.hasPrefix(thumbnailPrefix) || path.hasPrefix(staticPrefix) || path == health.path
    }

    /// Thumbnail sizes the endpoint serves; any other size is a 404.
    public enum Rendition: Int, CaseIterable, Sendable {
        /// A square crop (folder and collection covers, the list, On this day, the trash) and its
        /// 2x variant for `srcset`.
        case grid = 256, grid2x = 512
        /// A group's tile in a justified row: the photo's own shape, this many pixels high (less
        /// for a smaller original), at most `rowWidest` times as wide; and its 2x variant.
        case row = 240, row2x = 480
        /// The photo view's screen-sized rendition (fits inside the box, never upscaled).
        case screen = 1600

        /// How much wider than high a row's rendition may be: a wider panorama is fitted to that
        /// width (so it is less high), and its tile crops it to the same shape.
        static let rowWidest = 3

        /// The box the rendition is made to: a square for all but a row's, which is a band.
        var box: (width: Int, height: Int) {
            switch self {
            case .row, .row2x: (rawValue * Self.rowWidest, rawValue)
            case .grid, .grid2x, .screen: (rawValue, rawValue)
            }
        }

        /// Square crops cover their box; the others fit inside it whole.
        var fit: RenditionFit {
            switch self {
            case .grid, .grid2x: .cover
            case .row, .row2x, .screen: .fit
            }
        }

        /// The size of the rendition of a `width` × `height` picture (as shown): the box for a
        /// cover or a picture of unknown size, else the picture scaled down to fit inside it,
        /// never up, as the decoders make it (`Imaging.fittedSize`), so a page can state a tile's
        /// size before it is made.
        func size(ofWidth width: Int, height: Int) -> (width: Int, height: Int) {
            let box = box
            guard fit == .fit, width > 0, height > 0 else { return box }
            return Imaging.fittedSize(width: width, height: height, boxWidth: box.width, boxHeight: box.height)
        }
    }

    /// Where each state-changing form posts.
    public enum Action: String, CaseIterable, Sendable {
        case favorite, rate, tag, untag, caption, rotate, delete, restore, share, unshare, select, undo
        case albumCreate = "album-create", albumUpdate = "album-update", albumDelete = "album-delete"
        case albumAdd = "album-add", albumRemove = "album-remove", albumMove = "album-move", albumCover = "album-cover"
        case emptyTrash = "empty-trash"
        case privatePhoto = "private", privateFolder = "private-folder", privateAlbum = "private-album"
        case password, language
        case addDevice = "device-add", revokeDevice = "device-revoke"
        case addToken = "token-add", revokeToken = "token-revoke"
        case addUser = "user-add"
        case changeRole = "user-role"
        case resetPassword = "user-password"
        case removeUser = "user-remove"

        public var url: SiteURL { SiteURL("/actions/" + rawValue) }
    }
}

extension PhotoGroup {
    /// The group a photo's link names (`in=` and the filters): nil for a plain folder, which the
    /// photo's own key implies.
    var linkContext: PhotoGroup? {
        if case .folder = self { return nil }
        return self
    }
}
