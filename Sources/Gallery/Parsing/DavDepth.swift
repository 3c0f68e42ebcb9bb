import Foundation

/// The `Depth` request header (RFC 4918, 10.2): how far below the resource a request reaches.
enum DavDepth: Sendable, Equatable {
    case zero, one, infinity

    /// The depth `value` asks for; `absent` (the method's default) when the request has no
    /// `Depth` header, and nil when it says anything but `0`, `1` or `infinity` (any case).
    static func parse(_ value: String?, absent: DavDepth) -> DavDepth? {
        guard let value else { return absent }
        switch DavHeaders.trimmed(value).lowercased() {
        case "0": return .zero
        case "1": return .one
        case "infinity": return .infinity
        default: return nil
        }
    }
}
