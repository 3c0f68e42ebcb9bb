import Hummingbird

/// Behind a trusted reverse proxy: the client's address comes from `X-Forwarded-For` (the
/// nearest hop that is not itself a trusted proxy) and HTTPS from `X-Forwarded-Proto`. From any
/// other peer these headers are ignored, so nobody can fake an address to dodge throttling.
struct ForwardedMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let forwardedFor = HTTPFields.Element.Name("X-Forwarded-For")!
    static let forwardedProto = HTTPFields.Element.Name("X-Forwarded-Proto")!
    let trusted: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !trusted.isEmpty, trusted.contains(context.remoteAddress) else { return try await next(request, context) }
        var context = context
        let chain = request.headers[values: Self.forwardedFor].joined(separator: ",")
        let hops = chain.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let client = hops.last(where: { !trusted.contains($0) }) ?? hops.first { context.remoteAddress = client }
        if let proto = request.headers[Self.forwardedProto]?.split(separator: ",").first {
            context.isHTTPS = proto.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
        return try await next(request, context)
    }
}
