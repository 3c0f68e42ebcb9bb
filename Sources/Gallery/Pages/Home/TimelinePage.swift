import Catalog
import Foundation

/// `/timeline`: the library by year and month of the cameras' dates, with a bar to jump to a
/// year; each month opens as a group (paging, selection and the photo view as anywhere).
struct TimelinePage: PageModel {
    static let template = "timeline"
    struct Year: Encodable {
        var year: Int
        var anchor: String
        var countText: Phrase
        var months: [NamedLink]
    }
    struct Jump: Encodable {
        var year: Int
        var url: String
    }
    var chrome: PageChrome
    var summary: Phrase
    var jumps: [Jump]
    var years: [Year]
    var undatedText, emptyMessage: Phrase?

    init(chrome: PageChrome, months: [TimelineMonth], undated: Int) {
        self.chrome = chrome
        // Years newest first; within a year the months keep the catalog's order, newest first.
        years = Dictionary(grouping: months, by: \.year).sorted { $0.key > $1.key }.map { year, inYear in
            let count = inYear.reduce(0) { $0 + $1.count }
            return Year(year: year, anchor: "y\(year)", countText: Phrase(count: count, "\(count) photo", "\(count) photos"),
                        months: inYear.map { NamedLink(name: Self.monthName($0.month), url: SiteURL.month(year: $0.year, month: $0.month),
                                                       countText: Phrase(count: $0.count, "\($0.count) photo", "\($0.count) photos")) })
        }
        jumps = years.map { Jump(year: $0.year, url: "#" + $0.anchor) }
        let dated = months.reduce(0) { $0 + $1.count }
        let photos = Phrase(count: dated, "\(dated) photo", "\(dated) photos")
        summary = Phrase(count: months.count, "\(photos) in \(months.count) month", "\(photos) in \(months.count) months")
        undatedText = undated == 0 ? nil
            : Phrase(count: undated, "\(undated) photo has no date from a camera and is not on the timeline.", "\(undated) photos have no date from a camera and are not on the timeline.")
        emptyMessage = months.isEmpty ? Phrase("No photo has a date from its camera yet.") : nil
    }

    init(chrome: PageChrome, counts: TimelineCounts) { self.init(chrome: chrome, months: counts.months, undated: counts.undated) }

    /// The page while the months are counted for the first time (a start on a large catalog): it
    /// says so and comes back for them.
    init(countingWith chrome: PageChrome) {
        self.init(chrome: chrome, months: [], undated: 0)
        self.chrome.refreshSeconds = 3
        summary = Phrase("Counting the photos by month…")
        emptyMessage = Phrase("The timeline is being counted; this page shows it in a moment.")
    }

    /// A month's name; one the calendar has not (a catalog's row never holds one) is named by its number.
    static func monthName(_ month: Int) -> Phrase {
        switch month {
        case 1: Phrase("January")
        case 2: Phrase("February")
        case 3: Phrase("March")
        case 4: Phrase("April")
        case 5: Phrase(context: "month", "May")
        case 6: Phrase("June")
        case 7: Phrase("July")
        case 8: Phrase("August")
        case 9: Phrase("September")
        case 10: Phrase("October")
        case 11: Phrase("November")
        case 12: Phrase("December")
        default: Phrase("Month \(month)")
        }
    }

    /// Midnight at the start of a month, in the catalog's camera time (stored as if UTC).
    /// The search that is one month of camera dates: from its first midnight to the next month's.
    static func monthFilter(year: Int, month: Int) -> SearchFilter {
        SearchFilter(takenFrom: start(year: year, month: month),
                     takenTo: month == 12 ? start(year: year + 1, month: 1) : start(year: year, month: month + 1))
    }

    static func start(year: Int, month: Int) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return Int64(calendar.date(from: DateComponents(year: year, month: month, day: 1))!.timeIntervalSince1970)
    }
}

/// The photos by camera month and how many have no camera date, as `PhotoQueries.timeline()` counts them.
struct TimelineCounts: Sendable {
    var months: [TimelineMonth]
    var undated: Int
}

/// The "On this day" strip of the home page: photos from this day in earlier years.
struct OnThisDay: Encodable {
    struct Tile: Encodable {
        var url: SiteURL
        var image: ThumbImage
        var caption: Phrase
    }
    var tiles: [Tile]
}
