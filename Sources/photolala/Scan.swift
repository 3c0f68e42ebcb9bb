import ArgumentParser
import Catalog
import Foundation
import Imaging
import Logging

/// `photolala scan`: bring the catalog up to date in the foreground, then exit.
struct Scan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Scan the library into the catalog and exit when it is up to date.")

    @OptionGroup var location: LocationOptions

    func run() async throws {
        let locations = try location.resolve()
        let (library, dataPath) = (locations.library, locations.data)
        if let note = locations.note { print(note) }
        if locations.isDemo { try DemoLibrary.ensure(at: library) }
        var logger = Logger(label: "photolala.scan")
        logger.logLevel = .warning
        // The library is walked while the catalog is opened and checked: two passes, two cores.
        let source = locations.source(logger: logger)
        let walk = Task { try await source.list() }
        // As in the server: a decoder crash costs one worker process, not the scan, and a file whose
        // read crashed an earlier scan or server is marked, never read again.
        let runtime: Runtime
        do {
            runtime = try await Runtime.start(CatalogLocation(catalog: locations.catalog, dataFolder: dataPath), library: library, dataFolder: dataPath,
                                              imaging: ImagingSettings().inWorkers(command: "decode-worker", count: ProcessInfo.processInfo.activeProcessorCount),
                                              logger: logger)
        } catch let error as LibraryMismatch { throw ValidationError(error.description) }
        let (store, journal) = (runtime.store, runtime.journal)
        print("Scanning \(library) into \(dataPath).")
        for read in runtime.recovery.culprits where read.kind != .upload {
            print("\(read.entry.key) stopped the reader last time; it is marked unreadable and skipped.")
        }
        let monitor = ScanMonitor()
        let scanner = LibraryScanner(source: source, store: store, journal: journal, monitor: monitor, logger: logger)
        let bar = ProgressBar(monitor: monitor, enabled: isatty(STDERR_FILENO) == 1)
        let ticker = Task { await bar.run() }
        defer { ticker.cancel() }
        do {
            let summary: ScanSummary
            do { summary = try await scanner.run(listing: walk) } catch let busy as ScanBusy { throw ValidationError(busy.description) }
            ticker.cancel()
            bar.finish()
            print("Scanned \(summary.total) files in \(String(format: "%.1f", summary.seconds)) s: \(summary.added) added, "
                  + "\(summary.updated) updated, \(summary.removed) removed, \(summary.unchanged) unchanged, \(summary.errors) errors"
                  + (summary.unavailable > 0 ? ", \(summary.unavailable) could not be read now (the next scan tries them again). " : ". ")
                  + "The library holds \(Self.holdings(summary.kinds)).")
            for issue in try await store.scanIssues(limit: 20) { print("  could not read \(issue.key): \(issue.reason)") }
        } catch let error as SourceError {
            ticker.cancel()
            bar.finish()
            throw ValidationError("\(error.description) Nothing was removed from the catalog.")
        }
    }

    /// "12 photos and 3 videos (2 Live photos, 1 RAW file)".
    static func holdings(_ kinds: KindCounts) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var out = count(kinds.photos, "photo", "photos") + " and " + count(kinds.videos, "video", "videos")
        let more = (kinds.live > 0 ? [count(kinds.live, "Live photo", "Live photos")] : [])
            + (kinds.raw > 0 ? [count(kinds.raw, "RAW file", "RAW files")] : [])
        if !more.isEmpty { out += " (" + more.joined(separator: ", ") + ")" }
        return out
    }
}
