import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@Suite struct WatchRouteTests {
    /// Polls `uri` until its page satisfies `condition`, for up to 150 tries. A try whose
    /// connection the server had closed (an idle keep-alive, on a machine under load) is tried
    /// again, as a browser would; the last error is thrown if no try ever got an answer.
    func eventually(_ client: any TestClientProtocol, _ uri: String, _ condition: @escaping (String) -> Bool) async throws -> Bool {
        var answered = false
        var lastError: (any Error)?
        for _ in 0..<150 {
            do {
                let text = try await client.execute(uri: uri, method: .get).text
                answered = true
                if condition(text) { return true }
            } catch {
                lastError = error
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        if !answered, let lastError { throw lastError }
        return false
    }

    @Test func addedMovedAndDeletedFilesShowUpWithoutARescan() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("trip/a.jpg", seed: 1)
        var config = f.config()
        config.scanOnStart = true
        config.watch = true
        config.watchSettleSeconds = 0.2
        let app = try await buildApplication(config)
        try await app.test(.live) { client in
            #expect(try await eventually(client, "/folders/trip") { $0.contains("a.jpg") })
            // added
            try f.addJPEG("trip/b.jpg", seed: 2)
            #expect(try await eventually(client, "/folders/trip") { $0.contains("b.jpg") })
            // moved into a new folder
            try FileManager.default.createDirectory(atPath: f.library + "/later", withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: f.library + "/trip/b.jpg", toPath: f.library + "/later/b.jpg")
            #expect(try await eventually(client, "/folders/later") { $0.contains("b.jpg") })
            #expect(try await eventually(client, "/folders/trip") { !$0.contains("b.jpg") })
            // deleted
            try FileManager.default.removeItem(atPath: f.library + "/trip/a.jpg")
            #expect(try await eventually(client, "/photos/trip/a.jpg") { $0.contains("not in the library") })
        }
    }

    @Test func aLibraryThatCannotBeWatchedIsStillScannedAtStartUp() async throws {
        // given a source that cannot tell about changes, and the watching asked for
        let f = try GalleryFixture()
        let source = InMemorySource(canWatch: false)
        source.put("trip/a.jpg", try TestImages.jpeg(seed: 1))
        var config = f.config()
        config.scanOnStart = true
        config.watch = true
        let app = try await buildApplication(config, source: source)
        // then the start-up scan still runs to its end (the watcher giving up ends nothing else)
        try await app.test(.live) { client in
            let scanned = try await eventually(client, "/folders/trip") { page in page.contains("a.jpg") }
            let over = try await eventually(client, "/scan") { page in page.contains("Library up to date") }
            #expect(scanned && over)
        }
    }
}
