import Testing
@testable import Imaging

@Suite struct HexTests {
    @Test func bytesOfEveryValueAreTwoLowercaseDigitsEach() {
        // given every byte value, in a contiguous array and in a sequence that is not one
        let all = (0...255).map { UInt8($0) }
        let expected = all.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        // when each is written as hex
        // then both read the same, two lowercase digits a byte, in order
        #expect(Hex.lowercase(all) == expected)
        #expect(Hex.lowercase(all.lazy.map { $0 }) == expected)
        #expect(Hex.lowercase([UInt8]()) == "")
    }
}
