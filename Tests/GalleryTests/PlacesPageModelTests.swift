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
        let world = PlacesLevel().entries(counts, gazetteer)
        #expect(world.map(\.name) == ["Peru", "France"] && world.map(\.count) == [20, 11])
        #expect(world[1].opens == .level(country: "FR", region: nil) && world[1].scope == .country("FR"))
        let france = PlacesLevel(country: "FR").entries(counts, gazetteer)
        #expect(france.map(\.name) == ["Ile-de-France", "Auvergne-Rhone-Alpes"])
        let region = PlacesLevel(country: "FR", region: "11").entries(counts, gazetteer)
        // two places with as many photos: by name
        #expect(region.map(\.name) == ["Paris", "Versailles"] && region.allSatisfy { $0.opens == .photos })
        #expect(region.map(\.scope) == [.place(1), .place(3)])
        #expect(PlacesLevel(country: "DE").entries(counts, gazetteer).isEmpty)
    }

    @Test func theWorldShowsEveryPlaceAndACountryZoomsOnItsOwn() {
        let world = PlacesLevel().map(counts, gazetteer)
        #expect(world.viewBox == "0 0 720 360" && world.marks.count == 4)
        // the most photos first, each mark a link to its place's photos, sized by its count
        #expect(world.marks[0].title == "Lima, Peru: 20 photos" && world.marks[0].url == SiteURL.group(.filtered(.all, SearchFilter(place: .place(4)))))
        #expect(Double(world.marks[0].r)! > Double(world.marks[3].r)!)
        #expect(world.marks[0].x == "205.92" && world.marks[0].y == "204.1")
        let france = PlacesLevel(country: "FR").map(counts, gazetteer)
        #expect(france.marks.count == 3)
        let box = france.viewBox.split(separator: " ").compactMap { Double($0) }
        // 2:1 like the world, holding every French place, and far smaller than the world
        #expect(box.count == 4 && box[2] == box[3] * 2 && box[2] < 100)
        for mark in france.marks {
            let x = Double(mark.x)!, y = Double(mark.y)!
            #expect(x > box[0] && x < box[0] + box[2] && y > box[1] && y < box[1] + box[3])
        }
    }

    @Test func mapUnitsAreShort() {
        #expect(PlacesLevel.unit(12) == "12" && PlacesLevel.unit(12.346) == "12.35" && PlacesLevel.unit(0.1) == "0.1")
        #expect(PlacesLevel.unit(-0.001) == "0" && PlacesLevel.unit(720) == "720")
    }
}
