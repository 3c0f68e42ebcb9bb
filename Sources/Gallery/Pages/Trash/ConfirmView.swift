/// A confirmation step before something drastic.
struct ConfirmView: PageModel {
    static let template = "confirm"
    var chrome: PageChrome
    var heading, message: Phrase
    var image: ThumbImage?
    var action: SiteURL
    var dataAction: String
    var button: Phrase
    var csrf, key: String
    var cancelURL: SiteURL
    /// The name `key` is posted under (a share link's confirmation posts its `id`).
    var field = "key"
}
