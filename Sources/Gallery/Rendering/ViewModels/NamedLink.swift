/// A named link, with what it holds where the page says so: a tag, a month of the timeline.
struct NamedLink: Encodable, Equatable {
    var name: String
    var url: SiteURL
    /// "12 photos"; nil where the page shows no count.
    var countText: String?
}
