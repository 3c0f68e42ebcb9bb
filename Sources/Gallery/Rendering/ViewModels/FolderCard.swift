/// A folder on the folder grid or at the top of a group page.
struct FolderCard: Encodable {
    var url: SiteURL
    /// A folder's, album's or place's name, or a collection's ("Top rated").
    var name: Phrase
    var countText: Phrase
    var dateText: Phrase?
    var cover: ThumbImage?
    /// A collection whose count is still being made (the first pass over a large catalog).
    var counting = false
}
