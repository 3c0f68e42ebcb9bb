import Foundation

/// Where a photo was taken as XMP says it, under any prefix (`exif:GPSLatitude`, or the EXIF
/// namespace bound to another one): XMP's GPS coordinates, "DDD,MM,SSk" or "DDD,MM.mmk" with k
/// one of N, S, E, W (as Lightroom and exiftool write them), or plain signed degrees. Pure and
/// total: any bytes give a position or nil.
enum XMPPosition {
    /// The position an XMP packet holds, or nil.
    static func read(_ bytes: [UInt8]) -> GeoPoint? {
        let xml = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        guard let latitude = value("GPSLatitude", in: xml).flatMap({ degrees($0, positive: "N", negative: "S") }),
              let longitude = value("GPSLongitude", in: xml).flatMap({ degrees($0, positive: "E", negative: "W") }) else { return nil }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// The value of the first property whose local name is `local` (after any prefix), as an
    /// attribute or an element's text.
    static func value(_ local: String, in xml: String) -> String? {
        var cursor = xml.startIndex
        while let found = EmbeddedCuration.find(local, in: xml[cursor...]) {
            cursor = found.upperBound
            // a prefix ending in ':' just before, itself after '<' or whitespace; or the bare name
            var start = found.lowerBound
            if start > xml.startIndex, xml[xml.index(before: start)] == ":" {
                start = xml.index(before: start)
                while start > xml.startIndex, isNameCharacter(xml[xml.index(before: start)]) { start = xml.index(before: start) }
            }
            guard start > xml.startIndex else { continue }
            let before = xml[xml.index(before: start)]
            guard before == "<" || before.isWhitespace else { continue }
            // the whole name: nothing more of it after `local` (not `GPSLatitudeRef`)
            let rest = xml[found.upperBound...]
            guard let next = rest.first, !isNameCharacter(next) else { continue }
            let trimmed = rest.drop(while: \.isWhitespace)
            if before.isWhitespace, trimmed.first == "=" {
                let value = trimmed.dropFirst().drop(while: \.isWhitespace)
                guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
                return String(value.dropFirst().prefix { $0 != quote })
            }
            if before == "<", let close = rest.firstIndex(of: ">"), xml[xml.index(before: close)] != "/" {
                return String(rest[rest.index(after: close)...].prefix { $0 != "<" }).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }

    /// Degrees of "DDD,MM,SSk", "DDD,MM.mmk" or a plain signed number; nil for anything else.
    static func degrees(_ text: String, positive: Character, negative: Character) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 40 else { return nil }
        if let plain = Double(text), plain.isFinite { return plain }
        guard let last = text.last?.uppercased().first, last == positive || last == negative else { return nil }
        let parts = text.dropLast().split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.map { $0! }
        guard let magnitude = GeoPoint.degrees(values) else { return nil }
        return last == negative ? -magnitude : magnitude
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
    }
}
