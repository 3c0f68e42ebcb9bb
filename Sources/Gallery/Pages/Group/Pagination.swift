/// Numbered page links with prev/next.
struct Pagination: Encodable {
    struct Link: Encodable {
        var label: String
        var url: SiteURL?
        var current: Bool
        var gap: Bool
    }
    var previousURL: SiteURL?
    var nextURL: SiteURL?
    var links: [Link]
    var summary: String
}
