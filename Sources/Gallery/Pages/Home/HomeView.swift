/// The folder grid at `/`.
struct HomeView: PageModel {
    static let template = "home"
    /// A second list of cards, rendered with the same partial as folders.
    struct CardList: Encodable {
        var folders: [FolderCard]
    }
    var chrome: PageChrome
    var collections: CardList
    var folders: [FolderCard]
    var summary: String
    var emptyMessage: String?
    /// Photos from this day in earlier years, when there are any.
    var onThisDay: OnThisDay?
}
