import Foundation
import TestSupport
import Testing
@testable import Catalog

/// What every `PhotoSource` promises, checked against a folder on disk, the in-memory source and
/// (with a test S3 server) a bucket alike.
@Suite struct PhotoSourceContractTests {
    /// Bytes that differ all along, so a misplaced range shows.
    static func bytes(_ count: Int, seed: UInt64 = 1) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// Keys no source may resolve to anything.
    /// (`"../\u{301}x"`: a `/` and a combining mark after it are one Character, two things on disk.)
    static let hostileKeys = ["../x", "a/../../x", "/etc/passwd", "a\0b.jpg", "", ".", "a//b.jpg", "a\\b.jpg", "a/./b.jpg", "../library/a.jpg",
                              "../\u{301}x", "a/../\u{301}/../../x"]

    @Test(arguments: SourceKind.allCases) func listsEveryItemWithItsSizeAndStatsEachOne(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        try lib.addBytes("a.jpg", Self.bytes(10))
        try lib.addBytes("x/y/b.jpg", Self.bytes(3))
        try lib.addBytes(".hidden/c.jpg", Self.bytes(1))
        // when
        let listing = try await lib.source.list()
        // then hidden items are skipped, and the others listed with their sizes
        #expect(listing.entries.map(\.key).sorted() == ["a.jpg", "x/y/b.jpg"])
        #expect(listing.entries.map(\.size).sorted() == [3, 10])
        // and an entry agrees with the listing
        let a = try #require(try await lib.source.entry(forKey: "a.jpg"))
        #expect(a == listing.entries.first { $0.key == "a.jpg" })
        #expect(try await lib.source.entry(forKey: "missing.jpg") == nil)
        #expect(try await lib.source.entry(forKey: "x/y") == nil)  // a folder is not an item
        // and a rewritten item is told apart
        try lib.addBytes("a.jpg", Self.bytes(12, seed: 2))
        let rewritten = try #require(try await lib.source.entry(forKey: "a.jpg"))
        #expect(rewritten.size == 12 && rewritten != a)
    }

    @Test(arguments: SourceKind.allCases) func readsRangesAndStreamsThemInChunks(_ kind: SourceKind) async throws {
        // given an item several chunks long
        let lib = try TestLibrary(kind)
        let content = Self.bytes(Int(ByteChunks.defaultChunkSize) * 2 + 1234)
        try lib.addBytes("big.jpg", content)
        let size = Int64(content.count)
        // when / then a range reads as those bytes, and fewer at the end
        #expect(try await lib.source.read("big.jpg", range: 2..<10) == Array(content[2..<10]))
        #expect(try await lib.source.read("big.jpg", range: (size - 4)..<(size + 100)) == Array(content.suffix(4)))
        #expect(try await lib.source.read("big.jpg", range: (size + 1)..<(size + 5)).isEmpty)
        #expect(try await lib.source.read("big.jpg", range: 5..<5).isEmpty)
        // and a stream gives the range, whole or in part
        for range in [0..<size, 3..<(size - 7), 100..<101] {
            var streamed: [UInt8] = []
            for try await chunk in try await lib.source.stream("big.jpg", range: range) {
                #expect(chunk.count <= Int(ByteChunks.defaultChunkSize))
                streamed += chunk
            }
            #expect(streamed == Array(content[Int(range.lowerBound)..<Int(range.upperBound)]), "\(range)")
        }
        // and a missing item fails before any byte
        await #expect(throws: SourceError.notFound("gone.jpg")) { try await lib.source.read("gone.jpg", range: 0..<1) }
        await #expect(throws: SourceError.notFound("gone.jpg")) { _ = try await lib.source.stream("gone.jpg", range: 0..<1) }
    }

    @Test(arguments: SourceKind.allCases) func handsDecodersALocalFileForAsLongAsItIsHeld(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        let content = Self.bytes(500)
        try lib.addBytes("p/a.jpg", content)
        // when
        var file = try await lib.source.localFile(forKey: "p/a.jpg")
        // then it holds the bytes, and says whose they are
        let path = try #require(file?.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(content))
        #expect(file?.entry.key == "p/a.jpg" && file?.entry.size == 500)
        // and a temporary copy goes when it is released; a library file stays
        file = nil
        #expect(FileManager.default.fileExists(atPath: path) == (kind == .folder))
        #expect(lib.temporaryFiles() == [])
        #expect(try await lib.source.withLocalFile(forKey: "p/a.jpg") { try Data(contentsOf: URL(fileURLWithPath: $0.path)).count } == 500)
        #expect(try await lib.source.localFile(forKey: "p/missing.jpg") == nil)
        let batch = await lib.source.localFiles(forKeys: ["p/a.jpg", "p/missing.jpg", "../x"])
        #expect(batch.map { $0.file?.entry.key } == ["p/a.jpg", nil, nil])
        #expect(batch.map { $0.isGone } == [false, true, true])
        // and a file that is already here is offered as is, never a copy
        if let here = lib.source.localPath(forKey: "p/a.jpg") {
            #expect(FileManager.default.contents(atPath: here) == Data(content))
        }
        #expect((lib.source.localPath(forKey: "p/a.jpg") != nil) == (kind == .folder))
        #expect(lib.source.localPath(forKey: "p/missing.jpg") == nil && lib.source.localPath(forKey: "p") == nil)
    }

    @Test(arguments: SourceKind.allCases) func addsNewFilesUnderFreeNamesAndNeverOverwrites(_ kind: SourceKind) async throws {
        // given a library that already has Uploads/x.jpg
        let lib = try TestLibrary(kind)
        try lib.addBytes("Uploads/x.jpg", [1, 1, 1])
        #expect(await lib.source.isWritable())
        // when two more files called x.jpg are added
        let first = try await lib.source.add(stagedFile: try stage(lib, [2, 2]), folder: "Uploads", name: "x.jpg")
        let second = try await lib.source.add(stagedFile: try stage(lib, [3]), folder: "Uploads", name: "x.jpg")
        let fresh = try await lib.source.add(stagedFile: try stage(lib, [4]), folder: "New/Folder", name: "y.jpg")
        // then each has a name of its own, and the first is untouched
        #expect([first, second, fresh] == ["Uploads/x (2).jpg", "Uploads/x (3).jpg", "New/Folder/y.jpg"])
        #expect(try await lib.source.read("Uploads/x.jpg", range: 0..<10) == [1, 1, 1])
        #expect(try await lib.source.read("Uploads/x (2).jpg", range: 0..<10) == [2, 2])
        #expect(try await lib.source.list().entries.map(\.key).sorted() == ["New/Folder/y.jpg", "Uploads/x (2).jpg", "Uploads/x (3).jpg", "Uploads/x.jpg"])
        // and a folder or name that is not a clean key is refused, leaving nothing
        for (folder, name) in [("../outside", "a.jpg"), ("/tmp", "a.jpg"), ("Uploads", "../a.jpg"), ("Up\0loads", "a.jpg"), ("", "a.jpg")] {
            await #expect(throws: SourceError.self, "\(folder)/\(name)") {
                _ = try await lib.source.add(stagedFile: try stage(lib, [9]), folder: folder, name: name)
            }
        }
        #expect(try await lib.source.list().entries.count == 4)
    }

    @Test(arguments: SourceKind.allCases) func writesSidecarsWholeAndNothingElse(_ kind: SourceKind) async throws {
        // given a photo and its sidecar
        let lib = try TestLibrary(kind)
        try lib.addBytes("trip/a.jpg", Self.bytes(50))
        try lib.addBytes("trip/a.jpg.xmp", Self.bytes(20, seed: 2))
        // when the sidecar is written over, and a new one beside a file without one
        let entry = try await lib.source.writeSidecar("trip/a.jpg.xmp", bytes: Array("<x:xmpmeta/>".utf8))
        let new = try await lib.source.writeSidecar("trip/B.XMP", bytes: Array("<b/>".utf8))
        // then each holds exactly its bytes, and its entry is the one the source stats
        #expect(try await lib.source.read("trip/a.jpg.xmp", range: 0..<100) == Array("<x:xmpmeta/>".utf8))
        #expect(try await lib.source.entry(forKey: "trip/a.jpg.xmp") == entry && entry.size == 12)
        #expect(try await lib.source.entry(forKey: "trip/B.XMP") == new)
        // and nothing but a sidecar is ever written over, nor a hostile key
        for key in ["trip/a.jpg", "trip/a.xmp.jpg", "trip/.xmp", "trip/.hidden.xmp"] + Self.hostileKeys.map({ $0 + ".xmp" }) {
            await #expect(throws: SourceError.self, "\(key)") { _ = try await lib.source.writeSidecar(key, bytes: [1]) }
        }
        #expect(try await lib.source.read("trip/a.jpg", range: 0..<100) == Self.bytes(50))
        // and the listing holds the photo and the two sidecars, no temporary file
        #expect(try await lib.source.list().entries.map(\.key).sorted() == ["trip/B.XMP", "trip/a.jpg", "trip/a.jpg.xmp"])
    }

    @Test(arguments: SourceKind.allCases) func movesToTheTrashAndBackAndDestroysOnlyFromTheTrash(_ kind: SourceKind) async throws {
        // given
        let lib = try TestLibrary(kind)
        let content = Self.bytes(40)
        try lib.addBytes("trip/a.jpg", content)
        try lib.addBytes("trip/b.jpg", [1])
        let source = lib.source
        // when a file is moved to the trash, it leaves the library and waits there
        try await source.moveToTrash("trip/a.jpg", as: "1-aaaa/trip/a.jpg")
        #expect(try await source.entry(forKey: "trip/a.jpg") == nil)
        #expect(try await source.list().entries.map(\.key) == ["trip/b.jpg"])
        #expect(try await source.trashEntry("1-aaaa/trip/a.jpg")?.size == 40)
        let trashed = try #require(try await source.trashedFile("1-aaaa/trip/a.jpg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: trashed.path)) == Data(content))
        // and what is not there, or a trash key in use, is refused
        await #expect(throws: SourceError.notFound("trip/a.jpg")) { try await source.moveToTrash("trip/a.jpg", as: "2-bbbb/trip/a.jpg") }
        await #expect(throws: SourceError.self) { try await source.moveToTrash("trip/b.jpg", as: "1-aaaa/trip/a.jpg") }
        #expect(try await source.entry(forKey: "trip/b.jpg") != nil)
        // when a file of that name appears meanwhile, the restore is refused and moves nothing
        try lib.addBytes("trip/a.jpg", [5])
        await #expect(throws: SourceError.alreadyExists("trip/a.jpg")) { _ = try await source.restore(fromTrash: "1-aaaa/trip/a.jpg", to: "trip/a.jpg") }
        #expect(try await source.read("trip/a.jpg", range: 0..<10) == [5])
        #expect(try await source.trashEntry("1-aaaa/trip/a.jpg") != nil)
        // when it is restored elsewhere, it is back whole
        let back = try await source.restore(fromTrash: "1-aaaa/trip/a.jpg", to: "trip/restored/a.jpg")
        #expect(back.key == "trip/restored/a.jpg" && back.size == 40)
        #expect(try await source.read("trip/restored/a.jpg", range: 0..<100) == content)
        #expect(try await source.trashEntry("1-aaaa/trip/a.jpg") == nil)
        await #expect(throws: SourceError.notFound("1-aaaa/trip/a.jpg")) { _ = try await source.restore(fromTrash: "1-aaaa/trip/a.jpg", to: "x.jpg") }
        // when a trashed file is destroyed it is gone, and destroying it again is no error
        try await source.moveToTrash("trip/b.jpg", as: "3-cccc/trip/b.jpg")
        try await source.deleteFromTrash("3-cccc/trip/b.jpg")
        #expect(try await source.trashEntry("3-cccc/trip/b.jpg") == nil)
        try await source.deleteFromTrash("3-cccc/trip/b.jpg")
    }

    @Test(arguments: SourceKind.allCases) func hostileKeysNameNothing(_ kind: SourceKind) async throws {
        // given a library with a file, and (for a folder) files just outside it
        let lib = try TestLibrary(kind)
        try lib.addBytes("a.jpg", [1, 2, 3])
        _ = FileManager.default.createFile(atPath: lib.root + "/x", contents: Data([6, 6]))
        _ = FileManager.default.createFile(atPath: lib.root + "/\u{301}x", contents: Data([6, 6]))
        let source = lib.source
        try await source.moveToTrash("a.jpg", as: "1-aaaa/a.jpg")
        _ = try await source.restore(fromTrash: "1-aaaa/a.jpg", to: "a.jpg")
        for key in Self.hostileKeys {
            // when / then every call refuses the key
            #expect(try await source.entry(forKey: key) == nil, "\(key)")
            #expect(try await source.localFile(forKey: key) == nil, "\(key)")
            #expect(source.localPath(forKey: key) == nil, "\(key)")
            await #expect(throws: SourceError.self, "\(key)") { try await source.read(key, range: 0..<10) }
            await #expect(throws: SourceError.self, "\(key)") { _ = try await source.stream(key, range: 0..<10) }
            await #expect(throws: SourceError.self, "\(key)") { try await source.moveToTrash(key, as: "2-bbbb/x") }
            await #expect(throws: SourceError.self, "\(key)") { try await source.moveToTrash("a.jpg", as: key) }
            #expect(try await source.trashEntry(key) == nil, "\(key)")
            #expect(try await source.trashedFile(key) == nil, "\(key)")
            await #expect(throws: SourceError.self, "\(key)") { try await source.deleteFromTrash(key) }
            await #expect(throws: SourceError.self, "\(key)") { _ = try await source.add(stagedFile: try stage(lib, [9]), folder: key, name: "b.jpg") }
        }
        // and nothing moved: the file is where it was, and the one outside untouched
        #expect(try await source.read("a.jpg", range: 0..<10) == [1, 2, 3])
        #expect(FileManager.default.contents(atPath: lib.root + "/x") == Data([6, 6]))
        await #expect(throws: SourceError.self) { _ = try await source.restore(fromTrash: "1-aaaa/a.jpg", to: "../a.jpg") }
    }

    @Test(.timeLimit(.minutes(1)), arguments: SourceKind.allCases) func tellsWhenSomethingChanged(_ kind: SourceKind) async throws {
        // given a watched library
        let lib = try TestLibrary(kind)
        try lib.addBytes("a/one.jpg", [1])
        // (a bucket cannot tell: it says so, and the server rescans it periodically instead)
        if kind == .s3 {
            #expect(throws: SourceError.self) { _ = try lib.source.changes() }
            return
        }
        var changes = try lib.source.changes().makeAsyncIterator()
        // when a file is added, then the stream says so
        try lib.addBytes("a/two.jpg", [2])
        #expect(await changes.next() != nil)
        // and when one is removed
        try lib.remove("a/one.jpg")
        #expect(await changes.next() != nil)
    }

    @Test func aSourceThatCannotWatchSaysSo() {
        #expect(throws: SourceError.self) { _ = try InMemorySource(canWatch: false).changes() }
    }

    @Test(arguments: SourceKind.allCases) func anUnreachableSourceSaysWhyAndListsNothing(_ kind: SourceKind) async throws {
        // given a library that was readable
        let lib = try TestLibrary(kind)
        try lib.addBytes("a.jpg", [1])
        #expect(await lib.source.unavailableReason() == nil)
        // when it goes away
        try lib.takeOffline()
        // then listing fails with the reason, and the health check can tell it
        await #expect(throws: SourceError.self) { try await lib.source.list() }
        #expect(await lib.source.unavailableReason()?.contains("does not exist") == true)
        #expect(try await lib.source.entry(forKey: "a.jpg") == nil)
        // and its files cannot be read now, which is not their being gone
        let fetched = await lib.source.localFiles(forKeys: ["a.jpg", "b.jpg"])
        #expect(fetched.allSatisfy { $0.isUnavailable }, "\(fetched)")
        await #expect(throws: SourceError.self) { _ = try await lib.source.localFile(forKey: "a.jpg") }
    }

    @Test(arguments: SourceKind.allCases) func perItemResultsTellGoneFromCouldNotBeReadNow(_ kind: SourceKind) async throws {
        // given two items, one of which cannot be read now
        let lib = try TestLibrary(kind)
        try lib.addBytes("a.jpg", Self.bytes(5))
        try lib.addBytes("b.jpg", Self.bytes(6, seed: 2))
        let source = FailingSource(lib.source)
        source.failReads("The server answered 503.", keys: ["b.jpg"])
        // when a batch asks for them, for one that is not there, and for a hostile key
        let fetched = await source.localFiles(forKeys: ["a.jpg", "b.jpg", "gone.jpg", "../x"])
        // then each answer is its own, in order
        #expect(fetched[0].file?.entry.size == 5)
        #expect(fetched[1].isUnavailable && fetched[2].isGone && fetched[3].isGone)
        // and one at a time, the item that cannot be read throws rather than looking gone
        await #expect(throws: SourceError.unavailable("The server answered 503.")) { _ = try await source.localFile(forKey: "b.jpg") }
        #expect(try await source.localFile(forKey: "gone.jpg") == nil)
        // and once the outage ends it reads again
        source.failReads(nil)
        #expect(await source.localFiles(forKeys: ["b.jpg"]).first?.file?.entry.size == 6)
    }

    /// A finished upload waiting outside the library, as the upload page leaves it.
    private func stage(_ lib: TestLibrary, _ bytes: [UInt8]) throws -> String {
        let folder = lib.root + "/staging"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
