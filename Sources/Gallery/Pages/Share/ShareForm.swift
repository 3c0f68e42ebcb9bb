import Catalog

/// The "Share…" box on a group page (members only).
struct ShareForm: Encodable {
    /// The box for a group, when it can be shared and the visitor may share.
    static func offer(_ group: PhotoGroup, filter: SearchFilter, context: GalleryContext) -> ShareForm? {
        guard context.visitor.can(.member), context.visitor.account != nil else { return nil }
        let kind: ShareLink.Kind
        var value = ""
        switch group {
        case .folder(let path): kind = .folder; value = path
        case .tag(let name): kind = .tag; value = name
        case .favorites: kind = .favorites
        case .album(let id): kind = .album; value = String(id)
        case .all where !filter.isEmpty: kind = .search
        default: return nil
        }
        return ShareForm(csrf: context.csrfToken, kind: kind.rawValue, value: value, filter: SiteURL.queryString(FilterQuery.pairs(filter)),
                         takesUploads: kind == .album)
    }

    var csrf: String
    var kind: String
    var value: String
    var filter: String
    /// An album's link may let its holders add photos.
    var takesUploads = false
    let uploadCount = ShareController.linkUploads
    let action = SiteURL.Action.share.url
}

/// The "Add photos" form on an album's share link that takes photos.
struct ShareUploadBox: Encodable {
    /// Filled in by the group pipeline as it renders, so a kept page holds the cache's placeholder.
    var csrf = ""
    var action: SiteURL
    /// How many more the link may add, and the largest file.
    var left: Int
    var limitText: Phrase
}
