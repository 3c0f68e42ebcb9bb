/// A paged group view (a folder for now).
struct GroupView: PageModel {
    static let template = "group"
    var chrome: PageChrome
    var heading: String
    var summary: String
    var folders: [FolderCard]
    var photos: [PhotoTile]
    var hasFolders: Bool
    var hasPhotos: Bool
    var sorts: [SortChoice]
    var orders: [SortChoice]
    var pagination: Pagination?
    var emptyMessage: String?
    var filterForm: FilterForm?
    var share: ShareForm?
}
