import Foundation

/// Places found by name ("Paris", "Paris, France", "Peru", "Bavaria"), for `place=` typed by a
/// person: names compared without case or accents, through an index made once.
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

    /// The index of every name (about a second for the whole gazetteer: made once, off the request threads).
    public func nameIndex() -> NameIndex {
        var byName: [String: [Int]] = [:]
        for (index, place) in places.enumerated() { byName[Self.fold(place.name), default: []].append(index) }
        for key in byName.keys { byName[key]?.sort { places[$0].population > places[$1].population } }
        var countries: [String: String] = [:]
        for (code, name) in self.countries { countries[Self.fold(name)] = code }
        var regions: [String: [(country: String, region: String)]] = [:]
        for (key, name) in self.regions {
            let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            regions[Self.fold(name), default: []].append((String(parts[0]), String(parts[1])))
        }
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
            place.country == country && (region.map { Self.fold(regionName(country: country, region: place.region) ?? "") == $0 } ?? true)
        }
        if let best = candidates.first { return .place(best.id) }
        // "Bavaria, Germany": a region of that country
        if parts.count == 2, let found = index.regions[first]?.first(where: { $0.country == country }) {
            return .region(country: found.country, region: found.region)
        }
        return nil
    }
}
