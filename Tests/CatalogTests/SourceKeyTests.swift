import Testing
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
}
