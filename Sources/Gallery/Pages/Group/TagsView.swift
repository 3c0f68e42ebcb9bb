/// All tags with counts.
struct TagsView: PageModel {
    static let template = "tags"
    struct Tag: Encodable {
        var name: String
        var url: SiteURL
        var countText: String
    }
    var chrome: PageChrome
    var tags: [Tag]
    var summary: String
    var emptyMessage: String?
}
