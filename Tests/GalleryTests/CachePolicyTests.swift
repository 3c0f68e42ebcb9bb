import Testing
@testable import Gallery

@Suite struct CachePolicyTests {
    @Test(arguments: ["public, max-age=3600", "max-age=60, public", "PUBLIC", " public ", "private, max-age=0,\tPublic=x"])
    func aPublicDirectiveIsFound(_ value: String) {
        #expect(CachePolicy.isShared(value))
    }

    @Test(arguments: ["private, no-cache", "no-store", "", "publicity", "max-age=3600", "x-public", "private=\"public\""])
    func otherDirectivesAreNotPublic(_ value: String) {
        #expect(!CachePolicy.isShared(value))
    }
}
