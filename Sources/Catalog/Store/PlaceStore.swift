/// Where photos were taken: the positions files gave, named with a gazetteer the catalog does
/// not know (the gallery's), and counted by country, region and place.
public protocol PlaceStore: Sendable {
    /// The fingerprint of the gazetteer the catalog's places were named with; nil before any.
    func placeFingerprint() async throws -> Int64?
    /// Forgets every name given with another gazetteer and records `fingerprint` as the one names
    /// are now given with: every position is named anew.
    func renamePlaces(fingerprint: Int64) async throws
    /// Up to `limit` photos with a position but no name yet, by id.
    func unnamedPositions(limit: Int) async throws -> [LocatedPhoto]
    /// Writes the names; a photo whose position changed since it was read keeps waiting for its name.
    func name(_ names: [PlaceName]) async throws
    /// How many listed photos `sight` may see each named place holds, by country, region and place.
    func placeCounts(sight: Sight) async throws -> [PlaceCount]
}

/// A photo's position, waiting to be named.
public struct LocatedPhoto: Sendable, Equatable {
    public var photoId: Int64
    public var latitude, longitude: Double
    public init(photoId: Int64, latitude: Double, longitude: Double) {
        (self.photoId, self.latitude, self.longitude) = (photoId, latitude, longitude)
    }
}

/// A place of the gazetteer as the catalog keeps it on a photo: its GeoNames id, its country
/// and its region's code.
public struct NamedPlace: Sendable, Equatable {
    public var id: Int64
    public var country, region: String
    public init(id: Int64, country: String, region: String) {
        (self.id, self.country, self.region) = (id, country, region)
    }
}

/// The name a photo's position got: a place of the gazetteer, or none near enough.
public struct PlaceName: Sendable, Equatable {
    public var photo: LocatedPhoto
    /// The place; nil when no place is near.
    public var place: NamedPlace?
    public init(photo: LocatedPhoto, place: NamedPlace?) {
        self.photo = photo
        self.place = place
    }
}

/// How many listed photos a place holds.
public struct PlaceCount: Sendable, Equatable {
    public var placeId: Int64
    public var country, region: String
    public var count: Int
    public init(placeId: Int64, country: String, region: String, count: Int) {
        (self.placeId, self.country, self.region, self.count) = (placeId, country, region, count)
    }
}
