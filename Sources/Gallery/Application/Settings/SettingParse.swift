import Foundation

/// The checks settings share; each throws a `SettingProblem` that ends the sentence its flag begins.
enum SettingParse {
    /// A whole number in `range`.
    static func int(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { raw in
            guard let value = Int(raw.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
                throw SettingProblem("must be a whole number from \(range.lowerBound) to \(range.upperBound), not “\(raw)”")
            }
            return value
        }
    }

    /// A whole number in `range`, times `unit` (megabytes to bytes, say).
    static func int(_ range: ClosedRange<Int>, times unit: Int) -> @Sendable (String) throws -> Int {
        let whole = int(range)
        return { raw in try whole(raw) * unit }
    }

    /// A whole number in `range`, or nil when not given.
    static func optionalInt(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int? {
        let whole = int(range)
        return { raw in try whole(raw) }
    }

    /// 1/true/yes/on or 0/false/no/off.
    @Sendable static func bool(_ raw: String) throws -> Bool {
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw SettingProblem("must be 1/true/yes/on or 0/false/no/off, not “\(raw)”")
        }
    }

    /// Any text that is not empty.
    @Sendable static func nonEmpty(_ raw: String) throws -> String {
        guard !raw.isEmpty else { throw SettingProblem("must not be empty") }
        return raw
    }

    /// A folder, with `~` expanded.
    @Sendable static func folder(_ raw: String) throws -> String {
        (try nonEmpty(raw) as NSString).expandingTildeInPath
    }

    /// One of `choices` (compared without case).
    static func choice<Value>(_ choices: KeyValuePairs<String, Value>) -> @Sendable (String) throws -> Value {
        let table = choices.map { ($0.key, $0.value) }
        let names = table.map(\.0)
        let listed = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        nonisolated(unsafe) let pairs = table
        return { raw in
            guard let found = pairs.first(where: { $0.0 == raw.lowercased() }) else { throw SettingProblem("must be \(listed), not “\(raw)”") }
            return found.1
        }
    }

    /// Public URLs, comma-separated (a repeated flag arrives joined with commas).
    @Sendable static func publicURLs(_ list: String) throws -> [URL] {
        var urls: [URL] = []
        for raw in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !raw.isEmpty {
            guard let url = URL(string: raw) else { throw SettingProblem("must be an address like https://photos.example.org, not “\(raw)”") }
            if let problem = GalleryConfig.problem(publicURL: url) { throw SettingProblem("\(problem), not “\(raw)”") }
            urls.append(url)
        }
        return urls
    }
}
