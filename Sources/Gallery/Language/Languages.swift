import Foundation

/// The languages pages can be written in: English, and one for each catalog under `Locales/`.
/// A page's language is the account's choice, else the best of the browser's that is here, else
/// English.
public struct Languages: Sendable {
    /// English first, then the others by tag.
    let all: [Language]
    private let byTag: [String: Language]

    init(_ languages: [Language]) {
        var byTag: [String: Language] = ["en": .english]
        for language in languages where language.tag.lowercased() != "en" { byTag[language.tag.lowercased()] = language }
        self.byTag = byTag
        all = [.english] + byTag.values.filter { $0.tag != "en" }.sorted { $0.tag < $1.tag }
    }

    /// English alone.
    static let englishOnly = Languages([])

    /// Reads every `TAG.po` in `directory`; a folder that is not there gives English alone. A
    /// catalog that cannot be read stops the start, with its name and line.
    public init(directory: String) throws {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".po") && !$0.dropLast(3).isEmpty && $0.count - 3 <= 16 }.sorted()
        // Each catalog read on a core of its own: the start of the server waits for all of them.
        self.init(try files.mapOnEveryCore { file throws(LanguageError) -> Language in
            do {
                let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                return try Language(tag: String(file.dropLast(3)), catalog: try POFile.parse(text))
            } catch {
                throw LanguageError(file: file, reason: String(describing: error))
            }
        })
    }

    /// The language with this tag, or its primary language's (`de-CH` finds `de`), if here.
    public func language(_ tag: String?) -> Language? {
        guard let tag = tag?.lowercased(), !tag.isEmpty else { return nil }
        if let exact = byTag[tag] { return exact }
        if let dash = tag.firstIndex(of: "-") { return byTag[String(tag[..<dash])] }
        return nil
    }

    /// The account's choice, else the first of the browser's ranges that is here, else English.
    func choose(account: String?, acceptLanguage: String?) -> Language {
        if let chosen = language(account) { return chosen }
        for range in AcceptLanguage.parse(acceptLanguage ?? "") {
            if range.tag == "*" { return .english }
            if let found = language(range.tag) { return found }
        }
        return .english
    }
}

extension Languages {
    /// The language of a terminal, as gettext reads it: the first of `LANGUAGE`'s list (tags
    /// separated by colons) that is here, unless the locale is C or POSIX, then the locale of
    /// `LC_ALL`, `LC_MESSAGES` or `LANG` (the first set); `de_DE.UTF-8@euro` names `de-DE`. English
    /// when none is here.
    public func forTerminal(environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, !["C", "POSIX"].contains(Self.tag(ofLocale: locale)) else { return .english }
        let wanted = (environment["LANGUAGE"] ?? "").split(separator: ":").map { Self.tag(ofLocale: String($0)) } + [Self.tag(ofLocale: locale)]
        for tag in wanted {
            if tag.lowercased() == "en" || tag.lowercased().hasPrefix("en-") { return .english }
            if let found = language(tag) { return found }
        }
        return .english
    }

    /// A POSIX locale's language as a tag: `pt_BR.UTF-8@euro` is `pt-BR`, `C.UTF-8` is `C`.
    static func tag(ofLocale locale: String) -> String {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return name.replacingOccurrences(of: "_", with: "-")
    }
}

/// A catalog under `Locales/` that could not be read.
struct LanguageError: Error, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "Locales/\(file): \(reason)" }
}
