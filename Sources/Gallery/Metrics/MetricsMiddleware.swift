import Hummingbird

/// Records every answered request in the metrics, under the route pattern it matched.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    let metrics: GalleryMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        metrics.request(route: context.endpointPath ?? "unmatched", method: request.method.rawValue, status: Int(response.status.code),
                        duration: ContinuousClock.now - started)
        return response
    }
}
