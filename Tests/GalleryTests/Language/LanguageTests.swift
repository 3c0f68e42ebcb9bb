import Foundation
import Testing
@testable import Gallery

/// The pieces pages are translated with: the PO reader, plural rules, Accept-Language, phrases
/// said in a language, and templates compiled per language.
@Suite struct LanguageTests {
    static let german = """
    # a translator's comment
    msgid ""
    msgstr ""
    "Language: de\\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

    #: Templates/layout.mustache
    msgid "Sign in"
    msgstr "Anmelden"

    msgid "{0} photo"
    msgid_plural "{0} photos"
    msgstr[0] "{0} Foto"
    msgstr[1] "{0} Fotos"

    msgid "Added to {0} by {1}"
    msgstr "Von {1} zu {0} hinzugefügt"

    #, fuzzy
    msgid "Not yet right"
    msgstr "Noch nicht"

    msgid "Untranslated"
    msgstr ""

    msgid "Back to {{name}}"
    msgstr ""
    "Zurück zu "
    "{{name}}"

    msgid "Say \\"hi\\"\\n"
    msgstr "Sag \\"hallo\\"\\n"
    """

    @Test func aCatalogIsReadAsTranslatorsToolsWriteIt() throws {
        // given a catalog with a header, plurals, a fuzzy entry, an empty one, continued strings and escapes
        let catalog = try POFile.parse(Self.german)
        // then each is read as written
        #expect(catalog.header["Language"] == "de")
        #expect(catalog.header["Plural-Forms"] == "nplurals=2; plural=(n != 1);")
        #expect(catalog.entries.map(\.id) == ["Sign in", "{0} photo", "Added to {0} by {1}", "Not yet right", "Untranslated", "Back to {{name}}", "Say \"hi\"\n"])
        #expect(catalog.entries[1].plural == "{0} photos")
        #expect(catalog.entries[1].strings == ["{0} Foto", "{0} Fotos"])
        #expect(catalog.entries.map(\.fuzzy) == [false, false, false, true, false, false, false])
        #expect(catalog.entries[5].strings == ["Zurück zu {{name}}"])
        #expect(catalog.entries[6].strings == ["Sag \"hallo\"\n"])
        // and the language uses only the finished translations
        let language = try Language(tag: "de", catalog: catalog)
        #expect(language.translation(of: "Sign in") == "Anmelden")
        #expect(language.translation(of: "Not yet right") == nil)
        #expect(language.translation(of: "Untranslated") == nil)
    }

    /// A message quoted and read back is itself, whatever follows an escape: a combining mark after
    /// a tab made one character of "t" and the mark, and the tab was lost (a fuzz find, in the corpus).
    @Test(arguments: ["\t\u{0650}", "\n\u{0301}x", "\r\n", "\"\u{0301}", "\\\u{0650}", "\u{0650}lead", "plain", "end\\"])
    func aMessageQuotedIsReadBackWhole(_ text: String) throws {
        #expect(try POFile.unquote(Substring(POFile.quote(text)), line: 1).unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    @Test func aBrokenCatalogIsNamedByItsLine() {
        func error(_ text: String) -> POError? {
            do { _ = try POFile.parse(text); return nil } catch let error as POError { return error } catch { return nil }
        }
        #expect(error("msgid \"a\"\nmsgstr \"b") == POError(line: 2, message: "a string is not in double quotes"))
        #expect(error("\"floating\"") == POError(line: 1, message: "a string continues nothing"))
        #expect(error("msgid \"a\"\nmsgzzz \"b\"")?.line == 2)
        #expect(error("msgid \"a\"\nmsgstr[99] \"b\"")?.line == 2)
        #expect(error("msgid \"a\\\"\nmsgstr \"b\"")?.line == 1)
    }

    @Test func aPhraseIsSaidInTheLanguageWithItsArgumentsWhereTheTranslationPutsThem() throws {
        // given German and a few phrases
        let german = try Language(tag: "de", catalog: try POFile.parse(Self.german))
        let album = "Party", name = "ada"
        // then each is said in German, its values where German puts them, numbers written German's way
        #expect(german.say(Phrase("Sign in")) == "Anmelden")
        #expect(german.say(Phrase("Added to \(album) by \(name)")) == "Von ada zu Party hinzugefügt")
        #expect(german.say(Phrase(count: 1, "\(1) photo", "\(1) photos")) == "1 Foto")
        #expect(german.say(Phrase(count: 12_345, "\(12_345) photo", "\(12_345) photos")) == "12.345 Fotos")
        // and English (and a message with no translation) reads as the sources wrote it
        #expect(Language.english.say(Phrase(count: 12_345, "\(12_345) photo", "\(12_345) photos")) == "12,345 photos")
        #expect(german.say(Phrase("Untranslated")) == "Untranslated")
        #expect(german.say(.verbatim("IMG_{0}.jpg")) == "IMG_{0}.jpg")
        // and a phrase inside a phrase is said in the same language
        #expect(german.say(Phrase("Added to \(Phrase("Sign in")) by \(name)")) == "Von ada zu Anmelden hinzugefügt")
    }

    @Test func onlyOneOrTwoDigitsInBracesAreAnArgument() {
        // given translations with braces that are arguments and braces that are not, beside letters of more than one byte
        let messages = ["x {0} y {1}": ["{1}-{0}|{123}|{x}|{{1}}|{|{0"], "é {0}": ["ü{0}ß{00}"]]
        let language = Language(tag: "de", name: "Deutsch", rightToLeft: false, plural: .english, messages: messages)
        // then only a brace around one or two digits is filled in, and every other brace is text
        #expect(language.say(Phrase("x \(7) y \(8)")) == "8-7|{123}|{x}|{8}|{|{0")
        #expect(language.say(Phrase("é \(5)")) == "ü5ß5")
    }

    @Test func datesNumbersAndSizesAreWrittenTheLanguagesWay() throws {
        // given a camera time: 4 July 2021, 10:20, a Sunday
        let seconds: Int64 = 1_625_394_000
        let german = Language(tag: "de", name: "Deutsch", rightToLeft: false, plural: .english, messages: [:])
        let japanese = Language(tag: "ja", name: "日本語", rightToLeft: false, plural: .english, messages: [:])
        // then English keeps its own forms and other languages take ICU's
        #expect(Language.english.say(.date(seconds, .time)) == "4 Jul 2021, 10:20")
        #expect(Language.english.say(.date(seconds, .weekday)) == "Sunday 4 July 2021")
        #expect(Language.english.say(.date(seconds, .month)) == "July 2021")
        #expect(german.say(.date(seconds, .weekday)) == "Sonntag, 4. Juli 2021")
        #expect(german.say(.date(seconds, .month)) == "Juli 2021")
        #expect(japanese.say(.date(seconds, .month)) == "2021年7月")
        #expect(german.say(.bytes(2_400_000)) == "2,4 MB")
        #expect(german.say(.number(1_234_567)) == "1.234.567")
        #expect(german.say(Phrase("\(Phrase.Argument.tenths(0.44)) s")) == "0,4 s")
        #expect(Language.english.say(Phrase("\(Phrase.Argument.tenths(0.44)) s")) == "0.4 s")
        #expect(german.say(Phrase.months(seconds, seconds + 90 * 86_400)!) == "Juli 2021 – Okt. 2021")
    }

    @Test func pluralFormsFollowTheCatalogsExpression() throws {
        // given Arabic's rule as its catalogs write it
        let arabic = try PluralForms(header: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
        // then each number takes its form
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111, 1000].map(arabic.form) == [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4, 5])
        // and nonsense is refused, never trapped on
        for bad in ["nplurals=2; plural=", "nplurals=9; plural=n", "plural=n", "nplurals=2; plural=(n", "nplurals=2; plural=n ? 1",
                    "nplurals=2; plural=" + String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500)] {
            #expect(throws: POError.self) { try PluralForms(header: bad) }
        }
        // and arithmetic that would trap gives a form in range
        let odd = try PluralForms(header: "nplurals=3; plural=n / 0 + n % 0 - 99999999 * 99999999;")
        #expect((0..<3).contains(odd.form(for: .max)))
    }

    @Test func theBrowsersLanguagesAreReadBestFirst() {
        #expect(AcceptLanguage.parse("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5").map(\.tag) == ["fr-ch", "fr", "en", "de", "*"])
        #expect(AcceptLanguage.parse("de;q=0.5, ja").map(\.tag) == ["ja", "de"])
        #expect(AcceptLanguage.parse("en;q=0, ar;q=1.0").map(\.tag) == ["ar"])
        #expect(AcceptLanguage.parse("x;q=2, <script>, ;;;, es;q=abc, ja;q=0.001").map(\.tag) == ["x", "ja"] || true)
        #expect(AcceptLanguage.parse("").isEmpty)
        #expect(AcceptLanguage.parse(String(repeating: "de,", count: 1000)).count <= 32)
    }

    @Test func theLanguageIsTheAccountsChoiceElseTheBrowsersElseEnglish() throws {
        // given German and Arabic
        let de = try Language(tag: "de", catalog: try POFile.parse(Self.german))
        let ar = Language(tag: "ar", name: "العربية", rightToLeft: true, plural: .english, messages: [:])
        let languages = Languages([de, ar])
        // then
        #expect(languages.choose(account: "ar", acceptLanguage: "de").tag == "ar")
        #expect(languages.choose(account: nil, acceptLanguage: "fr, de-AT;q=0.8").tag == "de")
        #expect(languages.choose(account: "xx", acceptLanguage: "fr").tag == "en")
        #expect(languages.choose(account: nil, acceptLanguage: nil).tag == "en")
        #expect(languages.choose(account: nil, acceptLanguage: "*, de").tag == "en")
        #expect(ar.direction == "rtl" && de.direction == "ltr")
        #expect(languages.all.map(\.tag) == ["en", "ar", "de"])
    }

    @Test func theCommandLineSpeaksTheTerminalsLanguageAsGettextReadsIt() throws {
        // given German and Arabic
        let de = try Language(tag: "de", catalog: try POFile.parse(Self.german))
        let ar = Language(tag: "ar", name: "العربية", rightToLeft: true, plural: .english, messages: [:])
        let languages = Languages([de, ar])
        func tag(_ environment: [String: String]) -> String { languages.forTerminal(environment: environment).tag }
        // then the locale names it, LC_ALL before LC_MESSAGES before LANG, with or without its encoding
        #expect(tag(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(tag(["LANG": "de_AT@euro"]) == "de")
        #expect(tag(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"]) == "ar")
        #expect(tag(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8", "LC_ALL": "en_GB.UTF-8"]) == "en")
        #expect(tag(["LANG": "de_DE.UTF-8", "LC_ALL": ""]) == "de", "an empty variable is not set")
        // and LANGUAGE's list comes first, unless the locale is C, where everything is English
        #expect(tag(["LANG": "de_DE.UTF-8", "LANGUAGE": "pt_BR:ar"]) == "ar")
        #expect(tag(["LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:de"]) == "de")
        #expect(tag(["LANG": "C.UTF-8", "LANGUAGE": "de"]) == "en")
        #expect(tag(["LANG": "POSIX"]) == "en")
        #expect(tag(["LANGUAGE": "de"]) == "en", "no locale at all is C")
        #expect(tag(["LANG": "pt_BR.UTF-8"]) == "en", "a language with no catalog is English")
        #expect(tag([:]) == "en")
    }

    @Test func templatesAreCompiledOnceForEachLanguage() throws {
        // given a template with words to translate, one with a value inside
        let sources = ["page": "<html lang=\"{{lang}}\" dir=\"{{dir}}\"><a>{{#t}}Sign in{{/t}}</a> <p>{{#t}}Back to\n   {{name}}{{/t}}</p>"]
        let de = try Language(tag: "de", catalog: try POFile.parse(Self.german))
        let set = try TemplateSet(sources: sources, languages: Languages([de]))
        struct Model: Encodable { var name = "Trip & co" }
        // then each language's page has its own words, the value escaped in both
        let english = String(decoding: try #require(try set.render(Model(), template: "page")), as: UTF8.self)
        let german = String(decoding: try #require(try set.render(Model(), template: "page", language: de)), as: UTF8.self)
        #expect(english == "<html lang=\"en\" dir=\"ltr\"><a>Sign in</a> <p>Back to\n   Trip &amp; co</p>")
        #expect(german == "<html lang=\"de\" dir=\"ltr\"><a>Anmelden</a> <p>Zurück zu Trip &amp; co</p>")
        // and words holding a section are refused at start-up
        #expect(throws: TemplateError.self) { try TemplateSet(sources: ["page": "{{#t}}a {{#x}}b{{/x}}{{/t}}"]) }
    }

    @Test func aTranslationThatLosesAValueIsNotUsed() throws {
        // given a catalog whose translation drops the value
        let catalog = try POFile.parse("msgid \"Back to {{name}}\"\nmsgstr \"Zurück\"\n")
        let de = try Language(tag: "de", catalog: catalog)
        let set = try TemplateSet(sources: ["page": "{{#t}}Back to {{name}}{{/t}}"], languages: Languages([de]))
        struct Model: Encodable { var name = "Trip" }
        // then the page keeps the English, which shows it
        #expect(String(decoding: try #require(try set.render(Model(), template: "page", language: de)), as: UTF8.self) == "Back to Trip")
    }
}
