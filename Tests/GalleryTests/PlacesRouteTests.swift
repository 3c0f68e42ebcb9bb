import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import Logging
import TestSupport
import Testing
@testable import Gallery

/// Places from the positions phones write: each photo's place and coordinates, the Places page
/// by country, region and place over its map, `place=` and `has=gps` in searches, and share links
/// that show neither place nor position.
@Suite struct PlacesRouteTests {
    /// Two photos by the Eiffel Tower and the Louvre, one in Lima, one at sea, one that says nothing.
    private func located() async throws -> GalleryFixture {
        let f = try GalleryFixture()
        func at(_ latitude: Double, _ longitude: Double) -> [String] {
            ["-GPSLatitude=\(abs(latitude))", "-GPSLatitudeRef=\(latitude < 0 ? "S" : "N")",
             "-GPSLongitude=\(abs(longitude))", "-GPSLongitudeRef=\(longitude < 0 ? "W" : "E")"]
        }
        try f.addJPEG("trip/eiffel.jpg", seed: 1, exif: at(48.8584, 2.2945))
        try f.addJPEG("trip/louvre.jpg", seed: 2, exif: at(48.8606, 2.3376))
        try f.addJPEG("trip/lima.jpg", seed: 3, exif: at(-12.0464, -77.0428))
        try f.addJPEG("trip/sea.jpg", seed: 4, exif: at(-30, -140))
        try f.addJPEG("home/cat.jpg", seed: 5)
        try await f.scan()
        try await f.namePlaces()
        return f
    }

    @Test func aCatalogWithPlacesHasItsGazetteerReadAheadAndOneWithoutDoesNot() async throws {
        // given a catalog whose photos' places are named, and one with no position at all
        let named = try await located()
        let nowhere = try GalleryFixture()
        try nowhere.addJPEG("home/cat.jpg", seed: 5)
        try await nowhere.scan()
        for (fixture, hasPlaces) in [(named, true), (nowhere, false)] {
            let book = PlaceBook(folder: GalleryFixture.resources + "/Gazetteer", logger: Logger(label: "test"))
            // when the naming finds nothing waiting (as after a restart)
            #expect(try await PlaceNaming(store: try await fixture.openCatalog(), places: book).nameWaiting() == 0)
            // then the gazetteer has been read ahead only where a page will show places
            #expect(book.isRead == hasPlaces)
        }
    }

    @Test func thePlacesPageGoesFromCountriesToPlacesOverItsMap() async throws {
        let f = try await located()
        try await f.withClient { client in
            // when the world is asked for
            let world = try await client.execute(uri: "/places", method: .get)
            #expect(world.status == .ok)
            let html = world.text
            // then each country is a card with its count, marked on the map drawn under them
            #expect(html.contains("3 photos in 2 countries"))
            #expect(html.contains(#"<a href="/places?country=FR">"#) && html.contains("<strong>France</strong><small>2 photos</small>"))
            #expect(html.contains("<strong>Peru</strong><small>1 photo</small>"))
            #expect(html.contains(#"<use href="/static/world.svg#land"/>"#))
            #expect(html.components(separatedBy: "<circle ").count - 1 == 2)
            #expect(html.contains("<title>Paris, Ile-de-France, France: 2 photos</title>"))
            #expect(html.contains("1 photo says where it was taken but no place is named near it (yet)."))
            // when a country, then a region, is opened
            let france = try await client.execute(uri: "/places?country=FR", method: .get).text
            #expect(france.contains(#"<a href="/places?country=FR&amp;region=11">"#) && france.contains("<strong>Ile-de-France</strong>"))
            #expect(france.contains(#"href="/search?place=FR""#))
            let region = try await client.execute(uri: "/places?country=FR&region=11", method: .get).text
            #expect(region.contains(#"<a href="/search?place=2988507">"#) && region.contains("<strong>Paris</strong><small>2 photos</small>"))
            // then the place opens as a search of its photos, named in its chip
            let paris = try await client.execute(uri: "/search?place=2988507", method: .get).text
            #expect(paris.contains("eiffel.jpg") && paris.contains("louvre.jpg") && !paris.contains("lima.jpg"))
            #expect(paris.contains("In Paris, Ile-de-France, France"))
            // and the filter form, sent again with more, keeps the place it has no field for
            #expect(paris.contains(#"<input type="hidden" name="place" value="2988507">"#))
            let anywhere = try await client.execute(uri: "/search?has=gps", method: .get).text
            #expect(anywhere.contains("sea.jpg") && !anywhere.contains("cat.jpg"))
            #expect(try await client.execute(uri: "/search?has=no-gps", method: .get).text.contains("cat.jpg"))
            // and the home page lists Places among the collections
            #expect(try await client.execute(uri: "/", method: .get).text.contains("<strong>Places</strong><small>2 places</small>"))
        }
    }

    @Test func placesAreNamedInThePagesLanguageAndFoundByThoseNames() async throws {
        // given a photo taken by the Colosseum
        let f = try GalleryFixture()
        try f.addJPEG("rome/colosseum.jpg", seed: 6, exif: ["-GPSLatitude=41.8902", "-GPSLatitudeRef=N", "-GPSLongitude=12.4922", "-GPSLongitudeRef=E"])
        try await f.scan()
        try await f.namePlaces()
        try await f.withClient { client in
            func get(_ uri: String, _ tag: String) async throws -> String {
                try await client.execute(uri: uri, method: .get, headers: [.acceptLanguage: tag]).text
            }
            // when its page, the Places page and the country's level are read in Spanish, Japanese and Arabic
            for (tag, rome, italy) in [("es", "Roma", "Italia"), ("ja", "ローマ", "イタリア"), ("ar", "روما", "إيطاليا"), ("en", "Rome", "Italy")] {
                let photo = try await get("/photos/rome/colosseum.jpg", tag)
                // (a name inside a right-to-left sentence is set apart with Unicode isolates)
                let places = try await get("/places", tag).replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
                let country = try await get("/places?country=IT", tag)
                // then each names the place in that language
                #expect(photo.contains(#"<a href="/search?place=3169070">\#(rome), "#) && photo.contains(", \(italy)</a></dd>"), "\(tag)")
                #expect(places.contains("<strong>\(italy)</strong>") && places.contains("<title>\(rome), "), "\(tag)")
                #expect(country.contains("<h1>\(italy)</h1>") || country.contains(">\(italy)</h1>"), "\(tag)")
                // and the search the place opens says it in its chip
                #expect(try await get("/search?place=IT", tag).contains(italy), "\(tag)")
            }
            // and a place typed in another language, or in English, leads to its code
            for typed in ["Italia", "%E3%82%A4%E3%82%BF%E3%83%AA%E3%82%A2", "Italy"] {
                #expect(try await client.execute(uri: "/search?place=\(typed)", method: .get).headers[.location] == "/search?place=IT", "\(typed)")
            }
            #expect(try await client.execute(uri: "/search?place=Roma,+Italia", method: .get).headers[.location] == "/search?place=3169070")
        }
    }

    @Test func badPlaceAddressesAreClearErrors() async throws {
        let f = try await located()
        try await f.withClient { client in
            for (uri, status) in [("/places?country=France", HTTPResponse.Status.badRequest), ("/places?region=11", .badRequest),
                                  ("/places?country=FR&region=%3Cb%3E", .badRequest), ("/places?country=ZZ", .notFound),
                                  ("/places?page=0", .badRequest), ("/places?page=2", .notFound),
                                  ("/search?place=Paris%20France", .badRequest), ("/search?has=wifi", .badRequest)] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
            }
            // a lower-case country code is read as the upper-case one
            #expect(try await client.execute(uri: "/search?place=fr", method: .get).text.contains("eiffel.jpg"))
        }
    }

    @Test func aPhotoSaysWhereItWasTakenButAShareLinkDoesNot() async throws {
        let f = try await located()
        _ = try await f.addAccount("max", role: .member)
        try await f.withClient { client in
            // given the photo's own page in the gallery
            let page = try await client.execute(uri: "/photos/trip/eiffel.jpg", method: .get).text
            // then it names the place, linking to its photos, and gives the position with a map link
            #expect(page.contains(#"<dt>Place</dt><dd><a href="/search?place=2988507">Paris, Ile-de-France, France</a></dd>"#))
            #expect(page.contains(#"<dt>Position</dt><dd><a href="https://www.openstreetmap.org/?mlat=48.85840&amp;mlon=2.29450#map=16/48.85840/2.29450" rel="noopener noreferrer">48.85840° N, 2.29450° E</a></dd>"#))
            let sea = try await client.execute(uri: "/photos/trip/sea.jpg", method: .get).text
            #expect(!sea.contains("<dt>Place</dt>") && sea.contains("30.00000° S, 140.00000° W"))
            #expect(!(try await client.execute(uri: "/photos/home/cat.jpg", method: .get).text.contains("<dt>Position</dt>")))
            // when the folder is shared
            let max = try await FormPoster.signIn(client, "max")
            let made = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "0")])
            let list = try await max.keeping("photolala_new_share", from: made).get(made.headers[.location] ?? "/shared").text
            let token = try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
            // then the link's photo page shows neither the place nor the position
            let shared = try await client.execute(uri: "/share/\(token)/photos/trip/eiffel.jpg", method: .get)
            #expect(shared.status == .ok)
            #expect(!shared.text.contains("Paris") && !shared.text.contains("openstreetmap") && !shared.text.contains("48.8"))
            // when a link is made whose maker ticked that it shows where photos were taken
            let open = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "0"), ("places", "1")])
            let listed = try await max.keeping("photolala_new_share", from: open).get(open.headers[.location] ?? "/shared").text
            let placed = try #require(listed.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
            #expect(placed != token)
            // then its photo page names the place, without a way into the gallery's places, and gives the position
            let placedPage = try await client.execute(uri: "/share/\(placed)/photos/trip/eiffel.jpg", method: .get).text
            #expect(placedPage.contains("<dt>Place</dt><dd>Paris, Ile-de-France, France</dd>") && placedPage.contains("48.85840° N, 2.29450° E"))
            #expect(!placedPage.contains("/search?place=") && !placedPage.contains("<dt>Folder</dt>"))
        }
    }

    @Test func aPlaceTypedByNameLeadsToItsCode() async throws {
        let f = try await located()
        try await f.withClient { client in
            for (typed, code) in [("Paris", "2988507"), ("paris,+france", "2988507"), ("Lima%2C%20Peru", "3936456"), ("France", "FR")] {
                let answer = try await client.execute(uri: "/search?q=&place=\(typed)&sort=name", method: .get)
                #expect(answer.status == .seeOther, "\(typed)")
                #expect(answer.headers[.location] == "/search?q=&place=\(code)&sort=name", "\(typed)")
            }
            let followed = try await client.execute(uri: "/search?place=2988507", method: .get).text
            #expect(followed.contains("2 photos") && followed.contains("In Paris, Ile-de-France, France"))
            let unknown = try await client.execute(uri: "/search?place=Xyzzy%20Nowhere", method: .get)
            #expect(unknown.status == .badRequest && unknown.text.contains("no place called “Xyzzy Nowhere”"))
            // a folder takes it too
            #expect(try await client.execute(uri: "/folders/trip?place=Peru", method: .get).headers[.location] == "/folders/trip?place=PE")
        }
    }

    @Test func aLinkThatDoesNotSharePlacesHandsOutNoFileThatSaysWhere() async throws {
        // given the located photos, and a PNG whose own EXIF says where it was taken
        let f = try await located()
        let folder = NSTemporaryDirectory() + "photolala-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestImages.run("convert", ["-size", "40x30", "gradient:red-blue", folder + "/map.png"])
        try TestImages.run("exiftool", ["-q", "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
                                        "-GPSLongitudeRef=E", folder + "/map.png"])
        let map = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/map.png")))
        try f.addBytes("trip/map.png", map)
        // and a WebM, whose boxes nothing here reads for places
        try f.addBytes("trip/clip.webm", try TestVideos.bytes("webm", codec: .vp9, seconds: 1, seed: 8))
        // and a phone's video that says where it was shot
        try TestVideos.write(to: folder + "/walk.mov", metadata: ["location=+48.8584+002.2945/"])
        let walk = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/walk.mov")))
        try f.addBytes("trip/walk.mov", walk)
        let position = Array("48.8584".utf8)
        #expect(walk.firstRange(of: position) != nil)
        try await f.scan()
        _ = try await f.addAccount("max", role: .member)
        let original = [UInt8](try #require(try await f.bytes("trip/eiffel.jpg")))
        #expect(JPEGHeader.probe(original)?.location != nil)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            func link(_ extra: [(String, String)]) async throws -> String {
                let made = try await max.post("/actions/share", [("kind", "folder"), ("value", "trip"), ("expires", "0")] + extra)
                let list = try await max.keeping("photolala_new_share", from: made).get(made.headers[.location] ?? "/shared").text
                return try #require(list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map { String($0.output.1) })
            }
            let token = try await link([])
            // when a holder downloads the JPEG, then it is the same file, as long, with no position in it
            let download = try await client.execute(uri: "/share/\(token)/originals/trip/eiffel.jpg", method: .get)
            #expect(download.status == .ok)
            let clean = [UInt8](buffer: download.body)
            #expect(clean.count == original.count && clean != original)
            let probe = try #require(JPEGHeader.probe(clean))
            #expect(probe.location == nil && probe.width == 64)
            // and so is any range of it
            let part = try await client.execute(uri: "/share/\(token)/originals/trip/eiffel.jpg", method: .get, headers: [.range: "bytes=10-299"])
            #expect(part.status == .partialContent && [UInt8](buffer: part.body) == Array(clean[10...299]))
            // when the video is asked for, whole or in the ranges a player asks, it says nowhere
            let video = [UInt8](buffer: try await client.execute(uri: "/share/\(token)/originals/trip/walk.mov", method: .get).body)
            #expect(video.count == walk.count && video.firstRange(of: position) == nil && VideoPlaceRedaction.patches(file: video) != nil)
            let tail = try await client.execute(uri: "/share/\(token)/originals/trip/walk.mov", method: .get, headers: [.range: "bytes=\(walk.count - 4000)-"])
            #expect(tail.status == .partialContent && [UInt8](buffer: tail.body) == Array(video[(walk.count - 4000)...]))
            // when the PNG is asked for, it comes as long as it is, its EXIF's position emptied
            let png = try await client.execute(uri: "/share/\(token)/originals/trip/map.png", method: .get)
            let cleanMap = [UInt8](buffer: png.body)
            #expect(png.status == .ok && cleanMap.count == map.count && cleanMap != map)
            #expect(try ExifOracle.places(in: map, named: "map.png").count >= 2)
            #expect(try ExifOracle.places(in: cleanMap, named: "map.png") == [])
            // and the WebM, which cannot be vouched for, is refused with the reason
            let webm = try await client.execute(uri: "/share/\(token)/originals/trip/clip.webm", method: .get)
            #expect(webm.status == .forbidden && webm.text.contains("chose not to share places"))
            // when the whole link is downloaded, the JPEG and the PNG are in it without their position and the WebM is named as left out
            let zip = [UInt8](buffer: try await client.execute(uri: "/share/\(token)/zip", method: .get).body)
            #expect(zip.firstRange(of: clean) != nil && zip.firstRange(of: original) == nil && zip.firstRange(of: position) == nil)
            #expect(zip.firstRange(of: cleanMap) != nil && zip.firstRange(of: map) == nil)
            #expect(zip.firstRange(of: Array("keep where they were taken".utf8)) != nil && zip.firstRange(of: Array("trip/clip.webm\n".utf8)) != nil)
            // when the link's maker shares places, its files are the files as they are
            let placed = try await link([("places", "1")])
            #expect([UInt8](buffer: try await client.execute(uri: "/share/\(placed)/originals/trip/eiffel.jpg", method: .get).body) == original)
            #expect(try await client.execute(uri: "/share/\(placed)/originals/trip/map.png", method: .get).status == .ok)
            #expect([UInt8](buffer: try await client.execute(uri: "/share/\(placed)/originals/trip/walk.mov", method: .get).body) == walk)
        }
    }
}
