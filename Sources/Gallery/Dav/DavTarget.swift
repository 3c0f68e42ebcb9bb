import Foundation

/// What a path under `/dav/` names, decoded and checked once: the door's root, the library
/// (read-only, folder by folder), the albums (read-only), or a member's inbox.
enum DavTarget: Equatable, Sendable {
    case root
    /// A folder or file of the library, by its path there ("" is the library itself).
    case library(String)
    /// The albums ("" ) or one album's folder, or a photo in it, by the names shown.
    case albums(album: String?, file: String?)
    /// A path in the inbox of the member called `member` ("" is the inbox itself).
    case inbox(member: String, path: String)

    /// The names of the door's two read-only parts, which no member's inbox can take.
    static let libraryName = "library", albumsName = "albums"

    /// Reads a request path (percent-encoded, the base path already taken off); nil for a path
    /// outside `/dav`, and `DavError` 400 for one that cannot name anything (a "." or ".."
    /// segment, an empty one inside, a control character, bytes that are not UTF-8).
    static func parse(path: String) throws -> DavTarget? {
        guard path == "/dav" || path.hasPrefix("/dav/") else { return nil }
        let segments = try decodedSegments(String(path.dropFirst(4)))
        guard let first = segments.first else { return .root }
        let rest = Array(segments.dropFirst())
        switch first {
        case libraryName: return .library(rest.joined(separator: "/"))
        case albumsName:
            guard rest.count <= 2 else { throw DavError.notFound }
            return .albums(album: rest.first, file: rest.count == 2 ? rest[1] : nil)
        default: return .inbox(member: first, path: rest.joined(separator: "/"))
        }
    }

    /// The segments of an encoded path, each decoded; a trailing "/" is allowed.
    static func decodedSegments(_ encoded: String) throws -> [String] {
        var parts = encoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "" { parts.removeFirst() }
        if parts.last == "" { parts.removeLast() }
        return try parts.map { part in
            guard let decoded = part.removingPercentEncoding, !decoded.isEmpty, decoded != ".", decoded != "..",
                  !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "/" || $0 == "\\" }),
                  decoded.utf8.count <= 255 else {
                throw DavError(.badRequest, "a path segment that names nothing")
            }
            return decoded
        }
    }

    /// The encoded path of an inbox item (a folder's ends in "/"), under `base`.
    static func inboxHref(base: String, member: String, path: String, collection: Bool) -> String {
        href(base: base, segments: [member] + (path.isEmpty ? [] : path.split(separator: "/").map(String.init)), collection: collection)
    }

    /// `base` + "/dav/" + the segments, each percent-encoded.
    static func href(base: String, segments: [String], collection: Bool) -> String {
        var out = base + "/dav/" + segments.map(encode).joined(separator: "/")
        if collection && !segments.isEmpty { out += "/" }
        return out
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "-._~!$&'()*+,;=:@")
        return set
    }()

    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
