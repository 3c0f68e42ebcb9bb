import Foundation
import GRDB
import Testing
@testable import Catalog

@Suite struct EmbeddedCurationTests {
    private func tags(_ store: CatalogStore, _ key: String) async throws -> [String] {
        try await store.photo(key: key)?.tags ?? []
    }

    @Test func importsStarsAndKeywordsAndLetsPhotolalaWin() async throws {
        // given a file another tool curated
        let lib = try TestLibrary()
        try lib.addJPEG("lr/a.jpg", seed: 4, exif: ["-XMP-xmp:Rating=4", "-XMP-dc:Subject=beach", "-XMP-dc:Subject=Grand Ma",
                                                    "-IPTC:Keywords=holiday", "-IPTC:Keywords=beach"])
        let store = try lib.openStore()
        // when scanned
        try await lib.scanner(store).run()
        // then it arrives with its stars and tags
        let photo = try #require(try await store.photo(key: "lr/a.jpg"))
        #expect(photo.rating == 4)
        #expect(photo.tags == ["beach", "Grand Ma", "holiday"])

        // when the household changes them here, and the file is then edited elsewhere
        try await store.setRating(photoId: photo.photoId, 2)
        try await store.removeTag(photoId: photo.photoId, "beach")
        try await store.addTags(photoId: photo.photoId, ["keeper"])
        try await store.setFavorite(photoId: photo.photoId, viewer: .guest, true)
        try TestLibrary.run("exiftool", ["-q", "-overwrite_original", "-XMP-xmp:Rating=5", "-XMP-dc:Subject+=sunset",
                                         lib.library + "/lr/a.jpg"])
        try await lib.scanner(store).run()
        // then Photolala's word wins and the new keyword still arrives
        let edited = try #require(try await store.photo(key: "lr/a.jpg"))
        #expect(edited.photoId != photo.photoId)  // new bytes, new identity
        #expect(edited.rating == 2)
        #expect(edited.isFavorite)
        #expect(Set(edited.tags) == ["Grand Ma", "holiday", "keeper", "sunset"])
    }

    @Test func filesWithoutEmbeddedCurationStayUnrated() async throws {
        let lib = try TestLibrary()
        try lib.addJPEG("plain.jpg", seed: 5, exif: ["-XMP-xmp:Rating=-1"])
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        let photo = try #require(try await store.photo(key: "plain.jpg"))
        #expect(photo.rating == 0 && photo.tags.isEmpty)
    }

    @Test func aTurnCarriesToAnEditOnlyWhenThePixelsStandAsBefore() async throws {
        // given two landscape photos the household turned right
        let lib = try TestLibrary()
        try lib.addJPEG("a/tagged.jpg", seed: 6)
        try lib.addJPEG("a/turned.jpg", seed: 7)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        for key in ["a/tagged.jpg", "a/turned.jpg"] {
            let photo = try #require(try await store.photoId(forKey: key))
            try await store.rotate(photoId: photo, clockwise: true)
        }
        // when another tool writes a keyword into one, and turns the other's pixels itself
        try TestLibrary.run("exiftool", ["-q", "-overwrite_original", "-XMP-dc:Subject+=sunset", lib.library + "/a/tagged.jpg"])
        try TestLibrary.run("mogrify", ["-rotate", "90", lib.library + "/a/turned.jpg"])
        try await lib.scanner(store).run()
        // then the keyword edit keeps the turn, and the turned file is shown as it now is
        let tagged = try #require(try await store.photo(key: "a/tagged.jpg"))
        #expect(tagged.tags == ["sunset"])
        #expect(tagged.card.rotation == .right && tagged.card.width < tagged.card.height)
        let turned = try #require(try await store.photo(key: "a/turned.jpg"))
        #expect(turned.card.rotation == .none && turned.card.width < turned.card.height)
    }
}
