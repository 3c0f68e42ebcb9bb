import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Whose language a page is in, where it meets the rest: an account's choice over its browser's,
/// a link's holders by their browser, a flash said in the language of the page it lands on, and
/// kept pages never handed to a reader of another language.
@Suite struct LanguageChoiceRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = nil
        try f.addJPEG("trip/a.jpg", seed: 1)
        try f.addJPEG("trip/b.jpg", seed: 2)
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        return f
    }

    private func lang(_ html: String) -> String? {
        html.firstMatch(of: #/<html lang="([^"]*)" dir="([^"]*)"/#).map { "\($0.output.1) \($0.output.2)" }
    }

    @Test func anAccountsChoiceWinsOverItsBrowserAndCanBeGivenBack() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // given a browser that asks for German
            let german: HTTPFields = [.acceptLanguage: "de-DE,de;q=0.9,en;q=0.5"]
            #expect(lang(try await max.get("/folders/trip", headers: german).text) == "de ltr")
            // when the account chooses Arabic
            let chosen = try await max.post("/actions/language", [("language", "ar")])
            #expect(chosen.status == .seeOther && chosen.headers[.location] == "/account?done=language")
            // then every page is in Arabic, right to left, whatever the browser asks, and says so
            let account = try await max.get("/account?done=language", headers: german).text
            #expect(lang(account) == "ar rtl")
            #expect(account.contains("<option value=\"ar\" selected>العربية</option>"))
            #expect(lang(try await max.get("/folders/trip", headers: german).text) == "ar rtl")
            // and another account is untouched
            let ada = try await FormPoster.signIn(client, "ada")
            #expect(lang(try await ada.get("/folders/trip", headers: german).text) == "de ltr")
            // when the choice is given back, the browser's language is followed again
            _ = try await max.post("/actions/language", [("language", "")])
            #expect(lang(try await max.get("/folders/trip", headers: german).text) == "de ltr")
            #expect(lang(try await max.get("/folders/trip").text) == "en ltr")
            // and a language that is not here is refused, changing nothing
            let refused = try await max.post("/actions/language", [("language", "xx")])
            #expect(refused.status == .badRequest)
            #expect(lang(try await max.get("/folders/trip").text) == "en ltr")
        }
    }

    @Test func aKeptPageIsNeverHandedToAReaderOfAnotherLanguage() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            // given a group page kept after a reading in French
            let french: HTTPFields = [.acceptLanguage: "fr"]
            // (a page kept at one catalog version is let go when the version moves, as a background
            // count may move it just after the start: the round is tried again until one holds)
            var held = false
            for _ in 0..<10 where !held {
                let first = try await ada.get("/folders/trip", headers: french)
                #expect(lang(first.text) == "fr ltr")
                #expect(first.headers[.vary]?.contains("Accept-Language") == true)
                let tag = try #require(first.headers[.eTag])
                // when the same visitor asks in Japanese, and then with the French copy's tag
                let japanese = try await ada.get("/folders/trip", headers: [.acceptLanguage: "ja"])
                // then the page is made in Japanese, under another tag, and the French copy is not "still good"
                #expect(lang(japanese.text) == "ja ltr")
                #expect(japanese.headers[.eTag] != tag)
                let revalidated = try await ada.get("/folders/trip", headers: [.acceptLanguage: "ja", .ifNoneMatch: tag])
                #expect(revalidated.status == .ok && lang(revalidated.text) == "ja ltr")
                // and asking in French again is answered from the kept page, still French
                let again = try await ada.get("/folders/trip", headers: [.acceptLanguage: "fr", .ifNoneMatch: tag])
                #expect(again.status == .notModified || lang(again.text) == "fr ltr")
                held = again.status == .notModified
            }
            #expect(held, "the French page was never answered from its kept copy")
        }
    }

    @Test func aFlashIsSaidInTheLanguageOfThePageItLandsOn() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let german: HTTPFields = [.acceptLanguage: "de"]
            // when a German reader tags every photo of a folder at once
            let tagged = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "Strand"),
                                                                ("back", "/folders/trip")], headers: german)
            #expect(tagged.status == .seeOther)
            // then the line that says so is German, as German's catalog says it
            let page = try await max.keeping("photolala_flash", from: tagged).get("/folders/trip", headers: german).text
            let flash = try #require(page.firstMatch(of: #/<p class="flash" role="status">([^<]*)</#).map { String($0.output.1) })
            let languages = try Languages(directory: GalleryFixture.resources + "/Locales")
            let catalog = Set(languages.language("de")!.messages.values.flatMap { $0 }.flatMap(Self.words))
            #expect(flash.contains("Strand") && Self.words(flash).filter { $0 != "Strand" }.allSatisfy(catalog.contains), "\(flash)")
            // and the same action by an English reader says it in English
            let english = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "Meer"),
                                                                 ("back", "/folders/trip")])
            let englishPage = try await max.keeping("photolala_flash", from: english).get("/folders/trip").text
            let englishFlash = try #require(englishPage.firstMatch(of: #/<p class="flash" role="status">([^<]*)</#).map { String($0.output.1) })
            #expect(englishFlash.contains("Meer") && !Self.words(englishFlash).filter { $0 != "Meer" }.allSatisfy(catalog.contains), "\(englishFlash)")
        }
    }

    /// The words of a text, three letters or more.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
    }

    @Test func aLinksHoldersGetTheirBrowsersLanguage() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            _ = try await max.post("/actions/language", [("language", "ja")])
            let made = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("filter", ""), ("expires", "7")])
            let cookie = try #require(FormPoster.cookie("photolala_new_share", in: made))
            let token = try #require(cookie.firstMatch(of: #/[A-Za-z0-9_-]{43}/#).map { String($0.output) })
            // then the link's page follows its holder's browser, not its maker's choice
            let spanish = try await client.execute(uri: "/share/\(token)", method: .get, headers: [.acceptLanguage: "es-MX, es;q=0.9"])
            #expect(lang(spanish.text) == "es ltr")
            let none = try await client.execute(uri: "/share/\(token)", method: .get)
            #expect(lang(none.text) == "en ltr")
        }
    }

    @Test func aFormRefusedBeforeTheVisitorIsKnownIsExplainedInTheBrowsersLanguage() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            // when a form comes from another site (the CSRF check refuses it before the session is read)
            let refused = try await max.post("/actions/favorite", [("key", "trip/a.jpg"), ("value", "on")],
                                             headers: [.origin: "https://elsewhere.example", .acceptLanguage: "de"])
            // then the page saying so is in the browser's language
            #expect(refused.status == .forbidden)
            #expect(lang(refused.text) == "de ltr")
            let languages = try Languages(directory: GalleryFixture.resources + "/Locales")
            let german = try #require(languages.language("de")?.translation(of: "This form was sent from another site, so it was refused."))
            #expect(refused.text.contains(german))
        }
    }
}
