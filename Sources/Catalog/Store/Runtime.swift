import Imaging
import Logging

/// What `serve` and `scan` both begin with, in this order: the catalog the location names, bound
/// to its library (another library's catalog is refused before anything reads a file), with
/// whatever a stopped scan into an empty catalog had set aside made again; decoding
/// set up (`ImagingSettings`: its limits and its worker processes); and the read journal
/// recovered, each file whose read crashed an earlier process marked unreadable before anything
/// reads it again. What differs after it (the server's routes, the scan's progress bar) is each
/// command's own.
public struct Runtime: Sendable {
    public let store: any PhotoCatalog
    public let journal: ReadJournal
    /// What the journal found of the run before: the files that crashed it (now marked) and those
    /// it was reading when it stopped.
    public let recovery: ReadJournal.Recovery

    /// `check`: when the catalog is checked whole (`.whileServing` only for a server, whose
    /// service group runs the catalog's service).
    public static func start(_ catalog: CatalogLocation, library: String, dataFolder: String, imaging: ImagingSettings,
                             check: CatalogCheck = .beforeOpening, logger: Logger) async throws -> Runtime {
        let store = try await catalog.open(logger: logger, check: check)
        try await store.bindLibrary(library)
        // A scan into an empty catalog that was stopped left its indexes set aside (`Schema+SetAside`).
        let restored = try await store.restoreSetAside()
        if restored > 0 { logger.notice("made again \(restored) indexes a stopped scan had set aside") }
        Imaging.start(imaging)
        let journal = ReadJournal(dataFolder: dataFolder)
        let recovery = journal.recover()
        try await store.markStoppedReaders(recovery.culprits)
        return Runtime(store: store, journal: journal, recovery: recovery)
    }
}
