import HummingbirdCore
import NIOHTTPTypes
import NIOCore
import Synchronization

/// Keeps slow or greedy clients from tying the server up: each connection must finish a
/// request's headers within `headerTimeout` of connecting (or of its previous request ending),
/// and one address may hold at most `perAddress` connections at once. A slowloris trickling
/// header bytes is cut off; everyone else is served as usual, since nothing here blocks.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// Connections per address, shared by every connection's guard.
    final class Counter: Sendable {
        private let counts = Mutex([String: Int]())
        let perAddress: Int
        /// Reverse proxies carry many clients on their connections, so they are not capped.
        let exempt: TrustedProxies

        init(perAddress: Int, exempt: TrustedProxies) {
            self.perAddress = perAddress
            self.exempt = exempt
        }

        func acquire(_ address: String) -> Bool {
            if exempt.contains(address) { return true }
            return counts.withLock { counts in
                guard counts[address, default: 0] < perAddress else { return false }
                counts[address, default: 0] += 1
                return true
            }
        }

        func release(_ address: String) {
            if exempt.contains(address) { return }
            counts.withLock { counts in
                counts[address, default: 1] -= 1
                if counts[address] == 0 { counts[address] = nil }
            }
        }
    }

    private let headerTimeout: TimeAmount
    private let counter: Counter
    private var address: String?
    private var deadline: Scheduled<Void>?

    init(headerTimeout: TimeAmount, counter: Counter) {
        self.headerTimeout = headerTimeout
        self.counter = counter
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard counter.acquire(peer) else {
            context.close(promise: nil)
            return
        }
        address = peer
        armDeadline(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        if let address { counter.release(address) }
        address = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            deadline = nil
        case .end:
            armDeadline(context)  // the next request on this connection gets the same time
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    private func armDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
    }
}
