import Catalog
import Hummingbird
import HummingbirdCore

/// The `sort`, `order` and `page` query parameters of a group page, validated.
struct GroupQuery {
    var sort: PhotoSort
    var page: Int
    /// `select=1`: the grid as checkboxes and actions.
    var selecting = false

    init(_ uri: URI, defaultSort: PhotoSort = .default) throws {
        let params = uri.queryParameters
        let field = params["sort"].map(String.init) ?? defaultSort.field.rawValue
        let order = params["order"].map(String.init) ?? defaultSort.orderName
        guard let sort = PhotoSort(field: field, order: order) else {
            throw PageError(.badRequest, message: Phrase("Unknown sort: use sort=taken, name, size, stars or added and order=asc or desc."))
        }
        guard sort.field != .album || defaultSort.field == .album else {
            throw PageError(.badRequest, message: Phrase("Only an album has an album order: use sort=taken, name, size, stars or added."))
        }
        self.sort = sort
        if let raw = params["page"] {
            guard let n = Int(raw), n >= 1, n <= 1_000_000 else {
                throw PageError(.badRequest, message: Phrase("“\(raw)” is not a page number: pages are numbered from 1."))
            }
            page = n
        } else {
            page = 1
        }
        if let raw = params["select"] {
            guard raw == "1" else { throw PageError(.badRequest, message: Phrase("select: use select=1 to pick photos, or leave it out.")) }
            selecting = true
        }
    }
}
