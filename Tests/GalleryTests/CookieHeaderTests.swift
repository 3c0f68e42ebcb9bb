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

    @Test func aNameIsFoundAsThePairsAreCompared() {
        // The Kelvin sign is canonically a K: a name is matched as strings match, as `pairs` has it.
        let headers = ["K=1; \u{212A}=2; k=3; caf\u{E9}=4; cafe\u{301}=5"]
        for name in ["K", "\u{212A}", "k", "caf\u{E9}", "cafe\u{301}"] {
            #expect(CookieHeader.values(named: name, in: headers) == CookieHeader.pairs(in: headers).filter { $0.name == name }.map(\.value))
        }
        #expect(CookieHeader.values(named: "K", in: headers) == ["1", "2"])
        #expect(CookieHeader.values(named: "caf\u{E9}", in: headers) == ["4", "5"])
    }
}
