import Catalog

/// A group page in select mode: the grid is one POST form (`data-action="select"`) with a
/// checkbox a tile (`ids`), "all N in this group" (`all`), and the actions as submit buttons
/// (`do`). The group and its filter travel along, so "all" means the group's query, not the page.
struct SelectionForm: Encodable {
    struct Choice: Encodable {
        var value, text: String
        var label: Phrase
    }
    let action = SiteURL.Action.select.url
    var csrf: String
    /// The group (`SelectionForm.value(of:)`), its filter as a query string, and its sort.
    var group, filter, sort, order: String
    /// The page to return to, out of select mode.
    var back: String
    var allText: Phrase
    var total: Int
    let script = SiteURL.selectScript
    var canCurate, canTrash: Bool
    /// On an album's own page: "Take out of album".
    var inAlbum: Bool
    /// Existing albums' names, suggested in the album field.
    var albumNames: [String] = []
    var doneURL: SiteURL
    let stars = (1...5).map { Choice(value: "rate-\($0)", text: "\($0)★", label: Phrase(count: $0, "Give \($0) star", "Give \($0) stars")) }

    init(base: PhotoGroup, filter: SearchFilter, sort: PhotoSort, page: Int, total: Int, visitor: Visitor, csrf: String) {
        self.csrf = csrf
        group = Self.value(of: base)
        self.filter = SiteURL.queryString(FilterQuery.pairs(filter))
        self.sort = sort.field.rawValue
        order = sort.orderName
        let grouped: PhotoGroup = filter.isEmpty ? base : .filtered(base, filter)
        doneURL = SiteURL.group(grouped, sort: sort, page: page)
        back = doneURL.path
        self.total = total
        allText = Phrase(count: total, "All \(total) photo in this group", "All \(total) photos in this group")
        canCurate = visitor.can(.member)
        canTrash = visitor.can(.admin)
        if case .album = base { inAlbum = true } else { inAlbum = false }
    }

    /// A group as the form names it: `folder:PATH` for a folder, else its `?in=` name.
    static func value(of group: PhotoGroup) -> String {
        if case .folder(let path) = group { return "folder:" + path }
        return group.queryValue ?? "all"
    }

    /// The group a form names, or nil for a name that is no group.
    static func group(_ value: String, viewer: Viewer) -> PhotoGroup? {
        if value.hasPrefix("folder:") {
            let path = String(value.dropFirst(7))
            return path.isEmpty || SourceKey.isValid(path) ? .folder(path) : nil
        }
        return PhotoGroup(queryValue: value, viewer: viewer)
    }
}
