/// Tag names as people type them: trimmed, inner whitespace collapsed, 1 to 100 characters.
public enum TagName {
    public static let maxLength = 100

    /// Splits a comma-separated list into clean names, or throws for an empty or overlong one.
    public static func parseList(_ raw: String) throws -> [String] {
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map { normalize(String($0)) }
        let names = parts.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CurationError.invalidTag("Type a tag first (several can be separated by commas).") }
        for name in names where name.count > maxLength {
            throw CurationError.invalidTag("Tags can be at most \(maxLength) characters; “\(name.prefix(30))…” is \(name.count).")
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Trims and collapses whitespace.
    public static func normalize(_ raw: String) -> String {
        raw.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
