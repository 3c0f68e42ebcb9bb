/// Search text as an FTS5 query of quoted prefix terms, so nothing a person types is read as
/// FTS5 syntax (`OR`, `NEAR`, `*`, `^`, column filters, parentheses).
enum FTSQuery {
    /// At most this many words are searched for.
    static let maxTerms = 12

    /// Each word (a run of letters and digits) as a quoted prefix term, all of which must match;
    /// nil when there is no word. A quote can still sit inside a word (a prepended letter such as
    /// Malayalam's dot reph joins the next character to itself, `"` included), so it is escaped.
    static func terms(_ text: String) -> String? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(maxTerms)
        guard !words.isEmpty else { return nil }
        return words.map(quoted).joined(separator: " ")
    }

    /// `"word"*`, every `"` scalar in the word doubled (by scalar: `ൎ"` is one Character). A NUL,
    /// where SQLite would end the query text, is left out, though a control never joins a word today.
    private static func quoted(_ word: Substring) -> String {
        var term = String.UnicodeScalarView()
        term.append("\"")
        for scalar in word.unicodeScalars where scalar != "\0" {
            term.append(scalar)
            if scalar == "\"" { term.append(scalar) }
        }
        return String(term) + "\"*"
    }
}
