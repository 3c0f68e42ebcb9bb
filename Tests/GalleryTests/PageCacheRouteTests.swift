import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing
@testable import Gallery

/// Group pages kept between requests are the pages a fresh render would give: each visitor's own
/// name, favorites and form token, and every change the moment it is made.
@Suite struct PageCacheRouteTests {
    private func fixture() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        f.guestRole = .viewer
        for i in 1...3 { try f.addJPEG("trip/\(i).jpg", seed: i) }
        try await f.scan()
        try await f.addAccount("ada", role: .admin)
        try await f.addAccount("max", role: .member)
        return f
    }

    /// Every form token in a page.
    private func tokens(_ html: String) -> Set<String> {
        Set(html.matches(of: #/name="csrf" value="([^"]*)"/#).map { String($0.output.1) })
    }

    @Test func eachVisitorGetsTheirOwnPageAndTokenAgainAndAgain() async throws {
        let f = try await fixture()
        var config = f.config()
        config.metricsToken = "0123456789abcdef-token"
        try await buildApplication(config).test(.router) { client in
            // given two people signed in and a guest, each asking for the same folder twice
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            for visitor in [ada, max] {
                let first = try await visitor.get("/folders/trip").text
                let again = try await visitor.get("/folders/trip").text
                // then the second is the first, with this visitor's own form token in every form
                #expect(again == first)
                #expect(tokens(again) == [try #require(visitor.formToken)])
            }
            #expect(try await ada.get("/folders/trip").text.contains(">ada<"))
            #expect(try await max.get("/folders/trip").text.contains(">max<"))
            #expect(!(try await max.get("/folders/trip").text.contains(">ada<")))
            // and guests without a cookie each get a token of their own, the one their cookie carries
            for _ in 0..<2 {
                let guest = try await client.execute(uri: "/folders/trip", method: .get)
                let cookie = try #require(FormPoster.cookie("photolala_csrf", in: guest))
                #expect(tokens(guest.text).allSatisfy { $0 == cookie })
            }
            // and the pages asked for again were the kept ones: ada's, max's and the guests' were made once each
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"]).text
            #expect(metrics.contains("photolala_page_cache_misses 3.0") && metrics.contains("photolala_page_cache_hits 6.0"))
        }
    }

    @Test func aChangeShowsAtOnceAndOnlyForWhomItConcerns() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let ada = try await FormPoster.signIn(client, "ada")
            let max = try await FormPoster.signIn(client, "max")
            let before = try await max.get("/folders/trip").text
            let home = try await max.get("/library").text
            #expect(try await max.get("/library").text == home, "the home page is kept too")
            _ = try await ada.get("/folders/trip")
            // when max marks a favorite and rates a photo
            #expect(try await max.post("/actions/favorite", [("key", "trip/1.jpg"), ("value", "on")]).status == .seeOther)
            // then max's page shows it at once, and ada's is still her own
            let after = try await max.get("/folders/trip").text
            #expect(after != before)
            #expect(!before.contains("aria-pressed=\"true\"") && after.contains("aria-pressed=\"true\""))
            let homeAfter = try await max.get("/library").text
            #expect(homeAfter != home && homeAfter.contains("1 photo<"), "the favorites card counts it")
            // (a browser that checks its copy of a page is told to keep it while nothing changed)
            let checked = try await max.get("/folders/trip")
            let etag = try #require(checked.headers[.eTag])
            let kept = try await max.get("/folders/trip", headers: [.ifNoneMatch: etag])
            #expect(kept.status == .notModified && kept.body.readableBytes == 0 && kept.headers[.eTag] == etag)
            #expect(try await ada.get("/folders/trip", headers: [.ifNoneMatch: etag]).status == .ok, "another visitor's copy is not theirs")
            #expect(!(try await ada.get("/folders/trip").text.contains("aria-pressed=\"true\"")))
            // and a layout chosen shows at once too
            #expect(try await max.post("/view", [("set", "list"), ("back", "/folders/trip")]).status == .seeOther)
            #expect(try await max.get("/folders/trip", headers: [.ifNoneMatch: etag]).status == .ok, "changed since")
            #expect(try await max.get("/folders/trip").text.contains("<table class=\"listview\">"))
        }
    }

    @Test func aPhotosPageIsKeptAndShowsARatingTheMomentItIsGiven() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given a member who opened a photo twice
            let max = try await FormPoster.signIn(client, "max")
            let first = try await max.get("/photos/trip/2.jpg").text
            #expect(try await max.get("/photos/trip/2.jpg").text == first)
            #expect(tokens(first) == [try #require(max.formToken)])
            // when they give it four stars
            #expect(try await max.post("/actions/rate", [("key", "trip/2.jpg"), ("rating", "4"), ("back", "/photos/trip/2.jpg")]).status == .seeOther)
            // then its page says so at once, to them and to a guest
            let after = try await max.get("/photos/trip/2.jpg").text
            #expect(after != first && after.components(separatedBy: "star on").count == 5)
            #expect(try await client.execute(uri: "/photos/trip/2.jpg", method: .get).text.contains("4 of 5 stars"))
        }
    }

    @Test func pagesThatShowLookAlikesKeepNoOtherPageFromBeingKept() async throws {
        let f = try await fixture()
        var config = f.config()
        config.metricsToken = "0123456789abcdef-token"
        try await buildApplication(config).test(.router) { client in
            // given a photo's page and the Similar collection opened (both show look-alikes)
            let max = try await FormPoster.signIn(client, "max")
            _ = try await max.get("/photos/trip/2.jpg")
            _ = try await max.get("/similar")
            // when a folder and the home page are opened twice each, then the photo's page again
            for path in ["/folders/trip", "/folders/trip", "/", "/", "/photos/trip/2.jpg"] { #expect(try await max.get(path).status == .ok) }
            // then the second visits were the kept pages, as were the photo's
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"]).text
            #expect(metrics.contains("photolala_page_cache_misses 4.0") && metrics.contains("photolala_page_cache_hits 3.0"), "\(metrics)")
        }
    }

    @Test func aPhoneThatTakesGzipGetsItsOwnPageCompressedAndKept() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            // given a signed-in phone whose browser takes gzip
            let max = try await FormPoster.signIn(client, "max")
            let plain = try await max.get("/folders/trip").text
            // when it asks for the page twice
            let first = try await max.get("/folders/trip", headers: [.acceptEncoding: "gzip"])
            let again = try await max.get("/folders/trip", headers: [.acceptEncoding: "gzip"])
            // then both are the same compressed bytes of its own page, with its own token, and say how they vary
            #expect(first.headers[.contentEncoding] == "gzip" && again.body == first.body)
            #expect(try gunzip(again.body) == plain)
            #expect(first.headers[values: .vary].joined(separator: ",").contains("Accept-Encoding"))
            // (its entity tag is not the plain page's: they are different bytes)
            let plainTag = try #require(try await max.get("/folders/trip").headers[.eTag])
            #expect(first.headers[.eTag] != nil && first.headers[.eTag] != plainTag)
            let kept = try await max.get("/folders/trip", headers: [.acceptEncoding: "gzip", .ifNoneMatch: try #require(first.headers[.eTag])])
            #expect(kept.status == .notModified && kept.headers[.contentEncoding] == nil)
            // and another visitor's compressed page carries theirs
            let ada = try await FormPoster.signIn(client, "ada")
            let hers = try gunzip(try await ada.get("/folders/trip", headers: [.acceptEncoding: "gzip"]).body)
            #expect(tokens(hers) == [try #require(ada.formToken)])
        }
    }

    @Test func theFlashAndTheSplicedTokenNeverStickToAKeptPage() async throws {
        let f = try await fixture()
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            let tagged = try await max.post("/actions/select", [("group", "folder:trip"), ("all", "1"), ("do", "tag"), ("tag", "sea"),
                                                                ("back", "/folders/trip")])
            // when the page with the flash is shown, then asked for again
            let shown = try await max.keeping("photolala_flash", from: tagged).get("/folders/trip").text
            let next = try await max.get("/folders/trip").text
            // then the flash was shown once, and the kept page has no flash and no placeholder
            #expect(shown.contains("class=\"flash\"") && !next.contains("class=\"flash\""))
            let token = try #require(max.formToken)
            #expect(next.firstMatch(of: #/csrf[g-z]{32}/#) == nil && tokens(next) == [token])
        }
    }

    @Test func pagesAreSplitAtEveryPlaceholderAndJoinedWithTheToken() {
        let cache = PageCache()
        let p = cache.placeholder
        #expect(p.count == 64 && p.hasPrefix("csrf") && p.dropFirst(4).allSatisfy { ("g"..."z").contains($0) })
        #expect(PageCache().placeholder != p)
        // given a page with the placeholder at its start, middle and end
        let page = cache.keep(ByteBuffer(string: "\(p)<a>\(p)\(p)</a>\(p)"), for: .init(version: 1, target: "/", layout: "medium"))
        // when joined with a token
        let body = cache.body(page, token: "T0KEN")
        // then every place has it, and nothing else changed
        #expect(String(buffer: body) == "T0KEN<a>T0KENT0KEN</a>T0KEN")
        #expect(String(buffer: cache.body(cache.keep(ByteBuffer(string: "no forms"), for: .init(version: 2, target: "/", layout: "")), token: "x"))
                == "no forms")
    }

    @Test func aNewerCatalogVersionLetsEveryOlderPageGo() {
        let cache = PageCache()
        let home = PageCache.Key(version: 1, target: "/", layout: "medium")
        let folder = PageCache.Key(version: 1, target: "/folders/trip", layout: "medium")
        cache.keep(ByteBuffer(string: "home"), for: home)
        cache.keep(ByteBuffer(string: "folder"), for: folder)
        cache.keepCompressed(ByteBuffer(string: "gz"), for: home, token: "T")
        #expect(cache.figures.bytes > 0 && cache.page(home) != nil)
        // when a page of the next version is kept
        var next = home
        next.version = 2
        cache.keep(ByteBuffer(string: "home 2"), for: next)
        // then only it is held
        #expect(cache.page(home) == nil && cache.page(folder) == nil && cache.compressed(home, token: "T") == nil)
        #expect(cache.figures.bytes == "home 2".utf8.count && cache.page(next) != nil)
        // and a page rendered from the passed version, finishing late, is not kept
        cache.keep(ByteBuffer(string: "folder, late"), for: folder)
        #expect(cache.page(folder) == nil && cache.page(next) != nil)
        // and a page of newer look-alikes lets no page of the same catalog version go, nor is refused
        var similar = PageCache.Key(version: 2, target: "/similar", layout: "medium")
        similar.likeness = 7
        cache.keep(ByteBuffer(string: "similar"), for: similar)
        cache.keep(ByteBuffer(string: "folder 2"), for: PageCache.Key(version: 2, target: "/folders/trip", layout: "medium"))
        #expect(cache.page(next) != nil && cache.page(similar) != nil)
        #expect(cache.page(PageCache.Key(version: 2, target: "/folders/trip", layout: "medium")) != nil)
    }

    @Test func onePageOfNewerLookAlikesIsMadeWhileTheOthersGetTheOneBefore() {
        let cache = PageCache()
        var flights: [PageCache.Key: PageCache.Flight] = [:]
        func found(_ key: PageCache.Key) -> String {
            switch cache.find(key) {
            case .kept(let page, let at): return "\(String(buffer: cache.body(page, token: ""))) as \(at.likeness)"
            case .wait: return "wait"
            case .make(let flight):
                flights[key] = flight
                return "make"
            }
        }
        func made(_ key: PageCache.Key, _ text: String?) {
            if let text { cache.keep(ByteBuffer(string: text), for: key) }
            cache.made(key, flights[key]!, nil)
        }
        var photo = PageCache.Key(version: 3, target: "/photos/a.jpg", layout: "")
        photo.likeness = 1
        // given nothing kept: the first request makes the page, and one meanwhile, with nothing to stand in, waits for it
        #expect(found(photo) == "make" && found(photo) == "wait")
        made(photo, "a, 1")
        #expect(found(photo) == "a, 1 as 1")
        // when the look-alikes move on, the first request for the page makes it anew
        var newer = photo
        newer.likeness = 2
        #expect(found(newer) == "make")
        // then while it does, the others get the page of the look-alikes before, under its own key
        #expect(found(newer) == "a, 1 as 1" && found(newer) == "a, 1 as 1")
        // but no other address's, account's or language's page stands in
        let changes: [(inout PageCache.Key) -> Void] = [{ $0.target = "/photos/b.jpg" }, { $0.account = 4 }, { $0.language = "ja" }]
        for change in changes {
            var other = newer
            change(&other)
            #expect(found(other) == "make")
        }
        // and once it is kept, every request gets it, and the page before is gone
        made(newer, "a, 2")
        #expect(found(newer) == "a, 2 as 2" && cache.page(photo) == nil)
        // a page of the look-alikes before, made late, is not kept
        cache.keep(ByteBuffer(string: "a, 1 late"), for: photo)
        #expect(cache.page(photo) == nil && found(newer) == "a, 2 as 2")
        // a making that ends with nothing kept (an error) leaves it to the next request
        var newest = newer
        newest.likeness = 3
        #expect(found(newest) == "make" && found(newest) == "a, 2 as 2")
        made(newest, nil)
        #expect(found(newest) == "make")
        // and a page that shows no look-alikes never has another stand in: it is waited for
        let folder = PageCache.Key(version: 3, target: "/folders/trip", layout: "medium")
        #expect(found(folder) == "make" && found(folder) == "wait")
        // nor does a page of an older catalog version: a newer one lets every page go
        var next = newest
        next.version = 4
        cache.keep(ByteBuffer(string: "folder 4"), for: PageCache.Key(version: 4, target: "/folders/trip", layout: "medium"))
        #expect(found(next) == "make" && found(next) == "wait")
    }

    @Test func aPageBeingMadeIsWaitedForAndHandedOnNotMadeAgain() async throws {
        let cache = PageCache()
        let home = PageCache.Key(version: 1, target: "/", layout: "")
        // given one request making the home page and another asking for it meanwhile
        guard case .make(let flight) = cache.find(home), case .wait(let same) = cache.find(home) else {
            Issue.record("the first request makes the page and the second waits")
            return
        }
        #expect(same === flight)
        async let waited = same.made()
        // when the first has made it (not to be kept: counts still under way, say)
        let page = cache.pieces(of: ByteBuffer(string: "<p>\(cache.placeholder)</p>"))
        cache.made(home, flight, .init(page: page, kept: false))
        // then the second gets the same page, with a place for its own token, and nothing is kept
        let handed = try #require(await waited)
        #expect(String(buffer: cache.body(handed.page, token: "T")) == "<p>T</p>" && !handed.kept)
        #expect(await flight.made() != nil && cache.page(home) == nil)
        // and the next request makes it anew
        guard case .make(let again) = cache.find(home) else { Issue.record("made anew"); return }
        // when a maker fails (or made a page of its own), each waiter makes its own
        guard case .wait(let waiting) = cache.find(home) else { Issue.record("waits"); return }
        cache.made(home, again, nil)
        #expect(await waiting.made() == nil)
        guard case .make = cache.find(home) else { Issue.record("made anew"); return }
    }

    @Test func aPageIsKeptWhileAScanRunsWithTheBannerOfTheMomentPutIn() async throws {
        // given a scanned library with a new photo in it, whose read the start-up scan is held at
        let f = try await fixture()
        try f.addJPEG("trip/4.jpg", seed: 4)
        let source = FailingSource(f.source)
        source.holdReads()
        var config = f.config()
        config.scanOnStart = true
        config.metricsToken = "0123456789abcdef-token"
        try await buildApplication(config, source: source).test(.router) { client in
            let max = try await FormPoster.signIn(client, "max")
            func hits() async throws -> Double {
                let metrics = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer 0123456789abcdef-token"]).text
                return try #require(metrics.firstMatch(of: #/photolala_page_cache_hits ([0-9.]+)/#).flatMap { Double($0.output.1) })
            }
            var page = ""
            for _ in 0..<200 {
                page = try await max.get("/folders/trip").text
                if page.contains("Scanning: 3 of 4 files") { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            // when the folder is asked for while the scan runs, twice, and in Japanese
            let before = try await hits()
            let first = try await max.get("/folders/trip").text
            let again = try await max.get("/folders/trip").text
            let after = try await hits()
            let japanese = try await max.get("/folders/trip", headers: [.acceptLanguage: "ja"]).text
            // then each shows the banner where it stands, linked to the scan's page, and no placeholder
            let banner = #"<p class="banner" role="status"><a href="/scan">Scanning: 3 of 4 files (75%)</a></p>"#
            #expect(first.contains(banner + "\n<main") && again == first)
            #expect(!japanese.contains("Scanning: 3") && japanese.contains(#"<p class="banner" role="status"><a href="/scan">"#))
            #expect(first.firstMatch(of: #/scan[g-z]{32}|csrf[g-z]{32}/#) == nil)
            // and the two were the kept page
            #expect(before + 2 == after)
            // when the scan goes on and finishes, the page is the new photo's, with no banner
            source.releaseReads()
            for _ in 0..<200 {
                page = try await max.get("/folders/trip").text
                if !page.contains("class=\"banner") { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(!page.contains("class=\"banner") && page.contains("4.jpg"))
        }
    }

    @Test func aKeptPageIsSplitAtBothPlaceholdersAndJoinedWithTheTokenAndTheBanner() {
        let cache = PageCache()
        let (token, banner) = (cache.placeholder, cache.bannerPlaceholder)
        #expect(banner.count == 36 && banner.hasPrefix("scan") && banner != token && PageCache().bannerPlaceholder != banner)
        // given a page with both placeholders, side by side and apart
        let page = cache.pieces(of: ByteBuffer(string: "<h>\(banner)\(token)<f>\(token)</f>\(banner)"))
        #expect(page.holes == [.banner, .token, .token, .banner] && page.pieces.count == 5)
        // then each is filled with its own, and an empty banner leaves nothing behind
        #expect(String(buffer: cache.body(page, token: "T", banner: "<p>B</p>")) == "<h><p>B</p>T<f>T</f><p>B</p>")
        #expect(String(buffer: cache.body(page, token: "T")) == "<h>T<f>T</f>")
        #expect(String(buffer: cache.body(cache.pieces(of: ByteBuffer(string: "plain")), token: "T", banner: "B")) == "plain")
    }

    @Test func aTokenAsLongAsThePlaceholderIsWrittenOverItInPlace() {
        let cache = PageCache()
        let placeholder = cache.placeholder
        let token = CSRFMiddleware.newToken()
        // The placeholder is as long as every token a visitor may carry.
        #expect(placeholder.utf8.count == token.utf8.count && CSRFMiddleware.isWellFormed(token))
        #expect(placeholder.utf8.count == CSRFMiddleware.token(forSession: "s").utf8.count)
        // given pages of tokens at the start, side by side, at the end, and none; read from a
        // buffer that does not start at its storage's start
        for text in ["\(placeholder)<a>\(placeholder)\(placeholder)é</a>\(placeholder)", "<p>plain</p>", placeholder] {
            var rendered = ByteBuffer(string: "skip" + text)
            rendered.moveReaderIndex(forwardBy: 4)
            let page = cache.pieces(of: rendered)
            // then the page is the text with every placeholder the token, the banner-less way
            #expect(page.tokenOffsets.count == page.holes.count)
            #expect(String(buffer: cache.body(page, token: token)) == text.replacingOccurrences(of: placeholder, with: token))
        }
        // and with a banner in it, or a token of another length, piece by piece as before
        let banner = cache.bannerPlaceholder
        let page = cache.pieces(of: ByteBuffer(string: "<h>\(banner)</h><f>\(placeholder)</f>"))
        #expect(page.tokenOffsets == [10 + banner.utf8.count])
        #expect(String(buffer: cache.body(page, token: token, banner: "B")) == "<h>B</h><f>\(token)</f>")
        #expect(String(buffer: cache.body(cache.pieces(of: ByteBuffer(string: "<f>\(placeholder)</f>")), token: "short")) == "<f>short</f>")
    }
}
