import Foundation

extension Gazetteer {
    /// Reads `cities.tsv`, `regions.tsv` and `countries.tsv` from `folder` (see
    /// scripts/gazetteer.py). A line that is not what it should be is left out, not trusted.
    public static func load(folder: String) throws -> Gazetteer {
        func read(_ name: String) throws -> Data {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                throw GazetteerError(description: "the gazetteer's \(name) could not be read under \(folder)")
            }
            return data
        }
        var places: [Place] = []
        places.reserveCapacity(70_000)
        forEachLine(try read("cities.tsv")) { if let place = place($0) { places.append(place) } }
        return Gazetteer(places: places, countries: names(try read("countries.tsv"), key: 1), regions: names(try read("regions.tsv"), key: 2))
    }

    /// Calls `body` with the tab-separated fields of each line, one line at a time, so that
    /// reading the places holds no more than the file and the places made.
    static func forEachLine(_ data: Data, _ body: ([Substring]) -> Void) {
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") { body(line.split(separator: "\t", omittingEmptySubsequences: false)) }
    }

    /// The tab-separated fields of each line.
    static func lines(_ data: Data) -> [[Substring]] {
        var lines: [[Substring]] = []
        forEachLine(data) { lines.append($0) }
        return lines
    }

    /// id, name, country, region, latitude, longitude, population.
    static func place(_ fields: [Substring]) -> Place? {
        guard fields.count == 7, let id = Int64(fields[0]), let latitude = Double(fields[4]), let longitude = Double(fields[5]),
              let population = Int(fields[6]), population >= 0,
              !fields[1].isEmpty, fields[2].count == 2, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return Place(id: id, name: String(fields[1]), country: String(fields[2]), region: String(fields[3]),
                     latitude: latitude, longitude: longitude, population: population)
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
