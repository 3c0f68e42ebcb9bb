import Foundation
import Testing
@testable import Catalog

/// What is particular to a folder on disk: hidden entries, symlinks, a missing root, the trash
/// folder left tidy. What every source does is in `PhotoSourceContractTests`.
@Suite struct LocalFolderSourceTests {
    @Test func listsFilesRecursivelySkippingHiddenOnes() async throws {
        // given
        let lib = try TestLibrary()
        try lib.addBytes("a.jpg", [1])
        try lib.addBytes("x/y/b.jpg", [1, 2])
        try lib.addBytes(".hidden.jpg", [1])
        try lib.addBytes(".cache/c.jpg", [1])
        // when
        let listing = try await lib.source.list()
        // then
        #expect(Set(listing.entries.map(\.key)) == ["a.jpg", "x/y/b.jpg"])
        #expect(listing.entries.first { $0.key == "x/y/b.jpg" }?.size == 2)
    }

    @Test func aWalkStattingWithSeveralThreadsListsWhatOneThreadLists() async throws {
        // given a folder past the size whose entries are shared out, with a hidden file, a link
        // inside and one out of the library among them, beside small folders and a nested big one
        let lib = try TestLibrary()
        let big = FolderWalker.entriesWorthSharing + 37
        for n in 0..<big { try lib.addBytes(String(format: "big/%04d.jpg", (n * 7919) % big), Array(repeating: 1, count: n % 13 + 1)) }
        for n in 0..<(big / 2) { try lib.addBytes("big/deeper/\(n).jpg", [UInt8(n % 251)]) }
        try lib.addBytes("big/.hidden.jpg", [1])
        try lib.addBytes("small/a.jpg", [1, 2, 3])
        try lib.addBytes("top.jpg", [4])
        let outside = lib.root + "/outside.jpg"
        _ = FileManager.default.createFile(atPath: outside, contents: Data([1]))
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/big/out.jpg", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/big/in.jpg", withDestinationPath: lib.library + "/top.jpg")
        // when
        var listings: [SourceListing] = []
        for threads in [1, 2, 3] {
            listings.append(try await LocalFolderSource(root: lib.library, trashFolder: lib.data + "/trash", walkThreads: threads).list())
        }
        // then every listing is the first, entry for entry and in its order
        let one = listings[0]
        #expect(one.entries.count == big + big / 2 + 3)
        #expect(one.entries.first { $0.key == "big/in.jpg" }?.size == 1)
        #expect(!one.entries.contains { $0.key == "big/out.jpg" || $0.key == "big/.hidden.jpg" })
        for listing in listings.dropFirst() {
            #expect(listing.entries == one.entries)
            #expect(listing.unreadableFolders == one.unreadableFolders)
            #expect(listing.skipped.map(\.key) == one.skipped.map(\.key))
        }
    }

    @Test func neverFollowsSymlinksOutOfTheLibraryAndSurvivesLoops() async throws {
        // given
        let lib = try TestLibrary()
        let outside = lib.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: outside + "/secret.jpg", contents: Data([1]))
        try lib.addBytes("in/a.jpg", [1])
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/secret.jpg", withDestinationPath: outside + "/secret.jpg")
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/in/loop", withDestinationPath: lib.library + "/in")
        let source = lib.source
        // when
        let keys = Set(try await source.list().entries.map(\.key))
        // then
        #expect(keys == ["in/a.jpg"])
        for key in ["secret.jpg", "out/secret.jpg", "../outside/secret.jpg"] {
            #expect(try await source.localFile(forKey: key) == nil, "\(key)")
            #expect(source.localPath(forKey: key) == nil, "\(key)")
            #expect(try await source.entry(forKey: key) == nil, "\(key)")
            await #expect(throws: SourceError.notFound(key)) { try await source.read(key, range: 0..<1) }
            await #expect(throws: SourceError.notFound(key)) { try await source.moveToTrash(key, as: "t/x.jpg") }
        }
        #expect(try await source.localFile(forKey: "in/a.jpg") != nil)
    }

    @Test func aBatchResolvesEachFolderOnceAndStillNeverLeavesTheLibrary() async throws {
        // given files beside links out of the library, a link to a file inside, and a linked folder inside
        let lib = try TestLibrary()
        let outside = lib.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: outside + "/secret.jpg", contents: Data([1]))
        try lib.addBytes("in/a.jpg", [1])
        try lib.addBytes("in/b.jpg", [1, 2])
        try lib.addBytes("top.jpg", [3])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: lib.library + "/out", withDestinationPath: outside)
        try fm.createSymbolicLink(atPath: lib.library + "/in/secret.jpg", withDestinationPath: outside + "/secret.jpg")
        try fm.createSymbolicLink(atPath: lib.library + "/in/alias.jpg", withDestinationPath: lib.library + "/in/a.jpg")
        try fm.createSymbolicLink(atPath: lib.library + "/same", withDestinationPath: lib.library + "/in")
        try fm.createSymbolicLink(atPath: lib.library + "/root", withDestinationPath: lib.library)
        let keys = ["in/a.jpg", "in/secret.jpg", "in/b.jpg", "out/secret.jpg", "in/alias.jpg", "same/b.jpg", "root/top.jpg",
                    "top.jpg", "in/missing.jpg", "in", "../outside/secret.jpg"]
        // when they are resolved as one batch
        let files = await lib.source.localFiles(forKeys: keys)
        // then each answer is what resolving that key alone gives: inside or nothing
        let real = { (key: String) in LocalFolderSource.realPath(lib.library + "/" + key)! }
        #expect(files.map { $0.file?.path } == [real("in/a.jpg"), nil, real("in/b.jpg"), nil, real("in/a.jpg"), real("in/b.jpg"), real("top.jpg"),
                                           real("top.jpg"), nil, nil, nil])
        for (key, file) in zip(keys, files) { #expect(try await lib.source.localFile(forKey: key)?.path == file.file?.path, "\(key)") }
        #expect(files[2].file?.entry.size == 2 && files[2].file?.entry.key == "in/b.jpg")
        #expect(!files.contains { $0.isUnavailable })
    }

    @Test func aRestoreNeverLandsOutsideTheLibraryThroughAFolderThatBecameALink() async throws {
        // given a trashed file whose folder was replaced by a link leading out of the library
        let lib = try TestLibrary()
        try lib.addBytes("trip/a.jpg", [1, 2, 3])
        try await lib.source.moveToTrash("trip/a.jpg", as: "1-x/trip/a.jpg")
        let outside = lib.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: lib.library + "/trip")
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/trip", withDestinationPath: outside)
        // when it is restored, then that is refused and the file stays in the trash
        await #expect(throws: SourceError.self) { _ = try await lib.source.restore(fromTrash: "1-x/trip/a.jpg", to: "trip/a.jpg") }
        #expect(!FileManager.default.fileExists(atPath: outside + "/a.jpg"))
        #expect(try await lib.source.trashEntry("1-x/trip/a.jpg") != nil)
    }

    @Test func theTrashLivesInItsFolderAndLeavesNoEmptyFoldersBehind() async throws {
        // given
        let lib = try TestLibrary()
        try lib.addBytes("a/b/c.jpg", [7])
        // when a file is trashed, it is at its trash key in the trash folder
        try await lib.source.moveToTrash("a/b/c.jpg", as: "9-abc/a/b/c.jpg")
        #expect(FileManager.default.fileExists(atPath: lib.data + "/trash/9-abc/a/b/c.jpg"))
        // and once restored, or destroyed, its folders in the trash are gone too
        _ = try await lib.source.restore(fromTrash: "9-abc/a/b/c.jpg", to: "a/b/c.jpg")
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.data + "/trash").isEmpty)
        try await lib.source.moveToTrash("a/b/c.jpg", as: "10-def/a/b/c.jpg")
        try await lib.source.deleteFromTrash("10-def/a/b/c.jpg")
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.data + "/trash").isEmpty)
    }

    @Test func missingRootIsUnavailableAndSaysSo() async throws {
        let source = LocalFolderSource(root: "/nonexistent/photolala-\(UUID().uuidString)", trashFolder: "/nonexistent/trash")
        await #expect(throws: SourceError.self) { try await source.list() }
        #expect(await source.unavailableReason() == "the library folder does not exist (is its drive mounted?)")
        #expect(await !source.isWritable())
    }
}
