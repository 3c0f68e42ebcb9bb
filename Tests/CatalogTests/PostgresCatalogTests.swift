import Foundation
import GRDB
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing
@testable import Catalog

/// What the PostgreSQL catalog does about its server rather than its rows: addresses, a server
/// that cannot be reached, a catalog used after it closed, and migrations run twice.
@Suite struct PostgresCatalogTests {
    @Test func addressesAreCheckedBeforeAnythingConnects() throws {
        for good in ["postgres://ada:secret@db.example:6543/photos", "postgresql://ada@127.0.0.1/photos?sslmode=require",
                     "postgres://ada@localhost/photos?host=/run/postgresql"] {
            #expect(throws: Never.self, "\(good)") { try PostgresCatalog.checkAddress(good) }
        }
        for bad in ["mysql://ada@db/photos", "postgres://db.example/photos", "postgres://ada@db/photos?sslmode=verify-full",
                    "postgres://ada@db:99999/photos", "not an address"] {
            #expect(throws: CatalogError.self, "\(bad)") { try PostgresCatalog.checkAddress(bad) }
        }
        // and the address shown in messages never carries the password
        let url = try PostgresURL("postgres://ada:secret@db.example:6543/photos")
        #expect(url.description == "postgres://ada@db.example:6543/photos")
    }

    @Test func aServerThatCannotBeReachedIsNamedAndNotWaitedForForever() async throws {
        // given a port nothing listens on
        let error = await #expect(throws: CatalogError.self) {
            try await PostgresCatalog.connect(url: "postgres://ada@127.0.0.1:1/photos", timeout: .seconds(2))
        }
        // then it says where, and the gallery's error page counts it as the database being away
        #expect("\(error.map { "\($0)" } ?? "")".contains("postgres://ada@127.0.0.1:1/photos"))
        #expect(error.map(PostgresCatalog.isUnavailable) == true)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aClosedCatalogAnswersUnavailableAndMigrationsRunOnce() async throws {
        // given a catalog opened twice on one database, as two instances starting together would
        let url = try await PostgresTestServer.makeDatabase()
        async let first = PostgresCatalog.connect(url: url)
        async let second = PostgresCatalog.connect(url: url)
        let (one, two) = try await (first, second)
        let counts = (try await one.fileCount(), try await two.fileCount())
        #expect(counts == (0, 0))
        // when one is closed
        one.close()
        // then what it is asked fails as the database being unavailable, and the other answers on
        let error = await #expect(throws: (any Error).self) { try await one.fileCount() }
        #expect(error.map(PostgresCatalog.isUnavailable) == true, "\(String(reflecting: error))")
        try await two.checkHealth()
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aFoldSeesEveryRowInOrderAndItsOwnErrorEndsTheQueryAlone() async throws {
        // given a catalog, and a query of more rows than one read of the socket holds
        let url = try await PostgresTestServer.makeDatabase()
        let catalog = try await PostgresCatalog.connect(url: url)
        defer { catalog.close() }
        let sql = "SELECT n, 'name ' || n FROM generate_series(1, 50000) AS n ORDER BY n"
        // when its rows are folded, by index and as keys
        let folded = try await catalog.database.read { db in
            try await db.reduce(sql, [], into: (count: 0, sum: Int64(0), ordered: true, last: Int64(0))) { fold, row in
                let (n, name) = (try row.int(0), try row.string(1))
                fold.ordered = fold.ordered && n == fold.last + 1 && name == "name \(n)"
                (fold.count, fold.sum, fold.last) = (fold.count + 1, fold.sum + n, n)
            }
        }
        let keys = try await catalog.database.read { db in
            try await db.reduceKeys("SELECT 'k' || n, n FROM generate_series(1, 50000) AS n ORDER BY n", [], text: true,
                                    into: (ids: [Int64](), values: [DatabaseValue]())) { fold, id, value in
                if id % 10_000 == 0 { fold.values.append(try value()) }
                fold.ids.append(id)
            }
        }
        // then every row came, once and in order
        #expect(folded.count == 50_000 && folded.sum == 50_000 * 50_001 / 2 && folded.ordered)
        #expect(keys.ids == Array(1...50_000))
        #expect(keys.values == (1...5).map { "k\($0 * 10_000)".databaseValue })
        // and a fold that throws fails the read with its own error, and the catalog answers on
        struct Enough: Error {}
        await #expect(throws: Enough.self) {
            _ = try await catalog.database.read { db in
                try await db.reduce(sql, [], into: 0) { seen, _ in
                    seen += 1
                    if seen == 20_000 { throw Enough() }
                }
            }
        }
        #expect(try await catalog.database.read { try await $0.int("SELECT COUNT(*) FROM generate_series(1, 7)") } == 7)
    }

    @Test func statisticsAreGatheredAsTheTablesDoubleAndOneAtATime() {
        let growth = GrowthStatistics(first: 100)
        // not before the first 100 rows
        #expect(!growth.due(after: 60))
        #expect(growth.due(after: 40))
        // and while that turn lasts, no other, however much is written
        #expect(!growth.due(after: 500))
        growth.gathered()
        // then the rows written meanwhile count: 500 since, against the 100 before
        #expect(growth.due(after: 0))
        growth.gathered()
        // and the next comes when as many again are written as the 600 so far
        #expect(!growth.due(after: 599))
        #expect(growth.due(after: 1))
        growth.gathered()
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aScanFillingEmptyTablesHasTheirStatisticsGathered() async throws {
        // given a new catalog, whose tables PostgreSQL has never counted
        let url = try await PostgresTestServer.makeDatabase()
        let catalog = try await PostgresCatalog.connect(url: url, growth: GrowthStatistics(first: 20))
        defer { catalog.close() }
        let counted = { @Sendable (table: String) async throws -> Double in
            try await catalog.database.read { db in
                try await db.row("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(?)", [table])?.double("n") ?? -1
            }
        }
        #expect(try await counted("photo") < 1)
        // when a scan writes fewer rows than the first gathering waits for, nothing is gathered
        var seed = CatalogSeed(seed: 12)
        let pictures = (0..<30).map { seed.picture("trip/\($0).jpg", takenAt: 1_700_000_000 + $0) }
        try await catalog.apply(pictures[..<19].map { CatalogSeed.analysis($0) }, now: Date())
        #expect(try await counted("photo") < 1)
        // and once it has written that many, the planner knows how many rows each table holds
        try await catalog.apply(pictures[19...].map { CatalogSeed.analysis($0) }, now: Date())
        #expect(try await counted("photo") == 30)
        #expect(try await counted("file") == 30)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aScansBulkBatchesShareTheWriterWithEachOtherAloneAndACrossedWaitIsToldAsADeadlock() async throws {
        let url = try await PostgresTestServer.makeDatabase()
        let catalog = try await PostgresCatalog.connect(url: url)
        defer { catalog.close() }
        let database = catalog.database
        let lock = PostgresDatabase.writeLock
        // given a bulk batch's transaction under way
        let (inside, entered) = AsyncStream<Void>.makeStream()
        let (left, leave) = AsyncStream<Void>.makeStream()
        let batch = Task {
            try await database.lockedWrite(.withTheScansOtherBatches) { _ in
                entered.yield()
                for await _ in left { break }
            }
        }
        for await _ in inside { break }
        // then another batch of the scan may write beside it, and any other write may not
        let others = try await database.transaction("BEGIN", lock: nil) { db in
            (try await db.int("SELECT pg_try_advisory_xact_lock_shared(?)::int", [lock]),
             try await db.int("SELECT pg_try_advisory_xact_lock(?)::int", [lock]))
        }
        #expect(others.0 == 1)
        #expect(others.1 == 0)
        leave.yield()
        try await batch.value

        // when two batches each write a row the other then writes too
        let (firstIn, firstWrote) = AsyncStream<Void>.makeStream()
        let (secondIn, secondWrote) = AsyncStream<Void>.makeStream()
        let crossing = { @Sendable (mine: String, theirs: String, wrote: AsyncStream<Void>.Continuation, other: AsyncStream<Void>) in
            try await database.lockedWrite(.withTheScansOtherBatches) { db in
                try await db.execute("INSERT INTO tag (name) VALUES (?) ON CONFLICT DO NOTHING", [mine])
                wrote.yield()
                for await _ in other { break }
                try await db.execute("INSERT INTO tag (name) VALUES (?) ON CONFLICT DO NOTHING", [theirs])
            }
        }
        let one = Task { try await crossing("kelp", "tern", firstWrote, secondIn) }
        let two = Task { try await crossing("tern", "kelp", secondWrote, firstIn) }
        var failures: [any Error] = []
        for task in [one, two] {
            do { try await task.value } catch { failures.append(error) }
        }
        // then the server stops one of them, which the catalog tells as a deadlock, and the other lands
        #expect(failures.count == 1)
        #expect(failures.allSatisfy(PostgresCatalog.isDeadlock))
        #expect(!PostgresCatalog.isDeadlock(CatalogError.unreachable(location: "x", reason: "y")))
        #expect(try await database.read { try await $0.int("SELECT COUNT(*) FROM tag WHERE name IN ('kelp', 'tern')") } == 2)

        // and when two bulk batches cross so, as a scan writes them, the one stopped is written again and both land
        let (thirdIn, thirdWrote) = AsyncStream<Void>.makeStream()
        let (fourthIn, fourthWrote) = AsyncStream<Void>.makeStream()
        let runs = Mutex(0)
        let retried = { @Sendable (mine: String, theirs: String, wrote: AsyncStream<Void>.Continuation, other: AsyncStream<Void>) in
            try await PostgresCatalog.writingAgainAfterDeadlocks(logger: Logger(label: "test")) {
                let first = runs.withLock { $0 += 1; return $0 <= 2 }
                try await database.lockedWrite(.withTheScansOtherBatches) { db in
                    try await db.execute("INSERT INTO tag (name) VALUES (?) ON CONFLICT DO NOTHING", [mine])
                    // (written again, it has no one to wait for)
                    if first {
                        wrote.yield()
                        for await _ in other { break }
                    }
                    try await db.execute("INSERT INTO tag (name) VALUES (?) ON CONFLICT DO NOTHING", [theirs])
                }
            }
        }
        let three = Task { try await retried("wrack", "skua", thirdWrote, fourthIn) }
        let four = Task { try await retried("skua", "wrack", fourthWrote, thirdIn) }
        try await three.value
        try await four.value
        #expect(runs.withLock { $0 } == 3)
        #expect(try await database.read { try await $0.int("SELECT COUNT(*) FROM tag WHERE name IN ('wrack', 'skua')") } == 2)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aStartLeavesAnotherInstancesTrashMoveInProgressAlone() async throws {
        // given a photo whose move to the trash has begun on one instance and not yet finished
        let url = try await PostgresTestServer.makeDatabase()
        let moving = try await PostgresCatalog.connect(url: url)
        var seed = CatalogSeed(seed: 11)
        let picture = seed.picture("trip/a.jpg", takenAt: 1_700_000_000)
        try await moving.apply([CatalogSeed.analysis(picture)], now: Date())
        _ = try await moving.trashSteps.beginTrash(key: picture.key, partOf: nil)
        // when another instance starts and settles interrupted moves
        let starting = try await PostgresCatalog.connect(url: url)
        let source = InMemorySource()
        // then the move in progress is not taken for an interrupted one
        #expect(try await starting.recoverTrashMoves(source: source) == 0)
        #expect(try await starting.trashSteps.pendingTrashCount() == 1)
        // and once it is older than any move takes, a start settles it
        let later = try await PostgresCatalog.connect(url: url, trashMoveGrace: .zero)
        #expect(try await later.recoverTrashMoves(source: source) == 1)
        #expect(try await later.trashSteps.pendingTrashCount() == 0)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aMoveLeftByAStoppedInstanceIsSettledByTheNextScanOfAnother() async throws {
        // given two photos scanned into a shared catalog
        let url = try await PostgresTestServer.makeDatabase()
        let lib = try TestLibrary(.memory)
        try lib.addJPEG("trip/a.jpg", seed: 1)
        try lib.addJPEG("trip/b.jpg", seed: 2)
        let serving = try await PostgresCatalog.connect(url: url)
        let scanner = LibraryScanner(source: lib.source, store: serving, journal: ReadJournal(dataFolder: lib.data), workers: 1)
        try await scanner.run()
        // and an instance that began moving one to the trash, and stopped before the file moved,
        // half an hour ago; and another move begun just now, still going
        let stopped = try await PostgresCatalog.connect(url: url)
        _ = try await stopped.trashSteps.beginTrash(key: "trip/a.jpg", partOf: nil)
        _ = try await stopped.write { db in try await db.execute("UPDATE trash SET pendingSince = pendingSince - 1800") }
        _ = try await stopped.trashSteps.beginTrash(key: "trip/b.jpg", partOf: nil)
        stopped.close()
        // when the instance still serving runs its next scan
        try await scanner.run()
        // then the abandoned move is undone (the photo stays in the library), the young one left alone
        #expect(try await serving.trashSteps.pendingTrashCount() == 1)
        #expect(try await serving.photo(key: "trip/a.jpg") != nil)
        #expect(try await serving.trashItems().isEmpty)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func aFolderSummaryKeptInMemoryFollowsChangesHereAndOnAnotherInstance() async throws {
        // given two instances on one catalog, each having read a folder's summary
        let url = try await PostgresTestServer.makeDatabase()
        let here = try await PostgresCatalog.connect(url: url)
        let there = try await PostgresCatalog.connect(url: url)
        // (the second hears the others as a server's service group would have it do)
        let hearing = Task { await there.listen() }
        defer { hearing.cancel() }
        var seed = CatalogSeed(seed: 12)
        try await CatalogSeed.catalogue([seed.picture("trip/a.jpg", takenAt: 1_700_000_000)], in: here)
        #expect(try await here.folder(at: "trip")?.photoCount == 1)
        #expect(try await there.folder(at: "trip")?.photoCount == 1)
        #expect(try await there.folder(at: "elsewhere") == nil)
        // when a photo is added through the first
        try await CatalogSeed.catalogue([seed.picture("trip/b.jpg", takenAt: 1_700_000_100)], in: here)
        // then the first counts it at once, and the second once it hears of the change
        #expect(try await here.folder(at: "trip")?.photoCount == 2)
        var seen = 0
        for _ in 0..<100 where seen != 2 {
            seen = try await there.folder(at: "trip")?.photoCount ?? 0
            if seen != 2 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(seen == 2)
    }

    @Test(.enabled(if: PostgresTestServer.adminURL != nil, "needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)"))
    func theCatalogsServiceClosesItsConnectionsWhenTheServersGroupEnds() async throws {
        // given a shared catalog whose service runs in a group, as a server runs it
        let url = try await PostgresTestServer.makeDatabase()
        let catalog = try await PostgresCatalog.connect(url: url)
        let service = try #require(catalog.capabilities.service)
        let group = ServiceGroup(configuration: .init(services: [.init(service: service)], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        #expect(try await catalog.hasAccounts() == false)
        // when the group shuts down gracefully
        await group.triggerGracefulShutdown()
        try await running.value
        // then the service has ended and the catalog answers no more, as a database out of reach
        await #expect { try await catalog.hasAccounts() } throws: { PostgresCatalog.isUnavailable($0) }
    }
}
