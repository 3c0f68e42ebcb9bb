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
}
