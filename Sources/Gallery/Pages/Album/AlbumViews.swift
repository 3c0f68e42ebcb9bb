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

    /// The list of `albums` as `visitor` sees it: members may make one, and the empty list says how.
    init(chrome: PageChrome, albums: [Album], visitor: Visitor, csrf: String) {
        self.chrome = chrome
        summary = Formatting.plural(albums.count, "album", "albums")
        folders = albums.map(Self.card)
        let member = visitor.can(.member)
        emptyMessage = albums.isEmpty
            ? "No albums yet." + (member ? " Make one here, or pick photos on any page with “Select…” and choose “Add to album”." : "") : nil
        create = member ? CreateForm(csrf: csrf) : nil
    }

    /// An album as a card of the list (or of a group's albums): its name, size, maker and cover.
    static func card(_ album: Album) -> FolderCard {
        FolderCard(url: SiteURL.album(album.id), name: album.name, countText: Formatting.plural(album.photoCount, "photo", "photos"),
                   dateText: album.createdBy.map { "by \($0)" }, cover: album.cover.map { ThumbImage($0, alt: "Cover of \(album.name)") })
    }
}

/// What an album's page shows above its photos: its description, who made it, and (for members)
/// the ways to arrange, edit, share and delete it.
struct AlbumPanel: Encodable {
    var id: Int64
    var description: String?
    var madeBy, csrf, name, descriptionValue: String
    var canEdit: Bool
    var arrangeURL: SiteURL
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
    var heading, csrf: String
    var albumId: Int64
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

    /// Page `page` of `album` (pages of `pageSize`) as rows to move: the first row cannot go up, the
    /// last cannot go down, the chosen cover is marked, and so is each photo whose content hash is
    /// in `throughLinks` (added through the album's share link).
    init(chrome: PageChrome, album: Album, page: PhotoPage, pageSize: Int, throughLinks: Set<String>, csrf: String) {
        let here = { (n: Int) in SiteURL("\(SiteURL.album(album.id, arrange: true).path)\(n > 1 ? "&page=\(n)" : "")") }
        let first = (page.number - 1) * pageSize
        self.chrome = chrome
        heading = "Arrange “\(album.name)”"
        self.csrf = csrf
        albumId = album.id
        rows = page.photos.enumerated().map { offset, card in
            Row(position: first + offset + 1, name: card.name, key: card.key, anchor: "p\(card.fileId)",
                image: ThumbImage(card.picture, alt: "Open \(card.name)"), url: SiteURL.photo(card.key, in: .album(album.id)),
                isFirst: first + offset == 0, isLast: first + offset == page.total - 1,
                isCover: album.coverPhotoId != nil && card.sha256 == album.cover?.sha256,
                throughLink: throughLinks.contains(card.sha256),
                back: here(page.number).fragment("p\(card.fileId)").path)
        }
        summary = Formatting.plural(page.total, "photo", "photos") + (page.pageCount > 1 ? " · page \(page.number) of \(page.pageCount)" : "")
        previousURL = page.number > 1 ? here(page.number - 1) : nil
        nextURL = page.number < page.pageCount ? here(page.number + 1) : nil
        doneURL = SiteURL.album(album.id)
        firstPosition = first + 1
    }
}
