// What the linked source files name outside themselves, and nothing more. The renderer's files
// (`TemplateSet`, `ViewEncoder`, `ViewValue`, `TemplateParser`) need `BasePath` and `SiteURL`,
// and for the page's language `Phrase`, `Language` and `Languages` (with `POFile`, `PluralForms`,
// `AcceptLanguage` and `Formatting`), all linked as they are; of these only `BasePath` and
// `SiteURL` reach outside, for the two names below, which the pages measured here never call.

/// `BasePath.normalise` throws it for a bad `--base-path`; the server's own is in Settings.
struct SettingProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension SiteURL {
    /// `SiteURL.appending` joins its pairs with this; the server's own percent-encodes them.
    static func queryString(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }
}
