import Catalog
import Foundation
import HummingbirdCore
import Hummingbird
import Imaging

/// Search and filter query parameters, validated (each bad value is a 400 naming the parameter)
/// and printed back, so every result page can be bookmarked.
enum FilterQuery {
    static let names = ["q", "tag", "favorite", "min_rating", "taken_from", "taken_to", "min_size", "max_size", "orientation", "kind",
                        "place", "has", "stack", "added_by", "private"]

    /// `kind=` values: the word people say, the kind it keeps, and how the form and its chip name it.
    static let kinds: [(value: String, kind: SearchFilter.Kind, label: Phrase)] = [
        ("photos", .photo, Phrase("Photos only")), ("videos", .video, Phrase("Videos only")), ("live", .live, Phrase("Live photos")),
        ("raw", .raw, Phrase("With a RAW")),
    ]

    static func parse(_ uri: URI, viewer: Viewer = .guest) throws -> SearchFilter {
        let params = uri.queryParameters
        func value(_ name: String) -> String? {
            guard let raw = params[Substring(name)].map(String.init)?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
            return raw
        }
        var filter = SearchFilter()
        if let q = value("q") {
            guard q.count <= 200 else { throw PageError(.badRequest, message: Phrase("q: search text can be at most 200 characters.")) }
            filter.text = q
        }
        if let tag = value("tag") { filter.tag = TagName.normalize(tag) }
        if let favorite = value("favorite") {
            guard ["1", "on", "true", "yes"].contains(favorite.lowercased()) else {
                throw PageError(.badRequest, message: Phrase("favorite: use favorite=1 to show only favorites."))
            }
            filter.favoritesOf = viewer
        }
        if let raw = value("min_rating") {
            guard let n = Int(raw), (0...5).contains(n) else {
                throw PageError(.badRequest, message: Phrase("min_rating: use 0 to 5, not “\(raw.prefix(20))”."))
            }
            filter.minRating = n > 0 ? n : nil
        }
        if let raw = value("taken_from") { filter.takenFrom = try day(raw, "taken_from") }
        if let raw = value("taken_to") { filter.takenTo = try day(raw, "taken_to") + 86_400 }
        if let raw = value("min_size") { filter.minSize = try bytes(raw, "min_size") }
        if let raw = value("max_size") { filter.maxSize = try bytes(raw, "max_size") }
        if let raw = value("orientation") {
            guard let o = SearchFilter.Orientation(rawValue: raw) else {
                throw PageError(.badRequest, message: Phrase("orientation: use portrait, landscape or square."))
            }
            filter.orientation = o
        }
        if let raw = value("kind") {
            guard let kind = kinds.first(where: { $0.value == raw.lowercased() })?.kind else {
                throw PageError(.badRequest, message: Phrase("kind: use photos, videos, live or raw."))
            }
            filter.kind = kind
        }
        if let raw = value("place") {
            guard let scope = PlaceScope(code: raw) ?? PlaceScope(code: raw.uppercased()) else {
                throw PageError(.badRequest,
                                message: Phrase("place: use a country's code (FR), a region's (FR.11) or a place's number, as the Places page links them."))
            }
            filter.place = scope
        }
        if let raw = value("has") {
            switch raw.lowercased() {
            case "gps": filter.located = true
            case "no-gps": filter.located = false
            default: throw PageError(.badRequest, message: Phrase("has: use gps (photos that say where they were taken) or no-gps."))
            }
        }
        if let raw = value("added_by") {
            guard raw.count <= 100 else { throw PageError(.badRequest, message: Phrase("added_by: use the name of an account.")) }
            filter.addedBy = raw
        }
        if let raw = value("private") {
            guard ["1", "on", "true", "yes"].contains(raw.lowercased()) else {
                throw PageError(.badRequest, message: Phrase("private: use private=1 to show only the photos you keep private."))
            }
            filter.privateOf = viewer
        }
        if let raw = value("stack") {
            guard let id = Int64(raw), id > 0 else { throw PageError(.badRequest, message: Phrase("stack: use the number a stack's tile links to.")) }
            filter.stack = id
        }
        return filter
    }

    /// `name=value` pairs for a filter (dates and sizes as people typed them, in canonical form).
    static func pairs(_ filter: SearchFilter) -> [(String, String)] {
        var out: [(String, String)] = []
        if let q = filter.text { out.append(("q", q)) }
        if let tag = filter.tag { out.append(("tag", tag)) }
        if filter.favoritesOf != nil { out.append(("favorite", "1")) }
        if let r = filter.minRating { out.append(("min_rating", String(r))) }
        if let from = filter.takenFrom { out.append(("taken_from", dayString(from))) }
        if let to = filter.takenTo { out.append(("taken_to", dayString(to - 86_400))) }
        if let n = filter.minSize { out.append(("min_size", String(n))) }
        if let n = filter.maxSize { out.append(("max_size", String(n))) }
        if let o = filter.orientation { out.append(("orientation", o.rawValue)) }
        if let kind = filter.kind, let value = kinds.first(where: { $0.kind == kind })?.value { out.append(("kind", value)) }
        if let place = filter.place { out.append(("place", place.code)) }
        if let located = filter.located { out.append(("has", located ? "gps" : "no-gps")) }
        if let stack = filter.stack { out.append(("stack", String(stack))) }
        if let name = filter.addedBy { out.append(("added_by", name)) }
        if filter.privateOf != nil { out.append(("private", "1")) }
        return out
    }

    /// "YYYY-MM-DD" as camera-time seconds at midnight.
    static func day(_ raw: String, _ name: String) throws -> Int64 {
        guard let seconds = FilterValue.day(raw) else {
            throw PageError(.badRequest, message: Phrase("\(name): use a real date like 2024-07-31, not “\(raw.prefix(20))”."))
        }
        return seconds
    }

    static func dayString(_ seconds: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// Bytes, with an optional KB/MB/GB suffix (decimal units).
    static func bytes(_ raw: String, _ name: String) throws -> Int64 {
        guard let bytes = FilterValue.bytes(raw) else {
            throw PageError(.badRequest, message: Phrase("\(name): use a size like 2000000 or 2MB, not “\(raw.prefix(20))”."))
        }
        return bytes
    }
}
