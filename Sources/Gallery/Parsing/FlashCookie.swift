import Foundation

/// The flash cookie's value: what the last action did, and the token that undoes it when it can
/// be undone. Written as the text percent-encoded (only ASCII letters and digits stay as they
/// are, so no `.` is left in it), then `.` and the token when there is one. Reading is total: a
/// value this server did not write gives nil or drops the token, never a trap.
struct FlashCookie: Equatable, Sendable {
    /// The longest text kept.
    static let maxText = 300

    var text: String
    /// A 43-character URL-safe token (`SecretToken`), or nil.
    var undoToken: String?

    init(text: String, undoToken: String? = nil) {
        self.text = String(text.prefix(Self.maxText))
        self.undoToken = undoToken.flatMap { Self.isToken($0) ? $0 : nil }
    }

    var value: String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return undoToken.map { encoded + "." + $0 } ?? encoded
    }

    /// The flash back, or nil for a value this server did not write.
    static func parse(_ value: String) -> FlashCookie? {
        guard !value.isEmpty, value.utf8.count <= 3_100 else { return nil }
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let text = parts[0].removingPercentEncoding, !text.isEmpty else { return nil }
        let token = parts.count == 2 ? String(parts[1]) : nil
        return FlashCookie(text: text, undoToken: token)
    }

    /// The shape of a `SecretToken`: 43 URL-safe base64 characters.
    static func isToken(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45 || byte == 95
        }
    }
}
