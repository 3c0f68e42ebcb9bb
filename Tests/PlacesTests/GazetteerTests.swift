import Foundation
import Testing
import TestSupport

@testable import Places

/// The gazetteer the project ships, and the grid that names a position from the few places near it.
@Suite struct GazetteerTests {
    /// The committed gazetteer, read once for the suite.
    static let shipped: Gazetteer = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! Gazetteer.load(folder: root.appendingPathComponent("Gazetteer").path)
    }()

    @Test func namesWellKnownPlacesAndNothingAtSea() throws {
        // given the shipped gazetteer
        let gazetteer = Self.shipped
        // when positions are named
        let eiffel = try #require(gazetteer.named(latitude: 48.8584, longitude: 2.2945))
        let opera = try #require(gazetteer.named(latitude: -33.8568, longitude: 151.2153))
        let pacific = gazetteer.named(latitude: -30, longitude: -140)
        // then the nearest place of each is named, with its country and region, and the open sea is no place
        #expect(eiffel.name == "Paris")
        #expect(gazetteer.countryName(eiffel.country, in: "en") == "France")
        #expect(gazetteer.regionName(country: eiffel.country, region: eiffel.region, in: "en") == "Ile-de-France")
        #expect(opera.country == "AU")
        #expect(pacific == nil)
        #expect(gazetteer.places.count > 60_000)
        #expect(gazetteer.place(id: eiffel.id) == eiffel)
        #expect(gazetteer.place(id: -1) == nil)
    }

    @Test func theGridFindsWhatReadingEveryPlaceFinds() {
        // given random positions all over the Earth, the poles and the date line among them
        var random = SeededGenerator(seed: 35)
        var positions: [(Double, Double)] = [(90, 0), (-90, 0), (0, 180), (0, -180), (89.99, 179.99), (-89.99, -179.99), (65.5, -180)]
        for _ in 0..<250 { positions.append((Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))) }
        // and, more often, positions near a place, where the answer is not nothing
        for _ in 0..<250 {
            let place = Self.shipped.places.randomElement(using: &random)!
            positions.append((min(90, max(-90, place.latitude + Double.random(in: -0.4...0.4, using: &random))),
                              min(180, max(-180, place.longitude + Double.random(in: -0.4...0.4, using: &random)))))
        }
        for (latitude, longitude) in positions {
            // when the grid names it, and a pass over every place does
            let named = Self.shipped.named(latitude: latitude, longitude: longitude)
            var everyPlace: (id: Int64, km: Double)?  // km: the distance over the place's weight
            for place in Self.shipped.places {
                let km = Gazetteer.distance(latitude, longitude, place.latitude, place.longitude)
                guard km <= Gazetteer.reach else { continue }
                let score = km / place.weight
                if let best = everyPlace, best.km < score || (best.km == score && best.id < place.id) { continue }
                everyPlace = (place.id, score)
            }
            // then both name the same place, or both none
            #expect(named?.id == everyPlace?.id, "at \(latitude), \(longitude)")
        }
    }

    @Test func everyPositionNamesAPlaceOrNoneAndNonsenseNamesNone() {
        // given a grid of positions over the whole Earth, and values that are no position
        var named = 0
        for latitude in stride(from: -90.0, through: 90, by: 1.5) {
            for longitude in stride(from: -180.0, through: 180, by: 1.5) {
                // when each is named, then it is a place within reach or none
                if let place = Self.shipped.named(latitude: latitude, longitude: longitude) {
                    #expect(Gazetteer.distance(latitude, longitude, place.latitude, place.longitude) <= Gazetteer.reach)
                    named += 1
                }
            }
        }
        #expect(named > 100)
        for (latitude, longitude) in [(Double.nan, 0.0), (0, .infinity), (91, 0), (0, -180.5), (-.greatestFiniteMagnitude, 0)] {
            #expect(Self.shipped.named(latitude: latitude, longitude: longitude) == nil)
        }
    }

    @Test func namesTypedByAPersonFindCountriesPlacesAndRegionsWithoutCaseOrAccents() {
        let gazetteer = Gazetteer(places: [
            Place(id: 1, name: "Paris", country: "FR", region: "11", latitude: 48.85, longitude: 2.35, population: 2_000_000),
            Place(id: 2, name: "Paris", country: "US", region: "TX", latitude: 33.66, longitude: -95.55, population: 25_000),
            Place(id: 3, name: "Zürich", country: "CH", region: "ZH", latitude: 47.37, longitude: 8.54, population: 340_000),
            Place(id: 4, name: "Lima", country: "PE", region: "15", latitude: -12.05, longitude: -77.04, population: 7_700_000),
        ], countries: ["FR": "France", "US": "United States", "CH": "Switzerland", "PE": "Peru"],
           regions: ["FR.11": "Île-de-France", "US.TX": "Texas", "CH.ZH": "Zurich", "PE.15": "Lima"])
        let index = gazetteer.nameIndex()
        let cases: [(String, Gazetteer.Found?)] = [
            ("Paris", .place(1)), ("  paris ", .place(1)), ("PARIS, United States", .place(2)), ("Paris, Texas, United States", .place(2)),
            ("paris, us", .place(2)), ("zurich", .place(3)), ("Zürich", .place(3)), ("peru", .country("PE")), ("Lima", .place(4)),
            ("ile-de-france", .region(country: "FR", region: "11")), ("Texas, United States", .region(country: "US", region: "TX")),
            ("Paris, Peru", nil), ("Atlantis", nil), ("", nil), ("a, b, c, d", nil), ("Paris, Narnia", nil),
        ]
        for (text, found) in cases { #expect(gazetteer.lookUp(text, in: index) == found, "\(text)") }
    }

    @Test func aCityKeepsItsMiddleFromTheSuburbsAround() {
        // given a city's point and a small town's, a little nearer to the photo than the city's
        let city = Place(id: 1, name: "City", country: "FR", region: "", latitude: 48.8534, longitude: 2.3488, population: 2_000_000)
        let town = Place(id: 2, name: "Town", country: "FR", region: "", latitude: 48.8884, longitude: 2.2686, population: 60_000)
        let gazetteer = Gazetteer(places: [city, town], countries: [:], regions: [:])
        // when a photo 4 km from the city's point and 3.8 km from the town's is named, and one next to the town's
        let middle = gazetteer.named(latitude: 48.8584, longitude: 2.2945)
        let inTown = gazetteer.named(latitude: 48.8880, longitude: 2.2690)
        // then the first is in the city, the second in the town
        #expect(middle == city)
        #expect(inTown == town)
    }

    @Test func aPlaceAcrossTheDateLineIsNear() {
        // given a gazetteer of one place just east of 180°
        let place = Place(id: 1, name: "East", country: "FJ", region: "", latitude: -16.5, longitude: 179.95)
        let gazetteer = Gazetteer(places: [place], countries: [:], regions: [:])
        // when a position just west of it, across the date line, is named
        let named = gazetteer.named(latitude: -16.5, longitude: -179.95)
        // then it is that place, about 11 km away
        #expect(named == place)
        #expect(gazetteer.countryName("FJ", in: "en") == "FJ" && gazetteer.countryName("FJ", in: "ja") == "FJ")
    }

    @Test func badLinesAreLeftOut() {
        // given place lines, some of them broken
        let good = Gazetteer.places(in: Data("1\tA\tFR\t11\t48.0\t2.0\t9000\n2\tB\tFRA\t11\t48\t2\t1\n3\t\tFR\t11\t1\t1\t1\n4\tD\tFR\t11\t95\t2\t1\nx\tE\tFR\t\t1\t1\t1\n5\tF\tFR\t11\t1\t1\t-3\n6\tG\tFR\t11\t1\t1\n7\tÉlan\tFR\t\t-1.5\t2e1\t0\n8\tH\tFR\t11\tnan\t1\t1\n\n9\tI\tFR\t11\t1\t1\t1\t\n10\tJ\tFR\t11\t1\t1\t1".utf8))
        // then only the sound ones are kept, the last line without its line break too
        #expect(good.map(\.id) == [1, 7, 10])
        #expect(good[1] == Place(id: 7, name: "Élan", country: "FR", region: "", latitude: -1.5, longitude: 20, population: 0))
    }

    @Test func theShippedGazetteerNamesPlacesInEachLanguageAndEnglishWhereItHasNoOther() throws {
        // given the shipped gazetteer and a photo by the Colosseum
        let gazetteer = Self.shipped
        let rome = try #require(gazetteer.named(latitude: 41.8902, longitude: 12.4922))
        // then Italy and Rome are named in each of the gallery's languages
        let italy = ["en": "Italy", "de": "Italien", "es": "Italia", "fr": "Italie", "ar": "إيطاليا", "ja": "イタリア"]
        for (tag, name) in italy { #expect(gazetteer.countryName(rome.country, in: tag) == name, "\(tag)") }
        #expect(rome.name == "Rome" && gazetteer.placeName(rome, in: "en") == "Rome")
        #expect(gazetteer.placeName(rome, in: "es") == "Roma" && gazetteer.placeName(rome, in: "ja") == "ローマ")
        #expect(gazetteer.placeName(rome, in: "ar") == "روما" && gazetteer.placeName(rome, in: "de") == "Rom")
        // and a regional tag takes its language's names; a language the gazetteer has no names in, the English ones
        #expect(gazetteer.countryName("IT", in: "es-MX") == "Italia" && gazetteer.countryName("IT", in: "pt-BR") == "Italy")
        #expect(gazetteer.regionName(country: "DE", region: "02", in: "de") == "Bayern")
        #expect(gazetteer.regionName(country: "DE", region: "02", in: "en") == "Bavaria")
    }

    @Test func namesLinesThatAreNotSoundAreSkipped() {
        // given a names file with a header, sound lines and broken ones
        let text = "key\tes\tja\tbad tag\n"
            + "IT\tItalia\tイタリア\tX\n"  // sound (the column with no tag is left out)
            + "3169070\tRoma\t\t\n"  // sound, no Japanese name
            + "FR\tFrancia\tフランス\n"  // a field short
            + "DE\tAlemania\tドイツ\tX\textra\n"  // a field over
            + "\tNada\tなし\tX\n"  // no key
            + "E S\tEse\tエス\tX\n"  // a key with a space
            + "\n\n\t\t\t\t\n"
        // when it is read
        let names = Gazetteer.localizedNames(Data(text.utf8))
        // then only the sound lines' names are kept, each under its language
        #expect(names == ["es": ["IT": "Italia", "3169070": "Roma"], "ja": ["IT": "イタリア"]])
        // and a file without its header, or an empty one, gives no names
        #expect(Gazetteer.localizedNames(Data("IT\tItalia\n".utf8)).isEmpty)
        #expect(Gazetteer.localizedNames(Data()).isEmpty && Gazetteer.localizedNames(Data("key\n".utf8)).isEmpty)
        #expect(Gazetteer.localizedNames(Data([0xFF, 0xFE, 0x09, 0x0A, 0x80])).isEmpty)
    }

    @Test func aPlaceTypedInAnotherLanguageIsFoundAndEnglishStillIs() {
        // given a gazetteer with English names and Spanish and Japanese ones
        let gazetteer = Gazetteer(places: [
            Place(id: 1, name: "Rome", country: "IT", region: "07", latitude: 41.89, longitude: 12.48, population: 2_300_000),
            Place(id: 2, name: "Roma", country: "AU", region: "04", latitude: -26.57, longitude: 148.79, population: 6_000),
            Place(id: 3, name: "Munich", country: "DE", region: "02", latitude: 48.14, longitude: 11.58, population: 1_260_000),
        ], countries: ["IT": "Italy", "AU": "Australia", "DE": "Germany"], regions: ["IT.07": "Latium", "DE.02": "Bavaria", "AU.04": "Queensland"],
           localized: ["es": ["IT": "Italia", "DE": "Alemania", "1": "Roma", "3": "Múnich", "IT.07": "Lacio"],
                       "ja": ["IT": "イタリア", "1": "ローマ", "DE.02": "バイエルン州"]])
        let index = gazetteer.nameIndex()
        // when names are looked up, in English and in the other languages
        let cases: [(String, Gazetteer.Found?)] = [
            ("Rome", .place(1)), ("Italy", .country("IT")), ("italia", .country("IT")), ("イタリア", .country("IT")),
            ("Roma", .place(1)), ("Roma, Australia", .place(2)), ("ローマ", .place(1)), ("munich", .place(3)), ("Munich, Alemania", .place(3)),
            ("Roma, Lacio, Italia", .place(1)), ("Rome, Latium, Italy", .place(1)), ("バイエルン州", .region(country: "DE", region: "02")),
            ("Bavaria", .region(country: "DE", region: "02")), ("Tokio", nil),
        ]
        // then each finds what it names
        for (text, found) in cases { #expect(gazetteer.lookUp(text, in: index) == found, "\(text)") }
    }
}
