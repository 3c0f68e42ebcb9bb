import Testing
@testable import Imaging

@Suite("Curation other tools embedded") struct EmbeddedCurationTests {
    @Test func readsXMPSubjects() {
        // given
        let xmp = """
            <x:xmpmeta><rdf:RDF><rdf:Description><dc:subject><rdf:Bag>
            <rdf:li>beach</rdf:li><rdf:li>Tom &amp; Jerry</rdf:li><rdf:li xml:lang="x">a &lt;b&gt;</rdf:li>
            </rdf:Bag></dc:subject><dc:title><rdf:Alt><rdf:li>not a keyword</rdf:li></rdf:Alt></dc:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        // when
        let subjects = EmbeddedCuration.subjects(inXMP: Array(xmp.utf8))
        // then
        #expect(subjects == ["beach", "Tom & Jerry", "a <b>"])
        #expect(EmbeddedCuration.subjects(inXMP: Array("<x/>".utf8)).isEmpty)
    }

    @Test func findsNamesByteForByteAmongOtherScriptsAndBrokenBytes() {
        // given a packet with accents, an emoji, a combining mark after a tag and a stray byte
        var bytes = Array("<rdf:Description xmp:Label=\"Plage à Saint-Malo 🌊\" xmp:Rating=\"3\"><dc:subject><rdf:Bag>".utf8)
        bytes += [0xFF] + Array("<rdf:li>é\u{301}t\u{E9}</rdf:li><rdf:li>\u{301}mer</rdf:li></rdf:Bag></dc:subject>".utf8)
        // then
        #expect(EmbeddedCuration.ratingText(inXMP: bytes) == "3")
        #expect(EmbeddedCuration.subjects(inXMP: bytes) == ["é\u{301}t\u{E9}", "\u{301}mer"])
        #expect(EmbeddedCuration.find("Rating", in: "xmp:Ratin"[...]) == nil)
        #expect(EmbeddedCuration.find("", in: "abc"[...]) == nil)
        let text = "aab 🌊 aabc"
        #expect(EmbeddedCuration.find("abc", in: text[...]).map { String(text[$0]) } == "abc")
    }

    @Test(arguments: [("4", 4), ("0", 0), ("5.0", 5), ("-1", nil), ("7", nil), ("lots", nil), (nil, nil)] as [(String?, Int?)])
    func readsXMPRating(raw: String?, expected: Int?) {
        #expect(EmbeddedCuration.rating(raw) == expected)
    }

    @Test func readsIPTCKeywordsAndSkipsOtherDatasets() {
        // given records 2:5 (title) and two 2:25 keywords
        func record(_ dataset: UInt8, _ text: String) -> [UInt8] {
            let bytes = Array(text.utf8)
            return [0x1C, 2, dataset, 0, UInt8(bytes.count)] + bytes
        }
        let profile = record(5, "Title") + record(25, "holiday") + record(25, "beach")
        // then
        #expect(EmbeddedCuration.iptcKeywords(profile) == ["holiday", "beach"])
        #expect(EmbeddedCuration.iptcKeywords([0x1C, 2, 25, 0, 200, 1]).isEmpty)  // truncated: ignored, no crash
    }

    @Test func mergesKeywordsCaseInsensitivelyAndDropsJunk() {
        let merged = EmbeddedCuration.keywords(["beach", " Grand  Ma "], ["Beach", "", String(repeating: "x", count: 101), "holiday"])
        #expect(merged == ["beach", "Grand Ma", "holiday"])
    }

    /// (Found by the xmp-iptc fuzz target: a combining mark after a line break is a character of
    /// its own; once the break is a space, the space and the mark are one character, whitespace
    /// by its first, and the keyword read again loses the mark.)
    @Test func aKeywordReadsTheSameWhenCleanedAgain() {
        let merged = EmbeddedCuration.keywords(["sea\n\u{5C7}wave", "trip\u{301} \t 2024", "\n\u{301}"])
        for word in merged { #expect(word.split(whereSeparator: \.isWhitespace).joined(separator: " ") == word, "\(Array(word.unicodeScalars))") }
        #expect(merged == ["sea wave", "trip\u{301} 2024", "\u{301}"])
    }
}
