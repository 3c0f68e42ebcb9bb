import Foundation
import Logging
import ServiceLifecycle

/// What the server does beside its requests, never before its first answer: as it starts, the
/// counts a pass over every photo makes (the home page's collections, the timeline, On this day),
/// so the first visitors find them made; then the catalog's daily backup, at the start and every
/// `backupInterval` after it (a copy of a million photos' catalog takes seconds).
struct UpkeepService: Service {
    let recount: @Sendable () async -> Void
    let backup: @Sendable () async throws -> Void
    let logger: Logger
    var backupInterval: Duration = .seconds(86_400)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await recount()
            while !Task.isCancelled {
                do { try await backup() } catch {
                    logger.warning("today's catalog backup could not be written", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: backupInterval)
            }
        }
        // A service that returns would stop the whole server; wait for shutdown instead.
        try? await gracefulShutdown()
    }
}
