import Hummingbird
import Logging

/// Turns every error into a clear HTML page with the right status; the real error goes to the
/// log with the request id, never onto the page.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = GalleryContext
    let renderer: PageRenderer
    let chrome: ChromeBuilder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            return page(status: error.status, message: error.body, headers: error.headers)
        } catch let error as HTTPResponseError {
            return page(status: error.status, message: nil, headers: [:])
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return page(status: .internalServerError, message: "Something went wrong on our side. The error was logged; please try again.", headers: [:])
        }
    }

    private func page(status: HTTPResponse.Status, message: String?, headers: HTTPFields) -> Response {
        let heading: String
        let fallback: String
        switch status.code {
        case 400: (heading, fallback) = ("That request didn’t make sense", "Something in the address is not valid.")
        case 404: (heading, fallback) = ("Not found", "There is nothing at this address.")
        case 405: (heading, fallback) = ("Not allowed", "This address does not accept that kind of request.")
        case 416: (heading, fallback) = ("Range not satisfiable", "The requested byte range is outside the file.")
        case 500...: (heading, fallback) = ("Something went wrong", "The error was logged; please try again.")
        default: (heading, fallback) = (status.reasonPhrase, status.reasonPhrase)
        }
        let model = ErrorView(chrome: chrome.chrome(title: heading), status: status.code, heading: heading, message: message ?? fallback)
        var response = renderer.response("error", model, status: status)
        for field in headers where field.name != .contentType && field.name != .contentLength { response.headers.append(field) }
        return response
    }
}
