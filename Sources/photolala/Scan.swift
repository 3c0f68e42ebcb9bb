import ArgumentParser
import Catalog
import Foundation
import Gallery
import Imaging
import Logging

/// `photolala scan`: bring the catalog up to date in the foreground, then exit.
struct Scan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scan", abstract: "Scan the library into the catalog and exit when it is up to date.")

    @OptionGroup var location: LocationOptions

    func run() async throws {
        let locations = try location.resolve()
        let (library, dataPath) = (locations.library, locations.data)
        if let note = locations.note { say(note) }
        if locations.isDemo { try DemoLibrary.ensure(at: library) }
        var logger = Logger(label: "photolala.scan")
        logger.logLevel = .warning
        // The library is walked while the catalog is opened and checked: two passes, two cores.
        // Nothing else asks the machine for anything meanwhile, so the walk's `stat`s use every core.
        let source = locations.source(logger: logger, walkThreads: ProcessInfo.processInfo.activeProcessorCount)
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
        say(Phrase("Scanning \(library) into \(dataPath)."))
        for read in runtime.recovery.culprits where read.kind != .upload {
            say(Phrase("\(read.entry.key) stopped the reader last time; it is marked unreadable and skipped."))
        }
        let monitor = ScanMonitor()
        var scanner = LibraryScanner(source: source, store: store, journal: journal, monitor: monitor, logger: logger)
        // Nobody looks at the catalog while this scan runs: into an empty one, it loads in bulk.
        scanner.loadsInBulk = true
        scanner.usesEveryCore = true
        let bar = ProgressBar(monitor: monitor, enabled: isatty(STDERR_FILENO) == 1)
        let ticker = Task { await bar.run() }
        defer { ticker.cancel() }
        do {
            let summary: ScanSummary
            do { summary = try await scanner.run(listing: walk) } catch let busy as ScanBusy { throw ValidationError(busy.description) }
            ticker.cancel()
            bar.finish()
            say(Self.report(summary))
            for issue in try await store.scanIssues(limit: 20) { say(Phrase("  could not read \(issue.key): \(issue.reason)")) }
        } catch let error as SourceError {
            ticker.cancel()
            bar.finish()
            throw ValidationError(Phrase("\(Phrase(error)) Nothing was removed from the catalog."))
        }
    }

    /// What a scan did and what the library now holds.
    static func report(_ summary: ScanSummary) -> Phrase {
        let seconds = Phrase.Argument.tenths(summary.seconds)
        var parts = [Phrase(count: summary.total,
                            "Scanned \(summary.total) file in \(seconds) s: \(summary.added) added, \(summary.updated) updated, \(summary.removed) removed, \(summary.unchanged) unchanged, \(summary.errors) errors.",
                            "Scanned \(summary.total) files in \(seconds) s: \(summary.added) added, \(summary.updated) updated, \(summary.removed) removed, \(summary.unchanged) unchanged, \(summary.errors) errors.")]
        if summary.unavailable > 0 {
            parts.append(Phrase(count: summary.unavailable, "\(summary.unavailable) could not be read now (the next scan tries it again).",
                                "\(summary.unavailable) could not be read now (the next scan tries them again)."))
        }
        parts.append(Phrase("The library holds \(holdings(summary.kinds))."))
        return Phrase.joined(parts, separator: " ")
    }

    /// "12 photos and 3 videos (2 Live photos, 1 RAW file)".
    static func holdings(_ kinds: KindCounts) -> Phrase {
        let both = Phrase("\(Phrase(count: kinds.photos, "\(kinds.photos) photo", "\(kinds.photos) photos")) and \(Phrase(count: kinds.videos, "\(kinds.videos) video", "\(kinds.videos) videos"))")
        var more: [Phrase] = []
        if kinds.live > 0 { more.append(Phrase(count: kinds.live, "\(kinds.live) Live photo", "\(kinds.live) Live photos")) }
        if kinds.raw > 0 { more.append(Phrase(count: kinds.raw, "\(kinds.raw) RAW file", "\(kinds.raw) RAW files")) }
        return more.isEmpty ? both : Phrase("\(both) (\(Phrase.joined(more, separator: ", ")))")
    }
}
