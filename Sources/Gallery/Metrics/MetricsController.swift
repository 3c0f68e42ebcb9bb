import Hummingbird

/// `GET /metrics` in Prometheus' text format: on the main port only with the configured bearer
/// token, or on a port of its own (which the operator keeps private).
struct MetricsController: Sendable {
    let metrics: GalleryMetrics
    /// Required as `Authorization: Bearer <token>` on the main port; nil on the metrics port.
    let token: String?

    @Sendable func serve(_ request: Request, context: some RequestContext) async throws -> Response {
        if let token {
            let sent = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
            guard FormBody.constantTimeEqual(sent, token) else {
                throw PageError(.unauthorized, headers: [.wwwAuthenticate: "Bearer realm=\"metrics\""],
                                message: Phrase("Metrics need the configured bearer token."))
            }
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: await metrics.render())))
    }
}
