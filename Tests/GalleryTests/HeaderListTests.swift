import Testing
@testable import Gallery

@Suite struct HeaderListTests {
    @Test func findsAnItemWhateverItsCaseAndTheSpaceAroundIt() {
        #expect(HeaderList.contains("Accept-Encoding", "accept-encoding"))
        #expect(HeaderList.contains("Cookie,\t accept-ENCODING ", "Accept-Encoding"))
        #expect(HeaderList.contains("Cookie, *", "*"))
        #expect(!HeaderList.contains("Cookie", "Accept-Encoding"))
        #expect(!HeaderList.contains("Accept-Encodings", "Accept-Encoding"))
        #expect(!HeaderList.contains("", "*"))
        #expect(!HeaderList.contains(",,", "*"))
    }

    @Test func namesOnlyLeavesTheValuesOut() {
        #expect(HeaderList.contains("max-age=60, public", "public", namesOnly: true))
        #expect(HeaderList.contains("Public = x", "public", namesOnly: true))
        #expect(!HeaderList.contains("private=\"public\"", "public", namesOnly: true))
        #expect(!HeaderList.contains("x=public", "public", namesOnly: true))
        // Without namesOnly an item is compared whole.
        #expect(!HeaderList.contains("public=x", "public"))
    }

    @Test func anyTextGivesAnAnswer() {
        // Non-ASCII, lone separators and control bytes: never a trap.
        for value in ["é,ü", "=", ", = ,", "\u{0}public", String(repeating: ",", count: 1000), "ＰＵＢＬＩＣ"] {
            _ = HeaderList.contains(value, "public", namesOnly: true)
            _ = HeaderList.contains(value, "*")
        }
        #expect(!HeaderList.contains("ＰＵＢＬＩＣ", "public"))
    }
}
