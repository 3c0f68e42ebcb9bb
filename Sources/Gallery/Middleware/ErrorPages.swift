import Catalog
import Hummingbird
import Logging

/// Turns every error into a clear HTML page with the right status; the real error goes to the
/// log with the request id (`context.logger` carries it), never onto the page. Used twice:
/// `ResponseMiddleware` for what the session and CSRF checks throw, `RouteErrorMiddleware` for
/// the routes' own errors, where the visitor is known (their menu, their way back).
struct ErrorPages: Sendable {
    let pages: PageKit

    /// The page answering `error`, thrown while answering `request`.
    func response(for error: any Error, _ request: Request, context: GalleryContext) -> Response {
        let failure = CatalogFailure.of(error)
        switch error {
        case let error as PageError:
            return page(status: error.status, message: error.message, headers: error.headers, context: context)
        case let error as HTTPError:
            return page(status: error.status, message: error.body.map(Phrase.verbatim), headers: error.headers, context: context)
        case let error as HTTPResponseError:
            return page(status: error.status, message: nil, headers: [:], context: context)
        case _ where failure == .storage:
            context.logger.error("catalog write failed: the data folder is full or failing", metadata: ["error": "\(error)"])
            let full = Phrase("The data folder is full (or its disk is failing), so nothing was changed. Pages keep working; free some space and try again.")
            return page(status: .init(code: 507, reasonPhrase: "Insufficient Storage"), message: full, headers: [:], context: context)
        case _ where failure == .unreachable:
            context.logger.error("the catalog's database could not be reached", metadata: ["error": "\(error)"])
            let away = Phrase("The catalog's database cannot be reached just now, so nothing was changed. Please try again in a moment.")
            return page(status: .serviceUnavailable, message: away, headers: [.retryAfter: "5"], context: context)
        default:
            // A page that could not be rendered (`RenderError`) is a bug like any other: a 500, logged.
            context.logger.error(error is RenderError ? "page could not be rendered" : "request failed",
                                 metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return page(status: .internalServerError,
                        message: Phrase("Something went wrong on our side. It was logged as request \(context.id); please try again."),
                        headers: [:], context: context)
        }
    }

    private func page(status: HTTPResponse.Status, message: Phrase?, headers: HTTPFields, context: GalleryContext) -> Response {
        let heading: Phrase
        let fallback: Phrase
        switch status.code {
        case 400: (heading, fallback) = (Phrase("That request didn’t make sense"), Phrase("Something in the address is not valid."))
        case 401: (heading, fallback) = (Phrase("Sign in needed"), Phrase("Sign in to do this."))
        case 403: (heading, fallback) = (Phrase("Not allowed"), Phrase("You may not do this."))
        case 404: (heading, fallback) = (Phrase("Not found"), Phrase("There is nothing at this address."))
        case 409: (heading, fallback) = (Phrase("That can’t be done right now"), Phrase("The request conflicts with the library’s state."))
        case 410: (heading, fallback) = (Phrase("Gone"), Phrase("This address no longer works."))
        case 413: (heading, fallback) = (Phrase("Too large"), Phrase("What was sent is larger than allowed."))
        case 429: (heading, fallback) = (Phrase("Too many attempts"), Phrase("Please wait a while and try again."))
        case 405: (heading, fallback) = (Phrase("Not allowed"), Phrase("This address does not accept that kind of request."))
        case 415: (heading, fallback) = (Phrase("Not a form"), Phrase("This address takes only a form sent from one of the gallery’s pages."))
        case 416: (heading, fallback) = (Phrase("Range not satisfiable"), Phrase("The requested byte range is outside the file."))
        case 500...: (heading, fallback) = (Phrase("Something went wrong"), Phrase("The error was logged; please try again."))
        default: (heading, fallback) = (.verbatim(status.reasonPhrase), .verbatim(status.reasonPhrase))
        }
        let model = ErrorView(chrome: pages.chrome(title: heading, for: context), status: status.code, heading: heading, message: message ?? fallback)
        var response: Response
        do { response = try pages.response(model, status: status, for: context) } catch {
            // The error page itself failed (its template is broken): a bare page still says what happened.
            context.logger.error("error page could not be rendered", metadata: ["error": "\(error)"])
            let said = context.language.say(Phrase("\(heading). (Request \(context.id).)"))
            let escaped = said.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            let text = "<!DOCTYPE html><title>Photolala</title><p>\(escaped)</p>"
            response = Response(status: status, headers: PageRenderer.pageHeaders, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        for field in headers where field.name != .contentType && field.name != .contentLength { response.headers.append(field) }
        return response
    }
}
