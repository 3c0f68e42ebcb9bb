/// Numbered page links with prev/next.
struct Pagination: Encodable {
    struct Link: Encodable {
        var label: Phrase
        var url: SiteURL?
        var current: Bool
        var gap: Bool
    }
    var previousURL: SiteURL?
    var nextURL: SiteURL?
    var links: [Link]
    var summary: Phrase

    /// Links to the first and last pages and two either side of `current`, gaps between; nil for one page.
    static func of(current: Int, last: Int, url: (Int) -> SiteURL) -> Pagination? {
        guard last > 1 else { return nil }
        var links: [Link] = []
        var shown = Set([1, last])
        for n in max(1, current - 2)...min(last, max(1, current + 2)) { shown.insert(n) }
        var previous = 0
        for n in shown.sorted() {
            if n > previous + 1 { links.append(.init(label: .verbatim("…"), url: nil, current: false, gap: true)) }
            links.append(.init(label: .number(n), url: url(n), current: n == current, gap: false))
            previous = n
        }
        return Pagination(previousURL: current > 1 ? url(current - 1) : nil, nextURL: current < last ? url(current + 1) : nil,
                          links: links, summary: Phrase("Page \(current) of \(last)"))
    }
}
