import Foundation

/// `application/x-www-form-urlencoded` text (`a=1&b=x+y&a=2`) as fields, each name with its
/// values in the order sent. Total: any text gives some fields, never a trap.
enum URLEncodedForm {
    /// The fields of a form body.
    static func fields(_ body: String) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
        return fields
    }

    /// `+` as a space, then `%XX` escapes; a malformed escape, or bytes that are not UTF-8, give "".
    static func decode(_ raw: Substring) -> String {
        String(raw).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
    }
}
