import Hummingbird

/// Security headers on every response: no inline script, no framing, no MIME sniffing, and
/// referrers only within the site.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = GalleryContext

    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")!
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "same-origin"
        return response
    }
}
