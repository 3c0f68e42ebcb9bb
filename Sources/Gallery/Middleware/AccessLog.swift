import Hummingbird
import Logging

/// One structured log line per request (method, path, status, milliseconds), carrying
/// the request id, which is also sent back as `X-Request-Id` so a person can quote it; the same
/// timing goes to the metrics under the route pattern the request matched.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    static let requestIdHeader = HTTPFields.Element.Name("X-Request-Id")!
    let metrics: GalleryMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[Self.requestIdHeader] = context.id
        let elapsed = ContinuousClock.now - started
        metrics.request(route: context.endpointPath ?? "unmatched", method: context.method(of: request).rawValue, status: Int(response.status.code),
                        duration: elapsed)
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        // Thumbnails and static files are most requests; they log at debug so the log stays readable.
        let path = request.uri.path
        let level: Logger.Level = SiteURL.isQuiet(path) ? .debug : .info
        context.logger.log(level: level, "request", metadata: [
            "method": "\(context.method(of: request))", "path": "\(path)", "status": "\(response.status.code)",
            "ms": "\((ms * 10).rounded() / 10)",
        ])
        return response
    }
}
