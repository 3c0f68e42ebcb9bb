import Foundation
import Imaging
import Testing
@testable import Gallery

/// The shipped catalogs against the messages the gallery says: the template lists every one,
/// every language translates every one with every plural form its rule has, keeps each
/// message's values, and counts the way CLDR says its language counts.
@Suite struct LanguageCatalogTests {
    static let shipped = ["de", "fr", "es", "ja", "ar"]
    static let locales = MessageCatalog.root.appendingPathComponent("Locales")

    static func catalog(_ tag: String) throws -> POFile {
        try POFile.parse(try String(contentsOf: locales.appendingPathComponent("\(tag).po"), encoding: .utf8))
    }

    @Test func theCatalogTemplateListsEveryMessageTheGallerySays() throws {
        // given every message found in the templates and the sources
        let expected = try MessageCatalog.read().template
        let url = Self.locales.appendingPathComponent("photolala.pot")
        // when the catalogs are being brought up to date, write the template
        if ProcessInfo.processInfo.environment["PHOTOLALA_UPDATE_DOCS"] == "1" {
            try FileManager.default.createDirectory(at: Self.locales, withIntermediateDirectories: true)
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        // then the committed template is exactly that
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == expected, "Locales/photolala.pot is out of date: run scripts/messages.sh")
    }

    @Test(arguments: shipped)
    func everyLanguageTranslatesEveryMessageWithItsValues(tag: String) throws {
        // given the messages and the language's catalog
        let messages = try MessageCatalog.read().messages
        let catalog = try Self.catalog(tag)
        let plural = try PluralForms(header: try #require(catalog.header["Plural-Forms"], "\(tag).po has no Plural-Forms"))
        let entries = Dictionary(catalog.entries.map { (Language.key($0.id, context: $0.context), $0) }, uniquingKeysWith: { first, _ in first })
        #expect(catalog.header["Language"] == tag)
        var missing: [String] = []
        for message in messages {
            guard let entry = entries[Language.key(message.id, context: message.context)], !entry.fuzzy, entry.strings.allSatisfy({ !$0.isEmpty }), !entry.strings.isEmpty else {
                missing.append(message.id)
                continue
            }
            // then each has every form its rule has, and each form shows what the English shows
            #expect(entry.plural == message.plural, "\(tag): “\(message.id)” plural")
            #expect(entry.strings.count == (message.plural == nil ? 1 : plural.count), "\(tag): “\(message.id)” has \(entry.strings.count) forms")
            for form in entry.strings {
                #expect(Self.values(form) == Self.values(message.id), "\(tag): “\(form)” does not show the values of “\(message.id)”")
            }
        }
        #expect(missing.isEmpty, "\(tag).po lacks \(missing.count) translations, e.g. \(missing.prefix(5))")
        // and nothing is kept that the gallery no longer says
        let known = Set(messages.map { Language.key($0.id, context: $0.context) })
        let stale = catalog.entries.map { Language.key($0.id, context: $0.context) }.filter { !known.contains($0) }
        #expect(stale.isEmpty, "\(tag).po keeps messages no longer said: \(stale.prefix(5))")
    }

    /// The values a message shows: `{0}` placeholders and `{{name}}` template values, sorted.
    static func values(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{") {
            let after = rest[open.upperBound...]
            if after.hasPrefix("{"), let close = after.range(of: "}}") {
                found.append(String(rest[open.lowerBound..<close.upperBound]))
                rest = after[close.upperBound...]
            } else if let close = after.firstIndex(of: "}"), after[..<close].allSatisfy(\.isNumber), after.startIndex != close {
                found.append(String(rest[open.lowerBound...close]))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        return found.sorted()
    }

    @Test(arguments: shipped)
    func eachLanguageCountsAsCLDRSays(tag: String) throws {
        // given the catalog's plural rule and CLDR's categories for the language
        let catalog = try Self.catalog(tag)
        let plural = try PluralForms(header: try #require(catalog.header["Plural-Forms"]))
        let categories = CLDRPlurals.categories(tag)
        #expect(plural.count == categories.count, "\(tag): nplurals")
        // then every number takes the form of its CLDR category, in CLDR's order of categories
        let numbers = Array(0...1_200) + [1_000_000, 2_000_000, 1_000_001, 1_000_100, 10_000_000, 123_456_789]
        for n in numbers {
            let expected = categories.firstIndex(of: CLDRPlurals.category(tag, n))
            #expect(plural.form(for: n) == expected, "\(tag): \(n) is \(CLDRPlurals.category(tag, n))")
        }
    }

    @Test(arguments: shipped)
    func gettextReadsEveryCatalogAndChecksItsFormats(tag: String) throws {
        // given gettext's own checker (Debian's gettext)
        let path = Self.locales.appendingPathComponent("\(tag).po").path
        // then it finds nothing wrong: header, plural forms, and the {0} placeholders of every translation
        let result = try Spawn.run("/usr/bin/env", ["msgfmt", "--check", "--check-format", "-o", "/dev/null", path])
        #expect(result.ending.status == 0, "\(tag).po: \(String(decoding: result.errors, as: UTF8.self))")
    }

    @Test(arguments: shipped)
    func everyTemplateUsesTheTranslationInEveryLanguage(tag: String) throws {
        // given the language as the server reads it
        let languages = try Languages(directory: Self.locales.path)
        let language = try #require(languages.language(tag))
        #expect(language.tag == tag)
        // then every template message has a translation the template compiler accepts
        let sources = try TemplateSet.sources(directory: MessageCatalog.root.appendingPathComponent("Templates").path)
        for message in try MessageCatalog.read().messages where !message.numbered {
            let translation = try #require(language.translation(of: message.id), "\(tag): “\(message.id)”")
            let nodes = try TemplateParser.parse(translation, name: tag)
            let english = try TemplateParser.parse(message.id, name: "en")
            #expect(TemplateSet.values(nodes) == TemplateSet.values(english), "\(tag): “\(translation)”")
        }
        _ = try TemplateSet(sources: sources, languages: languages)
    }
}

/// CLDR's plural categories for whole numbers, in the languages shipped (CLDR 44), to check the
/// catalogs' Plural-Forms against.
enum CLDRPlurals {
    static func categories(_ tag: String) -> [String] {
        switch tag {
        case "ja": ["other"]
        case "fr", "es": ["one", "many", "other"]
        case "ar": ["zero", "one", "two", "few", "many", "other"]
        default: ["one", "other"]
        }
    }

    static func category(_ tag: String, _ n: Int) -> String {
        switch tag {
        case "ja": return "other"
        case "fr": return n == 0 || n == 1 ? "one" : (n % 1_000_000 == 0 ? "many" : "other")
        case "es": return n == 1 ? "one" : (n != 0 && n % 1_000_000 == 0 ? "many" : "other")
        case "ar":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...10).contains(n % 100) { return "few" }
            if (11...99).contains(n % 100) { return "many" }
            return "other"
        default: return n == 1 ? "one" : "other"
        }
    }
}
