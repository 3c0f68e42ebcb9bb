import Foundation
import Testing
import TestSupport
import Catalog
import Imaging
@testable import Gallery

@Suite struct ByteRangeTests {
    @Test func readsTheFormsBrowsersSend() {
        #expect(ByteRange.parse("bytes=2-9", size: 100) == 2...9)
        #expect(ByteRange.parse("bytes=-10", size: 100) == 90...99)
        #expect(ByteRange.parse("bytes=95-", size: 100) == 95...99)
        #expect(ByteRange.parse("bytes=90-500", size: 100) == 90...99)
        #expect(ByteRange.parse("bytes=-500", size: 100) == 0...99)
    }

    @Test func refusesWhatIsNotOneSatisfiableRange() {
        for header in ["bytes=100-", "bytes=5-2", "bytes=-0", "bytes=0-1,3-4", "items=0-1", "bytes=", "bytes=-", "bytes=+1-2", "bytes=1--5", "bytes=0x1-2"] {
            #expect(ByteRange.parse(header, size: 100) == nil, "\(header)")
        }
    }

    @Test func positionsPastAnIntMeanPastTheEnd() {
        // given: positions with more digits than an Int holds
        let huge = "99999999999999999999999"
        // when / then: they clamp like any position past the end, and never overflow
        #expect(ByteRange.parse("bytes=0-" + huge, size: 100) == 0...99)
        #expect(ByteRange.parse("bytes=-" + huge, size: 100) == 0...99)
        #expect(ByteRange.parse("bytes=" + huge + "-", size: 100) == nil)
        #expect(ByteRange.parse("bytes=-1", size: Int.max) == (Int.max - 1)...(Int.max - 1))
        #expect(ByteRange.parse("bytes=0-" + huge, size: Int.max) == 0...(Int.max - 1))
        for size in [0, -1, Int.min] { #expect(ByteRange.parse("bytes=0-1", size: size) == nil) }
    }
}

@Suite struct URLEncodedFormTests {
    @Test func decodesPlusesAndEscapes() {
        let fields = URLEncodedForm.fields("csrf=abc&tags=beach%2C+caf%C3%A9&ids=1&ids=2&flag&=x&e=1=2")
        #expect(fields["tags"] == ["beach, café"])
        #expect(fields["ids"] == ["1", "2"])
        #expect(fields["flag"] == [""])
        #expect(fields[""] == ["x"])
        #expect(fields["e"] == ["1=2"])
    }

    @Test func aMalformedEscapeIsAnEmptyValue() {
        #expect(URLEncodedForm.fields("a=%zz&b=%E2%82&c=%&d=%2B")["a"] == [""])
        #expect(URLEncodedForm.fields("a=%zz&b=%E2%82&c=%&d=%2B")["b"] == [""])
        #expect(URLEncodedForm.fields("a=%zz&b=%E2%82&c=%&d=%2B")["c"] == [""])
        #expect(URLEncodedForm.fields("a=%zz&b=%E2%82&c=%&d=%2B")["d"] == ["+"])
    }

    @Test func decodesExactlyAsFoundationDoes() {
        // given random text over the characters that matter (escapes, pluses, hex digits, UTF-8)
        var generator = SeededGenerator(seed: 0x5EED_0004)
        let alphabet = Array("%+aF0g9 é&=\u{0}".unicodeScalars)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<12, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            let raw = Substring(String(text))
            // when / then: the byte-level decoder agrees with Foundation's percent decoding, except
            // that bytes which are not UTF-8 always give "" (Foundation sometimes substitutes U+FFFD)
            let foundation = String(raw).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            let expected = foundation.unicodeScalars.contains("\u{FFFD}") ? "" : foundation
            #expect(URLEncodedForm.decode(raw) == expected, "\(raw.debugDescription)")
        }
    }
}

@Suite struct KeyEncodingTests {
    @Test func keysSurviveTheirLinks() {
        for key in ["a/b c.jpg", "café/Kids & dogs+1.jpg", "100%/x?y#z.jpg", "東京/写真.heic"] {
            let link = "/photos/" + SiteURL.encodeKey(key)
            #expect(SiteURL.decodeKey(rawPath: link, prefix: "/photos/") == key)
        }
    }

    @Test func unsafeOrMalformedPathsAreNoKey() {
        for path in ["/photos/a/%2e%2e/b", "/photos/%2Fetc", "/photos/a%00b", "/photos/a%5Cb", "/photos/%E2%82", "/photos/%zz", "/photos//a", "/other/a"] {
            #expect(SiteURL.decodeKey(rawPath: path, prefix: "/photos/") == nil, "\(path)")
        }
    }

    @Test func decodesAsFoundationDecodesEachSegment() {
        // The oracle: each segment through Foundation's `removingPercentEncoding`, as paths were read first.
        func foundation(_ rest: Substring) -> String? {
            var segments: [String] = []
            for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
                guard let decoded = String(raw).removingPercentEncoding else { return nil }
                segments.append(decoded)
            }
            return segments.joined(separator: "/")
        }
        var random = SeededGenerator(seed: 41)
        // Pieces that make every case: plain bytes, slashes, escapes of ASCII, of a slash, of each
        // part of a two- and three-byte character, broken escapes, and raw non-ASCII characters.
        let whole = ["a", "Z", "/", "%2F", "%2f", "%41", "%c3%a9", "%C3%A9", "%E6%9D%B1", "é", "東", " ", "%00", "%25"]
        let broken = ["%C3", "%A9", "%E6", "%9D", "%B1", "%", "%4", "%G1", "%zz", "%FF"]
        var paths = ["/photos/", "/photos/%C3%A9", "/photos/%C3/%A9", "/photos/%C3%2F%A9", "/photos/a%2Fb"]
        for _ in 0..<5_000 {
            paths.append("/photos/" + (0..<Int.random(in: 1...8, using: &random)).map { _ in
                (Int.random(in: 0..<12, using: &random) == 0 ? broken : whole).randomElement(using: &random)!
            }.joined())
        }
        // Stricter than Foundation, which on Linux lets a `%` without two hex digits through and
        // puts U+FFFD for bytes that are not UTF-8: such a path is no key here. Otherwise the two agree.
        func malformed(_ path: String) -> Bool {
            let bytes = Array(path.utf8)
            return bytes.indices.contains { i in
                bytes[i] == UInt8(ascii: "%") && !(i + 2 < bytes.count && bytes[i + 1...i + 2].allSatisfy { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit })
            }
        }
        var agreed = 0, refused = 0
        for path in paths {
            let ours = KeyEncoding.decode(rawPath: path, prefix: "/photos/")
            let theirs = foundation(path.dropFirst("/photos/".count))
            if let ours {
                #expect(ours == theirs, "\(path)")
                agreed += 1
            } else {
                #expect(theirs == nil || theirs!.contains("\u{FFFD}") || malformed(path), "\(path)")
                refused += 1
            }
        }
        // Both kinds are met often.
        #expect(agreed > 1_000 && refused > 1_000)
        #expect(KeyEncoding.decode(rawPath: "/other/a", prefix: "/photos/") == nil)
    }
}

/// Rendition addresses, read from the path alone by the shortcut for warm renditions, and by
/// the name alone everywhere a rendition's file is named.
@Suite struct RenditionPathTests {
    static let sha = String(repeating: "0123456789abcdef", count: 4)

    @Test func readsEveryAddressThePagesLinkTo() throws {
        for size in SiteURL.Rendition.allCases {
            for rotation in Rotation.allCases {
                for encoding in RenditionEncoding.allCases {
                    let picture = Picture(sha256: Self.sha, rotation: rotation)
                    let path = SiteURL.thumbnail(picture, size, encoding).path
                    let read = try #require(ThumbnailController.parse(path: path), "\(path)")
                    #expect(read.0 == size && read.1 == picture && read.2 == encoding, "\(path)")
                }
            }
        }
    }

    @Test func anythingElseIsNoRendition() {
        let sha = Self.sha
        for path in ["/thumbs/256/\(sha)", "/thumbs/256/", "/thumbs//\(sha).jpg", "/thumbs/256/\(sha).jpg/", "/thumbs/256/a/\(sha).jpg",
                     "/thumbs/257/\(sha).jpg", "/thumbs/x/\(sha).jpg", "/thumbs/256/\(sha).JPG", "/thumbs/256/\(sha).png",
                     "/thumbs/256/\(sha.uppercased()).jpg", "/thumbs/256/\(sha)-r0.jpg", "/thumbs/256/\(sha)-r090.jpg",
                     "/thumbs/256/\(sha)-r90x.jpg", "/thumbs/256/\(sha.dropLast()).jpg", "/thumbs/256/\(sha)0.jpg",
                     "/thumbs/256/\(sha.dropLast())é.jpg", "/thumbs/256/\(sha)\u{301}.jpg", "/thumbs/256/\(sha).\u{301}jpg", "/thumb/256/\(sha).jpg", "/static/\(sha).jpg"] {
            #expect(ThumbnailController.parse(path: path) == nil, "\(path)")
        }
    }

    @Test func theNameAloneReadsBackToItsOneName() {
        for rotation in Rotation.allCases {
            let name = ThumbnailName.name(sha256: Self.sha, rotation: rotation)
            let read = ThumbnailName.parse(Substring(name))
            #expect(read?.sha256 == Self.sha && read?.rotation == rotation)
        }
        for name in ["", "-r90", String(repeating: "g", count: 64), Self.sha + "-r", Self.sha + "-r9", Self.sha + "-r360", Self.sha + "-R90"] {
            #expect(ThumbnailName.parse(Substring(name)) == nil, "\(name)")
        }
        // a name inside a longer string reads the same as on its own
        let inside = ("x" + Self.sha + "-r180y").dropFirst().dropLast()
        #expect(ThumbnailName.parse(inside)?.rotation == .half)
    }
}
