import Catalog

/// Turns one page of a group into the group page's view model.
struct GroupPageBuilder {
    let group: PhotoGroup
    let title: Phrase
    let page: PhotoPage
    let sort: PhotoSort
    var subfolders: [FolderCard]
    var folderCount = 0
    var filterForm: FilterForm?
    var csrf = ""
    /// Who looks, when it is the household: tiles carry a favorite button only for someone who
    /// can keep favorites, and select mode is offered. Nil for a share link's holders.
    var visitor: Visitor?
    var scope = SiteURL.Scope.gallery
    var share: ShareForm?
    /// Select mode: tiles are checkboxes of this form, and links keep the mode.
    var selection: SelectionForm?
    /// On a folder's page for the household: each burst is its top's tile, opened as a group.
    var stacks: StackTools?
    /// On an album's list view: who put each photo of the page in it, by file id.
    var albumAdders: [Int64: Uploader]?
    /// The timeline's stream: headed by days, the undated last under a heading of their own.
    var streams = false

    private var isAlbum: Bool { if case .album = group.parts.base { return true } else { return false } }

    /// Whether the page's tiles are headed by their days: photos of a span of dates in the order
    /// they were taken (a month of the timeline, or any search by dates).
    var showsDays: Bool {
        sort.field == .taken && (streams || group.parts.filter.takenFrom != nil || group.parts.filter.takenTo != nil)
    }

    /// A link of this page, in select mode when the page is.
    private func keepingMode(_ url: SiteURL) -> SiteURL {
        selection == nil ? url : url.appending([("select", "1")])
    }

    func build(chrome: PageChrome) -> GroupView {
        var parts = [Phrase(count: page.total, "\(page.total) photo", "\(page.total) photos")]
        if folderCount > 0 { parts.append(Phrase(count: folderCount, "\(folderCount) folder", "\(folderCount) folders")) }
        if page.pageCount > 1 { parts.append(Phrase("page \(page.number) of \(page.pageCount)")) }
        let summary = parts.count == 1 ? parts[0] : Phrase.joined(parts, separator: " · ")
        let photoGroup = group.linkContext
        let best = bestOfRuns
        var tiles = shownCards.map { tile($0, best: best) }
        if showsDays {
            // A photo with no camera date is ordered by its file's time; it is headed as undated,
            // not put under the day of the photo before it.
            var previous: Int64??  // nil before the first tile; .some(nil) after an undated one
            for (index, card) in shownCards.enumerated() {
                let day = card.takenAt.map { $0 >= 0 ? $0 / 86_400 : ($0 - 86_399) / 86_400 }
                if previous != .some(day) {
                    tiles[index].dayHeader = card.takenAt.map { Phrase.date($0, .weekday) } ?? Phrase("No date from a camera")
                }
                previous = .some(day)
            }
        }
        return GroupView(chrome: chrome, heading: title, summary: summary, folders: subfolders, photos: tiles,
                         hasFolders: !subfolders.isEmpty, hasPhotos: !tiles.isEmpty,
                         sorts: sortChoices(), orders: orderChoices(), likeness: likenessChoices(), pagination: pagination(),
                         emptyMessage: tiles.isEmpty && subfolders.isEmpty ? GroupTitles.emptyText(group) : nil, filterForm: filterForm,
                         share: tiles.isEmpty || selection != nil ? nil : share, selection: tiles.isEmpty ? nil : selection,
                         selectURL: tiles.isEmpty || selection != nil || visitor?.can(.viewer) != true
                            ? nil : SiteURL.group(group, sort: sort, page: page.number).appending([("select", "1")]),
                         slideshowURL: selection != nil ? nil
                            : page.photos.first.map { scope.slideshow($0.key, sort: sort, in: photoGroup, sharedGroup: group) },
                         lookAlikes: lookAlikeBoxes(best: best))
    }

    /// The tile of `card`; `best` holds the file ids marked "Best" among their look-alikes.
    func tile(_ card: PhotoCard, best: Set<Int64> = []) -> PhotoTile {
        let canFavorite = visitor?.can(.viewer) == true && selection == nil
        return PhotoTile(url: stackURL(card) ?? scope.photo(card.key, sort: sort, in: group.linkContext, sharedGroup: group), anchor: "p\(card.fileId)",
                  fileId: card.fileId, selecting: selection != nil, name: card.name, image: RowImage(card, alt: card.tileLabel, scope: scope),
                  favorite: !canFavorite ? nil : TileFavorite(csrf: csrf, key: card.key,
                                         back: SiteURL.group(group, sort: sort, page: page.number).fragment("p\(card.fileId)").path,
                                         value: card.isFavorite ? "off" : "on", on: card.isFavorite,
                                         label: card.isFavorite ? Phrase("Remove \(card.name) from favorites")
                                                                : Phrase("Add \(card.name) to favorites"),
                                         otherLabel: card.isFavorite ? Phrase("Add \(card.name) to favorites")
                                                                     : Phrase("Remove \(card.name) from favorites")),
                  duration: card.playTime, badge: badge(card), stack: stackBadge(card), keep: keepForm(card),
                  best: best.contains(card.fileId) ? Phrase(context: "look-alikes", "Best") : nil)
    }

    /// The cards shown as tiles: on a page that stacks bursts, a shot whose top is on the same
    /// page (on the Similar collection, among the same look-alikes) is part of the top's tile.
    /// (A shot whose top is on another page, or filtered out, keeps its own tile, and so does
    /// the best of a group of look-alikes: nothing is ever hidden with no way to it.)
    var shownCards: [PhotoCard] {
        guard let stacks, stacks.collapses, selection == nil else { return page.photos }
        let runOf = runIndex, best = bestOfRuns
        var here: [Int64: Int] = [:]
        for card in page.photos { here[card.fileId] = runOf[card.fileId] ?? 0 }
        return page.photos.filter { card in
            guard let top = card.stackOf, let topRun = here[top], !best.contains(card.fileId) else { return true }
            return topRun != (runOf[card.fileId] ?? 0)
        }
    }

    /// Where a stack's tile leads: the group narrowed to its burst, in the order it was taken.
    private func stackURL(_ card: PhotoCard) -> SiteURL? {
        guard let stacks, stacks.collapses, selection == nil, card.stacked > 0 else { return nil }
        var filter = group.parts.filter
        filter.stack = card.fileId
        return SiteURL.group(.filtered(group.parts.base, filter), sort: StackTools.order)
    }

    /// Whether it is private (only its owner, and admins who see private photos, are shown it),
    /// what else the shot holds, and on a burst's own page, which shot is its sharpest.
    private func badge(_ card: PhotoCard) -> Phrase? {
        let sharpest = stacks != nil && group.parts.filter.stack == card.fileId ? Phrase("Sharpest") : nil
        let words = [card.privateTo == nil ? nil : Phrase("Private"), card.badge, sharpest].compactMap { $0 }
        return words.isEmpty ? nil : words.count == 1 ? words[0] : Phrase.joined(words, separator: " · ")
    }

    private func stackBadge(_ card: PhotoCard) -> Phrase? {
        stackURL(card) == nil ? nil : Phrase.number(card.stacked + 1)
    }

    /// On a burst's own page (in any group), for someone who may use the trash: keep this
    /// shot, the burst's other shots in the group to the trash; the kept one is then shown in
    /// the group the burst was opened from.
    private func keepForm(_ card: PhotoCard) -> KeepForm? {
        guard let stacks, group.parts.filter.stack != nil, stacks.canKeep, selection == nil, page.total > 1 else { return nil }
        var around = group.parts.filter
        around.stack = nil
        let others = page.total - 1
        return KeepForm(csrf: csrf, group: SelectionForm.value(of: group.parts.base), filter: SiteURL.queryString(FilterQuery.pairs(group.parts.filter)),
                        keep: card.fileId,
                        back: SiteURL.group(around.isEmpty ? group.parts.base : .filtered(group.parts.base, around)).fragment("p\(card.fileId)").path,
                        label: Phrase(count: others, "Keep \(card.name), move the other \(others) shot to the trash", "Keep \(card.name), move the other \(others) shots to the trash"))
    }

    /// The Similar collection's thresholds, each a link to the collection at it.
    private func likenessChoices() -> LikenessBar? {
        guard case .similar(let within) = group.parts.base else { return nil }
        return LikenessBar(choices: PhotoGroup.similarThresholds.map { threshold in
            let base = PhotoGroup.similar(within: threshold)
            let filter = group.parts.filter
            return SortChoice(label: Self.likeness(threshold),
                              url: keepingMode(scope.group(filter.isEmpty ? base : .filtered(base, filter), sort: sort)),
                              current: threshold == within)
        })
    }

    /// How alike the Similar collection's photos are at a threshold, in words.
    private static func likeness(_ threshold: Int) -> Phrase {
        switch threshold {
        case 4: Phrase("Nearly the same")
        case 6: Phrase("Very close")
        case 8: Phrase(context: "likeness", "Close")
        case 10: Phrase("Loosely alike")
        default: Phrase(count: threshold, "Within \(threshold) bit", "Within \(threshold) bits")
        }
    }

    private func sortChoices() -> [SortChoice] {
        let fields: [(PhotoSort.Field, Phrase)] = (isAlbum ? [(.album, Phrase("Album order"))] : [])
            + [(.taken, Phrase("Date taken")), (.name, Phrase("Name")), (.size, Phrase("File size")), (.stars, Phrase("Stars")),
               (.added, Phrase("Date added"))]
        return fields.map { field, label in
                SortChoice(label: label, url: keepingMode(scope.group(group, sort: PhotoSort(field: field, descending: sort.descending))),
                           current: field == sort.field)
            }
    }

    private func orderChoices() -> [SortChoice] {
        let labels: (Phrase, Phrase)
        switch sort.field {
        case .taken, .added: labels = (Phrase("Oldest first"), Phrase("Newest first"))
        case .name: labels = (Phrase("A–Z"), Phrase("Z–A"))
        case .size: labels = (Phrase("Smallest first"), Phrase("Largest first"))
        case .stars: labels = (Phrase("Fewest stars first"), Phrase("Most stars first"))
        case .album: labels = (Phrase("First to last"), Phrase("Last to first"))
        }
        return [(false, labels.0), (true, labels.1)].map { descending, label in
            SortChoice(label: label, url: keepingMode(scope.group(group, sort: PhotoSort(field: sort.field, descending: descending))),
                       current: descending == sort.descending)
        }
    }

    private func pagination() -> Pagination? {
        Pagination.of(current: page.number, last: page.pageCount) { keepingMode(scope.group(group, sort: sort, page: $0)) }
    }
}
