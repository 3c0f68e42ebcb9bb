import Foundation
import Testing
@testable import Gallery

@Suite struct DavXMLTests {
    static let litmus = "http://example.com/neon/litmus/"

    /// The root element of `text`.
    func parse(_ text: String, limits: DavXML.Limits = DavXML.Limits()) throws -> XMLElement {
        try DavXML.parse(Array(text.utf8), limits: limits)
    }

    /// Whether `bytes` is refused.
    func refused(_ bytes: [UInt8], limits: DavXML.Limits = DavXML.Limits()) -> Bool {
        (try? DavXML.parse(bytes, limits: limits)) == nil
    }

    /// Whether `text` is refused.
    func refused(_ text: String, limits: DavXML.Limits = DavXML.Limits()) -> Bool {
        refused(Array(text.utf8), limits: limits)
    }

    /// `element` with the declarations and prefixes it was written with left out, to compare trees.
    func bare(_ element: XMLElement) -> XMLElement {
        var out = element
        out.declarations = [:]
        out.prefix = ""
        out.children = element.children.map { if case .element(let child) = $0 { .element(bare(child)) } else { $0 } }
        return out
    }

    @Test func readsDefaultAndPrefixedNamespaces() throws {
        // given: a PROPFIND as litmus sends it, and one with a prefix for DAV:
        let litmus = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<propfind xmlns=\"DAV:\"><prop><foo xmlns=\"\(Self.litmus)\"/></prop></propfind>"
        let prefixed = "<D:propfind xmlns:D='DAV:'><D:prop><D:getetag/><x:a xmlns:x=\"urn:x\" b=\"1\" x:c=\"2\"/></D:prop></D:propfind>"
        // when
        let first = try parse(litmus)
        let second = try parse(prefixed)
        // then
        #expect(first.name == XMLName(DavXML.dav, "propfind"))
        #expect(first.first(XMLName(DavXML.dav, "prop"))?.elements.map(\.name) == [XMLName(Self.litmus, "foo")])
        #expect(first.declarations == ["": "DAV:"] && first.prefix == "")
        let prop = try #require(second.first(XMLName(DavXML.dav, "prop")))
        #expect(prop.elements.map(\.name) == [XMLName(DavXML.dav, "getetag"), XMLName("urn:x", "a")])
        #expect(prop.elements[1].attributes == [XMLName("", "b"): "1", XMLName("urn:x", "c"): "2"])
        #expect(prop.elements[1].prefix == "x" && prop.elements[1].declarations == ["x": "urn:x"])
    }

    @Test func anEmptyDefaultNamespaceMeansNoNamespace() throws {
        // given: a property in no namespace inside DAV: (litmus's "propnullns")
        let body = "<D:propertyupdate xmlns:D=\"DAV:\" xmlns=\"urn:d\"><D:set><D:prop><nonamespace xmlns=\"\">randomvalue</nonamespace><other/></D:prop></D:set></D:propertyupdate>"
        // when
        let prop = try #require(try parse(body).first(XMLName(DavXML.dav, "set"))?.first(XMLName(DavXML.dav, "prop")))
        // then
        #expect(prop.elements.map(\.name) == [XMLName("", "nonamespace"), XMLName("urn:d", "other")])
        #expect(prop.elements[0].text == "randomvalue")
    }

    @Test func refusesBadNamespaces() {
        #expect(refused("<x:a/>"))
        #expect(refused("<a x:b='1'/>"))
        #expect(refused("<a xmlns:x=''/>"))
        #expect(refused("<a xmlns:xml='urn:other'/>"))
        #expect(refused("<a xmlns:x='http://www.w3.org/XML/1998/namespace'/>"))
        #expect(refused("<xmlns:a/>"))
        #expect(refused("<a xmlns:x='urn:1' xmlns:y='urn:1' x:b='1' y:b='2'/>"))
        #expect(refused("<a><x:b xmlns:x='urn:x'/><x:c/></a>"))
        #expect(!refused("<a xml:lang='en' xmlns:xml='http://www.w3.org/XML/1998/namespace'/>"))
    }

    @Test func refusesEveryDTDAndEntity() {
        // given: billion laughs, an external entity, and references to undeclared entities
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]><lolz>&lol2;</lolz>"
        let external = "<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>"
        // when / then
        #expect(refused(laughs))
        #expect(refused(external))
        #expect(refused("<a>&nbsp;</a>"))
        #expect(refused("<a><!ENTITY x 'y'></a>"))
        #expect(refused("<a>&amp</a>"))
    }

    @Test func readsTextCDATAAndReferences() throws {
        // given: text, CDATA and comments that make one run, and mixed content
        let body = "<a>x &lt;&#65;&#x1F600;&#x10000;<![CDATA[<&>]]>&amp;<!-- note -->y<b/>\u{10FFFD}&quot;&apos;&gt;</a>"
        // when
        let root = try parse(body)
        // then
        #expect(root.children == [.text("x <A\u{1F600}\u{10000}<&>&y"), .element(XMLElement(name: XMLName("", "b"))), .text("\u{10FFFD}\"'>")])
        #expect(root.text == "x <A\u{1F600}\u{10000}<&>&y\u{10FFFD}\"'>")
    }

    @Test func refusesBadCharacterReferences() {
        for reference in ["&#0;", "&#x0;", "&#xD800;", "&#x110000;", "&#xFFFE;", "&#99999999999999;", "&#;", "&#x;", "&#12a;", "&#1"] {
            #expect(refused("<a>\(reference)</a>"), "\(reference)")
        }
        #expect(!refused("<a>&#9;&#xA;&#13;&#x0010FFFF;</a>"))
    }

    @Test func refusesInvalidUTF8AndControlCharacters() {
        #expect(refused([0x3C, 0x61, 0x3E, 0xC3, 0x28, 0x3C, 0x2F, 0x61, 0x3E]))
        #expect(refused([0x3C, 0x61, 0x3E, 0xED, 0xA0, 0x80, 0x3C, 0x2F, 0x61, 0x3E]))
        #expect(refused([0x3C, 0x61, 0x3E, 0xC0, 0xBC, 0x3C, 0x2F, 0x61, 0x3E]))
        #expect(refused("<a>\u{0}</a>") && refused("<a>\u{1}</a>"))
        #expect(!refused([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8)))
    }

    @Test func refusesMalformedStructure() {
        for body in ["", "  ", "<a>", "<a></b>", "<a><b></a></b>", "<a/><b/>", "x<a/>", "<a/>x", "<a/>&amp;",
                     "<a b='1' b='2'/>", "<a b='<'/>", "<a b=1/>", "<a b='1'c='2'/>", "<1a/>", "<-a/>", "<a:b:c/>",
                     "<:a/>", "<a:/>", "<a><!-- x -- y --></a>", "<![CDATA[x]]><a/>", "<a>]]</a", "<a", "</a>", "<a/"] {
            #expect(refused(body), "\(body)")
        }
        #expect(!refused("<é.ü-1 ñ='x'>\n</é.ü-1>"))
    }

    @Test func enforcesLimits() {
        var limits = DavXML.Limits()
        limits.maxDepth = 3
        limits.maxElements = 4
        limits.maxAttributes = 2
        limits.maxNameLength = 8
        limits.maxBytes = 64
        #expect(!refused("<a><b><c/></b></a>", limits: limits))
        #expect(refused("<a><b><c><d/></c></b></a>", limits: limits))
        #expect(refused("<a><b/><b/><b/><b/></a>", limits: limits))
        #expect(refused("<a x='1' y='2' z='3'/>", limits: limits))
        #expect(refused("<abcdefghi/>", limits: limits) && !refused("<ab:efgh xmlns:ab='u'/>", limits: limits))
        #expect(refused("<a>" + String(repeating: " ", count: 64) + "</a>", limits: limits))
        // and a deep body is refused, not a crash
        #expect(refused(String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)))
    }

    @Test func keepsWhitespaceBetweenElements() throws {
        let root = try parse("<a>\n  <b/>\n</a>")
        #expect(root.children == [.text("\n  "), .element(XMLElement(name: XMLName("", "b"))), .text("\n")])
    }

    @Test func fragmentsReadBackAsTheSameTree() throws {
        // given: property values with their own namespaces, nested, in no namespace, high Unicode
        let bodies = [
            "<x:foo xmlns:x=\"http://bar\">val</x:foo>",
            "<foo xmlns=\"\(Self.litmus)\">\u{10000}\u{10FFFD} &amp; <bar xmlns=\"urn:b\" a='&quot;' xml:lang='en'/>mixed<baz/></foo>",
            "<p:a xmlns:p=\"urn:p\" xmlns=\"urn:d\"><b p:c=\"1\" c=\"2\"><p:d xmlns:p=\"urn:other\"><e xmlns=\"\"/></p:d></b></p:a>",
            "<nonamespace xmlns=\"\"><x:y xmlns:x=\"urn:x\" x:z=\"'\"/></nonamespace>",
            "<a xmlns=\"urn:a\" xmlns:ns0=\"urn:b\" ns0:x=\"1\"><ns0:b/><c xmlns=\"urn:c\"/></a>",
            "<a xmlns=\"urn:a\"><b xmlns=\"\"/></a>",
            "<a:x xmlns:a=\"urn:1\"><a:y xmlns:a=\"urn:2\" a:z=\"1\"/></a:x>",
            "<x xmlns='urn:1' xmlns:p='urn:1' p:a='1' a='2'><p:y/></x>",
        ]
        for body in bodies {
            // when
            let root = try parse(body)
            let fragment = DavXML.fragment(root)
            // then
            let again = try parse(fragment)
            #expect(bare(again) == bare(root), "\(fragment)")
            for child in root.elements { #expect(try bare(parse(DavXML.fragment(child))) == bare(child)) }
        }
        #expect(DavXML.fragment(try parse("<x:foo xmlns:x=\"http://bar\">val</x:foo>")) == "<x:foo xmlns:x=\"http://bar\">val</x:foo>")
    }

    @Test func escapesTheFiveCharacters() {
        #expect(DavXML.escape("a&b<c>d\"e'f\u{10000}") == "a&amp;b&lt;c&gt;d&quot;e&apos;f\u{10000}")
    }

    @Test func aMegabyteParsesQuickly() throws {
        // given: a 1 MB PROPPATCH of many small properties
        let property = "<x:p xmlns:x=\"urn:x\" a=\"1\">value &amp; more</x:p>"
        let body = "<D:propertyupdate xmlns:D=\"DAV:\"><D:set><D:prop>" + String(repeating: property, count: 9_000)
            + String(repeating: "text ", count: 100_000) + "</D:prop></D:set></D:propertyupdate>"
        // when
        let start = Date()
        let root = try parse(body)
        // then
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(root.first(XMLName(DavXML.dav, "set"))?.first(XMLName(DavXML.dav, "prop"))?.elements.count == 9_000)
    }
}
