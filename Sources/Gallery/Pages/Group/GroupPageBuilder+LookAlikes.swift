import Catalog

/// The Similar collection's page as groups of look-alikes: each run of the page
/// (`PhotoPage.lookAlikes`) a box of its photos side by side, the best marked, and for someone
/// who may use the trash, one form that keeps the best and moves the others there.
extension GroupPageBuilder {
    /// Which run of look-alikes each of the page's files is in; empty on other groups.
    var runIndex: [Int64: Int] {
        var out: [Int64: Int] = [:]
        for (n, run) in (page.lookAlikes ?? []).enumerated() {
            for card in page.photos[run.range] { out[card.fileId] = n + 1 }
        }
        return out
    }

    /// The best of each run the page holds whole (`LookAlikes.best`, over every photo of it,
    /// the shots folded into a burst's tile too); none of a run that goes on over other pages.
    var bestOfRuns: Set<Int64> {
        Set((page.lookAlikes ?? []).filter { $0.isWhole && $0.count > 1 }.compactMap { LookAlikes.best(Array(page.photos[$0.range]))?.fileId })
    }

    /// The page's boxes of look-alikes, of the tiles shown (`shownCards`); nil on other groups.
    func lookAlikeBoxes(best: Set<Int64>) -> [LookAlikeBox]? {
        guard let runs = page.lookAlikes else { return nil }
        let shown = Set(shownCards.map(\.fileId))
        return runs.map { run in
            let cards = Array(page.photos[run.range])
            let top = cards.first { best.contains($0.fileId) }
            let n = run.count
            let heading = n == 1 ? Phrase("Its look-alikes are not among the photos this search keeps")
                                 : Phrase(count: n, "\(n) look-alike", "\(n) look-alikes")
            let note = run.isWhole ? nil
                : Phrase(count: n, "This group of \(n) look-alike runs over more than one page, so none is marked best: choose “Nearly the same” to compare closer groups.",
                         "This group of \(n) look-alikes runs over more than one page, so none is marked best: choose “Nearly the same” to compare closer groups.")
            return LookAlikeBox(anchor: "alike\(cards[0].fileId)", heading: heading, note: note,
                                photos: cards.filter { shown.contains($0.fileId) }.map { tile($0, best: best) },
                                keep: top.flatMap { keepBestForm($0, of: cards) })
        }
    }

    /// Keep `best`, the rest of `cards` to the trash: the select form's trash action over the
    /// run's photos by id, keeping one (`keep`), so the trash's rules and one Undo apply.
    private func keepBestForm(_ best: PhotoCard, of cards: [PhotoCard]) -> KeepBestForm? {
        guard stacks?.canKeep == true, selection == nil, cards.count > 1 else { return nil }
        let others = cards.count - 1
        return KeepBestForm(csrf: csrf, group: SelectionForm.value(of: group.parts.base),
                            filter: SiteURL.queryString(FilterQuery.pairs(group.parts.filter)), ids: cards.map(\.fileId), keep: best.fileId,
                            back: SiteURL.group(group, sort: sort, page: page.number).path,
                            label: Phrase(count: others, "Keep the best, move the other \(others) to the trash",
                                          "Keep the best, move the other \(others) to the trash"))
    }
}

/// One group of look-alikes on the Similar collection's page.
struct LookAlikeBox: Encodable {
    /// Fragment id of the box.
    var anchor: String
    /// "4 look-alikes".
    var heading: Phrase
    /// Said of a group the page does not hold whole.
    var note: Phrase?
    var photos: [PhotoTile]
    var keep: KeepBestForm?
}

/// "Keep the best, move the others to the trash": the select form's trash action over the
/// group's photos (`ids`), keeping the best (`keep`).
struct KeepBestForm: Encodable {
    let action = SiteURL.Action.select.url
    var csrf, group, filter: String
    var ids: [Int64]
    var keep: Int64
    var back: String
    var label: Phrase
}
