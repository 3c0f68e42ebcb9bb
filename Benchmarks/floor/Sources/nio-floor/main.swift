import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

// usage: nio-floor PORT
// GET /hello: "hello", with the same headers as the Hummingbird floor's (content type, length
// and date); anything else: 404. SwiftNIO's HTTP/1 server pipeline and one synchronous handler
// on the event loop, no framework: how fast the library under Hummingbird answers on this machine.
guard CommandLine.arguments.count == 2, let port = Int(CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: nio-floor PORT\n".utf8))
    exit(2)
}

final class Hello: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    private static let body = ByteBuffer(string: "hello")
    private var found = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            found = head.method == .GET && head.uri == "/hello"
        case .body:
            break
        case .end:
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            headers.add(name: "Content-Length", value: found ? "5" : "0")
            headers.add(name: "Date", value: date())
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: found ? .ok : .notFound, headers: headers))), promise: nil)
            if found { context.write(wrapOutboundOut(.body(.byteBuffer(Self.body))), promise: nil) }
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) { context.flush() }

    /// The date as HTTP writes it, made anew each second (as Hummingbird caches its own); a
    /// handler serves one connection, on one event loop, so it keeps its own.
    private var dated: (second: time_t, text: String) = (0, "")
    private func date() -> String {
        let now = time(nil)
        if dated.second != now {
            var t = tm(); var seconds = now; gmtime_r(&seconds, &t)
            var buffer = [CChar](repeating: 0, count: 64)
            strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &t)
            dated = (now, String(cString: buffer))
        }
        return dated.text
    }
}

let server = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.backlog, value: 256)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(Hello())
        }
    }
    .bind(host: "127.0.0.1", port: port).wait()
try server.closeFuture.wait()
