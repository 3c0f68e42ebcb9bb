import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// Folder cards say when their photos were taken: the months of the first and the last photo
/// inside, at any depth, from the cameras' own dates.
@Suite struct FolderDatesRouteTests {
    @Test func aFolderCardSpansTheMonthsItsPhotosWereTakenIn() async throws {
        // given a folder of January and March 2021 photos, a subfolder from April, and a photo
        // with no date from its camera (its file date is today's)
        let f = try GalleryFixture()
        try f.addJPEG("Trip/a.jpg", seed: 1, exif: ["-DateTimeOriginal=2021:01:05 10:00:00"])
        try f.addJPEG("Trip/b.jpg", seed: 2, exif: ["-DateTimeOriginal=2021:03:20 18:30:00"])
        try f.addJPEG("Trip/Day 9/c.jpg", seed: 3, exif: ["-DateTimeOriginal=2021:04:02 09:00:00"])
        try f.addJPEG("Trip/undated.jpg", seed: 4)
        try f.addJPEG("Winter/d.jpg", seed: 5, exif: ["-DateTimeOriginal=2020:12:30 10:00:00"])
        try f.addJPEG("Winter/e.jpg", seed: 6, exif: ["-DateTimeOriginal=2021:01:02 10:00:00"])
        try f.addJPEG("Scans/old.jpg", seed: 7)
        try await f.scan()
        try await f.withClient { client in
            // when the home page and the trip's page are opened
            let home = try await client.execute(uri: "/", method: .get).text
            let trip = try await client.execute(uri: "/folders/Trip", method: .get).text
            // then each card spans its photos' months, and a folder with no camera dates shows none
            #expect(home.contains("<small>Jan\u{A0}–\u{2060}\u{A0}Apr\u{A0}2021</small>"))
            #expect(home.contains("<small>Dec\u{A0}2020\u{A0}– Jan\u{A0}2021</small>"))
            #expect(!home.contains(Formatting.monthYear(Int64(Date().timeIntervalSince1970))))
            #expect(trip.contains("Apr\u{A0}2021"))
        }
    }

    @Test(arguments: [
        (nil, nil, nil),
        (0, 0, "Jan 1970"),
        (1_609_459_200, nil, "Jan 2021"),
        (1_609_459_200, 1_614_556_800, "Jan – Mar 2021"),
        (1_609_372_800, 1_609_459_200, "Dec 2020 – Jan 2021"),
        (1_614_556_800, 1_609_459_200, "Jan – Mar 2021"),
    ] as [(Int64?, Int64?, String?)])
    func monthRangesReadShortest(from: Int64?, to: Int64?, expected: String?) {
        // (no-break spaces read as spaces here, and the word joiner as nothing)
        let read = Formatting.monthRange(from, to)?.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{2060}", with: "")
        #expect(read == expected)
    }
}
