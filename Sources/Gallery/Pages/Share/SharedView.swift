/// The "Shared links" page.
struct SharedView: PageModel {
    static let template = "shared"
    struct Item: Encodable {
        var id: Int64
        var title: String
        /// The link, only right after it was made (the catalog keeps just its hash).
        var url: SiteURL?
        var fullURL: String?
        var owner: String
        var isNew: Bool
        var state, created: String
    }
    var chrome: PageChrome
    var csrf: String
    var items: [Item]
    var hasItems, showOwner: Bool
    var notice: String?
    let revokeAction = SiteURL.Action.unshare.url
}
