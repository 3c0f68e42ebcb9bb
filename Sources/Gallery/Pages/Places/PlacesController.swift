import Catalog
import Hummingbird
import HummingbirdCore
import Places

/// `/places`, `/places?country=FR`, `/places?country=FR&region=11`: the household's places by
/// country, region and place, each card opening the next level or the place's photos (a search
/// with `place=`). Kept like a group page, per catalog version.
struct PlacesController: Sendable {
    /// How many photos each place holds, for a sight.
    let store: any PlaceStore
    /// The located photos' count and each place's cover are read through the visitor's view.
    let reads: CatalogReads
    let pages: PageKit
    let places: PlaceBook
    let cache: PageCache
    static let perPage = 48

    func register(with routes: Routes) {
        routes.viewer.get(.places, use: show)
    }

    @Sendable func show(_ request: Request, context: GalleryContext) async throws -> Response {
        let level = try Self.level(request.uri)
        let number = try Self.pageNumber(request.uri)
        let key = PageCache.Key(version: reads.version, request, context, visitor: context.visitor, layout: "")
        return try await cache.response(key, request, context) { context in
            try await render(level, page: number, context)
        }
    }

    private func render(_ level: PlacesLevel, page number: Int, _ context: GalleryContext) async throws -> ByteBuffer {
        let view = reads.view(for: context.visitor.audience)
        let counts = try await view.placeCounts()
        let located = try await view.count(.filtered(.all, SearchFilter(located: true)))
        // With no place to name, the page needs no names, and the gazetteer is not read for it.
        guard let gazetteer = counts.isEmpty ? Gazetteer(places: [], countries: [:], regions: [:]) : await places.gazetteer() else {
            let chrome = pages.chrome(title: Phrase("Places"), crumbs: [Crumb(name: Phrase("Places"), url: nil)], section: .places, for: context)
            return try pages.render(PlacesPage.template, PlacesPage(
                chrome: chrome, heading: Phrase("Places"),
                summary: Phrase(count: located, "\(located) photo says where it was taken.", "\(located) photos say where it was taken."),
                viewBox: "0 0 720 360", worldURL: SiteURL.worldMap, marks: [], folders: [],
                emptyMessage: Phrase("Places cannot be named: the gazetteer could not be read."), notes: []), for: context)
        }
        let language = context.language.tag
        let entries = level.entries(counts, gazetteer, language: language)
        if level.country != nil, entries.isEmpty { throw PageError(.notFound, message: Phrase("No photo was taken there.")) }
        let pageCount = max(1, (entries.count + Self.perPage - 1) / Self.perPage)
        guard number <= pageCount else { throw PageError(.notFound, message: Phrase("The places have \(pageCount) pages; there is no page \(number).")) }
        var folders: [FolderCard] = []
        for entry in entries.dropFirst((number - 1) * Self.perPage).prefix(Self.perPage) {
            let photos: PhotoGroup = .filtered(.all, SearchFilter(place: entry.scope))
            let url: SiteURL = switch entry.opens {
            case .level(let country, let region): SiteURL.places(country: country, region: region)
            case .photos: SiteURL.group(photos)
            }
            folders.append(FolderCard(url: url, name: entry.label, countText: Phrase(count: entry.count, "\(entry.count) photo", "\(entry.count) photos"),
                                      cover: try await view.cover(photos).map { ThumbImage($0, alt: entry.label) }))
        }
        let map = level.map(counts, gazetteer, language: language)
        let total = entries.reduce(0) { $0 + $1.count }
        let named = counts.reduce(0) { $0 + $1.count }
        let heading = level.heading(gazetteer, language: language)
        var notes: [Phrase] = []
        if level.country == nil, located > named {
            let unnamed = located - named
            notes.append(Phrase(count: unnamed, "\(unnamed) photo says where it was taken but no place is named near it (yet).", "\(unnamed) photos say where it was taken but no place is named near it (yet)."))
        }
        var page = PlacesPage(
            chrome: pages.chrome(title: heading, crumbs: level.crumbs(gazetteer, language: language), section: .places, for: context), heading: heading,
            summary: level.summary(photos: total, cards: entries.count),
            viewBox: map.viewBox, worldURL: SiteURL.worldMap, marks: map.marks, folders: folders,
            emptyMessage: entries.isEmpty
                ? Phrase("No photo says where it was taken yet. Phones write their position into photos when location is on for the camera.") : nil,
            pagination: Pagination.of(current: number, last: pageCount) { SiteURL.places(country: level.country, region: level.region, page: $0) },
            notes: notes)
        if let scope = level.scope {
            page.allURL = SiteURL.group(.filtered(.all, SearchFilter(place: scope)))
            page.allText = Phrase(count: total, "All \(total) photo in \(heading)", "All \(total) photos in \(heading)")
        }
        return try pages.render(PlacesPage.template, page, for: context)
    }

    /// `country=` (two letters) and `region=` (GeoNames' code, only with a country); 400 otherwise.
    static func level(_ uri: URI) throws -> PlacesLevel {
        let params = uri.queryParameters
        let country = params["country"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let region = params["region"].map(String.init)
        guard let country else {
            guard region == nil else { throw PageError(.badRequest, message: Phrase("region: name the country too (country=FR&region=11).")) }
            return PlacesLevel()
        }
        guard case .country(let code)? = PlaceScope(code: country.uppercased()) else {
            throw PageError(.badRequest, message: Phrase("country: use a country's two-letter code, such as FR."))
        }
        guard let region else { return PlacesLevel(country: code) }
        guard region.isEmpty || PlaceScope(code: code + "." + region) != nil else {
            throw PageError(.badRequest, message: Phrase("region: use a region's code as the Places page links it, such as 11."))
        }
        return PlacesLevel(country: code, region: region)
    }

    static func pageNumber(_ uri: URI) throws -> Int {
        guard let raw = uri.queryParameters["page"].map(String.init) else { return 1 }
        guard let number = Int(raw), number >= 1, number <= 100_000 else {
            throw PageError(.badRequest, message: Phrase("page: use a page number from 1."))
        }
        return number
    }
}

extension PlacesLevel {
    /// The level's photos as one search's filter; nil for the world.
    var scope: PlaceScope? {
        guard let country else { return nil }
        guard let region else { return .country(country) }
        return .region(country, region)
    }

    /// "12 photos in 3 countries": the level's photos and its cards (countries, regions or places), counted.
    func summary(photos total: Int, cards: Int) -> Phrase {
        let photos = Phrase(count: total, "\(total) photo", "\(total) photos")
        return switch (country, region) {
        case (nil, _): Phrase(count: cards, "\(photos) in \(cards) country", "\(photos) in \(cards) countries")
        case (_, nil): Phrase(count: cards, "\(photos) in \(cards) region", "\(photos) in \(cards) regions")
        default: Phrase(count: cards, "\(photos) in \(cards) place", "\(photos) in \(cards) places")
        }
    }

    /// The level's title, its country or region named in `language` (a page's tag).
    func heading(_ gazetteer: Gazetteer, language: String) -> Phrase {
        guard let country else { return Phrase("Places") }
        let countryName = gazetteer.countryName(country, in: language)
        guard let region else { return .verbatim(countryName) }
        if let name = gazetteer.regionName(country: country, region: region, in: language) { return .verbatim(name) }
        return region.isEmpty ? Phrase("Elsewhere in \(countryName)") : .verbatim(region)
    }

    func crumbs(_ gazetteer: Gazetteer, language: String) -> [Crumb] {
        guard let country else { return [Crumb(name: Phrase("Places"), url: nil)] }
        var crumbs = [Crumb(name: Phrase("Places"), url: SiteURL.places())]
        let heading = heading(gazetteer, language: language)
        guard region != nil else { return crumbs + [Crumb(name: heading, url: nil)] }
        crumbs.append(Crumb(name: .verbatim(gazetteer.countryName(country, in: language)), url: SiteURL.places(country: country)))
        return crumbs + [Crumb(name: heading, url: nil)]
    }
}
