import Catalog

/// The list of albums, with the form that makes one.
struct AlbumsView: PageModel {
    static let template = "albums"
    struct CreateForm: Encodable {
        var csrf: String
        let action = SiteURL.Action.albumCreate.url
    }
    var chrome: PageChrome
    var summary: Phrase
    /// The albums as cards (named `folders` for the cards partial).
    var folders: [FolderCard]
    var emptyMessage: Phrase?
    var create: CreateForm?

    /// The list of `albums` as `visitor` sees it: members may make one, and the empty list says how.
    init(chrome: PageChrome, albums: [Album], visitor: Visitor, csrf: String) {
        self.chrome = chrome
        summary = Phrase(count: albums.count, "\(albums.count) album", "\(albums.count) albums")
        folders = albums.map(Self.card)
        let member = visitor.can(.member)
        emptyMessage = !albums.isEmpty ? nil
            : member ? Phrase("No albums yet. Make one here, or pick photos on any page with “Select…” and choose “Add to album”.")
            : Phrase("No albums yet.")
        create = member ? CreateForm(csrf: csrf) : nil
    }

    /// An album as a card of the list (or of a group's albums): its name, size, maker and cover.
    static func card(_ album: Album) -> FolderCard {
        FolderCard(url: SiteURL.album(album.id), name: .verbatim(album.name),
                   countText: Phrase(count: album.photoCount, "\(album.photoCount) photo", "\(album.photoCount) photos"),
                   dateText: album.createdBy.map { Phrase("by \($0)") }, cover: album.cover.map { ThumbImage($0, alt: Phrase("Cover of \(album.name)")) })
    }
}

/// What an album's page shows above its photos: its description, who made it, and (for members)
/// the ways to arrange, edit, share and delete it.
struct AlbumPanel: Encodable {
    var id: Int64
    var description: String?
    /// Who made it and when; nil for a share link's holders, to whom the household's names are not told.
    var madeBy: Phrase?
    var csrf, name, descriptionValue: String
    var canEdit: Bool
    var arrangeURL: SiteURL
    let updateAction = SiteURL.Action.albumUpdate.url
    let deleteAction = SiteURL.Action.albumDelete.url

    init(_ album: Album, visitor: Visitor, csrf: String) {
        id = album.id
        description = album.description.isEmpty ? nil : album.description
        let day = Phrase.Argument.date(album.createdAt, .day)
        madeBy = album.createdBy.map { Phrase("Made by \($0) on \(day)") } ?? Phrase("Made on \(day)")
        canEdit = visitor.can(.member)
        arrangeURL = SiteURL.album(album.id, arrange: true)
        self.csrf = csrf
        name = album.name
        descriptionValue = album.description
    }

    /// The album as a share link's holders see it above its photos: its description alone.
    static func forHolders(_ album: Album) -> AlbumPanel {
        var panel = AlbumPanel(album, visitor: .nobody, csrf: "")
        panel.madeBy = nil
        return panel
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
    var heading: Phrase
    var csrf: String
    var albumId: Int64
    var rows: [Row]
    var summary: Phrase
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
        heading = Phrase("Arrange “\(album.name)”")
        self.csrf = csrf
        albumId = album.id
        rows = page.photos.enumerated().map { offset, card in
            Row(position: first + offset + 1, name: card.name, key: card.key, anchor: "p\(card.fileId)",
                image: ThumbImage(card.picture, alt: Phrase("Open \(card.name)")), url: SiteURL.photo(card.key, in: .album(album.id)),
                isFirst: first + offset == 0, isLast: first + offset == page.total - 1,
                isCover: album.coverPhotoId != nil && card.sha256 == album.cover?.sha256,
                throughLink: throughLinks.contains(card.sha256),
                back: here(page.number).fragment("p\(card.fileId)").path)
        }
        let (total, number, pages) = (page.total, page.number, page.pageCount)
        summary = pages > 1
            ? Phrase(count: total, "\(total) photo · page \(number) of \(pages)", "\(total) photos · page \(number) of \(pages)")
            : Phrase(count: total, "\(total) photo", "\(total) photos")
        previousURL = page.number > 1 ? here(page.number - 1) : nil
        nextURL = page.number < page.pageCount ? here(page.number + 1) : nil
        doneURL = SiteURL.album(album.id)
        firstPosition = first + 1
    }
}
