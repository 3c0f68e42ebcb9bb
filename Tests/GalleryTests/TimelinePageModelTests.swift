import Testing
@testable import Catalog
@testable import Gallery

/// The timeline's view model for given months of the catalog: years newest first, each month a
/// link with its count, a jump bar, and what it says of photos without a camera date.
@Suite struct TimelinePageModelTests {
    @Test func monthsAreGroupedByYearNewestFirstEachALinkWithItsCount() {
        // given the catalog's months, newest first, and two photos without a date
        let months = [TimelineMonth(year: 2024, month: 7, count: 1), TimelineMonth(year: 2024, month: 3, count: 12),
                      TimelineMonth(year: 2021, month: 12, count: 2)]
        let page = TimelinePage(chrome: PageChrome(title: .verbatim("Timeline")), months: months, undated: 2)
        // then the years come newest first, each with its months in the catalog's order
        #expect(page.years.map(\.year) == [2024, 2021])
        #expect(page.years[0].months.map(\.name) == ["July", "March"])
        #expect(page.years[0].months.map(\.countText) == ["1 photo", "12 photos"])
        #expect(page.years[0].countText == "13 photos")
        #expect(page.years[1].months.first?.url == SiteURL.month(year: 2021, month: 12))
        // and the jump bar leads to each year's anchor
        #expect(page.jumps.map(\.url) == ["#y2024", "#y2021"])
        #expect(page.summary == "15 photos in 3 months")
        #expect(page.undatedText?.hasPrefix("2 photos have no date") == true && page.emptyMessage == nil)
    }

    @Test func anEmptyTimelineSaysWhyAndAMonthOutsideTheCalendarIsStillNamed() {
        let empty = TimelinePage(chrome: PageChrome(title: .verbatim("Timeline")), months: [], undated: 1)
        #expect(empty.years.isEmpty && empty.emptyMessage != nil)
        #expect(empty.undatedText?.hasPrefix("1 photo has no date") == true)
        #expect(TimelinePage.monthName(1) == "January" && TimelinePage.monthName(12) == "December")
        #expect(TimelinePage.monthName(0) == "Month 0" && TimelinePage.monthName(13) == "Month 13")
    }

    @Test func whileTheMonthsAreCountedForTheFirstTimeThePageSaysSoAndComesBackForThem() {
        let page = TimelinePage(countingWith: PageChrome(title: .verbatim("Timeline")))
        #expect(page.years.isEmpty && page.jumps.isEmpty && page.undatedText == nil)
        #expect(page.summary == "Counting the photos by month…")
        #expect(page.emptyMessage == "The timeline is being counted; this page shows it in a moment.")
        #expect(page.chrome.refreshSeconds == 3)
        // and once counted, the same months make the same page as the catalog's answer does
        let counted = TimelinePage(chrome: PageChrome(title: .verbatim("Timeline")),
                                   counts: TimelineCounts(months: [TimelineMonth(year: 2024, month: 7, count: 2)], undated: 1))
        #expect(counted.summary == "2 photos in 1 month" && counted.chrome.refreshSeconds == nil)
    }

    @Test func theHomePagesCollectionsWhileCountedNameEveryCollectionAndNoCount() {
        let cards = BrowseController.countingCards
        #expect(cards.map(\.name) == ["Top rated", "Tags", "Timeline", "Places", "Albums", "Recently added", "Duplicates", "Similar", "Trash"])
        #expect(cards.allSatisfy { $0.counting && $0.countText == "Counting…" && $0.cover == nil })
        #expect(cards.map(\.url) == [SiteURL.group(.topRated), SiteURL.tags, SiteURL.timeline, SiteURL.places(), SiteURL.albums, SiteURL.group(.recent),
                                     SiteURL.group(.duplicates), SiteURL.similar, SiteURL.trash])
    }
}
