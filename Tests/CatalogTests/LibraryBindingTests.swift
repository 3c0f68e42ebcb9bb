import Foundation
import GRDB
import Testing
@testable import Catalog

@Suite struct LibraryBindingTests {
    @Test func theFirstLibraryUsedIsRecordedWithARandomId() async throws {
        // given a new catalog
        let lib = try TestLibrary()
        let store = try lib.openStore()
        #expect(try await store.libraryRecord().path == nil)
        // when a library is bound to it
        try await store.bindLibrary(lib.library)
        // then its path and an id are recorded, and binding it again changes nothing
        let record = try await store.libraryRecord()
        #expect(record.path == lib.library)
        #expect(record.id.count == 36)
        #expect(try await store.bindLibrary(lib.library + "/").id == record.id)
        #expect(try CatalogStore.peekLibrary(dataFolder: lib.data)?.path == lib.library)
        #expect(try await TestLibrary().openStore().libraryRecord().id != record.id)
    }

    @Test func anotherLibraryIsRefusedAndNothingIsDropped() async throws {
        // given a scanned, recorded library
        let lib = try TestLibrary()
        try lib.addJPEG("a.jpg", seed: 1)
        let store = try lib.openStore()
        try await store.bindLibrary(lib.library)
        try await lib.scanner(store).run()
        let other = try TestLibrary()
        // when another folder is bound to the same catalog
        await #expect(throws: LibraryMismatch(dataFolder: lib.data, recorded: lib.library, given: other.library)) {
            try await store.bindLibrary(other.library)
        }
        // then the message names both folders and the way out, and the catalog is as it was
        let message = LibraryMismatch(dataFolder: lib.data, recorded: lib.library, given: other.library).description
        #expect(message.contains(lib.library) && message.contains(other.library) && message.contains("photolala library move"))
        #expect(try await store.libraryRecord().path == lib.library)
        #expect(try await store.photo(key: "a.jpg") != nil)
    }

    @Test func aCatalogFromBeforeRecordingIsAdoptedOnlyByTheFolderItsPhotosAreIn() async throws {
        // given a catalog scanned before libraries were recorded
        let lib = try TestLibrary()
        try lib.addJPEG("2024/a.jpg", seed: 1)
        try lib.addJPEG("b.jpg", seed: 2)
        let store = try lib.openStore()
        try await lib.scanner(store).run()
        let other = try TestLibrary()
        try other.addJPEG("c.jpg", seed: 3)
        // when another folder, then its own, is bound
        await #expect(throws: LibraryMismatch.self) { try await store.bindLibrary(other.library) }
        try await store.bindLibrary(lib.library)
        // then only its own is recorded
        #expect(try await store.libraryRecord().path == lib.library)
    }

    @Test func aMovedLibraryKeepsItsStarsTagsAndFavorites() async throws {
        // given a recorded library with a star, a tag and a favorite
        let lib = try TestLibrary()
        try lib.addJPEG("2024/a.jpg", seed: 1)
        let store = try lib.openStore()
        try await store.bindLibrary(lib.library)
        try await lib.scanner(store).run()
        let photo = try #require(try await store.photo(key: "2024/a.jpg"))
        let account = try await store.addAccount(name: "ada", passwordHash: "x", role: .admin)
        try await store.setRating(photoId: photo.photoId, 4)
        try await store.addTags(photoId: photo.photoId, ["lake"])
        try await store.setFavorite(photoId: photo.photoId, viewer: .account(account.id), true)
        // when the folder moves, the move is recorded and the new folder scanned
        let moved = lib.root + "/moved"
        try FileManager.default.moveItem(atPath: lib.library, toPath: moved)
        try await store.moveLibrary(to: moved)
        try await store.bindLibrary(moved)
        let summary = try await LibraryScanner(source: LocalFolderSource(root: moved, trashFolder: lib.data + "/trash"), store: store,
                                               journal: ReadJournal(dataFolder: lib.data), workers: 2).run()
        // then nothing was removed and the curation is all there
        #expect(summary.removed == 0)
        let after = try #require(try await store.photo(key: "2024/a.jpg"))
        #expect(after.photoId == photo.photoId)
        let curated = try store.pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT p.rating, (SELECT COUNT(*) FROM photoTag WHERE photoId = p.id), (SELECT COUNT(*) FROM favorite WHERE photoId = p.id)
                FROM photo p WHERE p.id = ?
                """, arguments: [photo.photoId])
        }
        #expect(curated?[0] == 4 && curated?[1] == 1 && curated?[2] == 1)
    }

    @Test func aDataFolderInsideTheLibraryIsRefusedWithAReasonThatIsTrue() {
        // given a data folder inside the library
        // when it is checked
        let problem = LibraryRecord.problem(data: "/photos/.data", library: "/photos")
        // then it is refused, and the reason does not claim the library is never written
        #expect(problem?.contains("must not be inside the library") == true)
        #expect(problem?.contains("only ever read") == false)
        #expect(LibraryRecord.problem(data: "/photos-data", library: "/photos") == nil)
    }
}
