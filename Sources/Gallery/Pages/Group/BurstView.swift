import Catalog

/// A burst's own page: the group a burst was opened from narrowed to its shots (`stack=`, the
/// same address as ever), in the order they were taken, as a strip of large tiles with the
/// sharpest marked, a paragraph saying what "Keep this one" does, and the form under each shot.
struct BurstView: PageModel {
    static let template = "burst"
    var chrome: PageChrome
    /// "Burst of 12 shots, 14 Jul 2021, 10:20".
    var heading: Phrase
    /// What "Keep this one" does, in words; nil for those who may not use the trash.
    var explanation: Phrase?
    /// Back to the group the burst was opened from.
    var backURL: SiteURL
    var backLabel: Phrase
    var photos: [PhotoTile]
    var pagination: Pagination?
}

extension GroupPageBuilder {
    /// The burst's own page, when this is one (a group narrowed to a burst, for the household,
    /// out of select mode); nil otherwise.
    func burstPage(chrome: PageChrome) -> BurstView? {
        guard stacks != nil, group.parts.filter.stack != nil, selection == nil, !page.photos.isEmpty else { return nil }
        let n = page.total
        let first = page.photos.compactMap(\.takenAt).min()
        let heading = first.map { Phrase(count: n, "Burst of \(n) shot, \(Phrase.date($0, .time))", "Burst of \(n) shots, \(Phrase.date($0, .time))") }
            ?? Phrase(count: n, "Burst of \(n) shot", "Burst of \(n) shots")
        let others = n - 1
        let explanation = stacks?.canKeep == true && n > 1
            ? Phrase(count: others, "“Keep this one” keeps that shot and moves the other \(others) shot of this burst shown here to the trash, in one step you can undo. The trash keeps them, with their stars and tags, until it is emptied: restore them from there.",
                     "“Keep this one” keeps that shot and moves the other \(others) shots of this burst shown here to the trash, in one step you can undo. The trash keeps them, with their stars and tags, until it is emptied: restore them from there.")
            : nil
        var around = group.parts.filter
        around.stack = nil
        let from: PhotoGroup = around.isEmpty ? group.parts.base : .filtered(group.parts.base, around)
        var photos = page.photos.map { tile($0) }
        for i in photos.indices { photos[i].image.lay(in: .large) }
        return BurstView(chrome: chrome, heading: heading, explanation: explanation,
                         backURL: scope.group(from).fragment("p\(group.parts.filter.stack ?? 0)"),
                         backLabel: Phrase("Back to \(title)"), photos: photos,
                         pagination: Pagination.of(current: page.number, last: page.pageCount) { scope.group(group, sort: sort, page: $0) })
    }
}
