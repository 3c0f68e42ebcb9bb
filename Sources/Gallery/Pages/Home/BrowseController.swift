import Foundation
import Catalog
import Hummingbird

/// The folder grid, group pages and the scan page: parse input, ask the catalog, render.
struct BrowseController: Sendable {
    /// Albums, the trash, places and what is private: never a photo read.
    let store: any TrashStore & AlbumStore & PlaceStore & PrivacyStore
    /// Folders, counts, covers, tags, the timeline and On this day are read through views.
    let reads: CatalogReads
    let monitor: ScanMonitor
    let pages: PageKit
    let groupPage: GroupPage
    let libraryName: String
    /// The collection cards count across the whole catalog: computed once per catalog change
    /// (and per way of seeing it, while something is private: `SightedCaches`).
    let collections = SightedCaches<[FolderCard]>()
    /// On this day's photos: a scan of every camera date, kept until the catalog or the day changes.
    let onThisDayCache = SightedCaches<OnThisDay?>()
    /// The timeline's months: one pass over every photo, kept per catalog version.
    let timelineCounts = SightedCaches<TimelineCounts>()

    /// How long a page waits for what a pass over every photo counts (the collections, the
    /// timeline, On this day) before it shows the last counts, or says they are being counted;
    /// the pass goes on in the background (`GalleryConfig.countPatience`).
    let patience: Duration
    /// What the scan page says of sidecars (`SidecarWriting`); nil when they are not asked for.
    var sidecars: SidecarWriting?
    /// Where uploads land (`--upload-folder`), whose folders are offered no privacy form.
    var uploads = UploadNaming(pattern: ServeSettings.uploadFolder.defaultValue)

    /// What `sight` sees of the household's photos, for counts, covers and cards (no one's
    /// favorites are read here).
    private func view(_ sight: Sight) -> ScopedCatalog { reads.view(for: .household(viewer: .guest, sight: sight)) }

    func register(with routes: Routes) {
        routes.viewer.get(.home, use: home)
        routes.viewer.get(.rootFolder, use: folder)
        routes.viewer.get(.folder, use: folder)
        routes.viewer.get(.scan, use: scan)
        routes.viewer.get(.library, use: library)
        routes.viewer.get(.timeline, use: stream)
        routes.viewer.get(.timelineMonths, use: timeline)
    }

    /// `/`: what a signed-in person chose to open with, the stream unless they chose the folders;
    /// the folders for everyone else.
    @Sendable func home(_ request: Request, context: GalleryContext) async throws -> Response {
        if context.visitor.account != nil, StartPage.of(request) == .photos { return try await stream(request, context: context) }
        return try await library(request, context: context)
    }

    /// `/library`: the folders, On this day and the collections.
    @Sendable func library(_ request: Request, context: GalleryContext) async throws -> Response {
        // Kept like a group page, and for the day too: On this day changes at midnight.
        let key = PageCache.Key(version: reads.version, request, context, visitor: context.visitor, layout: "",
                                day: Self.today().description)
        return try await groupPage.cache.response(key, request, context) { try await homePage($0) }
    }

    /// The home page, and whether it may be kept: not while it shows counts older than the
    /// catalog, or none yet, nor while it has no folder to show (it then says whether a scan is
    /// still looking, which the catalog's version does not follow).
    private func homePage(_ context: GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool) {
        let sight = context.visitor.sight
        let hiding = try await store.hiding(sight)
        let root = try await view(sight).folder(at: "")
        // Both wait at most `patience`, side by side.
        async let cards = collectionCards(for: context.visitor, hiding)
        async let strip = onThisDay(sight, hiding)
        let ((collections, counted), (day, dayFound)) = try await (cards, strip)
        var chrome = pages.chrome(title: Phrase("Library"), for: context)
        // Counted for the first time (a start on a large catalog): the page comes back for them.
        if collections.contains(where: \.counting) { chrome.refreshSeconds = 3 }
        var page = HomeView(chrome: chrome, root: root, folders: try await topLevelCards(root: root, sight: sight),
                            collections: collections, onThisDay: day, scan: monitor.progress, libraryName: libraryName)
        page.start = StartForm.offered(to: context)
        return (try pages.render(HomeView.template, page, for: context), counted && dayFound && !page.folders.isEmpty)
    }

    @Sendable func folder(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let path = SiteURL.folderPath(fromPath: request.uri.path) else {
            throw PageError(.notFound, message: Phrase("There is no such folder in the library."))
        }
        let query = try GroupQuery(request.uri)
        guard let folder = try await view(context.visitor.sight).folder(at: path) else {
            throw PageError(.notFound, message: Phrase("There is no folder “\(path)” in the library, or it holds no photos."))
        }
        let title = folder.path.isEmpty ? Phrase("All folders") : .verbatim(folder.name)
        var spec = GroupSpec(base: .folder(path), title: title, audience: Household(), view: groupPage.reads.view(for: context.visitor.audience),
                             crumbs: pages.crumbs(forFolder: path, linkLast: false), folder: folder)
        spec.privacy = PrivacyForm.folder(path, try await store.privateIndex(), visitor: context.visitor,
                                          takesUploads: PrivacyController.takesUploads(path, uploads))
        return try await groupPage.response(spec, query: query, request, context)
    }

    @Sendable func scan(_ request: Request, context: GalleryContext) async throws -> Response {
        let sight = context.visitor.sight
        let page = ScanView(chrome: pages.chrome(title: Phrase("Scan"), for: context), progress: monitor.progress, libraryName: libraryName,
                            photos: try await view(sight).count(.filtered(.all, SearchFilter(kind: .photo))),
                            videos: try await view(sight).count(.filtered(.all, SearchFilter(kind: .video))),
                            folders: try await topLevelCards(root: try await view(sight).folder(at: ""), sight: sight),
                            issues: try await reads.scanIssues(),
                            sidecarNote: await sidecarNote())
        return try pages.response(page, for: context)
    }

    private func sidecarNote() async -> Phrase? {
        guard let sidecars, sidecars.enabled else { return nil }
        // (each hindrance, `SidecarWriting.hindrance()`, said whole)
        if await sidecars.hindrance() != nil {
            return sidecars.readOnly
                ? Phrase("Sidecars are not written: the library is read-only (--read-only-library). The curation stays in the catalog.")
                : Phrase("Sidecars are not written: the library cannot be written to. The curation stays in the catalog.")
        }
        return Phrase("Stars, tags, captions, turns and favorites are written to XMP sidecars beside the files.")
    }

    /// `/timeline`: every photo by day, newest first, in pages; `taken_to` starts it from a day
    /// back (the scrubber's links). The months are counted as for the overview, and while they
    /// are, the page has no scrubber and is not kept.
    @Sendable func stream(_ request: Request, context: GalleryContext) async throws -> Response {
        let query = try GroupQuery(request.uri, defaultSort: PhotoGroup.all.defaultSort)
        let sight = context.visitor.sight
        let counts = try await timelineMonths(sight, at: reads.version)
        let until = (try? FilterQuery.parse(request.uri))?.takenTo
        var spec = GroupSpec(base: .all, title: Phrase(context: "tab", "Photos"), audience: Household(),
                             view: groupPage.reads.view(for: context.visitor.audience))
        spec.section = .photos
        spec.stream = TimelineScrubber.Plan(months: counts.value?.months ?? [], until: until)
        spec.keepsPage = counts.current
        return try await groupPage.response(spec, query: query, request, context)
    }

    /// `/timeline/months`: the overview, every year's months with their counts.
    @Sendable func timeline(_ request: Request, context: GalleryContext) async throws -> Response {
        // Kept like a group page (a year's worth of months is a page of its own to render), but
        // not while it says the months are still being counted.
        let version = reads.version
        let key = PageCache.Key(version: version, request, context, visitor: context.visitor, layout: "")
        return try await groupPage.cache.response(key, request, context) { context in
            let sight = context.visitor.sight
            let counts = try await timelineMonths(sight, at: version)
            let chrome = pages.chrome(title: Phrase("Timeline"), crumbs: [Crumb(name: Phrase(context: "tab", "Photos"), url: SiteURL.timeline),
                                                                          Crumb(name: Phrase("All months"), url: nil)], section: .photos, for: context)
            let page = counts.value.map { TimelinePage(chrome: chrome, counts: $0) } ?? TimelinePage(countingWith: chrome)
            return (try pages.render(TimelinePage.template, page, for: context), counts.current)
        }
    }

    /// The timeline's months as `sight` sees them at `version`, for the stream's scrubber and the
    /// overview: counted within `patience`, else the last counts kept (`current` false).
    private func timelineMonths(_ sight: Sight, at version: Int) async throws -> (value: TimelineCounts?, current: Bool) {
        try await timelineCounts.cache(for: try await store.hiding(sight))
            .value(at: version, patience: patience, tolerating: scanTolerance) { try await countTimeline(sight) }
    }

    /// The timeline's months, counted by one pass over the catalog.
    private func countTimeline(_ sight: Sight) async throws -> TimelineCounts {
        let (months, undated) = try await view(sight).timeline()
        return TimelineCounts(months: months, undated: undated)
    }

    /// Today on this machine's calendar, as days since 1970.
    static func today(now: Date = Date()) -> Int {
        Int(Calendar.current.startOfDay(for: now).timeIntervalSince1970 / 86_400)
    }

    /// Up to 12 photos taken on today's month and day (this machine's calendar) in earlier years,
    /// and whether they are today's of this catalog version (not while a pass still looks for them).
    private func onThisDay(_ sight: Sight, _ hiding: Hiding, now: Date = Date()) async throws -> (strip: OnThisDay?, current: Bool) {
        let found = try await onThisDayCache.cache(for: hiding).value(at: onThisDayVersion(now: now), patience: patience,
                                                                       tolerating: scanTolerance) {
            try await findOnThisDay(sight, now: now)
        }
        return (found.value ?? nil, found.current)
    }

    /// On this day's key: it changes with the catalog and with the date (days since 1970 stay far
    /// below a million).
    private func onThisDayVersion(now: Date) -> Int { reads.version &* 1_000_000 &+ Self.today(now: now) }

    /// One pass over the camera dates for On this day.
    private func findOnThisDay(_ sight: Sight, now: Date) async throws -> OnThisDay? {
        let today = Calendar.current.dateComponents([.year, .month, .day], from: now)
        let found = try await view(sight).onThisDay(month: today.month!, day: today.day!, before: today.year!, limit: 12)
        guard !found.isEmpty else { return nil }
        return OnThisDay(tiles: found.map { card, year in
            let ago = today.year! - year
            // (a year as digits, not as a number: no thousands separator)
            let when = String(year)
            return OnThisDay.Tile(url: SiteURL.photo(card.key), image: ThumbImage(card.picture, alt: .verbatim(card.name)),
                                  caption: ago == 1 ? Phrase("A year ago, \(when)")
                                                    : Phrase(count: ago, "\(ago) year ago, \(when)", "\(ago) years ago, \(when)"))
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
        // What a guest sees, which is what everyone sees while nothing is private.
        guard let hiding = try? await store.hiding(.publicOnly) else { return }
        async let cards = try? collections.cache(for: hiding).value(at: reads.version) { try await sharedCollectionCards(.publicOnly) }
        async let day = try? onThisDayCache.cache(for: hiding).value(at: onThisDayVersion(now: now)) {
            try await findOnThisDay(.publicOnly, now: now)
        }
        _ = await (cards, day)
    }

    /// The visitor's favorites, then the shared collections (cached per catalog version), and
    /// whether their counts are of this version; before any count, the cards say they are counting.
    private func collectionCards(for visitor: Visitor, _ hiding: Hiding) async throws -> (cards: [FolderCard], current: Bool) {
        let sight = visitor.sight
        let favorites = try await collectionCard(.favorites(visitor.viewer), sight)
        let counted = try await collections.cache(for: hiding).value(at: reads.version, patience: patience, tolerating: scanTolerance) {
            try await sharedCollectionCards(sight)
        }
        var shared = counted.value ?? Self.countingCards
        if !visitor.can(.member) { shared.removeAll { $0.url == SiteURL.trash } }
        let mine = try await privateCard(for: visitor)
        return ([favorites] + (mine.map { [$0] } ?? []) + shared, counted.current)
    }

    /// The visitor's private photos, as a card of their own, when they keep any.
    private func privateCard(for visitor: Visitor) async throws -> FolderCard? {
        guard visitor.account != nil else { return nil }
        var mine = SearchFilter()
        mine.privateOf = visitor.viewer
        let group = PhotoGroup.filtered(.all, mine)
        let count = try await view(visitor.sight).count(group)
        guard count > 0 else { return nil }
        return FolderCard(url: SiteURL.group(group), name: Phrase("Private"), countText: Phrase(count: count, "\(count) photo", "\(count) photos"),
                          dateText: nil,
                          cover: try await view(visitor.sight).cover(group).map { ThumbImage($0, alt: Phrase("Cover of your private photos")) })
    }

    /// The shared collections while they are counted for the first time.
    static let countingCards: [FolderCard] = [
        (SiteURL.group(.topRated), GroupTitles.title(.topRated)), (SiteURL.tags, Phrase("Tags")), (SiteURL.timeline, Phrase("Timeline")),
        (SiteURL.places(), Phrase("Places")), (SiteURL.albums, Phrase("Albums")), (SiteURL.group(.recent), GroupTitles.title(.recent)),
        (SiteURL.group(.duplicates), GroupTitles.title(.duplicates)),
        (SiteURL.group(.similar(within: PhotoGroup.similarDefault)), GroupTitles.title(.similar(within: PhotoGroup.similarDefault))),
        (SiteURL.trash, Phrase("Trash")),
    ].map { (url: SiteURL, name: Phrase) in FolderCard(url: url, name: name, countText: Phrase("Counting…"), dateText: nil, cover: nil, counting: true) }

    private func collectionCard(_ group: PhotoGroup, _ sight: Sight, counted: Bool = true) async throws -> FolderCard {
        let title = GroupTitles.title(group)
        let countText: Phrase
        if counted {
            let count = try await view(sight).count(group)
            countText = Phrase(count: count, "\(count) photo", "\(count) photos")
        } else {
            countText = Phrase("Newest first")
        }
        return FolderCard(url: SiteURL.group(group), name: title, countText: countText,
                          dateText: nil, cover: try await view(sight).cover(group).map { ThumbImage($0, alt: Phrase("Cover of \(title)")) })
    }

    /// Top rated, tags, the timeline, places, albums, recently added, duplicates, similar and trash, as cards.
    private func sharedCollectionCards(_ sight: Sight) async throws -> [FolderCard] {
        let tags = try await view(sight).tagCounts()
        let albums = try await view(sight).albums()
        // The months of this very version: the cards are kept as this version's, so months counted
        // before (a first scan's empty catalog) would leave the Timeline card without a cover
        // until the catalog next changed.
        let months = try await timelineCounts.cache(for: try await store.hiding(sight))
            .value(at: reads.version) { try await countTimeline(sight) }.months
        let trash = try await view(sight).trashItems()
        let places = try await view(sight).placeCounts()
        return [
            try await collectionCard(.topRated, sight),
            FolderCard(url: SiteURL.tags, name: Phrase("Tags"), countText: Phrase(count: tags.count, "\(tags.count) tag", "\(tags.count) tags"),
                       dateText: nil, cover: try await tagsCover(tags, sight)),
            FolderCard(url: SiteURL.timelineMonths, name: Phrase("Timeline"),
                       countText: Phrase(count: months.count, "\(months.count) month", "\(months.count) months"), dateText: nil,
                       cover: try await timelineCover(months, sight)),
            FolderCard(url: SiteURL.places(), name: Phrase("Places"),
                       countText: Phrase(count: places.count, "\(places.count) place", "\(places.count) places"), dateText: nil,
                       cover: try await view(sight).cover(.filtered(.all, SearchFilter(located: true)))
                           .map { ThumbImage($0, alt: Phrase("Cover of Places")) }),
            FolderCard(url: SiteURL.albums, name: Phrase("Albums"),
                       countText: Phrase(count: albums.count, "\(albums.count) album", "\(albums.count) albums"), dateText: nil,
                       cover: albums.lazy.compactMap(\.cover).first.map { ThumbImage($0, alt: Phrase("Cover of an album")) }),
            try await collectionCard(.recent, sight, counted: false),
            try await collectionCard(.duplicates, sight),
            try await collectionCard(.similar(within: PhotoGroup.similarDefault), sight),
            FolderCard(url: SiteURL.trash, name: Phrase("Trash"), countText: Phrase(count: trash.count, "\(trash.count) file", "\(trash.count) files"),
                       dateText: nil, cover: trash.first.map { ThumbImage($0.picture, alt: Phrase("Latest in the trash")) }),
        ]
    }

    /// The Tags card's cover: the newest photo of the tag most photos carry.
    private func tagsCover(_ tags: [TagCount], _ sight: Sight) async throws -> ThumbImage? {
        guard let top = tags.max(by: { ($0.count, $1.name) < ($1.count, $0.name) }) else { return nil }
        return try await view(sight).cover(.tag(top.name)).map { ThumbImage($0, alt: Phrase("Cover of Tags")) }
    }

    /// The Timeline card's cover: the newest photo of its newest month (down the index of camera
    /// dates, so its cost is the month's, not the library's).
    private func timelineCover(_ months: [TimelineMonth], _ sight: Sight) async throws -> ThumbImage? {
        guard let newest = months.max(by: { ($0.year, $0.month) < ($1.year, $1.month) }) else { return nil }
        return try await view(sight).cover(.filtered(.all, TimelinePage.monthFilter(year: newest.year, month: newest.month)))
            .map { ThumbImage($0, alt: Phrase("Cover of Timeline")) }
    }

    /// Top-level folders, with the root's own photos as a card of their own so none are lost.
    private func topLevelCards(root: FolderSummary?, sight: Sight) async throws -> [FolderCard] {
        var cards = try await view(sight).folders(in: "").map(FolderCard.init)
        if let root, root.photoCount > 0 {
            var card = FolderCard(root)
            card.name = Phrase("Not in a folder")
            card.countText = Phrase(count: root.photoCount, "\(root.photoCount) photo", "\(root.photoCount) photos")
            // The folder's dates are the whole library's: said of these few photos they would mislead.
            card.dateText = nil
            // The root's own photos, not the whole library's latest.
            card.cover = try await view(sight).cover(.folder("")).map { ThumbImage($0, alt: Phrase("Photos not in a folder")) }
            cards.insert(card, at: 0)
        }
        return cards
    }
}
