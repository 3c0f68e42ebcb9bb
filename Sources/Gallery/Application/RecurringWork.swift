import Logging
import ServiceLifecycle

/// Work the server does beside its requests, as it starts and then every few seconds until it
/// stops: naming positions (`PlaceNaming`), measuring likeness (`LikenessMeasuring`). Each round
/// says how much it did; a round that did something is logged, one that failed is logged and
/// the next round tries again.
struct RecurringWork: Service {
    /// What a round is for, in the failure's log line ("places could not be named").
    let failure: Logger.Message
    /// The log line of a round that did `n` things.
    let done: @Sendable (Int) -> Logger.Message
    let round: @Sendable () async throws -> Int
    let logger: Logger
    var interval: Duration = .seconds(3)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let count = try await round()
                    if count > 0 { logger.info(done(count)) }
                } catch {
                    logger.warning("\(failure) just now", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }
        try? await gracefulShutdown()
    }
}
