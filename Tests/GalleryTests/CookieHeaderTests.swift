import Foundation
import Testing
@testable import Gallery

@Suite struct CookieHeaderTests {
    @Test func findsANamedCookie() {
        // given: the header a browser sends
        let headers = ["photolala_csrf=q7Zr0bX9aL2; photolala_session=Zm9v"]
        // when / then
        #expect(CookieHeader.value(named: "photolala_csrf", in: headers) == "q7Zr0bX9aL2")
        #expect(CookieHeader.value(named: "photolala_session", in: headers) == "Zm9v")
        #expect(CookieHeader.value(named: "photolala", in: headers) == nil)
        #expect(CookieHeader.value(named: "", in: ["=x"]) == nil)
    }

    @Test func trimsUnquotesAndKeepsEveryDuplicateInOrder() {
        let headers = ["a=1;photolala_csrf = \"abc\" ;b", "photolala_csrf=def; =x; c=d=e; ;;"]
        #expect(CookieHeader.values(named: "photolala_csrf", in: headers) == ["abc", "def"])
        #expect(CookieHeader.value(named: "photolala_csrf", in: headers) == "abc")
        #expect(CookieHeader.value(named: "c", in: headers) == "d=e")
        #expect(CookieHeader.value(named: "b", in: headers) == nil)
        #expect(CookieHeader.pairs(in: ["q=\"\"; r=\"; s=\t\"x"]).map(\.value) == ["", "\"", "\"x"])
    }

    @Test func namesAreCaseSensitive() {
        #expect(CookieHeader.value(named: "photolala_csrf", in: ["PHOTOLALA_CSRF=x"]) == nil)
    }
}
