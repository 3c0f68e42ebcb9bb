/// Makes the renditions of photos that just arrived (a phone's backup through the WebDAV door)
/// ahead of their first visit: one photo at a time, in the order they came, each in a turn of the
/// server's background work (`BackgroundTurns`), like its other work beside the requests. So a burst of uploads is not slowed by a decode a photo, and a
/// thousand photos sent at once do not start a thousand decodes at once.
final class RenditionsAhead: Sendable {
    private let queue: AsyncStream<String>.Continuation

    /// `make` makes a photo's renditions (by its library key); `giveWay` waits before each.
    init(make: @escaping @Sendable (String) async -> Void, giveWay: @escaping @Sendable () async -> Int) {
        // Past this many waiting, the oldest are left to be made when first asked for.
        let (keys, queue) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        self.queue = queue
        Task.detached(priority: .background) {
            for await key in keys {
                _ = await giveWay()
                await make(key)
            }
        }
    }

    deinit { queue.finish() }

    /// Queues a photo's renditions.
    func enqueue(_ key: String) { queue.yield(key) }
}
