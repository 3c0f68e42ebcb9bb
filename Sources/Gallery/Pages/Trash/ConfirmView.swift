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
}
