import Hummingbird

/// An answer other than the page asked for, with the words its error page says, in the
/// visitor's language (`ErrorPages`): what `HTTPError` is, with a `Phrase` for its message.
struct PageError: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    /// What the error page says; nil for the status's own words.
    let message: Phrase?

    init(_ status: HTTPResponse.Status, headers: HTTPFields = [:], message: Phrase? = nil) {
        (self.status, self.headers, self.message) = (status, headers, message)
    }

    /// Outside the gallery's error pages (which never let it get this far), its English as text.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: .init(string: message?.english ?? status.reasonPhrase)))
    }
}
