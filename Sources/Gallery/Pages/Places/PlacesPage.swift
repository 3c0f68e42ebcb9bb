import Catalog
import Foundation
import Places

/// `/places`: where the photos were taken, as a paged list like a folder's (countries, then a
/// country's regions, then a region's places, each with its count and a cover) under a world map
/// drawn on the server (Natural Earth's outlines as a static SVG, a mark per place linking to its
/// photos): no tiles, no script.
struct PlacesPage: PageModel {
    static let template = "places"

    /// A place on the map: a circle at its position, sized by its count, linking to its photos.
    struct Mark: Encodable, Equatable {
        var x, y, r: String
        var url: SiteURL
        var title: Phrase
    }
    var chrome: PageChrome
    var heading: Phrase
    var summary: Phrase
    /// The part of the 720 × 360 plate carrée the map shows: the world, or the level's places.
    var viewBox: String
    var worldURL: SiteURL
    var marks: [Mark]
    /// The cards of the level: countries, regions or places (the shared folder cards).
    var folders: [FolderCard]
    /// Every photo of the country or region as one group.
    var allURL: SiteURL?
    var allText: Phrase?
    var emptyMessage: Phrase?
    var pagination: Pagination?
    /// Photos with a position that names no place (too far from any), or not named yet.
    var notes: [Phrase]

    /// The most marks one map draws (the places with the most photos): a few KB of SVG at most.
    static let maxMarks = 200
}

/// One card of the Places page before its cover is read: a country, a region or a place, its
/// photos' scope and count.
struct PlaceEntry: Equatable {
    /// The gazetteer's name in the page's language, or the English one for a place it does not
    /// name: what cards are ordered by.
    var name: String
    /// The name as the card says it.
    var label: Phrase
    var scope: PlaceScope
    var count: Int
    /// Where the card leads: a level further down, or the photos themselves.
    var opens: Opens

    enum Opens: Equatable {
        case level(country: String, region: String?)
        case photos
    }
}

/// A level of the Places page from the catalog's counts: what it lists and what its map marks.
/// Plain values in, plain values out, so a unit test reads it (`PlacesPageTests`).
struct PlacesLevel {
    var country: String?
    var region: String?

    /// The counts of the places inside the level.
    func within(_ counts: [PlaceCount]) -> [PlaceCount] {
        counts.filter { count in country.map { count.country == $0 } ?? true && region.map { count.region == $0 } ?? true }
    }

    /// The level's cards, most photos first, then by name, named in `language` (a page's tag).
    func entries(_ counts: [PlaceCount], _ gazetteer: Gazetteer, language: String) -> [PlaceEntry] {
        let here = within(counts)
        let entries: [PlaceEntry]
        switch (country, region) {
        case (nil, _):
            entries = Dictionary(grouping: here, by: \.country).map { code, counts in
                let name = gazetteer.countryName(code, in: language)
                return PlaceEntry(name: name, label: .verbatim(name), scope: .country(code), count: counts.reduce(0) { $0 + $1.count },
                                  opens: .level(country: code, region: nil))
            }
        case (let country?, nil):
            entries = Dictionary(grouping: here, by: \.region).map { code, counts in
                let named = gazetteer.regionName(country: country, region: code, in: language)
                let name = named ?? (code.isEmpty ? "Elsewhere" : code)
                let label = named == nil && code.isEmpty ? Phrase("Elsewhere") : .verbatim(name)
                return PlaceEntry(name: name, label: label, scope: .region(country, code), count: counts.reduce(0) { $0 + $1.count },
                                  opens: .level(country: country, region: code))
            }
        case (_, _):
            entries = here.map { count in
                let name = gazetteer.place(id: count.placeId).map { gazetteer.placeName($0, in: language) }
                return PlaceEntry(name: name ?? "Place \(count.placeId)", label: name.map { .verbatim($0) } ?? Phrase("Place \(String(count.placeId))"),
                                  scope: .place(count.placeId), count: count.count, opens: .photos)
            }
        }
        return entries.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
    }

    /// A mark for each of the level's places (the `PlacesPage.maxMarks` with the most photos),
    /// and the view box that holds them: the world, or their extent with a margin; each mark's
    /// title names its place in `language`.
    func map(_ counts: [PlaceCount], _ gazetteer: Gazetteer, language: String) -> (viewBox: String, marks: [PlacesPage.Mark]) {
        let located = within(counts).sorted { ($0.count, $1.placeId) > ($1.count, $0.placeId) }.prefix(PlacesPage.maxMarks)
            .compactMap { count in gazetteer.place(id: count.placeId).map { (count, $0) } }
        var box = (x: 0.0, y: 0.0, width: 720.0, height: 360.0)
        if country != nil, !located.isEmpty {
            let xs = located.map { ($0.1.longitude + 180) * 2 }, ys = located.map { (90 - $0.1.latitude) * 2 }
            // At least 40 × 20 units (20° × 10°, a country and its neighbours), with a fifth either side, kept 2:1 like the world.
            var width = max(40, (xs.max()! - xs.min()!) * 1.4), height = max(20, (ys.max()! - ys.min()!) * 1.4)
            if width < height * 2 { width = height * 2 } else { height = width / 2 }
            width = min(width, 720); height = min(height, 360)
            box = (min(max(0, (xs.max()! + xs.min()!) / 2 - width / 2), 720 - width),
                   min(max(0, (ys.max()! + ys.min()!) / 2 - height / 2), 360 - height), width, height)
        }
        let scale = box.width / 720
        let marks = located.map { count, place in
            let name = PlaceBook.name(place, in: gazetteer, language: language)
            return PlacesPage.Mark(x: Self.unit((place.longitude + 180) * 2), y: Self.unit((90 - place.latitude) * 2),
                                   r: Self.unit((7 + 1.5 * log2(Double(max(1, count.count)))) * scale),
                                   url: SiteURL.group(.filtered(.all, SearchFilter(place: .place(place.id)))),
                                   title: Phrase(count: count.count, "\(name): \(count.count) photo", "\(name): \(count.count) photos"))
        }
        return ([box.x, box.y, box.width, box.height].map(Self.unit).joined(separator: " "), marks)
    }

    /// A map unit with at most two decimals, as short as it can be written.
    static func unit(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
