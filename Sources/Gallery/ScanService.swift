import Catalog
import Logging
import ServiceLifecycle

/// Runs the start-up scan beside the server, and stops it when the server shuts down.
struct ScanService: Service {
    let scanner: LibraryScanner
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            do {
                try await scanner.run()
            } catch {
                // The monitor carries the reason to the pages; the server keeps serving.
                logger.error("start-up scan failed: \(error)")
            }
        }
        // A service that returns would stop the whole server; wait for shutdown instead.
        try? await gracefulShutdown()
    }
}
