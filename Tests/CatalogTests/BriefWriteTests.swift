import Foundation
import GRDB
import Testing

@testable import Catalog

/// The catalog's writer commits waiting for the disk (curation must survive a power cut once
/// acknowledged), but for the one write that says otherwise.
@Suite struct BriefWriteTests {
    @Test func theWriterWaitsForTheDiskFromTheStart() async throws {
        // given a catalog just opened on disk
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try CatalogStore(path: folder + "/catalog.sqlite")
        let synchronous = { try await Self.synchronous(store) }
        // then its writer waits for the disk at each commit from the start (GRDB's pool had set
        // it not to, and only a scan's batch set it back)
        #expect(try await synchronous() == 2)
    }

    /// A brief write that does not wait for the disk (`SQLDatabase.writeBriefly(waitingForDisk:)`)
    /// is that one write alone: the writer commits every write after it waiting again, whether it
    /// landed or not.
    @Test func aWriteThatDoesNotWaitLeavesTheNextOnesWaiting() async throws {
        // given a catalog on disk
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try CatalogStore(path: folder + "/catalog.sqlite")
        let synchronous = { try await Self.synchronous(store) }
        // when a brief write commits without waiting, inside it the connection does not wait,
        let during = try await store.core.database.writeBriefly(waitingForDisk: false) { db in
            try await db.execute("INSERT INTO account (name, passwordHash, role, createdAt) VALUES ('ada', 'x', 'member', 0)", [])
            return try await db.int("PRAGMA synchronous")
        }
        #expect(during == 1)
        // then it landed, and the writer waits again at the next commit
        #expect(try await store.account(named: "ada") != nil)
        #expect(try await synchronous() == 2)
        // and when one that does not wait fails, it lands nothing and the writer waits again all the same
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await store.core.database.writeBriefly(waitingForDisk: false) { db in
                try await db.execute("INSERT INTO account (name, passwordHash, role, createdAt) VALUES ('max', 'x', 'member', 0)", [])
                throw Refused()
            }
        }
        #expect(try await store.account(named: "max") == nil)
        #expect(try await synchronous() == 2)
        // and a folder refresh that does not wait leaves it waiting too
        try await store.refreshFolders(["trips"], waitingForDisk: false)
        #expect(try await synchronous() == 2)
    }

    private static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brief-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The writer connection's `PRAGMA synchronous`: 2 is FULL, 1 NORMAL.
    private static func synchronous(_ store: CatalogStore) async throws -> Int? {
        try await store.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    }
}
