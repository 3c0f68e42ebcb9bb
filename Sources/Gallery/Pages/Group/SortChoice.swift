/// One choice in the sort bar.
struct SortChoice: Encodable {
    var label: Phrase
    var url: SiteURL
    var current: Bool
}
