import Foundation
import Testing
@testable import Gallery

@Suite struct DavIfTests {
    static let first = "urn:uuid:181d4fae-7d8c-11d0-a765-00a0c91e6bf2"
    static let second = "urn:uuid:58f202ac-22cf-11d1-b12d-002035b29092"

    @Test func readsUntaggedListsWithEntityTags() {
        // given: RFC 4918, 10.4.6's example
        let header = "(<\(Self.first)> [\"I am an ETag\"]) ([\"I am another ETag\"])"
        // when
        let parsed = DavIf.parse(header)
        // then
        #expect(parsed == DavIf(lists: [
            DavIf.List(resource: nil, conditions: [.token(Self.first, not: false), .etag("\"I am an ETag\"", not: false)]),
            DavIf.List(resource: nil, conditions: [.etag("\"I am another ETag\"", not: false)]),
        ]))
        #expect(parsed?.tokens == [Self.first])
    }

    @Test func readsNot() {
        // given: RFC 4918, 10.4.7's example, and Not in other cases and spacing
        let header = "(Not <\(Self.first)> <\(Self.second)>)"
        // when / then
        #expect(DavIf.parse(header)?.lists == [DavIf.List(resource: nil, conditions: [.token(Self.first, not: true), .token(Self.second, not: false)])])
        #expect(DavIf.parse("(NOT<a:b>)")?.lists.first?.conditions == [.token("a:b", not: true)])
        #expect(DavIf.parse("( not [W/\"x\"] )")?.lists.first?.conditions == [.etag("W/\"x\"", not: true)])
        #expect(DavIf.parse("(<DAV:no-lock>)")?.tokens == ["DAV:no-lock"])
        #expect(DavIf.parse("(Not <DAV:no-lock> <\(Self.first)>)")?.tokens == ["DAV:no-lock", Self.first])
    }

    @Test func readsTaggedLists() {
        // given: a tagged list (RFC 4918, 10.4.8), and a tag with two lists then another tag
        let header = "<http://www.example.com/specs/> (<\(Self.first)>)"
        let several = "<http://a/x> (<urn:1>) ([\"e\"])\t<http://a/y> (Not <urn:2>)"
        // when / then
        #expect(DavIf.parse(header)?.lists == [DavIf.List(resource: "http://www.example.com/specs/", conditions: [.token(Self.first, not: false)])])
        #expect(DavIf.parse(several)?.lists.map(\.resource) == ["http://a/x", "http://a/x", "http://a/y"])
        #expect(DavIf.parse(several)?.tokens == ["urn:1", "urn:2"])
    }

    @Test func refusesMalformedHeaders() {
        let malformed = [
            "", "   ", "()", "(<>)", "(<a b>)", "(<a>", "<a>", "<a> <b> (<c>)", "(<a>) <b> (<c>)", "<b> (<c>) (<d>) <e>",
            "(Not)", "(Not Not <a>)", "(Nota <b>)", "([x])", "([\"x])", "([\"a\"b\"])", "([\"\u{1}\"])", "([w/\"x\"])",
            "(<a>) x", "x (<a>)", "(<a>)(", "(<a\u{7F}>)", "[\"x\"]", "(<a>))",
            "(<" + String(repeating: "a", count: 1_025) + ">)",
            String(repeating: "(<a>)", count: 65),
            "(" + String(repeating: "<a>", count: 65) + ")",
            String(repeating: "(<a>)", count: 40) + "(" + String(repeating: "<a>", count: 25) + ")",
            "(<a>)" + String(repeating: " ", count: 8_192),
        ]
        for header in malformed { #expect(DavIf.parse(header) == nil, "\(header.prefix(40))") }
        #expect(DavIf.parse(String(repeating: "(<a>)", count: 64))?.lists.count == 64)
        #expect(DavIf.parse("(<" + String(repeating: "a", count: 1_024) + ">)") != nil)
    }

    @Test func readsDepth() {
        #expect(DavDepth.parse(nil, absent: .infinity) == .infinity)
        #expect(DavDepth.parse("0", absent: .infinity) == .zero)
        #expect(DavDepth.parse(" 1 ", absent: .zero) == .one)
        #expect(DavDepth.parse("Infinity", absent: .zero) == .infinity)
        for bad in ["", "2", "-1", "01", "infinite", "1,0", "\u{0}"] { #expect(DavDepth.parse(bad, absent: .zero) == nil, "\(bad)") }
    }

    @Test func readsTimeout() {
        #expect(DavHeaders.timeout(nil, maximum: 600) == nil)
        #expect(DavHeaders.timeout("Second-60", maximum: 600) == 60)
        #expect(DavHeaders.timeout("Infinite, Second-4100000000", maximum: 600) == 600)
        #expect(DavHeaders.timeout("Second-4100000000", maximum: 600) == 600)
        #expect(DavHeaders.timeout("second-" + String(repeating: "9", count: 400), maximum: 600) == 600)
        #expect(DavHeaders.timeout("Extend-1, Second-x, SECOND-30", maximum: 600) == 30)
        #expect(DavHeaders.timeout("Second-0", maximum: 600) == 0)
        #expect(DavHeaders.timeout("Second-99999999999999999999", maximum: Int.max) == Int.max)
        #expect(DavHeaders.timeout("Second-9223372036854775806", maximum: Int.max) == Int.max - 1)
        #expect(DavHeaders.timeout("Infinite", maximum: -1) == 0)
        for bad in ["", "Second-", "Second--1", "Seconds-5", "Second-5s", "60", ","] { #expect(DavHeaders.timeout(bad, maximum: 600) == nil, "\(bad)") }
    }

    @Test func readsOverwriteAndLockToken() {
        #expect(DavHeaders.overwrite(nil) == true && DavHeaders.overwrite("T") == true && DavHeaders.overwrite("F") == false)
        #expect(DavHeaders.overwrite("") == nil && DavHeaders.overwrite("TF") == nil && DavHeaders.overwrite("true") == nil)
        #expect(DavHeaders.lockToken("<\(Self.first)>") == Self.first)
        #expect(DavHeaders.lockToken(" <opaquelocktoken:x> ") == "opaquelocktoken:x")
        for bad in ["", "<>", "urn:x", "<urn:x", "<urn:x>>", "<a b>", "<<urn:x>"] { #expect(DavHeaders.lockToken(bad) == nil, "\(bad)") }
        #expect(DavHeaders.lockToken(nil) == nil)
    }

    @Test func readsDestination() {
        // given: an absolute URI with escapes, an absolute path, and broken ones
        let uri = DavHeaders.destination("http://photos.example:8080/dav/Trip%202024/caf%C3%A9%2F.jpg?x#y")
        // when / then
        #expect(uri == DavDestination(host: "photos.example:8080", segments: ["dav", "Trip 2024", "café/.jpg"], trailingSlash: false))
        #expect(DavHeaders.destination("/dav/a//b/") == DavDestination(host: nil, segments: ["dav", "a", "b"], trailingSlash: true))
        #expect(DavHeaders.destination("HTTPS://h") == DavDestination(host: "h", segments: [], trailingSlash: false))
        #expect(DavHeaders.destination("/dav/../x")?.segments == ["dav", "..", "x"])
        for bad in [nil, "", "dav/x", "ftp://h/x", "http:///x", "http://u@h/x", "/a b", "/a%", "/a%2", "/a%zz", "/a%00", "/a%C3", "/a%FF", "//h/x"] {
            #expect(DavHeaders.destination(bad) == nil, "\(bad ?? "nil")")
        }
    }
}
