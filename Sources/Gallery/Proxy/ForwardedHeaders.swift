import Hummingbird

/// Behind a trusted reverse proxy: the client's address comes from `X-Forwarded-For` (the
/// nearest hop that is not itself a trusted proxy) and HTTPS from `X-Forwarded-Proto`. From any
/// other peer these headers are ignored, so nobody can fake an address to dodge throttling.
/// Read by `ResponseMiddleware` before anything else sees the request.
struct ForwardedHeaders: Sendable {
    static let forwardedFor = HTTPFields.Element.Name("X-Forwarded-For")!
    static let forwardedProto = HTTPFields.Element.Name("X-Forwarded-Proto")!
    let trusted: TrustedProxies

    /// Notes in `context` what a trusted proxy says of the client.
    func apply(_ request: Request, to context: inout GalleryContext) {
        guard !trusted.isEmpty, trusted.contains(context.remoteAddress) else { return }
        let chain = request.headers[values: Self.forwardedFor].joined(separator: ",")
        let hops = chain.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let client = hops.last(where: { !trusted.contains($0) }) ?? hops.first { context.remoteAddress = client }
        if let proto = request.headers[Self.forwardedProto]?.split(separator: ",").first {
            context.isHTTPS = proto.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
    }
}
