/// All tags with counts.
struct TagsView: PageModel {
    static let template = "tags"
    var chrome: PageChrome
    var tags: [NamedLink]
    var summary: Phrase
    var emptyMessage: Phrase?
}
