import Testing
@testable import Catalog

/// The Similar collection's groups (connected look-alikes, kept together in the group's order),
/// its pages of whole groups, and the best of a group.
@Suite struct LookAlikesTests {
    @Test func pairsJoinLookAlikesIntoGroupsStandingWhereTheirFirstMemberStood() {
        // given ids in the group's order, chains of pairs, and a pair naming a photo not among them
        let ids: [Int64] = [10, 20, 30, 40, 50, 60]
        let pairs: [(Int64, Int64)] = [(50, 20), (30, 60), (60, 99), (20, 10)]
        // when they are grouped
        let (ordered, starts) = LookAlikes.clusters(ids, pairs: pairs)
        // then 10, 20, 50 are one group, 30 and 60 another, 40 alone; nothing joined through 99
        #expect(ordered == [10, 20, 50, 30, 60, 40])
        #expect(starts == [0, 3, 5])
    }

    @Test func pagesHoldWholeGroupsAndAGroupLargerThanAPageRunsOnAlone() {
        // groups of 3, 2, 5 and 1 in pages of 4
        #expect(LookAlikes.pageStarts(groupStarts: [0, 3, 5, 10], count: 11, perPage: 4) == [0, 3, 5, 9])
        // groups that fit together share a page
        #expect(LookAlikes.pageStarts(groupStarts: [0, 2, 4, 5], count: 7, perPage: 4) == [0, 4])
        #expect(LookAlikes.pageStarts(groupStarts: [], count: 0, perPage: 4) == [])
    }

    @Test func theBestHasTheMostStarsThenIsAFavoriteThenHasTheMostPixelsThenBytesThenSharpness() {
        func card(_ id: Int64, stars: Int = 0, favorite: Bool = false, width: Int = 100, size: Int64 = 1, sharp: Double? = nil) -> PhotoCard {
            var c = PhotoCard(fileId: id, key: "k\(id)", name: "n\(id)", sha256: "", width: width, height: 100)
            (c.rating, c.isFavorite, c.size, c.sharpness) = (stars, favorite, size, sharp)
            return c
        }
        #expect(LookAlikes.best([card(1, favorite: true, width: 400), card(2, stars: 1)])?.fileId == 2)
        #expect(LookAlikes.best([card(1, width: 400), card(2, favorite: true)])?.fileId == 2)
        #expect(LookAlikes.best([card(1, size: 9), card(2, width: 101)])?.fileId == 2)
        #expect(LookAlikes.best([card(1, sharp: 3), card(2, size: 2)])?.fileId == 2)
        #expect(LookAlikes.best([card(1, sharp: 3), card(2, sharp: 4)])?.fileId == 2)
        // a tie keeps the first
        #expect(LookAlikes.best([card(1), card(2)])?.fileId == 1)
        #expect(LookAlikes.best([]) == nil)
    }

    @Test func aPageIndexOfGroupsNamesItsRunsAndThePagesOfItsIds() {
        // groups of 3, 2, 5 and 1 in pages of 4
        let entry = PageIndexCache.Entry(ids: OrderedIds(Array(Int64(1)...11)), lookAlikeGroups: [0, 3, 5, 10], perPage: 4)
        #expect(entry.pages == 4)
        #expect(entry.range(ofPage: 3, perPage: 4) == 5..<9)
        #expect(entry.page(holding: 9) == 4 && entry.page(holding: 4) == 2)
        let runs = entry.lookAlikeRuns(in: 5..<9)?.map { "\($0.range) \($0.count) \($0.continued) \($0.continues)" }
        #expect(runs == ["0..<4 5 false true"])
        let last = entry.lookAlikeRuns(in: 9..<11)?.map { "\($0.range) \($0.count) \($0.continued) \($0.continues)" }
        #expect(last == ["0..<1 5 true false", "1..<2 1 false false"])
    }
}
