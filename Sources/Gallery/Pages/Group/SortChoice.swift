/// One choice in the sort bar.
struct SortChoice: Encodable {
    var label: String
    var url: SiteURL
    var current: Bool
}
