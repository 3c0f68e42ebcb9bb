import Catalog
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import TestSupport
import Testing
@testable import Gallery

/// What a zip of originals says about the files it could not hold.
@Suite struct ZipDownloadTests {
    @Test func aFileThatCouldNotBeReadNowIsNamedApartFromOneThatLeftTheLibrary() async throws {
        // given three selected files: one readable, one the source cannot read now, one gone
        let memory = InMemorySource()
        memory.put("trip/a.jpg", [1, 2, 3])
        memory.put("trip/b.jpg", [4, 5])
        let source = FailingSource(memory)
        source.failReads("The server answered 503.", keys: ["trip/b.jpg"])
        let files = [FileRef(id: 1, photoId: 1, key: "trip/a.jpg", size: 3), FileRef(id: 2, photoId: 2, key: "trip/b.jpg", size: 2),
                     FileRef(id: 3, photoId: 3, key: "trip/c.jpg", size: 1)]
        let router = Router()
        router.get("zip") { _, _ in ZipDownload.response(files, title: "Trip", source: source) }
        // when the zip is made
        let body = try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/zip", method: .get) { Data(buffer: $0.body) }
        }
        // then it holds the readable file, and its note names each of the others under its own heading
        let path = NSTemporaryDirectory() + "photolala-zip-\(UUID().uuidString).zip"
        defer { unlink(path) }
        try body.write(to: URL(fileURLWithPath: path))
        let listing = try unzip(["-Z1", path])
        #expect(listing.split(separator: "\n").sorted() == ["Not included.txt", "a.jpg"])
        let note = try unzip(["-p", path, "Not included.txt"])
        let parts = note.components(separatedBy: "\n\n")
        #expect(parts.count == 2, "\(note)")
        #expect(parts.first?.contains("left the library") == true && parts.first?.contains("trip/c.jpg") == true)
        #expect(parts.last?.contains("could not be read now") == true && parts.last?.contains("trip/b.jpg") == true)
        #expect(parts.first?.contains("trip/b.jpg") == false)
    }

    @Test func aZipWithEverythingHasNoNote() {
        #expect(ZipDownload.note(missing: [], unreadable: []) == nil)
    }

    /// What `unzip` printed, or a failure with it.
    private func unzip(_ args: [String]) throws -> String {
        let outcome = try Spawn.run("/usr/bin/env", ["unzip"] + args)
        let text = String(decoding: outcome.output, as: UTF8.self)
        guard outcome.ending.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: text]) }
        return text
    }
}
