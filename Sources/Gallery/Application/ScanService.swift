import Catalog
import Foundation
import Logging
import ServiceLifecycle

/// Keeps the catalog in step with the library beside the server: a scan at start-up, another
/// shortly after the source says files changed, and one every `rescanInterval` as a fallback. Scans
/// run one at a time; on shutdown a running scan stops at a safe point and the next resumes it.
struct ScanService: Service {
    let scanner: LibraryScanner
    let logger: Logger
    var scanOnStart = true
    /// The source to watch for changes; nil for none.
    var watched: (any PhotoSource)?
    /// Seconds between fallback rescans; nil for none.
    var rescanInterval: Double?
    /// Quiet time after a change before rescanning, so a copy of 500 photos is one scan, not 500.
    var settle: Double = 2
    /// Run after every scan, however it ended (renditions of content the scan read anew are dropped).
    var afterScan: (@Sendable () async -> Void)?

    func run() async throws {
        await cancelWhenGracefulShutdown {
            let (triggers, trigger) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
            await withTaskGroup(of: Void.self) { group in
                if let watched {
                    group.addTask {
                        do {
                            // Watching a tree begins with a walk of every folder in it (seconds at
                            // a million files), on a niced thread of its own rather than one of
                            // the few every request's tasks run on. Ending this loop (at shutdown)
                            // stops the watching.
                            let changes = try await BlockingPool(label: "photolala.watch", qos: .utility).run { try watched.changes() }
                            for await _ in changes { trigger.yield("files changed") }
                        } catch {
                            logger.warning("\(error) Changes show up at the periodic rescan.")
                            // This task ending would end the others (the scans) with it.
                            while (try? await Task.sleep(for: .seconds(3600))) != nil {}
                        }
                    }
                }
                if let rescanInterval {
                    group.addTask {
                        while (try? await Task.sleep(for: .seconds(rescanInterval))) != nil { trigger.yield("periodic") }
                    }
                }
                group.addTask {
                    // The watching starts with the start-up scan, not after it: a file added while
                    // it runs (past its listing, or as it finishes) is scanned right after it.
                    if scanOnStart { await scan(reason: "start-up") }
                    for await reason in triggers {
                        if reason == "files changed", (try? await Task.sleep(for: .seconds(settle))) == nil { return }
                        await scan(reason: reason)
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        // A service that returns would stop the whole server; wait for shutdown instead.
        try? await gracefulShutdown()
    }

    private func scan(reason: String) async {
        defer { if let afterScan { Task { await afterScan() } } }
        // What a scan built for itself (at a million files, the listing and the catalog's files
        // side by side, some 150 MB) is freed when it ends, but the allocator keeps the pages; they
        // go back to the system here, so the server's memory returns to its steady level.
        defer { MemoryRelease.returnFreedPages() }
        do {
            try await scanner.run()
        } catch is CancellationError {
            // Stopped at a safe point by shutdown; logged by the scanner.
        } catch is ScanBusy {
            // Another instance sharing the catalog is scanning; logged by the scanner.
        } catch {
            // The monitor carries the reason to the pages; the server keeps serving.
            logger.error("\(reason) scan failed: \(error)")
        }
    }
}
