import Catalog
import Places
import Testing
@testable import Gallery

/// The Places page's levels from counts alone: what each lists, in which order, and what its map marks.
@Suite struct PlacesPageModelTests {
    let gazetteer = Gazetteer(
        places: [Place(id: 1, name: "Paris", country: "FR", region: "11", latitude: 48.85, longitude: 2.35, population: 2_000_000),
                 Place(id: 2, name: "Lyon", country: "FR", region: "84", latitude: 45.75, longitude: 4.85, population: 500_000),
                 Place(id: 3, name: "Versailles", country: "FR", region: "11", latitude: 48.8, longitude: 2.13, population: 85_000),
                 Place(id: 4, name: "Lima", country: "PE", region: "15", latitude: -12.05, longitude: -77.04, population: 7_000_000)],
        countries: ["FR": "France", "PE": "Peru"], regions: ["FR.11": "Ile-de-France", "FR.84": "Auvergne-Rhone-Alpes"])
    let counts = [PlaceCount(placeId: 1, country: "FR", region: "11", count: 5), PlaceCount(placeId: 3, country: "FR", region: "11", count: 5),
                  PlaceCount(placeId: 2, country: "FR", region: "84", count: 1), PlaceCount(placeId: 4, country: "PE", region: "15", count: 20)]

    @Test func eachLevelListsItsCardsMostPhotosFirstThenByName() {
        let world = PlacesLevel().entries(counts, gazetteer, language: "en")
        #expect(world.map(\.name) == ["Peru", "France"] && world.map(\.count) == [20, 11])
        #expect(world[1].opens == .level(country: "FR", region: nil) && world[1].scope == .country("FR"))
        let france = PlacesLevel(country: "FR").entries(counts, gazetteer, language: "en")
        #expect(france.map(\.name) == ["Ile-de-France", "Auvergne-Rhone-Alpes"])
        let region = PlacesLevel(country: "FR", region: "11").entries(counts, gazetteer, language: "en")
        // two places with as many photos: by name
        #expect(region.map(\.name) == ["Paris", "Versailles"] && region.allSatisfy { $0.opens == .photos })
        #expect(region.map(\.scope) == [.place(1), .place(3)])
        #expect(PlacesLevel(country: "DE").entries(counts, gazetteer, language: "en").isEmpty)
    }

    @Test func theWorldShowsEveryPlaceAndACountryZoomsOnItsOwn() {
        let world = PlacesLevel().map(counts, gazetteer, language: "en")
        #expect(world.viewBox == "0 0 720 360" && world.marks.count == 4)
        // the most photos first, each mark a link to its place's photos, sized by its count
        #expect(world.marks[0].title == "Lima, Peru: 20 photos" && world.marks[0].url == SiteURL.group(.filtered(.all, SearchFilter(place: .place(4)))))
        #expect(Double(world.marks[0].r)! > Double(world.marks[3].r)!)
        #expect(world.marks[0].x == "205.92" && world.marks[0].y == "204.1")
        let france = PlacesLevel(country: "FR").map(counts, gazetteer, language: "en")
        #expect(france.marks.count == 3)
        let box = france.viewBox.split(separator: " ").compactMap { Double($0) }
        // 2:1 like the world, holding every French place, and far smaller than the world
        #expect(box.count == 4 && box[2] == box[3] * 2 && box[2] < 100)
        for mark in france.marks {
            let x = Double(mark.x)!, y = Double(mark.y)!
            #expect(x > box[0] && x < box[0] + box[2] && y > box[1] && y < box[1] + box[3])
        }
    }

    @Test func aLevelIsNamedAndOrderedInThePagesLanguage() {
        // given a gazetteer that has Spanish and Japanese names for some of its places
        let named = Gazetteer(places: gazetteer.places, countries: ["FR": "France", "PE": "Peru"],
                              regions: ["FR.11": "Ile-de-France", "FR.84": "Auvergne-Rhone-Alpes"],
                              localized: ["es": ["FR": "Francia", "PE": "Perú", "FR.11": "Isla de Francia", "1": "París"],
                                          "ja": ["FR": "フランス", "1": "パリ"]])
        // when the levels are listed in Spanish
        let world = PlacesLevel().entries(counts, named, language: "es")
        let region = PlacesLevel(country: "FR", region: "11").entries(counts, named, language: "es")
        // then each card says its Spanish name, and cards with as many photos are ordered by it
        #expect(world.map(\.name) == ["Perú", "Francia"] && world.map(\.label.english) == ["Perú", "Francia"])
        #expect(PlacesLevel(country: "FR").entries(counts, named, language: "es").map(\.name) == ["Isla de Francia", "Auvergne-Rhone-Alpes"])
        #expect(region.map(\.name) == ["París", "Versailles"])
        // and the heading, the crumbs and the marks too; Japanese falls back to English where it has no name
        #expect(PlacesLevel(country: "FR", region: "11").heading(named, language: "es").english == "Isla de Francia")
        #expect(PlacesLevel(country: "FR", region: "11").crumbs(named, language: "ja").map(\.name.english) == ["Places", "フランス", "Ile-de-France"])
        #expect(PlacesLevel().map(counts, named, language: "ja").marks.map(\.title.english).contains("パリ, Ile-de-France, フランス: 5 photos"))
        #expect(PlacesLevel().map(counts, named, language: "en").marks.map(\.title.english).contains("Paris, Ile-de-France, France: 5 photos"))
    }

    @Test func mapUnitsAreShort() {
        #expect(PlacesLevel.unit(12) == "12" && PlacesLevel.unit(12.346) == "12.35" && PlacesLevel.unit(0.1) == "0.1")
        #expect(PlacesLevel.unit(-0.001) == "0" && PlacesLevel.unit(720) == "720")
    }
}
