import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Synchronization
import Testing
@testable import Gallery

/// Every page in every language, through the real application: a pseudo-language whose every
/// message is bracketed shows that every word a page says comes from a catalog, and each shipped
/// language shows that no English is left in its pages. Names of files, folders, people, tags,
/// albums and places are the household's own and stay as they are.
@Suite(.serialized) struct LanguageRouteTests {
    /// A household with a little of everything: a folder of photos with dates and a position, a
    /// tag, stars, a favorite, an album, something in the trash, a video, and share links.
    struct Household {
        let fixture: GalleryFixture
        /// Every name the household gave, which pages show as they are.
        static let names = ["Lisboa", "IMG_001.jpg", "IMG_002.jpg", "IMG_003.jpg", "IMG_004.jpg", "clip.mp4", "praia", "Verão",
                            "ada", "max", "vic", "Photolala", "Lisbon", "Portugal", "Lisboa/IMG_004.jpg", "Lisboa/IMG_001.jpg"]
        var shareToken = ""
        var lockedToken = ""
    }

    static func household(resources: String = GalleryFixture.resources) async throws -> Household {
        let f = try GalleryFixture()
        f.guestRole = nil
        f.resourcesPath = resources
        let taken = ["-DateTimeOriginal=2024:06:01 10:20:00"]
        let lisbon = ["-GPSLatitude=38.7223", "-GPSLatitudeRef=N", "-GPSLongitude=9.1393", "-GPSLongitudeRef=W"]
        try f.addJPEG("Lisboa/IMG_001.jpg", seed: 1, exif: taken + lisbon)
        try f.addJPEG("Lisboa/IMG_002.jpg", seed: 2, exif: taken)
        try f.addJPEG("Lisboa/IMG_003.jpg", seed: 3, size: "48x64", exif: taken)
        try f.addJPEG("Lisboa/IMG_004.jpg", seed: 4)
        try f.addBytes("Lisboa/clip.mp4", try TestVideos.bytes("mp4", codec: .h264, seconds: 1, seed: 7))
        try await f.scan()
        try await f.namePlaces()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        try await f.addAccount("vic", role: .viewer)
        let tokens = Mutex(("", ""))
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            // (each step must take, or the pages below would show less than they should)
            let steps = [
                try await ada.post("/actions/tag", [("key", "Lisboa/IMG_001.jpg"), ("tags", "praia")]),
                try await ada.post("/actions/rate", [("key", "Lisboa/IMG_001.jpg"), ("rating", "5")]),
                try await ada.post("/actions/favorite", [("key", "Lisboa/IMG_002.jpg"), ("value", "on")]),
                try await ada.post("/actions/select", [("group", "folder:Lisboa"), ("ids", "1"), ("ids", "2"), ("do", "album-add"),
                                                       ("album", "Verão"), ("back", "/folders/Lisboa")]),
                try await ada.post("/actions/delete", [("key", "Lisboa/IMG_004.jpg")]),
            ]
            #expect(steps.map(\.status) == Array(repeating: .seeOther, count: steps.count))
            let made = try await ada.post("/actions/share", [("kind", "folder"), ("value", "Lisboa"), ("filter", ""), ("expires", "7")])
            let open = try Self.newToken(ada, made)
            let locked = try await ada.post("/actions/share", [("kind", "folder"), ("value", "Lisboa"), ("filter", ""), ("expires", "0"),
                                                               ("password", "correct horse battery")])
            let closed = try Self.newToken(ada, locked)
            tokens.withLock { $0 = (open, closed) }
        }
        let (open, closed) = tokens.withLock { $0 }
        return Household(fixture: f, shareToken: open, lockedToken: closed)
    }

    static func newToken(_ poster: FormPoster, _ made: TestResponse) throws -> String {
        let cookie = try #require(FormPoster.cookie("photolala_new_share", in: made), "\(made.status) \(made.text)")
        return try #require(cookie.firstMatch(of: #/[A-Za-z0-9_-]{43}/#).map { String($0.output) })
    }

    /// The pages an admin sees, and those a link's holder and a signed-out visitor see.
    static let adminPages = [
        "/", "/folders/Lisboa", "/folders/Lisboa?select=1", "/folders/Lisboa?view=list", "/photos/Lisboa/IMG_001.jpg",
        "/photos/Lisboa/IMG_003.jpg", "/photos/Lisboa/clip.mp4", "/search", "/search?q=IMG&min_rating=1", "/tags", "/tags/praia",
        "/favorites", "/top-rated", "/recent", "/duplicates", "/similar", "/trash", "/timeline", "/places", "/albums", "/albums/1",
        "/albums/1?arrange=1", "/scan", "/upload", "/account", "/users", "/shared", "/delete?key=Lisboa/IMG_002.jpg",
        "/slideshow/Lisboa/IMG_001.jpg?paused=1", "/slideshow/Lisboa/IMG_001.jpg?frame=1", "/folders/nowhere", "/search?min_rating=9",
    ]

    /// Everything a person reads on a page: its text without tags, scripts and styles, and the
    /// words of the attributes people read or hear.
    static func readable(_ html: String) -> [String] {
        var page = html.replacing(#/<script[\s\S]*?<\/script>/#, with: " ").replacing(#/<style[\s\S]*?<\/style>/#, with: " ")
        var runs: [String] = []
        for match in page.matches(of: #/\s(?:alt|title|placeholder|aria-label)="([^"]*)"/#) { runs.append(decoded(String(match.output.1))) }
        for match in page.matches(of: #/<input[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"/#) { runs.append(decoded(String(match.output.1))) }
        page = page.replacing(#/<[^>]*>/#, with: " ")
        runs.append(decoded(page))
        return runs
    }

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&nbsp;", with: " ")
    }

    /// What is left of a run once every bracketed message and every name is taken out: the words
    /// no catalog said.
    static func unsaid(_ run: String) -> [String] {
        var text = run
        while let inner = text.firstMatch(of: #/⟦[^⟦⟧]*⟧/#) { text.replaceSubrange(inner.range, with: " ") }
        for name in Household.names.sorted(by: { $0.count > $1.count }) { text = text.replacingOccurrences(of: name, with: " ") }
        return text.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { word in
            word.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }.count >= 2 && !Self.units.contains(word)
        }
    }

    /// Units ICU writes the same way in every language, the names of file formats, and the
    /// languages' own names (each written in itself, on the account page's choice).
    static let units: Set<String> = ["KB", "MB", "GB", "kB", "JPEG", "MP4", "PNG", "HEIC", "English", "Deutsch", "Français", "Español"]

    /// The shipped catalogs and one more: `ja-x-pseudo`, every message bracketed ⟦…⟧ with its values
    /// kept, written as Japanese writes numbers and dates (which hold no Latin letters).
    static func resourcesWithPseudo() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-pseudo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Locales", withIntermediateDirectories: true)
        for folder in ["Templates", "Public", "Gazetteer"] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + folder, withDestinationPath: GalleryFixture.resources + "/" + folder)
        }
        var po = "msgid \"\"\nmsgstr \"\"\n\"Language: ja-x-pseudo\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
        for message in try MessageCatalog.read().messages {
            po += "\n" + (message.context.map { "msgctxt \(POFile.quote($0))\n" } ?? "") + "msgid \(POFile.quote(message.id))\n"
            if let plural = message.plural {
                po += "msgid_plural \(POFile.quote(plural))\nmsgstr[0] \(POFile.quote("⟦" + message.id + "⟧"))\nmsgstr[1] \(POFile.quote("⟦" + plural + "⟧"))\n"
            } else {
                po += "msgstr \(POFile.quote("⟦" + message.id + "⟧"))\n"
            }
        }
        try po.write(toFile: root + "/Locales/ja-x-pseudo.po", atomically: true, encoding: .utf8)
        return root
    }

    @Test func everyWordOnEveryPageComesFromACatalog() async throws {
        // given the household, served with the pseudo-language
        let resources = try Self.resourcesWithPseudo()
        defer { try? FileManager.default.removeItem(atPath: resources) }
        let household = try await Self.household(resources: resources)
        let language: HTTPFields = [.acceptLanguage: "ja-x-pseudo"]
        let found = Mutex<[String: [String]]>([:])
        try await household.fixture.withClient { client in
            // when an admin, a link's holder and a signed-out visitor read every page in it
            let ada = try await FormPoster.signIn(client, "ada")
            var pages: [(String, TestResponse)] = []
            for page in Self.adminPages { pages.append((page, try await ada.get(page, headers: language))) }
            let guest = try await FormPoster.start(client, page: "/login")
            for page in ["/login", "/share/\(household.shareToken)", "/share/\(household.shareToken)/photos/Lisboa/IMG_001.jpg",
                         "/share/\(household.lockedToken)", "/nowhere"] {
                pages.append((page, try await guest.get(page, headers: language)))
            }
            // then every word on them was said by a catalog, or is a name the household gave
            for (page, response) in pages {
                #expect(response.text.contains("lang=\"ja-x-pseudo\""), "\(page): \(response.status)")
                let words = Self.readable(response.text).flatMap(Self.unsaid)
                if !words.isEmpty { found.withLock { $0[page] = Array(Set(words)).sorted() } }
            }
        }
        let unsaid = found.withLock { $0 }
        #expect(unsaid.isEmpty, "words no catalog said: \(unsaid.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: " "))" }.joined(separator: "\n"))")
    }

    /// English a page in another language must not show: each message's words between its values
    /// and tags, of two words or more, that the language's own translation does not also hold.
    static func englishLeft(in language: Language, messages: [MessageCatalog.Message]) -> Set<String> {
        var fragments: Set<String> = []
        for message in messages {
            let translated = language.messages[Language.key(message.id, context: message.context)]?.joined(separator: " ") ?? ""
            for english in [message.id] + (message.plural.map { [$0] } ?? []) {
                let bare = english.replacing(#/\{\{\{?[^}]*\}?\}\}|\{[0-9]+\}|<[^>]*>/#, with: "|")
                for piece in bare.split(separator: "|") {
                    let fragment = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols))
                    guard fragment.split(separator: " ").count >= 2, fragment.count >= 8, !translated.contains(fragment) else { continue }
                    fragments.insert(fragment)
                }
            }
        }
        return fragments
    }

    @Test(arguments: LanguageCatalogTests.shipped)
    func noEnglishIsLeftOnAnyPage(tag: String) async throws {
        // given the household and the English each page could have left
        let household = try await Self.household()
        let languages = try Languages(directory: LanguageCatalogTests.locales.path)
        let language = try #require(languages.language(tag))
        let english = Self.englishLeft(in: language, messages: try MessageCatalog.read().messages)
        let header: HTTPFields = [.acceptLanguage: tag]
        let found = Mutex<[String: Set<String>]>([:])
        try await household.fixture.withClient { client in
            // when every page is read in the language
            let ada = try await FormPoster.signIn(client, "ada")
            var pages: [(String, TestResponse)] = []
            for page in Self.adminPages { pages.append((page, try await ada.get(page, headers: header))) }
            let guest = try await FormPoster.start(client, page: "/login")
            for page in ["/login", "/share/\(household.shareToken)", "/share/\(household.lockedToken)"] {
                pages.append((page, try await guest.get(page, headers: header)))
            }
            // then each is in it, right to left where it is written so, and holds no English
            for (page, response) in pages {
                #expect(response.text.contains("<html lang=\"\(tag)\" dir=\"\(language.direction)\""), "\(tag) \(page)")
                let text = Self.readable(response.text).joined(separator: " | ")
                let leftHere = english.filter { text.contains($0) }
                if !leftHere.isEmpty { found.withLock { $0[page] = leftHere } }
            }
        }
        let left = found.withLock { $0 }
        #expect(left.isEmpty, "\(tag): English left: \(left.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted())" })")
    }
}
