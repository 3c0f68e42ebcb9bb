/// A folder on the folder grid or at the top of a group page.
struct FolderCard: Encodable {
    var url: SiteURL
    var name: String
    var countText: String
    var dateText: String?
    var cover: ThumbImage?
    /// A collection whose count is still being made (the first pass over a large catalog).
    var counting = false
}
