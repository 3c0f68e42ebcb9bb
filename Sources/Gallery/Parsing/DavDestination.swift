import Foundation

/// Where a `Destination` header (RFC 4918, 10.3) sends a COPY or MOVE. Its segments are only
/// decoded: the caller refuses `.`, `..`, a `/` inside a segment and whatever else it must.
struct DavDestination: Sendable, Equatable {
    /// The authority (host, and port when sent) of an absolute URI as written; nil for a path.
    var host: String?
    /// The path's segments, percent-decoded, empty ones left out.
    var segments: [String]
    /// Whether the path ends in `/`, as a collection's does.
    var trailingSlash: Bool
}
