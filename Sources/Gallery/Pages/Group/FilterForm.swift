import Catalog

/// The search/filter form (a GET form, so results are bookmarkable), pre-filled with the current filter.
struct FilterForm: Encodable {
    struct Option: Encodable {
        var value, label: String
        var selected: Bool
    }
    var action: SiteURL
    var q: String
    var tags: [Option]
    var favorite: Bool
    var ratings: [Option]
    var takenFrom, takenTo, minSize, maxSize: String
    var orientations: [Option]
    var sorts, orders: [Option]
    var clearURL: SiteURL
    var active: Bool
    /// Open on the search page before a search; collapsed over results so they come first.
    var open: Bool

    init(action: SiteURL, filter: SearchFilter, sort: PhotoSort, tagNames: [String], open: Bool) {
        self.action = action
        let values = Dictionary(FilterQuery.pairs(filter), uniquingKeysWith: { a, _ in a })
        q = values["q"] ?? ""
        tags = [Option(value: "", label: "Any tag", selected: filter.tag == nil)]
            + tagNames.map { Option(value: $0, label: $0, selected: $0.lowercased() == filter.tag?.lowercased()) }
        favorite = filter.favoritesOf != nil
        ratings = (0...5).map { Option(value: String($0), label: $0 == 0 ? "Any stars" : "\($0)+ stars", selected: (filter.minRating ?? 0) == $0) }
        takenFrom = values["taken_from"] ?? ""
        takenTo = values["taken_to"] ?? ""
        minSize = values["min_size"] ?? ""
        maxSize = values["max_size"] ?? ""
        orientations = [Option(value: "", label: "Any shape", selected: filter.orientation == nil)]
            + SearchFilter.Orientation.allCases.map { Option(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == filter.orientation) }
        sorts = [("taken", "Date taken"), ("name", "Name"), ("size", "File size"), ("stars", "Stars"), ("added", "Date added")]
            .map { Option(value: $0.0, label: $0.1, selected: $0.0 == sort.field.rawValue) }
        orders = [Option(value: "asc", label: "Ascending", selected: !sort.descending),
                  Option(value: "desc", label: "Descending", selected: sort.descending)]
        clearURL = action
        active = !filter.isEmpty
        self.open = open
    }
}
