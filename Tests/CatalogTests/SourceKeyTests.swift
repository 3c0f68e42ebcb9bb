import Testing
import TestSupport
@testable import SourceContract
@testable import Catalog

@Suite struct SourceKeyTests {
    @Test func splitsFolderAndName() {
        #expect(SourceKey.folder(of: "a/b/c.jpg") == "a/b")
        #expect(SourceKey.folder(of: "c.jpg") == "")
        #expect(SourceKey.name(of: "a/b/c.jpg") == "c.jpg")
        #expect(SourceKey.parent(ofFolder: "a/b") == "a")
        #expect(SourceKey.parent(ofFolder: "a") == "")
        #expect(SourceKey.parent(ofFolder: "") == nil)
    }

    @Test(arguments: ["../x.jpg", "a/../b.jpg", "/etc/passwd", "a//b.jpg", "./a.jpg", "a\\..\\b", "a\0b", "a/.", ""])
    func rejectsUnsafeKeys(_ key: String) {
        #expect(!SourceKey.isValid(key))
    }

    @Test func readsKeysAsBytesAsTheFileSystemDoes() {
        // A slash and a combining mark after it are one Character, but two things on disk: the
        // key below climbs out of the library by its first component.
        #expect(!SourceKey.isValid("../\u{301}x/secret"))
        #expect(!SourceKey.isValid("a/..\u{2F}\u{301}"))
        #expect(!SourceKey.isValid("a\\\u{301}b") && !SourceKey.isValid("a\0\u{301}b"))
        #expect(!SourceKey.isValid("./\u{301}") && !SourceKey.isValid("a/\u{301}/../b"))
        // A component that only starts with a combining mark is a name like any other.
        #expect(SourceKey.isValid("a/\u{301}b.jpg") && SourceKey.isValid("...") && SourceKey.isValid(".a/b."))
        #expect(SourceKey.folder(of: "a/\u{301}b.jpg") == "a" && SourceKey.name(of: "a/\u{301}b.jpg") == "\u{301}b.jpg")
        // The byte reading agrees with a reading of the components as bytes, at random.
        var random = SeededGenerator(seed: 59)
        let pieces = ["a", ".", "..", "/", "\u{301}", "é", "\\", "\0", "x.jpg", "東"]
        for _ in 0..<20_000 {
            let key = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let parts = Array(key.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            let clean = !key.isEmpty && !key.utf8.contains(0) && !key.utf8.contains(UInt8(ascii: "\\"))
                && parts.allSatisfy { !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8) }
            #expect(SourceKey.isValid(key) == clean, "\(key.debugDescription)")
            #expect(SourceKey.isValid(key, allowEmpty: true) == (clean || key.isEmpty))
        }
    }

    @Test func acceptsOrdinaryKeys() {
        #expect(SourceKey.isValid("2024/Trip 1/IMG_0001.JPG"))
        #expect(SourceKey.isValid("Été/ü…x.jpg"))
        #expect(SourceKey.isValid("a..b/c..jpg"))
    }

    @Test func naturalSortOrdersNumbersByValue() {
        // given
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "img01b.jpg", "a.jpg"]
        // when
        let sorted = names.sorted { SourceKey.naturalSortKey($0) < SourceKey.naturalSortKey($1) }
        // then
        #expect(sorted == ["a.jpg", "img1.jpg", "img01b.jpg", "IMG2.jpg", "img10.jpg"])
    }

    @Test func theASCIIWayGivesTheGeneralWaysKey() {
        // Names of digits, letters of both cases and other ASCII, from a fixed seed; and the edges.
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabet = Array("0000123456789aZz_-. \r\n~AbQ".utf8)
        var names = ["", "0", "000", "007", "img0", "a00b", "\r\n", String(repeating: "9", count: 70), "x" + String(repeating: "0", count: 65) + "1"]
        for _ in 0..<2000 {
            names.append(String(decoding: (0..<next(24)).map { _ in alphabet[next(alphabet.count)] }, as: UTF8.self))
        }
        for name in names {
            #expect(SourceKey.asciiSortKey(name) == SourceKey.generalSortKey(name), "\(name.debugDescription)")
            #expect(SourceKey.naturalSortKey(name) == SourceKey.generalSortKey(name))
        }
        // Not ASCII: the general way.
        #expect(SourceKey.naturalSortKey("Été 2") == "été A2")
    }
}
