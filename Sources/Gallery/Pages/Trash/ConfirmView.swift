/// A confirmation step before something drastic.
struct ConfirmView: PageModel {
    static let template = "confirm"
    var chrome: PageChrome
    var heading: String
    var message: String
    var image: ThumbImage?
    var action: SiteURL
    var dataAction: String
    var button: String
    var csrf: String
    var key: String
    var cancelURL: SiteURL
}
