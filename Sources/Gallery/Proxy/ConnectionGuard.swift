import HTTPTypes
import HummingbirdCore
import NIOHTTPTypes
import NIOCore

/// Keeps slow or greedy clients from tying the server up. Each connection must finish a
/// request's headers within `headerTimeout` of connecting (or of its previous response ending);
/// a request body must keep up `minimumBodyRate` bytes a second over the time the server spends
/// waiting for it; either failing is answered 408 and the connection closed. Connections are
/// capped per address and in total. Nothing here blocks, so everyone else is served meanwhile.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The time limits and the floor rate.
    struct Limits: Sendable {
        var headerTimeout: TimeAmount
        /// Bytes per second a body must keep up while the server waits for it; 0 for no floor.
        var minimumBodyRate: Int
        /// How much waiting a body's rate is judged over.
        var rateWindow: TimeAmount
    }

    private let limits: Limits
    private let counter: Counter
    private var address: String?
    /// The one header check scheduled at a time; it looks at `headerClock` when it fires.
    private var deadline: Scheduled<Void>?
    /// Since when the connection has been waiting for a request's headers; nil while a request
    /// is in progress. Moving it costs a clock read, not a timer, on every request.
    private var headerClock: NIODeadline?
    private var rateCheck: RepeatedTask?
    /// Requests whose response has not ended yet; the header clock runs only when this is 0.
    private var unanswered = 0
    /// A body is arriving (between a request's head and its end).
    private var inBody = false
    /// A response head went out for the request in progress, so no 408 may be written over it.
    private var responding = false
    /// Since when the server has been asking for more bytes without getting a body part.
    private var waitingSince: NIODeadline?
    /// Waiting time and body bytes in the current rate window.
    private var waited = TimeAmount.zero
    private var received = 0

    init(limits: Limits, counter: Counter) {
        self.limits = limits
        self.counter = counter
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard counter.acquire(peer) else {
            context.close(promise: nil)
            return
        }
        address = peer
        armHeaderDeadline(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        rateCheck?.cancel()
        if let address { counter.release(address) }
        address = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            headerClock = nil
            unanswered += 1
            responding = false
            startBody(context, expected: head.headerFields[.contentLength].map { $0 != "0" } ?? (head.headerFields[.transferEncoding] != nil))
            // A client that asks before it sends its body (curl past 1 MB, WebDAV clients, phones'
            // backup apps) is told to go on at once, rather than waiting out its own timer.
            if head.headerFields[.expect]?.lowercased() == "100-continue" {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
            }
        case .body(let bytes):
            noteArrival(bytes.readableBytes)
        case .end:
            inBody = false
            rateCheck?.cancel()
            rateCheck = nil
            // Answered before the body was all in (a refusal): the header clock starts now.
            if unanswered == 0 { armHeaderDeadline(context) }
        }
        context.fireChannelRead(data)
    }

    /// Notes when the server starts waiting on the client for more bytes.
    func read(context: ChannelHandlerContext) {
        // The server wants more bytes: from now until a body part arrives, it waits on the client.
        if inBody && waitingSince == nil { waitingSince = .now() }
        context.read()
    }

    /// Follows responses going out: a head means no 408 may be written, an end restarts the header clock.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            responding = true
        case .end:
            unanswered = max(0, unanswered - 1)
            responding = false
            // The next request on this connection gets the same time for its headers.
            if unanswered == 0 && !inBody { armHeaderDeadline(context) }
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// Starts the header clock; a check is scheduled only when none is pending.
    private func armHeaderDeadline(_ context: ChannelHandlerContext) {
        headerClock = .now()
        if deadline == nil { scheduleHeaderCheck(context, in: limits.headerTimeout) }
    }

    private func scheduleHeaderCheck(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: delay) {
            let (guardian, context) = loopBound.value
            guardian.checkHeaderClock(context)
        }
    }

    /// Times out a connection that has waited the whole header timeout for headers; otherwise
    /// looks again when the clock, started later, will have run out.
    private func checkHeaderClock(_ context: ChannelHandlerContext) {
        deadline = nil
        guard let started = headerClock else { return }
        let waited = NIODeadline.now() - started
        if waited >= limits.headerTimeout {
            timeOut(context)
        } else {
            scheduleHeaderCheck(context, in: limits.headerTimeout - waited)
        }
    }

    /// A request's body starts; its rate is watched only when it has one (a GET has none).
    private func startBody(_ context: ChannelHandlerContext, expected: Bool) {
        inBody = true
        waited = .zero
        received = 0
        waitingSince = nil
        rateCheck?.cancel()
        rateCheck = nil
        guard limits.minimumBodyRate > 0, expected else { return }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        rateCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: limits.rateWindow, delay: limits.rateWindow) { _ in
            let (guardian, context) = loopBound.value
            guardian.judgeRate(context)
        }
    }

    private func noteArrival(_ bytes: Int) {
        if let since = waitingSince {
            waited = waited + (.now() - since)
            waitingSince = nil
        }
        received += bytes
    }

    /// At the end of each window: a body the server waited on for at least half the window, and
    /// that brought less than the floor rate over that waiting, is too slow.
    private func judgeRate(_ context: ChannelHandlerContext) {
        guard inBody else { return }
        let now = NIODeadline.now()
        let waitedNow = waited + (waitingSince.map { now - $0 } ?? .zero)
        let seconds = Double(waitedNow.nanoseconds) / 1e9
        if waitedNow.nanoseconds * 2 >= limits.rateWindow.nanoseconds, Double(received) < Double(limits.minimumBodyRate) * seconds {
            timeOut(context)
            return
        }
        waited = .zero
        received = 0
        if waitingSince != nil { waitingSince = now }
    }

    /// Answers 408 (unless a response is already going out) and closes the connection.
    private func timeOut(_ context: ChannelHandlerContext) {
        rateCheck?.cancel()
        rateCheck = nil
        guard context.channel.isActive else { return }
        if !responding {
            var fields = HTTPFields()
            fields[.connection] = "close"
            fields[.contentType] = "text/plain; charset=utf-8"
            let text = "The request arrived too slowly, so the connection was closed.\n"
            fields[.contentLength] = String(text.utf8.count)
            context.write(wrapOutboundOut(.head(HTTPResponse(status: .requestTimeout, headerFields: fields))), promise: nil)
            context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: text))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.close(promise: nil)
    }
}
