import Testing
@testable import Catalog

/// How `place=` values are read and written: GeoNames' spellings, and nothing else.
@Suite struct PlaceScopeTests {
    @Test func codesReadBackAsTheyAreWritten() {
        for scope in [PlaceScope.country("FR"), .region("FR", "11"), .region("GB", "ENG"), .region("NO", ""), .place(2_988_507)] {
            #expect(PlaceScope(code: scope.code) == scope, "\(scope.code)")
        }
    }

    @Test func anythingElseIsNoScope() {
        for bad in ["", "F", "FRA", "fr", "F1", "FR.<b>", "FR.11.2", "FR.123456789012345678901", "0", "-5", "Paris", "FR 11",
                    String(repeating: "9", count: 30), "ÉÉ"] {
            #expect(PlaceScope(code: bad) == nil, "\(bad)")
        }
    }
}
