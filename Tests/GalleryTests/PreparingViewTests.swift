import Testing
@testable import Gallery

/// What the page of a video being prepared says, for each place its rendition can stand.
@Suite struct PreparingViewTests {
    @Test func itSaysWhereTheRenditionStandsInPlainWords() {
        // given each state a rendition can be in / when the page's note is made / then:
        // one being made now, and one waiting behind others, with how many
        #expect(PreparingView.note(.preparing, ahead: 0)?.hasPrefix("This video is being prepared") == true)
        #expect(PreparingView.note(.preparing, ahead: 1)?.contains("1 video is ahead of it") == true)
        #expect(PreparingView.note(.preparing, ahead: 3)?.contains("3 videos are ahead of it") == true)
        // one the asker may not start yet, and one that came through a link
        #expect(PreparingView.note(.overLimit, ahead: 0)?.hasPrefix("\(PlayableStore.perRequester) videos asked for from here") == true)
        #expect(PreparingView.note(.awaitingHousehold, ahead: 0)?.contains("once someone in the household has opened it") == true)
        // and one that failed has no note: the page says it could not be made, and offers the download
        #expect(PreparingView.note(.failed, ahead: 0) == nil)
    }
}
