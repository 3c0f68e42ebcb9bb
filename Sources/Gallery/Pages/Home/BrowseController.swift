import Foundation
import Catalog
import Hummingbird

/// The folder grid, group pages and the scan page: parse input, ask the catalog, render.
struct BrowseController: Sendable {
    let store: any PhotoQueries & TrashStore & AlbumStore & PlaceStore
    let monitor: ScanMonitor
    let pages: PageKit
    let groupPage: GroupPage
    let libraryName: String
    /// The collection cards count across the whole catalog: computed once per catalog change.
    let collections = VersionedCache<[FolderCard]>()
    /// On this day's photos: a scan of every camera date, kept until the catalog or the day changes.
    let onThisDayCache = VersionedCache<OnThisDay?>()
    /// The timeline's months: one pass over every photo, kept per catalog version.
    let timelineCounts = VersionedCache<TimelineCounts>()

    /// How long a page waits for what a pass over every photo counts (the collections, the
    /// timeline, On this day) before it shows the last counts, or says they are being counted;
    /// the pass goes on in the background (`GalleryConfig.countPatience`).
    let patience: Duration
    /// What the scan page says of sidecars (`SidecarWriting`); nil when they are not asked for.
    var sidecars: SidecarWriting?

    func register(with routes: Routes) {
        routes.viewer.get(.home, use: home)
        routes.viewer.get(.rootFolder, use: folder)
        routes.viewer.get(.folder, use: folder)
        routes.viewer.get(.scan, use: scan)
        routes.viewer.get(.timeline, use: timeline)
    }

    @Sendable func home(_ request: Request, context: GalleryContext) async throws -> Response {
        // Kept like a group page, and for the day too: On this day changes at midnight.
        let key = PageCache.Key(version: store.version, request, context, chrome: pages.chromeBuilder, visitor: context.visitor, layout: "",
                                day: Self.today().description)
        return try await groupPage.cache.response(key, request, context) { try await homePage($0) }
    }

    /// The home page, and whether it may be kept: not while it shows counts older than the
    /// catalog, or none yet.
    private func homePage(_ context: GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool) {
        let root = try await store.folder(at: "")
        // Both wait at most `patience`, side by side.
        async let cards = collectionCards(for: context.visitor)
        async let strip = onThisDay()
        let ((collections, counted), (day, dayFound)) = try await (cards, strip)
        var chrome = pages.chrome(title: "Library", for: context)
        // Counted for the first time (a start on a large catalog): the page comes back for them.
        if collections.contains(where: \.counting) { chrome.refreshSeconds = 3 }
        let page = HomeView(chrome: chrome, root: root, folders: try await topLevelCards(root: root),
                            collections: collections, onThisDay: day, scan: monitor.progress, libraryName: libraryName)
        return (try pages.render(HomeView.template, page), counted && dayFound)
    }

    @Sendable func folder(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let path = SiteURL.folderPath(fromPath: request.uri.path) else {
            throw HTTPError(.notFound, message: "There is no such folder in the library.")
        }
        let query = try GroupQuery(request.uri)
        guard let folder = try await store.folder(at: path) else {
            throw HTTPError(.notFound, message: "There is no folder “\(path)” in the library, or it holds no photos.")
        }
        let title = folder.path.isEmpty ? "Library root" : folder.name
        let spec = GroupSpec(base: .folder(path), title: title, audience: Household(),
                             crumbs: pages.crumbs(forFolder: path, linkLast: false), folder: folder)
        return try await groupPage.response(spec, query: query, request, context)
    }

    @Sendable func scan(_ request: Request, context: GalleryContext) async throws -> Response {
        let page = ScanView(chrome: pages.chrome(title: "Scan", for: context), progress: monitor.progress, libraryName: libraryName,
                            photos: try await store.count(.filtered(.all, SearchFilter(kind: .photo))),
                            videos: try await store.count(.filtered(.all, SearchFilter(kind: .video))),
                            folders: try await topLevelCards(root: try await store.folder(at: "")), issues: try await store.scanIssues(),
                            sidecarNote: await sidecarNote())
        return try pages.response(page)
    }

    private func sidecarNote() async -> String? {
        guard let sidecars, sidecars.enabled else { return nil }
        if let hindrance = await sidecars.hindrance() { return "Sidecars are not written: \(hindrance). The curation stays in the catalog." }
        return "Stars, tags, captions, turns and favorites are written to XMP sidecars beside the files."
    }

    @Sendable func timeline(_ request: Request, context: GalleryContext) async throws -> Response {
        // Kept like a group page (a year's worth of months is a page of its own to render), but
        // not while it says the months are still being counted.
        let version = store.version
        let key = PageCache.Key(version: version, request, context, chrome: pages.chromeBuilder, visitor: context.visitor, layout: "")
        return try await groupPage.cache.response(key, request, context) { context in
            let counts = try await timelineCounts.value(at: version, patience: patience, tolerating: scanTolerance,
                                                        computing: countTimeline)
            let chrome = pages.chrome(title: "Timeline", crumbs: [Crumb(name: "Timeline", url: nil)], for: context)
            let page = counts.value.map { TimelinePage(chrome: chrome, counts: $0) } ?? TimelinePage(countingWith: chrome)
            return (try pages.render(TimelinePage.template, page), counts.current)
        }
    }

    /// The timeline's months, counted by one pass over the catalog.
    private func countTimeline() async throws -> TimelineCounts {
        let (months, undated) = try await store.timeline()
        return TimelineCounts(months: months, undated: undated)
    }

    /// Today on this machine's calendar, as days since 1970.
    static func today(now: Date = Date()) -> Int {
        Int(Calendar.current.startOfDay(for: now).timeIntervalSince1970 / 86_400)
    }

    /// Up to 12 photos taken on today's month and day (this machine's calendar) in earlier years,
    /// and whether they are today's of this catalog version (not while a pass still looks for them).
    private func onThisDay(now: Date = Date()) async throws -> (strip: OnThisDay?, current: Bool) {
        let found = try await onThisDayCache.value(at: onThisDayVersion(now: now), patience: patience, tolerating: scanTolerance) {
            try await findOnThisDay(now: now)
        }
        return (found.value ?? nil, found.current)
    }

    /// On this day's key: it changes with the catalog and with the date (days since 1970 stay far
    /// below a million).
    private func onThisDayVersion(now: Date) -> Int { store.version &* 1_000_000 &+ Self.today(now: now) }

    /// One pass over the camera dates for On this day.
    private func findOnThisDay(now: Date) async throws -> OnThisDay? {
        let today = Calendar.current.dateComponents([.year, .month, .day], from: now)
        let found = try await store.onThisDay(month: today.month!, day: today.day!, before: today.year!, limit: 12)
        guard !found.isEmpty else { return nil }
        return OnThisDay(tiles: found.map { card, year in
            let ago = today.year! - year
            return OnThisDay.Tile(url: SiteURL.photo(card.key), image: ThumbImage(card.picture, alt: card.name),
                                  caption: ago == 1 ? "A year ago, \(year)" : "\(ago) years ago, \(year)")
        })
    }

    /// While a scan runs the catalog changes with every batch it writes: the home page's counts are
    /// recounted at most every 5 s, in the background, and the page shows the last ones meanwhile.
    private var scanTolerance: Duration { monitor.progress.isRunning ? .seconds(5) : .zero }

    /// Counts the shared collections and the timeline and finds On this day, while pages still
    /// take the last counts: as the server starts and as a scan finishes, so that no visitor waits
    /// for that work (each such pass reads every photo's row).
    func recount() async {
        let now = Date()
        async let cards = try? collections.value(at: store.version, computing: sharedCollectionCards)
        async let day = try? onThisDayCache.value(at: onThisDayVersion(now: now)) { try await findOnThisDay(now: now) }
        _ = await (cards, day)
    }

    /// The visitor's favorites, then the shared collections (cached per catalog version), and
    /// whether their counts are of this version; before any count, the cards say they are counting.
    private func collectionCards(for visitor: Visitor) async throws -> (cards: [FolderCard], current: Bool) {
        let favorites = try await collectionCard(.favorites(visitor.viewer))
        let counted = try await collections.value(at: store.version, patience: patience, tolerating: scanTolerance,
                                                  computing: sharedCollectionCards)
        var shared = counted.value ?? Self.countingCards
        if !visitor.can(.member) { shared.removeAll { $0.url == SiteURL.trash } }
        return ([favorites] + shared, counted.current)
    }

    /// The shared collections while they are counted for the first time.
    static let countingCards: [FolderCard] = [
        (SiteURL.group(.topRated), GroupTitles.title(.topRated)), (SiteURL.tags, "Tags"), (SiteURL.timeline, "Timeline"),
        (SiteURL.places(), "Places"), (SiteURL.albums, "Albums"), (SiteURL.group(.recent), GroupTitles.title(.recent)),
        (SiteURL.group(.duplicates), GroupTitles.title(.duplicates)),
        (SiteURL.group(.similar(within: PhotoGroup.similarDefault)), GroupTitles.title(.similar(within: PhotoGroup.similarDefault))),
        (SiteURL.trash, "Trash"),
    ].map { url, name in FolderCard(url: url, name: name, countText: "Counting…", dateText: nil, cover: nil, counting: true) }

    private func collectionCard(_ group: PhotoGroup, counted: Bool = true) async throws -> FolderCard {
        let title = GroupTitles.title(group)
        return FolderCard(url: SiteURL.group(group), name: title,
                          countText: counted ? Formatting.plural(try await store.count(group), "photo", "photos") : "Newest first",
                          dateText: nil, cover: try await store.cover(group).map { ThumbImage($0, alt: "Cover of \(title)") })
    }

    /// Top rated, tags, the timeline, places, albums, recently added, duplicates, similar and trash, as cards.
    private func sharedCollectionCards() async throws -> [FolderCard] {
        let tags = try await store.tagCounts()
        let albums = try await store.albums()
        let months = try await timelineCounts.value(at: store.version, tolerating: scanTolerance, computing: countTimeline).months
        let trash = try await store.trashItems()
        let places = try await store.placeCounts()
        return [
            try await collectionCard(.topRated),
            FolderCard(url: SiteURL.tags, name: "Tags", countText: Formatting.plural(tags.count, "tag", "tags"), dateText: nil,
                       cover: try await tagsCover(tags)),
            FolderCard(url: SiteURL.timeline, name: "Timeline", countText: Formatting.plural(months.count, "month", "months"), dateText: nil,
                       cover: try await timelineCover(months)),
            FolderCard(url: SiteURL.places(), name: "Places", countText: Formatting.plural(places.count, "place", "places"), dateText: nil,
                       cover: try await store.cover(.filtered(.all, SearchFilter(located: true))).map { ThumbImage($0, alt: "Cover of Places") }),
            FolderCard(url: SiteURL.albums, name: "Albums", countText: Formatting.plural(albums.count, "album", "albums"), dateText: nil,
                       cover: albums.lazy.compactMap(\.cover).first.map { ThumbImage($0, alt: "Cover of an album") }),
            try await collectionCard(.recent, counted: false),
            try await collectionCard(.duplicates),
            try await collectionCard(.similar(within: PhotoGroup.similarDefault)),
            FolderCard(url: SiteURL.trash, name: "Trash", countText: Formatting.plural(trash.count, "file", "files"), dateText: nil,
                       cover: trash.first.map { ThumbImage($0.picture, alt: "Latest in the trash") }),
        ]
    }

    /// The Tags card's cover: the newest photo of the tag most photos carry.
    private func tagsCover(_ tags: [TagCount]) async throws -> ThumbImage? {
        guard let top = tags.max(by: { ($0.count, $1.name) < ($1.count, $0.name) }) else { return nil }
        return try await store.cover(.tag(top.name)).map { ThumbImage($0, alt: "Cover of Tags") }
    }

    /// The Timeline card's cover: the newest photo of its newest month (down the index of camera
    /// dates, so its cost is the month's, not the library's).
    private func timelineCover(_ months: [TimelineMonth]) async throws -> ThumbImage? {
        guard let newest = months.max(by: { ($0.year, $0.month) < ($1.year, $1.month) }) else { return nil }
        return try await store.cover(.filtered(.all, TimelinePage.monthFilter(year: newest.year, month: newest.month)))
            .map { ThumbImage($0, alt: "Cover of Timeline") }
    }

    /// Top-level folders, with the root's own photos as a card of their own so none are lost.
    private func topLevelCards(root: FolderSummary?) async throws -> [FolderCard] {
        var cards = try await store.folders(in: "").map(FolderCard.init)
        if let root, root.photoCount > 0 {
            var card = FolderCard(root)
            card.name = "Library root"
            card.countText = Formatting.plural(root.photoCount, "photo", "photos")
            // The root's own photos, not the whole library's latest.
            card.cover = try await store.cover(.folder("")).map { ThumbImage($0, alt: "Cover of library root") }
            cards.insert(card, at: 0)
        }
        return cards
    }
}
