/// A paged group view (a folder for now).
struct GroupView: PageModel {
    static let template = "group"
    var chrome: PageChrome
    var heading, summary: String
    var folders: [FolderCard]
    var photos: [PhotoTile]
    var hasFolders, hasPhotos: Bool
    var sorts, orders: [SortChoice]
    var pagination: Pagination?
    var emptyMessage: String?
    var filterForm: FilterForm?
    var share: ShareForm?
}
