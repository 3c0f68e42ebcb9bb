import Foundation
import Testing
@testable import Gallery

@Suite struct FilterValueTests {
    @Test func readsDaysAndSizes() {
        #expect(FilterValue.day("2024-07-31") == 1_722_384_000)
        #expect(FilterValue.day("2023-02-29") == nil)
        #expect(FilterValue.bytes("2MB") == 2_000_000)
        #expect(FilterValue.bytes("1.5 gb") == 1_500_000_000)
        #expect(FilterValue.bytes("2000000") == 2_000_000)
    }

    @Test func aSizePastAnInt64IsRefusedNotATrap() {
        // given: the query value that trapped converting 1e21 bytes to an Int64
        // (Tests/Fuzz/corpus/filter-value/crash-size-past-int64.txt)
        let crasher = "999999999999GB"
        // when / then
        #expect(FilterValue.bytes(crasher) == nil)
        #expect(FilterValue.bytes("1e14GB") == nil)
        #expect(FilterValue.bytes("9223372036854775807") == nil)
        #expect(FilterValue.bytes("1000000000GB") == FilterValue.maxBytes)
        #expect(FilterValue.bytes("nanKB") == nil && FilterValue.bytes("infGB") == nil && FilterValue.bytes("-1") == nil)
    }
}
