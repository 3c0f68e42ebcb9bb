import Testing
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
