/// The page a video shows while its playable rendition is made: it reloads itself every few
/// seconds (no script) until the video page can play it, or says that it could not be made.
struct PreparingView: PageModel {
    static let template = "preparing"
    var chrome: PageChrome
    var name: String
    /// The poster frame, shown meanwhile.
    var poster: SiteURL
    var width, height: Int
    /// True while the rendition is being made: the page refreshes.
    var preparing: Bool
    /// Seconds between refreshes.
    var refreshSeconds = 3
    var backURL: SiteURL
    var downloadURL: SiteURL
    /// Where it stands, said plainly; nil when it could not be made.
    var note: Phrase?

    /// What the page says of a rendition in `state` with `ahead` others before it in the queue.
    static func note(_ state: PlayableStore.State, ahead: Int) -> Phrase? {
        switch state {
        case .preparing where ahead > 0:
            Phrase(count: ahead, "This video is waiting to be prepared for playing in this browser: \(ahead) video is ahead of it. This page reloads itself every few seconds and plays it when it is ready.", "This video is waiting to be prepared for playing in this browser: \(ahead) videos are ahead of it. This page reloads itself every few seconds and plays it when it is ready.")
        case .preparing, .ready, .absent:
            Phrase("This video is being prepared for playing in this browser. This page reloads itself every few seconds and plays it when it is ready; a long video takes a while.")
        case .overLimit:
            Phrase(count: PlayableStore.perRequester, "\(PlayableStore.perRequester) video asked for from here is being prepared already; this one starts when it is ready. This page reloads itself every few seconds.", "\(PlayableStore.perRequester) videos asked for from here are being prepared already; this one starts when one of them is ready. This page reloads itself every few seconds.")
        case .awaitingHousehold:
            Phrase("This video came through this link and plays here once someone in the household has opened it. Until then it can be downloaded.")
        case .failed:
            nil
        }
    }
}
