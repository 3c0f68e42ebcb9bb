import Foundation
import Testing
@testable import Catalog

@Suite struct FTSQueryTests {
    @Test func wordsBecomeQuotedPrefixTerms() {
        #expect(FTSQuery.terms("beach Kids-2024") == #""beach"* "Kids"* "2024"*"#)
        #expect(FTSQuery.terms(#"a OR b NEAR(c) "d" e* ^f col:g"#) == #""a"* "OR"* "b"* "NEAR"* "c"* "d"* "e"* "f"* "col"* "g"*"#)
        #expect(FTSQuery.terms(" ,.;! ") == nil)
        #expect(FTSQuery.terms((1...20).map(String.init).joined(separator: " "))?.split(separator: " ").count == FTSQuery.maxTerms)
    }

    @Test func aQuoteInsideAWordIsEscaped() {
        // given: a prepended letter (Malayalam dot reph, U+0D4E) makes `ൎ"` one Character, and so part of a word
        // (Tests/Fuzz/corpus/fts-query/crash-quote-in-a-word.txt)
        let text = "\u{0D4E}\"x OR \u{0D4E}\"\u{0D4E}*"
        // when
        let query = FTSQuery.terms(text)
        // then: the quote is doubled, as FTS5 reads a quote inside a string, instead of closing the term
        #expect(query == "\"\u{0D4E}\"\"x\"* \"OR\"* \"\u{0D4E}\"\"\u{0D4E}*\"*")
        // a control character is never joined to a word, so a NUL still separates words
        #expect(FTSQuery.terms("\u{0D4E}\u{0}x") == "\"\u{0D4E}\"* \"x\"*")
    }

    @Test func searchTextNeverReachesSQLiteAsSyntax() async throws {
        // given: a scanned library
        let lib = try TestLibrary()
        try lib.addJPEG("beach/img1.jpg", seed: 1)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        // when / then: text with quotes smuggled into words searches, and finds nothing, without an SQLite error
        for text in ["\u{0D4E}\"x OR \u{0D4E}\"\u{0D4E}*", "\u{0D4E}\"", "\u{0D4E}\u{0}\"", "img1"] {
            let page = try await store.page(.filtered(.all, SearchFilter(text: text)), sort: .default, number: 1, perPage: 10)
            #expect(page?.photos.map(\.key) ?? [] == (text == "img1" ? ["beach/img1.jpg"] : []), "\(text.debugDescription)")
        }
    }
}
