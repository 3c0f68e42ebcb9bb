import Foundation
import TestSupport
import Testing
@testable import Catalog

/// A kill between a trash move's steps is finished or undone at the next start: no photo lost,
/// no row without its file, no file without its row. Each kill is played by running the steps
/// before it (the catalog's, then the source's) and stopping, against both kinds of source.
@Suite struct TrashRecoveryTests {
    struct Setup {
        let lib: TestLibrary
        let store: CatalogStore
        var source: any PhotoSource { lib.source }
    }

    func setup(_ kind: SourceKind) async throws -> Setup {
        let lib = try TestLibrary(kind)
        try lib.addJPEG("trip/a.jpg", seed: 1)
        try lib.addJPEG("trip/b.jpg", seed: 2)
        let store = try lib.openStore()
        try await lib.scanner(store, workers: 1).run()
        try await store.setRating(photoId: try #require(try await store.photoId(forKey: "trip/a.jpg")), 4)
        return Setup(lib: lib, store: store)
    }

    @Test(arguments: SourceKind.allCases) func aDeleteAndARestoreKeepTheStars(_ kind: SourceKind) async throws {
        // given a rated photo
        let s = try await setup(kind)
        // when it goes to the trash
        try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source)
        // then the library no longer has it and the trash does
        #expect(try await s.source.entry(forKey: "trip/a.jpg") == nil)
        #expect(try await s.store.photo(key: "trip/a.jpg") == nil)
        let item = try #require(try await s.store.trashItems().first)
        #expect(item.key == "trip/a.jpg")
        // and a second delete is told it is already there
        await #expect(throws: CurationError.alreadyInTrash("trip/a.jpg")) { try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source) }
        // when it is restored, it is back with its stars, and the trash is empty
        try await s.store.restore(trashId: item.id, sight: .everything, source: s.source)
        #expect(try await s.source.entry(forKey: "trip/a.jpg") != nil)
        #expect(try await s.store.photo(key: "trip/a.jpg")?.rating == 4)
        #expect(try await s.store.trashItems().isEmpty)
        try await expectTrashEmpty(s)
    }

    @Test(arguments: SourceKind.allCases) func aRestoreOntoATakenKeyIsRefusedAndMovesNothing(_ kind: SourceKind) async throws {
        // given a trashed photo whose place was taken by another file since
        let s = try await setup(kind)
        try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source)
        try s.lib.addJPEG("trip/a.jpg", seed: 9)
        let item = try #require(try await s.store.trashItems().first)
        // when it is restored, then that is refused, and it stays in the trash
        await #expect(throws: CurationError.restoreTargetTaken("trip/a.jpg")) { try await s.store.restore(trashId: item.id, sight: .everything, source: s.source) }
        #expect(try await s.store.trashItems().map(\.id) == [item.id])
        #expect(try await s.store.trashSteps.pendingTrashCount() == 0)
    }

    @Test(arguments: SourceKind.allCases) func aDeleteKilledAfterTheMoveIsFinished(_ kind: SourceKind) async throws {
        let s = try await setup(kind)
        let begun = try await s.store.trashSteps.beginTrash(key: "trip/a.jpg")
        try await s.source.moveToTrash("trip/a.jpg", as: begun.trashKey)  // killed here
        #expect(try await s.store.recoverTrashMoves(source: s.source) == 1)
        #expect(try await s.store.photo(key: "trip/a.jpg") == nil)
        let item = try #require(try await s.store.trashItems().first)
        #expect(item.key == "trip/a.jpg")
        // and it restores with its stars
        try await s.store.restore(trashId: item.id, sight: .everything, source: s.source)
        #expect(try await s.store.photo(key: "trip/a.jpg")?.rating == 4)
    }

    @Test(arguments: SourceKind.allCases) func aDeleteKilledBeforeTheMoveIsUndone(_ kind: SourceKind) async throws {
        let s = try await setup(kind)
        _ = try await s.store.trashSteps.beginTrash(key: "trip/a.jpg")  // killed here
        #expect(try await s.store.recoverTrashMoves(source: s.source) == 1)
        #expect(try await s.store.photo(key: "trip/a.jpg") != nil)
        #expect(try await s.store.trashItems().isEmpty)
        #expect(try await s.source.entry(forKey: "trip/a.jpg") != nil)
        try await expectTrashEmpty(s)
    }

    @Test(arguments: SourceKind.allCases) func aRestoreKilledAfterTheMoveIsFinished(_ kind: SourceKind) async throws {
        let s = try await setup(kind)
        try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source)
        let item = try #require(try await s.store.trashItems().first)
        let row = try #require(try await s.store.trashSteps.beginRestore(trashId: item.id))
        _ = try await s.source.restore(fromTrash: row.trashPath, to: "trip/a.jpg")  // killed here
        #expect(try await s.store.recoverTrashMoves(source: s.source) == 1)
        #expect(try await s.store.trashItems().isEmpty)
        #expect(try await s.store.photo(key: "trip/a.jpg")?.rating == 4)
        try await expectTrashEmpty(s)
    }

    @Test(arguments: SourceKind.allCases) func aRestoreKilledBeforeTheMoveLeavesItInTheTrash(_ kind: SourceKind) async throws {
        let s = try await setup(kind)
        try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source)
        let item = try #require(try await s.store.trashItems().first)
        _ = try #require(try await s.store.trashSteps.beginRestore(trashId: item.id))  // killed here
        #expect(try await s.store.recoverTrashMoves(source: s.source) == 1)
        #expect(try await s.store.trashItems().map(\.id) == [item.id])
        #expect(try await s.store.photo(key: "trip/a.jpg") == nil)
    }

    @Test(arguments: SourceKind.allCases) func anEmptyingKilledPartWayIsFinished(_ kind: SourceKind) async throws {
        let s = try await setup(kind)
        try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source)
        try await s.store.moveToTrash(key: "trip/b.jpg", source: s.source)
        let rows = try await s.store.trashSteps.beginEmptying()
        try await s.source.deleteFromTrash(rows[0].trashPath)  // killed after one file
        #expect(try await s.store.recoverTrashMoves(source: s.source) == 2)
        #expect(try await s.store.trashSteps.pendingTrashCount() == 0)
        #expect(try await s.store.trashItems().isEmpty)
        try await expectTrashEmpty(s)
    }

    @Test(arguments: SourceKind.allCases) func emptyingDestroysTheTrashedBytesOnly(_ kind: SourceKind) async throws {
        // given one photo in the trash and one in the library
        let s = try await setup(kind)
        let sha = try #require(try await s.store.photo(key: "trip/a.jpg")).card.sha256
        try await s.store.moveToTrash(key: "trip/a.jpg", source: s.source)
        let trashKey = try #require(try await s.store.trashKey(forContent: sha))
        #expect(try await s.source.trashEntry(trashKey) != nil)
        #expect(try await s.store.contentOnlyInTrash() == [sha])
        // when the trash is emptied
        #expect(try await s.store.emptyTrash(source: s.source) == TrashEmptying(destroyed: 1))
        // then the trashed bytes are gone and the library's are not
        #expect(try await s.source.trashEntry(trashKey) == nil)
        #expect(try await s.source.entry(forKey: "trip/b.jpg") != nil)
        #expect(try await s.store.contentOnlyInTrash().isEmpty)
        try await expectTrashEmpty(s)
    }

    /// Nothing is left in the trash: for a folder, not even an empty folder.
    func expectTrashEmpty(_ s: Setup) async throws {
        if s.lib.kind != .folder {
            #expect(s.lib.trashKeys.isEmpty)
        } else {
            let trash = s.lib.data + "/trash"
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: trash)) ?? []).isEmpty)
        }
    }
}
