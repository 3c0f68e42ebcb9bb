/// A named link, with what it holds where the page says so: a tag, a month of the timeline.
struct NamedLink: Encodable, Equatable {
    /// A tag's name, or a month's.
    var name: Phrase
    var url: SiteURL
    /// "12 photos"; nil where the page shows no count.
    var countText: Phrase?
}
