import Foundation
import Testing

@testable import Imaging

/// A file handed out by a link that hides places (`PlaceRedaction`'s patches applied), and what
/// exiftool, the oracle, still reads of where it was taken.
enum PlaceOracle {
    /// The position and the place names the tests write, as exiftool prints them with `-n`.
    static let written = ["48.858", "2.294", "Lutetia", "Francia", "Champ", "Idf", "FRX"]
    /// exiftool's tags that hold a position or a place name, in every group.
    static let placeTags = ["-GPS*", "-*City*", "-*Location*", "-*Country*", "-*State*", "-*Sub-location*", "-*Sublocation*", "-*Province*"]
    /// exiftool's place arguments for the tools that make test files.
    static let position = ["-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E"]
    static let xmpPlaces = ["-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945", "-XMP-photoshop:City=Lutetia",
                            "-XMP-photoshop:State=Idf", "-XMP-photoshop:Country=Francia", "-XMP-iptcCore:Location=Champ",
                            "-XMP-iptcCore:CountryCode=FRX", "-XMP-iptcExt:LocationShownCity=Lutetia",
                            "-XMP-iptcExt:LocationCreatedGPSLatitude=48.8584"]
    static let iptcPlaces = ["-IPTC:City=Lutetia", "-IPTC:Sub-location=Champ", "-IPTC:Province-State=Idf",
                             "-IPTC:Country-PrimaryLocationCode=FRX", "-IPTC:Country-PrimaryLocationName=Francia",
                             "-IPTC:ContentLocationName=Champ"]

    /// `bytes` with the patches for `format` applied; fails the test when the file would be withheld.
    static func redacted(_ bytes: [UInt8], _ format: ImageFormat) throws -> [UInt8] {
        let patches = try #require(PlaceRedaction.patches(format: format, file: bytes))
        #expect(patches.allSatisfy { $0.offset >= 0 && $0.offset + $0.bytes.count <= bytes.count })
        var copy = bytes
        GPSRedaction.apply(patches, to: &copy, at: 0)
        return copy
    }

    /// What exiftool reads in `bytes` (written to a file named `name`): with `tags`, only those.
    static func said(_ bytes: [UInt8], _ name: String, tags: [String] = []) throws -> String {
        let folder = NSTemporaryDirectory() + "photolala-places-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Tool.run("exiftool", ["-a", "-G1", "-ee", "-n", "-s"] + tags + [path])
    }

    /// The written positions and places exiftool still finds anywhere in `bytes`.
    static func found(_ bytes: [UInt8], _ name: String) throws -> [String] {
        let text = try said(bytes, name)
        return written.filter { text.contains($0) }
    }

    /// The position and place tags exiftool reads with a value (a blanked one reads empty).
    static func valued(_ bytes: [UInt8], _ name: String) throws -> [String] {
        try said(bytes, name, tags: placeTags).split(separator: "\n").map(String.init).filter { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            return !line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty
        }
    }

    /// Whether ImageMagick still reads `bytes` (written as `name`) as a picture.
    static func decodes(_ bytes: [UInt8], _ name: String) throws -> Bool {
        let folder = NSTemporaryDirectory() + "photolala-places-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (try? Tool.dimensions(of: path)) != nil
    }
}
