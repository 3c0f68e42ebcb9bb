/// Where photos were taken, as wide as a person asks: a country, a region of it, or one place
/// of the gazetteer. Written in query strings as GeoNames writes them: "FR", "FR.11", "2988507".
public enum PlaceScope: Hashable, Sendable {
    /// ISO 3166 two-letter code, upper case.
    case country(String)
    /// A country and GeoNames' code of a first-order division in it.
    case region(String, String)
    /// A GeoNames id.
    case place(Int64)

    /// Reads "FR", "FR.11" or "2988507"; nil for anything else. Codes are letters and digits only.
    public init?(code: String) {
        guard (1...24).contains(code.utf8.count) else { return nil }
        if let id = Int64(code), id > 0 {
            self = .place(id)
            return
        }
        let parts = code.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let country = parts[0]
        guard country.utf8.count == 2, country.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
        if parts.count == 1 {
            self = .country(String(country))
            return
        }
        let region = parts[1]
        // A place in no region of its country has an empty code ("FR.").
        guard region.utf8.count <= 20,
              region.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        self = .region(String(country), String(region))
    }

    /// The code `init?(code:)` reads back.
    public var code: String {
        switch self {
        case .country(let country): country
        case .region(let country, let region): country + "." + region
        case .place(let id): String(id)
        }
    }
}
