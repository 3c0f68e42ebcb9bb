import Foundation
import Testing
@testable import Catalog

@Suite struct LocalFolderSourceTests {
    @Test func listsFilesRecursivelySkippingHiddenOnes() throws {
        // given
        let lib = try TestLibrary()
        try lib.addBytes("a.jpg", [1])
        try lib.addBytes("x/y/b.jpg", [1, 2])
        try lib.addBytes(".hidden.jpg", [1])
        try lib.addBytes(".cache/c.jpg", [1])
        // when
        let listing = try LocalFolderSource(root: lib.library).list()
        // then
        #expect(Set(listing.entries.map(\.key)) == ["a.jpg", "x/y/b.jpg"])
        #expect(listing.entries.first { $0.key == "x/y/b.jpg" }?.size == 2)
    }

    @Test func neverFollowsSymlinksOutOfTheLibraryAndSurvivesLoops() throws {
        // given
        let lib = try TestLibrary()
        let outside = lib.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: outside + "/secret.jpg", contents: Data([1]))
        try lib.addBytes("in/a.jpg", [1])
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/secret.jpg", withDestinationPath: outside + "/secret.jpg")
        try FileManager.default.createSymbolicLink(atPath: lib.library + "/in/loop", withDestinationPath: lib.library + "/in")
        let source = LocalFolderSource(root: lib.library)
        // when
        let keys = Set(try source.list().entries.map(\.key))
        // then
        #expect(keys == ["in/a.jpg"])
        #expect(source.localPath(forKey: "secret.jpg") == nil)
        #expect(source.localPath(forKey: "out/secret.jpg") == nil)
        #expect(source.localPath(forKey: "../outside/secret.jpg") == nil)
        #expect(source.localPath(forKey: "in/a.jpg") != nil)
    }

    @Test func missingRootIsUnavailable() {
        let source = LocalFolderSource(root: "/nonexistent/photolala-\(UUID().uuidString)")
        #expect(throws: SourceError.self) { try source.list() }
    }
}
