import Foundation

/// The languages pages can be written in: English, and one for each catalog under `Locales/`.
/// A page's language is the account's choice, else the best of the browser's that is here, else
/// English.
struct Languages: Sendable {
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
    init(directory: String) throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var languages: [Language] = []
        for file in files.sorted() where file.hasSuffix(".po") {
            let tag = String(file.dropLast(3))
            guard !tag.isEmpty, tag.count <= 16 else { continue }
            do {
                let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                languages.append(try Language(tag: tag, catalog: try POFile.parse(text)))
            } catch {
                throw LanguageError(file: file, reason: String(describing: error))
            }
        }
        self.init(languages)
    }

    /// The language with this tag, or its primary language's (`de-CH` finds `de`), if here.
    func language(_ tag: String?) -> Language? {
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

/// A catalog under `Locales/` that could not be read.
struct LanguageError: Error, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "Locales/\(file): \(reason)" }
}
