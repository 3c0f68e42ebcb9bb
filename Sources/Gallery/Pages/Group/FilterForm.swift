import Catalog

/// The search and filter form (a GET form, so results are bookmarkable), pre-filled with the
/// current filter. The filters sit in a `<details>` that starts closed, so the photos come first
/// on a phone; the filters that are on show as chips, each a link that removes it. Sort is not
/// in the form (the sort bar offers it); the form carries the current sort along.
struct FilterForm: Encodable {
    struct Option: Encodable {
        var value: String
        var label: Phrase
        var selected: Bool
    }
    /// A filter that is on, and the address of the same page without it.
    struct Chip: Encodable {
        var label: Phrase
        var removeURL: SiteURL
    }
    /// A hidden field: the current sort, kept when the form is sent.
    struct Hidden: Encodable {
        var name, value: String
    }
    var action: SiteURL
    /// On the search page the text field and its button stand above the closed filters.
    var searchRow: Bool
    var summary: Phrase
    var q: String
    var tags: [Option]
    var favorite: Bool
    var ratings: [Option]
    var takenFrom, takenTo, minSize, maxSize: String
    var orientations: [Option]
    /// Photos, videos or both.
    var kinds: [Option]
    var hidden: [Hidden]
    var chips: [Chip]
    var clearURL: SiteURL
    var active: Bool

    /// `placeName`: how the place filter is named in its chip ("Paris, Île-de-France, France").
    init(base: PhotoGroup, filter: SearchFilter, sort: PhotoSort, tagNames: [String], placeName: String? = nil) {
        action = SiteURL.group(base)
        searchRow = base == .all
        let values = Dictionary(FilterQuery.pairs(filter), uniquingKeysWith: { a, _ in a })
        q = values["q"] ?? ""
        tags = [Option(value: "", label: Phrase("Any tag"), selected: filter.tag == nil)]
            + tagNames.map { Option(value: $0, label: .verbatim($0), selected: $0.lowercased() == filter.tag?.lowercased()) }
        favorite = filter.favoritesOf != nil
        // (the choice says "1+ stars" in English, where its chip says "1+ star")
        ratings = (0...5).map { n in
            Option(value: String(n), label: n == 0 ? Phrase("Any stars") : Phrase(count: n, "\(n)+ stars", "\(n)+ stars"),
                   selected: (filter.minRating ?? 0) == n)
        }
        takenFrom = values["taken_from"] ?? ""
        takenTo = values["taken_to"] ?? ""
        minSize = values["min_size"] ?? ""
        maxSize = values["max_size"] ?? ""
        orientations = [Option(value: "", label: Phrase("Any shape"), selected: filter.orientation == nil)]
            + SearchFilter.Orientation.allCases.map { Option(value: $0.rawValue, label: Self.name(of: $0), selected: $0 == filter.orientation) }
        kinds = [Option(value: "", label: Phrase("Photos and videos"), selected: filter.kind == nil)]
            + FilterQuery.kinds.map { Option(value: $0.value, label: $0.label, selected: $0.kind == filter.kind) }
        let defaultSort = base.defaultSort
        hidden = (sort.field != defaultSort.field ? [Hidden(name: "sort", value: sort.field.rawValue)] : [])
            + (sort.descending != defaultSort.descending ? [Hidden(name: "order", value: sort.orderName)] : [])
            // Filters the form has no field for (a place, a position) stay on when it is sent.
            + ["place", "has", "stack"].compactMap { name in values[name].map { Hidden(name: name, value: $0) } }
            // (a GET form's action loses its query: the Similar collection's threshold travels as a field)
            + Self.threshold(of: base)
        chips = Self.chips(filter, placeName: placeName).map { label, without in
            Chip(label: label, removeURL: SiteURL.group(without.isEmpty ? base : .filtered(base, without), sort: sort))
        }
        clearURL = SiteURL.group(base, sort: sort)
        active = !filter.isEmpty
        switch (searchRow, chips.count) {
        case (true, 0): summary = Phrase("Filters")
        case (true, let on): summary = Phrase("Filters · \(on) on")
        case (false, 0): summary = Phrase("Search and filter")
        case (false, let on): summary = Phrase("Search and filter · \(on) on")
        }
    }

    /// A shape as the form and its chip name it.
    static func name(of orientation: SearchFilter.Orientation) -> Phrase {
        switch orientation {
        case .portrait: Phrase("Portrait")
        case .landscape: Phrase("Landscape")
        case .square: Phrase("Square")
        }
    }

    private static func threshold(of base: PhotoGroup) -> [Hidden] {
        guard case .similar(let within) = base, within != PhotoGroup.similarDefault else { return [] }
        return [Hidden(name: "within", value: String(within))]
    }

    /// Each filter that is on, in words, and the filter without it.
    static func chips(_ filter: SearchFilter, placeName: String? = nil) -> [(Phrase, SearchFilter)] {
        var out: [(Phrase, SearchFilter)] = []
        func add(_ label: Phrase, _ remove: (inout SearchFilter) -> Void) {
            var without = filter
            remove(&without)
            out.append((label, without))
        }
        if let text = filter.text { add(Phrase("Text: \(text)")) { $0.text = nil } }
        if let tag = filter.tag { add(Phrase("Tag: \(tag)")) { $0.tag = nil } }
        if filter.favoritesOf != nil { add(Phrase("Favorites only")) { $0.favoritesOf = nil } }
        if let stars = filter.minRating { add(Phrase(count: stars, "\(stars)+ star", "\(stars)+ stars")) { $0.minRating = nil } }
        if let from = filter.takenFrom { add(Phrase("Taken from \(FilterQuery.dayString(from))")) { $0.takenFrom = nil } }
        if let to = filter.takenTo { add(Phrase("Taken to \(FilterQuery.dayString(to - 86_400))")) { $0.takenTo = nil } }
        if let size = filter.minSize { add(Phrase("At least \(Phrase.Argument.bytes(size))")) { $0.minSize = nil } }
        if let size = filter.maxSize { add(Phrase("At most \(Phrase.Argument.bytes(size))")) { $0.maxSize = nil } }
        if let shape = filter.orientation { add(name(of: shape)) { $0.orientation = nil } }
        if let kind = filter.kind, let label = FilterQuery.kinds.first(where: { $0.kind == kind })?.label { add(label) { $0.kind = nil } }
        if let place = filter.place { add(Phrase("In \(placeName ?? place.code)")) { $0.place = nil } }
        if let located = filter.located { add(located ? Phrase("With a position") : Phrase("Without a position")) { $0.located = nil } }
        if filter.stack != nil { add(Phrase("One burst")) { $0.stack = nil } }
        if let name = filter.addedBy { add(Phrase("Added by \(name)")) { $0.addedBy = nil } }
        if filter.privateOf != nil { add(Phrase("Private to you")) { $0.privateOf = nil } }
        return out
    }
}
