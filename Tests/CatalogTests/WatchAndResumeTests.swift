import Foundation
import GRDB
import TestSupport
import Testing
@testable import Catalog

@Suite struct LibraryWatcherTests {
    /// Waits for the stream to say something changed (the test's time limit bounds the wait).
    func changed(_ iterator: inout AsyncStream<Void>.AsyncIterator) async -> Bool {
        await iterator.next() != nil
    }

    @Test(.timeLimit(.minutes(1))) func reportsAddsMovesAndDeletesIncludingInNewFolders() async throws {
        let lib = try TestLibrary()
        try lib.addJPEG("a/one.jpg", seed: 1)
        let watcher = LibraryWatcher(root: lib.library)
        var changes = try watcher.changes().makeAsyncIterator()
        defer { watcher.stop() }
        #expect(watcher.watchedFolders == 2)
        // a new file
        try lib.addJPEG("a/two.jpg", seed: 2)
        #expect(await changed(&changes))
        // a new folder, then a file inside it
        try FileManager.default.createDirectory(atPath: lib.library + "/b", withIntermediateDirectories: true)
        #expect(await changed(&changes))
        try await Task.sleep(for: .milliseconds(200))
        #expect(watcher.watchedFolders == 3)
        try lib.addJPEG("b/three.jpg", seed: 3)
        #expect(await changed(&changes))
        // a move and a delete
        try FileManager.default.moveItem(atPath: lib.library + "/a/two.jpg", toPath: lib.library + "/b/two.jpg")
        #expect(await changed(&changes))
        try FileManager.default.removeItem(atPath: lib.library + "/a/one.jpg")
        #expect(await changed(&changes))
    }
}

@Suite struct ScanResumeTests {
    @Test(arguments: SourceKind.allCases) func aCancelledScanKeepsWhatItDidAndTheNextOneResumes(_ kind: SourceKind) async throws {
        // given a library of 60 photos
        let lib = try TestLibrary(kind)
        for i in 0..<60 { try lib.addJPEG("p/\(i).jpg", seed: i) }
        let store = try CatalogStore.open(dataFolder: lib.data)
        let monitor = ScanMonitor()
        let scanner = lib.scanner(store, monitor: monitor, workers: 1)
        // when the scan is cancelled part way (as at shutdown)
        let running = Task { try await scanner.run() }
        while monitor.progress.processed < 5 { try await Task.sleep(for: .milliseconds(5)) }
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }
        // then what it finished is in the catalog, intact
        let kept = try await store.fileCount()
        #expect(kept >= 5 && kept < 60)
        let verdict = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(verdict == "ok")
        // and the next scan skips it and does the rest
        let summary = try await scanner.run()
        #expect(summary.unchanged == kept && summary.added == 60 - kept)
        #expect(try await store.fileCount() == 60)
    }
}
