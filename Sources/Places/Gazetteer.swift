import Foundation

/// The places a photo's position can be named after, read once from the gazetteer the project
/// ships (`Gazetteer/`: GeoNames' places of 1,000 or more people, CC BY 4.0), with a grid of
/// half-degree cells so that naming a position reads the few places near it, not the list.
public struct Gazetteer: Sendable {
    /// Every place, sorted by id.
    public let places: [Place]
    /// Country code to country name.
    let countries: [String: String]
    /// "CC.code" (GeoNames' spelling of a first-order division) to region name.
    let regions: [String: String]
    /// A language's tag ("es") to its names, by the key of what they name (a country's code, a
    /// region's "CC.code", a place's id in decimal), where its name differs from the English one.
    let localized: [String: [String: String]]
    let grid: Grid
    /// Each place's position and weight, apart from its names, so the loop that names a position
    /// reads plain numbers.
    let points: [Point]

    struct Point {
        let latitude, longitude, weight: Double
        let id: Int64
    }

    /// The furthest a photo may be from a place to be named after it.
    public static let reach = 30.0

    /// Builds the gazetteer and its grid from parsed places and names; `localized` gives, by
    /// language tag, the names that language has of its own (keyed as `names.tsv` keys them).
    public init(places: [Place], countries: [String: String], regions: [String: String], localized: [String: [String: String]] = [:]) {
        self.places = places.sorted { $0.id < $1.id }
        self.countries = countries
        self.regions = regions
        self.localized = localized
        grid = Grid(self.places)
        points = self.places.map { Point(latitude: $0.latitude, longitude: $0.longitude, weight: $0.weight, id: $0.id) }
    }

    /// The place a position is named after: of the places within `reach` kilometres, the one
    /// nearest once each distance is divided by the place's weight (`Place.weight`), so that the
    /// Eiffel Tower, 4 km from the point that stands for Paris, is in Paris and not in the suburb
    /// whose point is a little nearer; nil when no place is that near (open sea, a desert, or a
    /// position that is not one).
    public func named(latitude: Double, longitude: Double, within reach: Double = Gazetteer.reach) -> Place? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180, reach > 0 else { return nil }
        var best: (index: Int32, score: Double)?
        // Degrees of latitude alone put a place out of reach, whatever its longitude: most of a
        // candidate cell's places are passed over before the sines and cosines of the distance.
        let latitudeReach = reach / Self.kmPerDegree
        grid.forEachCandidate(latitude: latitude, longitude: longitude, reach: reach) { index in
            let point = points[Int(index)]
            guard abs(point.latitude - latitude) <= latitudeReach else { return }
            let km = Self.distance(latitude, longitude, point.latitude, point.longitude)
            guard km <= reach else { return }
            let score = km / point.weight
            if best == nil || score < best!.score || (score == best!.score && point.id < points[Int(best!.index)].id) {
                best = (index, score)
            }
        }
        return best.map { places[Int($0.index)] }
    }

    /// The place with this id, or nil.
    public func place(id: Int64) -> Place? {
        index(of: id).map { places[$0] }
    }

    /// Where the place with this id is in `places`, or nil.
    func index(of id: Int64) -> Int? {
        var low = 0, high = places.count
        while low < high {
            let mid = (low + high) / 2
            if places[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < places.count && places[low].id == id ? low : nil
    }

    /// The country's name in `language` (a tag, "es"), else in English, else its code.
    public func countryName(_ code: String, in language: String) -> String {
        name(code, in: language) ?? countries[code] ?? code
    }

    /// The region's name in `language`, else in English; nil when the gazetteer has none.
    public func regionName(country: String, region: String, in language: String) -> String? {
        let key = country + "." + region
        guard let english = regions[key] else { return nil }
        return name(key, in: language) ?? english
    }

    /// The place's own name in `language`, else in English.
    public func placeName(_ place: Place, in language: String) -> String {
        name(String(place.id), in: language) ?? place.name
    }

    /// The name `language` has of its own for what `key` names: its tag's ("pt-BR"), else its
    /// primary language's ("pt"); nil where it says the English name (English's always).
    func name(_ key: String, in language: String) -> String? {
        if let names = localized[language] { return names[key] }
        guard let dash = language.firstIndex(of: "-") else { return nil }
        return localized[String(language[..<dash])]?[key]
    }

    /// Kilometres in a degree of latitude (a meridian's length over 180, on the sphere of `distance`),
    /// a little under, so that a bound made with it never leaves out a place within reach.
    static let kmPerDegree = 111.19

    /// Great-circle distance in kilometres (haversine on a sphere of the Earth's mean radius).
    public static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(a)))
    }
}

/// One named place.
public struct Place: Sendable, Hashable {
    /// GeoNames' id.
    public let id: Int64
    public let name: String
    /// ISO 3166 country code ("FR").
    public let country: String
    /// GeoNames' first-order division code within the country ("11"); empty when none.
    public let region: String
    public let latitude: Double
    public let longitude: Double
    /// How many people live there (GeoNames' figure).
    public let population: Int

    public init(id: Int64, name: String, country: String, region: String, latitude: Double, longitude: Double, population: Int = 0) {
        self.id = id
        self.name = name
        self.country = country
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
    }

    /// How far a place's name reaches: 1 for a town of 5,000 people or fewer, one more for each tenfold
    /// (a city of 5 million reaches four times as far). A big city is one point on the map however
    /// wide it is; this is what lets its own suburbs not take its middle.
    public var weight: Double {
        1 + log10(Double(max(population, 5_000)) / 5_000)
    }
}
