/// A confirmation step before something drastic.
struct ConfirmView: PageModel {
    static let template = "confirm"
    var chrome: PageChrome
    var heading, message: String
    var image: ThumbImage?
    var action: SiteURL
    var dataAction, button, csrf, key: String
    var cancelURL: SiteURL
}
