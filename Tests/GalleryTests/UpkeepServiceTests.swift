import Foundation
import HummingbirdTesting
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing
@testable import Gallery

/// What the server does beside its requests (`UpkeepService`): the counts first, then a backup at
/// the start and after every interval, a failed backup logged and tried again, all of it ended
/// by the server's shutdown.
@Suite struct UpkeepServiceTests {
    @Test func countsFirstThenBacksUpAtEachIntervalAndAFailureDoesNotEndIt() async throws {
        let steps = Mutex<[String]>([])
        let backups = Atomic<Int>(0)
        struct Full: Error {}
        let service = UpkeepService(recount: { steps.withLock { $0.append("recount") } },
                                    backup: {
                                        let n = backups.add(1, ordering: .relaxed).newValue
                                        steps.withLock { $0.append("backup") }
                                        if n == 2 { throw Full() }
                                    },
                                    logger: Logger(label: "test"), backupInterval: .milliseconds(5))
        let group = ServiceGroup(configuration: .init(services: [.init(service: service)], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        // given the service running: it counts, then backs up again and again, past a failure
        for _ in 0..<2_000 where backups.load(ordering: .relaxed) < 4 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(backups.load(ordering: .relaxed) >= 4)
        // when the server shuts down, the service ends with it
        await group.triggerGracefulShutdown()
        try await running.value
        let seen = steps.withLock { $0 }
        #expect(seen.first == "recount" && seen.dropFirst().allSatisfy { $0 == "backup" })
    }

    @Test func theServerWritesTodaysBackupBesideItsCatalogAfterItStarts() async throws {
        let f = try GalleryFixture()
        try f.addJPEG("a/one.jpg", seed: 1)
        try await f.scan()
        let folder = f.data + "/backups"
        try await f.withClient { client in
            // given a server answering at once
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            // then today's backup is written in the background
            var names: [String] = []
            // (up to 30 s: a busy machine starts the server's other background work beside it)
            for _ in 0..<600 where names.isEmpty {
                names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".sqlite") }
                if names.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(names.count == 1 && names.first?.hasPrefix("catalog-") == true)
        }
    }
}
