import Foundation

/// The `tz` cookie a page's script may set (`Public/app.js`): the viewer's IANA time zone
/// ("Europe/Paris"), so that what the server keeps the time of (a link's end, the trash, a file's
/// change) is written as the viewer's clock reads it. Untrusted, like every cookie: at most 64
/// characters of ASCII letters, digits, `/`, `_`, `+` and `-` (no dot, so never a path out of the
/// zone files), and a zone Foundation knows; anything else names no zone.
enum TimeZoneCookie {
    static let name = "tz"
    static let maxLength = 64

    /// The zone the cookie's value names, or nil.
    static func zone(_ value: String?) -> TimeZone? {
        guard let value, !value.isEmpty, value.utf8.count <= maxLength, value.utf8.allSatisfy(allowed) else { return nil }
        return TimeZone(identifier: value)
    }

    private static func allowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
