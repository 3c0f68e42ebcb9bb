/// The Similar collection's groups of look-alikes (pure, so the rules are tested apart from any
/// catalog): photos joined by a kept pair (`similarPair`) within the collection's threshold,
/// each group of them (a connected component) shown together, and the one of each group that
/// a person would most likely keep.
///
/// The pairs are those the catalog keeps (`SimilarPairs.kept`: each photo's nearest and the
/// pairs that bring another's nearest closer), so two photos within the threshold whose pair was
/// not kept are together only when a chain of kept pairs joins them.
public enum LookAlikes {
    /// `ids` (a group's file ids, in its order) with each group of look-alikes together, where
    /// its first member stood, its members in the group's order; and where each group starts in
    /// the new order. `pairs` join two file ids; a pair naming an id not among `ids` (a photo
    /// the filter or the viewer's sight leaves out) joins nothing, so nothing hidden links two groups.
    static func clusters(_ ids: [Int64], pairs: [(Int64, Int64)]) -> (ids: [Int64], starts: [Int]) {
        var parent = Array(ids.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        let at = Dictionary(ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for (a, b) in pairs {
            guard let i = at[a], let j = at[b] else { continue }
            let (ri, rj) = (root(i), root(j))
            // The root is the member that comes first, so a group stands where its first member did.
            if ri != rj { parent[max(ri, rj)] = min(ri, rj) }
        }
        var members: [Int: [Int64]] = [:]
        for i in ids.indices { members[root(i), default: []].append(ids[i]) }
        var ordered: [Int64] = []
        var starts: [Int] = []
        ordered.reserveCapacity(ids.count)
        for i in ids.indices where root(i) == i {
            starts.append(ordered.count)
            ordered += members[i] ?? []
        }
        return (ordered, starts)
    }

    /// Where each page starts among `count` ids whose groups start at `starts`: a page takes
    /// whole groups while they fit in `perPage`, so no group is cut in two; a group larger than
    /// a page starts a page of its own and runs on over as many pages as it needs (the page says so).
    static func pageStarts(groupStarts starts: [Int], count: Int, perPage: Int) -> [Int] {
        let perPage = max(1, perPage)
        var pages: [Int] = []
        var filled = 0
        for (n, start) in starts.enumerated() {
            let size = (n + 1 < starts.count ? starts[n + 1] : count) - start
            if pages.isEmpty || filled + size > perPage {
                // A new page, unless the one begun is empty.
                if pages.isEmpty || filled > 0 { pages.append(start) }
                filled = 0
            }
            var left = size
            while filled + left > perPage {
                left -= perPage - filled
                pages.append(start + size - left)
                filled = 0
            }
            filled += left
        }
        return pages
    }

    /// The one of `cards` most likely worth keeping: the most stars, then a favorite, then the
    /// most pixels, then the largest file, then the sharpest (as measured, `PhotoCard.sharpness`),
    /// then the first of them. Nil for none.
    public static func best(_ cards: [PhotoCard]) -> PhotoCard? {
        cards.reduce(nil) { best, card in
            guard let best else { return card }
            return ranks(card, above: best) ? card : best
        }
    }

    /// Whether `card` is to be kept before `other` (a tie keeps `other`).
    static func ranks(_ card: PhotoCard, above other: PhotoCard) -> Bool {
        func key(_ c: PhotoCard) -> (Int, Int, Int, Int64, Double) {
            (c.rating, c.isFavorite ? 1 : 0, c.width * c.height, c.size, c.sharpness ?? 0)
        }
        return key(card) > key(other)
    }
}

/// A run of a page's photos that look alike: one group of the Similar collection, or the part
/// of it that this page holds when the group is larger than a page.
public struct LookAlikeRun: Sendable, Equatable {
    /// Where the run stands among the page's photos.
    public var range: Range<Int>
    /// How many photos the whole group holds, on this page and others.
    public var count: Int
    /// Whether the group began on an earlier page, and whether it goes on on a later one.
    public var continued: Bool
    public var continues: Bool

    /// Whether the page holds the whole group.
    public var isWhole: Bool { !continued && !continues }

    public init(range: Range<Int>, count: Int, continued: Bool = false, continues: Bool = false) {
        (self.range, self.count, self.continued, self.continues) = (range, count, continued, continues)
    }
}
