/// The trash, with restore buttons.
struct TrashView: PageModel {
    static let template = "trash"
    struct Item: Encodable {
        var id: Int64
        var key, name: String
        var image: ThumbImage?  // admins only: a trashed photo's renditions are theirs to fetch
        var trashedText: String
    }
    var chrome: PageChrome
    var items: [Item]
    var hasItems: Bool
    var summary: String
    var csrf: String
    var restoreAction, emptyURL: SiteURL
    /// Restoring many at once goes through the selection form.
    let selectAction = SiteURL.Action.select.url
}
