import Foundation

/// A position on Earth as a camera wrote it: degrees north and east (WGS 84).
///
/// Every reader of a file's position ends here, so what is kept is always sane: finite, within
/// ±90° and ±180°, and never exactly 0°, 0° (what a camera without a fix writes).
public struct GeoPoint: Sendable, Hashable, Codable {
    /// Degrees north, -90...90.
    public let latitude: Double
    /// Degrees east, -180...180.
    public let longitude: Double

    /// A point, or nil when the values are not a position a camera could have been at.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              latitude != 0 || longitude != 0 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Degrees, minutes and seconds (EXIF's three rationals) turned north or east by their
    /// reference ("N", "S", "E", "W"); nil when anything is missing or out of range.
    public init?(latitude: [Double], north: String?, longitude: [Double], east: String?) {
        guard let lat = Self.degrees(latitude), let lon = Self.degrees(longitude),
              let latSign = Self.sign(north, positive: "N", negative: "S"),
              let lonSign = Self.sign(east, positive: "E", negative: "W") else { return nil }
        self.init(latitude: lat * latSign, longitude: lon * lonSign)
    }

    /// EXIF's degrees, minutes and seconds (one to three values) as degrees.
    static func degrees(_ parts: [Double]) -> Double? {
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let minutes = parts.count > 1 ? parts[1] : 0, seconds = parts.count > 2 ? parts[2] : 0
        guard minutes < 60, seconds < 60 else { return nil }
        return parts[0] + minutes / 60 + seconds / 3600
    }

    /// +1 or -1 for a reference, nil for anything else. A missing reference reads as north or
    /// east, as exiftool and ImageMagick read it.
    private static func sign(_ reference: String?, positive: String, negative: String) -> Double? {
        guard let reference else { return 1 }
        switch reference.trimmingCharacters(in: .whitespaces).uppercased() {
        case positive, "": return 1
        case negative: return -1
        default: return nil
        }
    }
}

extension GeoPoint {
    /// Reads ImageMagick's text of EXIF rationals, "48/1, 51/1, 2958/100"; nil for anything else.
    public static func rationals(_ text: String) -> [Double]? {
        guard text.utf8.count <= 256 else { return nil }
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...3).contains(parts.count) else { return nil }
        var values: [Double] = []
        for part in parts {
            let fraction = part.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(fraction.count), let top = UInt32(fraction[0]) else { return nil }
            let bottom = fraction.count == 2 ? UInt32(fraction[1]) : 1
            guard let bottom, bottom > 0 else { return nil }
            values.append(Double(top) / Double(bottom))
        }
        return values
    }

    /// Reads an ISO 6709 position as videos keep it ("+48.8577+002.2950/", "+48.8577+002.2950+035.0/"):
    /// signed decimal degrees of latitude then longitude, an optional altitude, an optional "/".
    public static func iso6709(_ text: String) -> GeoPoint? {
        let bytes = Array(text.utf8.prefix(64))
        var numbers: [Double] = []
        var at = 0
        while at < bytes.count, numbers.count < 3 {
            guard bytes[at] == 0x2B || bytes[at] == 0x2D else { break }
            var end = at + 1
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x2E { end += 1 }
            guard end > at + 1, let value = Double(String(decoding: bytes[at..<end], as: UTF8.self)) else { return nil }
            numbers.append(value)
            at = end
        }
        guard numbers.count >= 2, at == bytes.count || bytes[at] == 0x2F || bytes[at] == 0x43 else { return nil }
        return GeoPoint(latitude: numbers[0], longitude: numbers[1])
    }
}
