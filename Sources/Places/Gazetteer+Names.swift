import Foundation

/// Places found by name ("Paris", "Paris, France", "Peru", "Bavaria", and as the gallery's other
/// languages name them: "París, Francia", "イタリア"), for `place=` typed by a person: names
/// compared without case or accents, through an index made once.
extension Gazetteer {
    /// What a name stands for: a country, a region or a place.
    public enum Found: Sendable, Equatable {
        case country(String)
        case region(country: String, region: String)
        case place(Int64)
    }

    /// Folded names to what bears them: places (the most populous first), countries and regions.
    public struct NameIndex: Sendable {
        let places: [String: [Int]]
        let countries: [String: String]
        let regions: [String: [(country: String, region: String)]]
    }

    /// A name as it is compared: lower case, without accents, its spaces single.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The index of every name, the English ones and each language's (about a second for the
    /// whole gazetteer: made once, off the request threads). A place's name in any language finds
    /// it, the most populous place of a name first; where a country's name in some language is
    /// another country's English name, the English name wins.
    public func nameIndex() -> NameIndex {
        var byName: [String: [Int]] = [:]
        for (index, place) in places.enumerated() { byName[Self.fold(place.name), default: []].append(index) }
        var countries: [String: String] = [:]
        var regions: [String: [(country: String, region: String)]] = [:]
        func addRegion(_ key: String, _ name: String) {
            let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return }
            let region = (country: String(parts[0]), region: String(parts[1]))
            if regions[Self.fold(name)]?.contains(where: { $0 == region }) != true { regions[Self.fold(name), default: []].append(region) }
        }
        for (key, name) in self.regions { addRegion(key, name) }
        for tag in localized.keys.sorted() {
            for (key, name) in localized[tag] ?? [:] {
                if self.countries[key] != nil {
                    countries[Self.fold(name)] = key
                } else if self.regions[key] != nil {
                    addRegion(key, name)
                } else if let id = Int64(key), let index = index(of: id), byName[Self.fold(name)]?.contains(index) != true {
                    byName[Self.fold(name), default: []].append(index)
                }
            }
        }
        for (code, name) in self.countries { countries[Self.fold(name)] = code }
        for key in byName.keys { byName[key]?.sort { places[$0].population > places[$1].population } }
        return NameIndex(places: byName, countries: countries, regions: regions)
    }

    /// What `text` names: alone, a country, else the most populous place of that name, else a
    /// region; "place, country" or "place, region, country" (a country by name or code) picks
    /// among places of one name. Nil when nothing bears it.
    public func lookUp(_ text: String, in index: NameIndex) -> Found? {
        let parts = text.split(separator: ",").map { Self.fold(String($0)) }.filter { !$0.isEmpty }
        guard let first = parts.first, parts.count <= 3 else { return nil }
        if parts.count == 1 {
            if let code = index.countries[first] { return .country(code) }
            if let best = index.places[first]?.first { return .place(places[best].id) }
            if let region = index.regions[first]?.first { return .region(country: region.country, region: region.region) }
            return nil
        }
        let last = parts[parts.count - 1]
        let country = index.countries[last] ?? (last.count == 2 ? last.uppercased() : nil)
        guard let country else { return nil }
        let region = parts.count == 3 ? parts[1] : nil
        let candidates = (index.places[first] ?? []).map { places[$0] }.filter { place in
            place.country == country && (region.map { regionNames(country: country, region: place.region).contains($0) } ?? true)
        }
        if let best = candidates.first { return .place(best.id) }
        // "Bavaria, Germany": a region of that country
        if parts.count == 2, let found = index.regions[first]?.first(where: { $0.country == country }) {
            return .region(country: found.country, region: found.region)
        }
        return nil
    }

    /// A region's names folded: the English one and each language's.
    func regionNames(country: String, region: String) -> [String] {
        let key = country + "." + region
        guard let english = regions[key] else { return [] }
        return [Self.fold(english)] + localized.values.compactMap { $0[key].map(Self.fold) }
    }
}
