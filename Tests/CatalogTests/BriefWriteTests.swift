import Foundation
import GRDB
import Testing

@testable import Catalog

/// The catalog's writer commits waiting for the disk (curation must survive a power cut once
/// acknowledged).
@Suite struct BriefWriteTests {
    @Test func theWriterWaitsForTheDiskFromTheStart() async throws {
        // given a catalog just opened on disk
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brief-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try CatalogStore(path: folder + "/catalog.sqlite")
        let synchronous = { try await store.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } }
        // then its writer waits for the disk at each commit from the start (GRDB's pool had set
        // it not to, and only a scan's batch set it back)
        #expect(try await synchronous() == 2)
    }
}
