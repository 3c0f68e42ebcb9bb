@testable import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import TestSupport
import Testing
@testable import Gallery

/// A group's tiles keep their photos' shapes: each tile states the size of its row rendition and
/// its shape class, the renditions are made at exactly that size, and the stylesheet has a rule
/// for every shape and the rows' heights the page's `sizes` assume.
@Suite struct JustifiedRowsRouteTests {
    /// Photos of every kind of shape: landscape, portrait, square, a panorama wider than a row
    /// allows, a strip taller than it allows, one smaller than the rendition, one turned by EXIF.
    static let shapes: [(key: String, size: String, exif: [String], shown: (Int, Int), shape: Int)] = [
        ("trip/landscape.jpg", "800x600", [], (320, 240), 135),
        ("trip/portrait.jpg", "600x900", [], (160, 240), 65),
        ("trip/square.jpg", "500x500", [], (240, 240), 100),
        ("trip/panorama.jpg", "2000x400", [], (720, 144), 300),
        ("trip/strip.jpg", "100x800", [], (30, 240), 50),
        ("trip/small.jpg", "160x90", [], (160, 90), 180),
        ("trip/turned.jpg", "900x600", ["-Orientation#=6"], (160, 240), 65),
    ]

    @Test(arguments: SourceKind.allCases) func tilesKeepTheirPhotosShapesAndTheirRenditionsAreTheSizeTheySay(_ kind: SourceKind) async throws {
        // given
        let f = try GalleryFixture(kind)
        for (n, photo) in Self.shapes.enumerated() { try f.addJPEG(photo.key, seed: n + 1, size: photo.size, exif: photo.exif) }
        try await f.scan()
        let store = try await CatalogStore.open(dataFolder: f.data)
        try await f.withClient { client in
            // when
            let page = try await client.execute(uri: "/folders/trip", method: .get).text
            // then the grid is justified rows, and each tile says its shape and its rendition's size
            #expect(page.contains(#"<ul class="photos rows">"#))
            for photo in Self.shapes {
                let sha = try #require(try await store.photo(key: photo.key)?.card.sha256)
                let name = String(photo.key.dropFirst("trip/".count))
                let tile = try #require(page.firstMatch(of: try Regex(#"<li id="p[0-9]+" class="(a[0-9]+)"><a href="/photos/trip/\#(name)[^<]*<picture>(.*?)</picture>"#)),
                                        "\(photo.key)")
                let (shapeClass, picture) = (String(tile.output[1].substring ?? ""), String(tile.output[2].substring ?? ""))
                #expect(shapeClass == "a\(photo.shape)", "\(photo.key)")
                let (w, h) = photo.shown
                #expect(picture.contains(#"<img src="/thumbs/240/\#(sha).jpg""#), "\(photo.key)")
                #expect(picture.contains(#"width="\#(w)" height="\#(h)""#), "\(photo.key): \(picture)")
                // a rendition made at exactly that size, and a 2x one twice as large unless the original is smaller
                let made = try #require(JPEGHeader.probe(Array(try await client.execute(uri: "/thumbs/240/\(sha).jpg", method: .get).body.readableBytesView)))
                #expect((made.width, made.height) == (w, h), "\(photo.key)")
                let double = try #require(JPEGHeader.probe(Array(try await client.execute(uri: "/thumbs/480/\(sha).jpg", method: .get).body.readableBytesView)))
                if photo.key == "trip/small.jpg" {
                    #expect((double.width, double.height) == (w, h))
                    #expect(picture.contains(#"srcset="/thumbs/240/\#(sha).jpg \#(w)w""#), "one candidate for an original smaller than the rendition")
                } else {
                    #expect((double.width, double.height) == (2 * w, 2 * h), "\(photo.key)")
                    #expect(picture.contains(#"srcset="/thumbs/240/\#(sha).jpg \#(w)w, /thumbs/480/\#(sha).jpg \#(2 * w)w""#), "\(photo.key)")
                }
            }
        }
    }

    @Test func eachLayoutStatesItsRowsInSizesAndTheSquareCropsStayForCovers() async throws {
        // given a signed-in member who chose small tiles, then large
        let f = try GalleryFixture(.folder)
        try f.addJPEG("trip/a.jpg", seed: 1, size: "900x600")
        try await f.scan()
        try await f.addAccount("max", role: .member)
        try await f.withClient { client in
            let max = try await FormPoster.signIn(client, "max")
            var seen: [String: String] = [:]
            for mode in ["small", "medium", "large"] {
                _ = try await max.post("/view", [("set", mode), ("back", "/folders/trip")])
                let page = try await max.get("/folders/trip").text
                let sizes = try #require(page.firstMatch(of: #/<img src="/thumbs/240/[0-9a-f]{64}\.jpg" srcset="[^"]*" sizes="([^"]*)"/#)
                    .map { String($0.output.1) })
                seen[mode] = sizes
                #expect(page.contains(mode == "medium" ? #"class="photos rows""# : #"class="photos rows size-\#(mode)""#))
                // the cover of the folder on the home page stays a square crop
                #expect(try await max.get("/library").text.contains("/thumbs/256/"))
            }
            // then each layout says how wide a 3:2 tile is drawn at its row height: on a wide screen,
            // on a dense phone (medium only: the 1x rendition) and on a phone
            #expect(seen["small"] == "(min-width: 700px) 180px, 120px")
            // (the dense phone's is a third of the 1x rendition's width, 360 px for 900×600)
            #expect(seen["medium"] == "(min-width: 700px) 270px, (min-resolution: 2.5dppx) 120px, 180px")
            #expect(seen["large"] == "(min-width: 700px) 390px, 270px")
        }
    }

    @Test func theStylesheetHasEveryShapeAndTheRowHeightsTheSizesAssume() throws {
        let css = try String(contentsOfFile: GalleryFixture.resources + "/Public/style.css", encoding: .utf8)
        // every shape a tile can have is a class of the stylesheet, with its own ratio
        for shape in TileShape.all {
            let value = Double(shape.hundredths) / 100
            let match = try #require(css.firstMatch(of: try Regex("\\.\(shape.className)\\{--a:([0-9.]+)\\}")), "\(shape.className)")
            #expect(Double(String(match.output[1].substring ?? "")) == value, "\(shape.className)")
        }
        // and the rows are as high as ViewMode says, on a phone and on a wide screen
        let block = try #require(css.range(of: "@supports (aspect-ratio: 1)").map { String(css[$0.upperBound...]) })
        let wide = try #require(block.range(of: "@media (min-width: 700px)").map { String(block[$0.upperBound...]) })
        for mode in [ViewMode.small, .medium, .large] {
            let selector = mode == .medium ? ".photos.rows {" : ".photos.rows.size-\(mode.rawValue) {"
            func height(in text: String) throws -> Int? {
                let rule = try #require(text.range(of: selector).map { text[$0.upperBound...].prefix(while: { $0 != "}" }) }, "\(selector)")
                return rule.firstMatch(of: #/--h: ([0-9]+)px/#).flatMap { Int($0.output.1) }
            }
            #expect(try height(in: block) == mode.rowHeight.phone, "\(mode)")
            #expect(try height(in: wide) == mode.rowHeight.wide, "\(mode)")
        }
    }

    @Test func aDensePhoneIsDeclaredATileItsOneXRenditionCovers() throws {
        // every common camera size and every shape: three device pixels times the declared width
        // never passes the 1x rendition's width, so such a phone never fetches the 2x one
        var sizes = [(4032, 3024), (3024, 4032), (4000, 3000), (6000, 4000), (1920, 1080), (1080, 1920), (4080, 3072), (5472, 3648), (64, 48)]
        sizes += TileShape.all.map { (4 * $0.hundredths * 10 + 7, 4000 + 3) }
        for (width, height) in sizes {
            let card = PhotoCard(fileId: 1, key: "a.jpg", name: "a.jpg", sha256: String(repeating: "a", count: 64), width: width, height: height)
            let image = RowImage(card, alt: .verbatim(""), mode: .medium)
            let dense = try #require(image.sizes.firstMatch(of: #/2.5dppx\) ([0-9]+)px/#).flatMap { Int($0.output.1) })
            #expect(3 * dense <= image.width, "\(width)×\(height): \(image.sizes), 1x \(image.width)")
        }
    }

    @Test func aShapeIsTheRatioInStepsOfAFifthOfATenthWithinItsBounds() {
        #expect(TileShape(width: 4000, height: 3000).className == "a135")
        #expect(TileShape(width: 3000, height: 2000).className == "a150")
        #expect(TileShape(width: 1920, height: 1080).className == "a180")
        #expect(TileShape(width: 1080, height: 1920).className == "a55")
        #expect(TileShape(width: 10000, height: 100).className == "a300")
        #expect(TileShape(width: 1, height: 100).className == "a50")
        #expect(TileShape(width: 0, height: 0).className == "a100")
        #expect(TileShape(width: -3, height: 7).className == "a100")
        #expect(TileShape.all.count == 51 && TileShape.all.first?.hundredths == 50 && TileShape.all.last?.hundredths == 300)
        #expect(TileShape(width: 3, height: 2).width(high: 120) == 180)
    }
}
