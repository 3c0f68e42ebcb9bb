import Catalog
import Foundation

/// The stream's scrubber: every year with photos, newest first, each a link to the stream from
/// its newest month back, and the months of the year shown, each a link to the stream from that
/// month back. A list of links with JavaScript off; a rail beside the photos on a wide screen.
struct TimelineScrubber: Encodable, Sendable {
    struct Year: Encodable, Sendable {
        var year: Int
        var url: SiteURL
        /// The year the stream is at: its months are listed.
        var current: Bool
        var months: [Month]
    }
    struct Month: Encodable, Sendable {
        var name: Phrase
        var url: SiteURL
    }
    var years: [Year]
    let monthsURL = SiteURL.timelineMonths
    /// The choice of what `/` opens with, for a signed-in person.
    var start: StartForm?

    /// What a scrubber is made from: the months as the catalog counts them, and where the stream is.
    struct Plan: Sendable {
        var months: [TimelineMonth]
        var until: Int64?
    }

    /// `months` newest first, as the catalog counts them; `until` the stream's `taken_to` (the
    /// midnight after its last day), nil at the newest photo.
    init(months: [TimelineMonth], until: Int64?) {
        let byYear = Dictionary(grouping: months, by: \.year)
        let newest = months.map(\.year).max()
        let shownYear = until.map { Self.year(of: $0 - 1) } ?? newest
        years = byYear.keys.sorted(by: >).map { year in
            let inYear = byYear[year]!.sorted { $0.month > $1.month }
            return Year(year: year, url: Self.stream(fromYear: year, month: inYear[0].month), current: year == shownYear,
                        months: inYear.map { Month(name: TimelinePage.monthName($0.month), url: Self.stream(fromYear: year, month: $0.month)) })
        }
    }

    /// The stream from the last day of a month back.
    static func stream(fromYear year: Int, month: Int) -> SiteURL {
        let next = month == 12 ? TimelinePage.start(year: year + 1, month: 1) : TimelinePage.start(year: year, month: month + 1)
        return SiteURL.group(.filtered(.all, SearchFilter(takenTo: next)))
    }

    /// The calendar year of a camera time (stored as if UTC).
    static func year(of time: Int64) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: Date(timeIntervalSince1970: TimeInterval(time)))
    }
}
