import Foundation

extension Gazetteer {
    /// Reads `cities.tsv`, `regions.tsv`, `countries.tsv` and `names.tsv` from `folder` (see
    /// scripts/gazetteer.py). A line that is not what it should be is left out, not trusted; a
    /// folder without `names.tsv` names places in English alone.
    public static func load(folder: String) throws -> Gazetteer {
        func read(_ name: String) throws -> Data {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                throw GazetteerError(description: "the gazetteer's \(name) could not be read under \(folder)")
            }
            return data
        }
        let places = self.places(in: try read("cities.tsv"))
        let localized = FileManager.default.contents(atPath: folder + "/names.tsv").map(localizedNames) ?? [:]
        return Gazetteer(places: places, countries: names(try read("countries.tsv"), key: 1), regions: names(try read("regions.tsv"), key: 2),
                         localized: localized)
    }

    /// Calls `body` with the tab-separated fields of each line, one line at a time, so that
    /// reading the places holds no more than the file and the places made.
    static func forEachLine(_ data: Data, _ body: ([Substring]) -> Void) {
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") { body(line.split(separator: "\t", omittingEmptySubsequences: false)) }
    }

    /// The places of `cities.tsv`, a line each: id, name, country, region, latitude, longitude,
    /// population, tab-separated. Read from the bytes without making a string of the file, of
    /// each line or of each field but the values (a server's first Places page may wait for this:
    /// 393 ms for the 147,217 places when it was made of strings, 108 ms so).
    static func places(in data: Data) -> [Place] {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Place] in
            var places: [Place] = []
            places.reserveCapacity(bytes.count / 48)
            var fields: [UnsafeRawBufferPointer] = []
            fields.reserveCapacity(8)
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = lineStart
                for at in lineStart...lineEnd where at == lineEnd || bytes[at] == UInt8(ascii: "\t") {
                    fields.append(UnsafeRawBufferPointer(rebasing: bytes[fieldStart..<at]))
                    fieldStart = at + 1
                }
                if let place = place(bytes: fields) { places.append(place) }
                lineStart = lineEnd + 1
            }
            return places
        }
    }

    /// One line's place; nil unless it has seven fields, a whole id and population (not
    /// negative), a name, a two-letter country and a latitude and longitude on the globe.
    private static func place(bytes fields: [UnsafeRawBufferPointer]) -> Place? {
        func text(_ field: UnsafeRawBufferPointer) -> String { String(decoding: field, as: UTF8.self) }
        guard fields.count == 7, let id = Int64(text(fields[0])), let latitude = Double(text(fields[4])),
              let longitude = Double(text(fields[5])), let population = Int(text(fields[6])), population >= 0,
              !fields[1].isEmpty, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let country = text(fields[2])
        guard country.count == 2 else { return nil }
        return Place(id: id, name: text(fields[1]), country: country, region: text(fields[3]),
                     latitude: latitude, longitude: longitude, population: population)
    }

    /// `names.tsv`: a header `key<TAB>de<TAB>es…` naming a language a column, then a line a key
    /// (a country's code, a region's "CC.code", a place's id) with its name in each language or
    /// an empty field. A line with another count of fields, or with an empty or spaced key, is
    /// skipped; so is a column whose tag is not one (empty, or other than letters, digits and
    /// dashes); a header that is not one gives no names.
    static func localizedNames(_ data: Data) -> [String: [String: String]] {
        var tags: [String?]?
        var names: [String: [String: String]] = [:]
        forEachLine(data) { fields in
            guard let columns = tags else {
                guard fields.first == "key", fields.count > 1 else { tags = []; return }
                tags = fields.dropFirst().map { tag in
                    !tag.isEmpty && tag.count <= 35 && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } ? String(tag) : nil
                }
                return
            }
            guard !columns.isEmpty, fields.count == columns.count + 1, !fields[0].isEmpty,
                  !fields[0].contains(where: \.isWhitespace) else { return }
            let key = String(fields[0])
            for (tag, name) in zip(columns, fields.dropFirst()) where !name.isEmpty {
                if let tag { names[tag, default: [:]][key] = String(name) }
            }
        }
        return names
    }

    /// The last field by the first `key` fields joined with "." (a country; a country and region).
    static func names(_ data: Data, key: Int) -> [String: String] {
        var names: [String: String] = [:]
        forEachLine(data) { fields in
            guard fields.count == key + 1, !fields[key].isEmpty else { return }
            names[fields[0..<key].joined(separator: ".")] = String(fields[key])
        }
        return names
    }
}

/// The gazetteer's files are missing or unreadable.
public struct GazetteerError: Error, CustomStringConvertible {
    public let description: String
}
