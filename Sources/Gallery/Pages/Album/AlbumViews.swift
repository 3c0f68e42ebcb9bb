import Catalog

/// The list of albums, with the form that makes one.
struct AlbumsView: PageModel {
    static let template = "albums"
    struct CreateForm: Encodable {
        var csrf: String
        let action = SiteURL.Action.albumCreate.url
    }
    var chrome: PageChrome
    var summary: String
    /// The albums as cards (named `folders` for the cards partial).
    var folders: [FolderCard]
    var emptyMessage: String?
    var create: CreateForm?
}

/// What an album's page shows above its photos: its description, who made it, and (for members)
/// the ways to arrange, edit, share and delete it.
struct AlbumPanel: Encodable {
    var id: Int64
    var description: String?
    var madeBy: String
    var canEdit: Bool
    var arrangeURL: SiteURL
    var csrf: String
    var name: String
    var descriptionValue: String
    let updateAction = SiteURL.Action.albumUpdate.url
    let deleteAction = SiteURL.Action.albumDelete.url

    init(_ album: Album, visitor: Visitor, csrf: String) {
        id = album.id
        description = album.description.isEmpty ? nil : album.description
        madeBy = "Made " + (album.createdBy.map { "by \($0) " } ?? "") + "on " + Formatting.day(album.createdAt)
        canEdit = visitor.can(.member)
        arrangeURL = SiteURL.album(album.id, arrange: true)
        self.csrf = csrf
        name = album.name
        descriptionValue = album.description
    }
}

/// An album's arranging page: each photo with up, down, to the top, cover and remove.
struct ArrangeView: PageModel {
    static let template = "album-arrange"
    struct Row: Encodable {
        var position: Int
        var name, key, anchor: String
        var image: ThumbImage
        var url: SiteURL
        var isFirst, isLast, isCover: Bool
        /// Added by someone holding the album's share link, not by the household.
        var throughLink: Bool
        var back: String
    }
    var chrome: PageChrome
    var heading: String
    var albumId: Int64
    var csrf: String
    var rows: [Row]
    var summary: String
    var previousURL, nextURL: SiteURL?
    var doneURL: SiteURL
    let moveAction = SiteURL.Action.albumMove.url
    let coverAction = SiteURL.Action.albumCover.url
    let removeAction = SiteURL.Action.albumRemove.url
    /// Adds drag handles; every move works without it.
    let script = SiteURL.arrangeScript
    /// The number of this page's first row (the script renumbers from it).
    var firstPosition: Int
}
