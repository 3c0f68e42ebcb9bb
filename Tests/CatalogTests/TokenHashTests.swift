import Testing
@testable import Catalog

@Suite struct TokenHashTests {
    @Test func isTheSHA256OfTheUTF8BytesInLowerCaseHex() {
        // FIPS 180-2's example and the empty message.
        #expect(TokenHash.of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenHash.of("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // A string not stored as UTF-8 (bridged) hashes as its UTF-8 bytes too.
        let bridged = String(decoding: Array("é".utf16), as: UTF16.self)
        #expect(TokenHash.of(bridged) == TokenHash.of("\u{E9}"))
    }
}
