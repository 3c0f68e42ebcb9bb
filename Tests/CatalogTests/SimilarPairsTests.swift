import Testing
import TestSupport
@testable import Catalog

/// Which look-alikes a newly measured photo is paired with: its nearest, a bounded number of
/// them, and any other it brings nearer; never itself, never one too far.
@Suite struct SimilarPairsTests {
    typealias Candidate = SimilarPairs.Candidate

    @Test func aPhotoKeepsItsNearestAndThoseItBringsNearer() {
        // given 30 copies of one picture measured before (each with a look-alike as near), two
        // more a bit further off with nothing as near, one too far, and the photo itself
        let kept = SimilarPairs.keptPerPhoto
        var candidates = (1...30).map { Candidate(id: Int64(100 - $0), distance: 0, nearest: 0) }
        candidates += [Candidate(id: 200, distance: 5, nearest: nil), Candidate(id: 201, distance: 5, nearest: 7),
                       Candidate(id: 202, distance: 11, nearest: nil), Candidate(id: 500, distance: 0, nearest: nil)]
        var nearest: [Int64: Int] = [:], generator = SeededGenerator(seed: 7)
        // when the photo 500 is paired
        let pairs = SimilarPairs.kept(500, candidates.shuffled(using: &generator), nearest: &nearest)
        // then it keeps its nearest, the smaller ids first, and the two it brings nearer
        #expect(pairs.count == kept + 2)
        #expect(pairs.prefix(kept).map(\.0) == (70..<70 + Int64(kept)).map { $0 })
        #expect(pairs.suffix(2).map(\.0) == [200, 201] && pairs.suffix(2).allSatisfy { $0.2 == 5 })
        #expect(nearest[500] == 0 && nearest[200] == 5 && nearest[201] == 5 && nearest[202] == nil)
        // and one measured after with few look-alikes keeps them all, though it brings none nearer
        let next = SimilarPairs.kept(501, [Candidate(id: 200, distance: 6, nearest: nil), Candidate(id: 201, distance: 5, nearest: 7)],
                                     nearest: &nearest)
        #expect(next.count == 2)
        // and one among more than it keeps brings none nearer: it keeps its nearest alone
        nearest[501] = nil
        let crowded = SimilarPairs.kept(501, (0..<Int64(kept)).map { Candidate(id: $0, distance: 1, nearest: 1) }
                                        + [Candidate(id: 200, distance: 6, nearest: nil)], nearest: &nearest)
        #expect(crowded.count == kept && !crowded.contains { $0.0 == 200 })
        #expect(nearest[501] == 1)
    }

    @Test func aPhotoWithNoLookAlikeKeepsNoPairAndNoNearest() {
        var nearest: [Int64: Int] = [:]
        #expect(SimilarPairs.kept(1, [Candidate(id: 2, distance: SimilarPairs.maxDistance + 1, nearest: nil)], nearest: &nearest).isEmpty)
        #expect(SimilarPairs.kept(1, [], nearest: &nearest).isEmpty)
        #expect(nearest.isEmpty)
    }
}
