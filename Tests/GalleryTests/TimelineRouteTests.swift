import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

@Suite struct TimelineRouteTests {
    @Test func theTimelineListsMonthsThatOpenAsGroupsAndTheHomePageShowsThisDayInEarlierYears() async throws {
        // given photos from today's month and day four and eight years ago (leap years both, when
        // this one is), from March 2021, and one without a camera date
        let today = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let (y, m, d) = (today.year!, today.month!, today.day!)
        let stamp = { (year: Int, month: Int, day: Int) in String(format: "-DateTimeOriginal=%04d:%02d:%02d 10:00:00", year, month, day) }
        let f = try GalleryFixture()
        try f.addJPEG("a/four.jpg", seed: 1, exif: [stamp(y - 4, m, d)])
        try f.addJPEG("a/eight.jpg", seed: 2, exif: [stamp(y - 8, m, d)])
        try f.addJPEG("b/march1.jpg", seed: 3, exif: [stamp(2021, 3, 1)])
        try f.addJPEG("b/march2.jpg", seed: 4, exif: [stamp(2021, 3, 31)])
        try f.addJPEG("b/nodate.jpg", seed: 5)
        try await f.scan()
        try await f.withClient { client in
            let html = try await client.execute(uri: "/timeline/months", method: .get).text
            #expect(html.contains("4 photos in 3 months"))
            let years = Set([y - 4, y - 8, 2021]).sorted(by: >)
            #expect(html.contains("<nav class=\"jumpbar\" aria-label=\"Years\">" + years.map { "<a href=\"#y\($0)\">\($0)</a>" }.joined() + "</nav>"))
            #expect(html.contains("<h2 id=\"y2021\">2021 <small>2 photos</small></h2>"))
            #expect(html.contains("<a href=\"/search?order=asc&amp;taken_from=2021-03-01&amp;taken_to=2021-03-31\"><strong>March</strong> <small>2 photos</small></a>"))
            #expect(html.contains("1 photo has no date from a camera and is not on the timeline."))
            // and a month opens as a group of its photos, oldest first
            let march = try await client.execute(uri: "/search?order=asc&taken_from=2021-03-01&taken_to=2021-03-31", method: .get).text
            #expect(march.contains("2 photos") && march.contains("<h1>March 2021</h1>"))
            #expect(try await client.execute(uri: "/search?taken_from=2021-03-01&taken_to=2021-03-30", method: .get).text.contains("<h1>Search</h1>"))
            #expect(march.range(of: "march1.jpg")!.lowerBound < march.range(of: "march2.jpg")!.lowerBound)
            // each day headed by its date, before its first photo; a folder's page has no such headings
            let first = try #require(march.range(of: "<li class=\"dayhead\"><h2>Monday 1 March 2021</h2></li>"))
            let last = try #require(march.range(of: "<li class=\"dayhead\"><h2>Wednesday 31 March 2021</h2></li>"))
            let tile = try #require(march.range(of: "title=\"march1.jpg\""))
            #expect(first.upperBound < tile.lowerBound && tile.lowerBound < last.lowerBound)
            #expect(!(try await client.execute(uri: "/folders/b", method: .get).text.contains("dayhead")))
            // and a photo of the month goes back to the month by its name
            let link = try #require(march.firstMatch(of: #/href="(/photos/b/march1\.jpg[^"]*)"/#).map { String($0.output.1) })
            let photo = try await client.execute(uri: link.replacingOccurrences(of: "&amp;", with: "&"), method: .get).text
            #expect(photo.contains("Back to March 2021"))

            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("<h2 id=\"onthisday\">On this day</h2>"))
            #expect(home.contains("4 years ago, \(y - 4)"))
            #expect(home.range(of: "4 years ago")!.lowerBound < home.range(of: "8 years ago")!.lowerBound)
            #expect(home.contains("<strong>Timeline</strong><small>3 months</small>"))
        }
    }

    @Test func noOnThisDayWithoutPhotosFromThisDay() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("b/march.jpg", seed: 3, exif: ["-DateTimeOriginal=2021:03:01 10:00:00"])
        try await f.scan()
        try await f.withClient { client in
            let today = Calendar.current.dateComponents([.month, .day], from: Date())
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("On this day") == (today.month == 3 && today.day == 1))
            #expect(try await client.execute(uri: "/timeline/months", method: .get).text.contains("1 photo in 1 month"))
        }
    }
}
