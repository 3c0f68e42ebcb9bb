/// A page that could not be rendered: a template is missing or a view model failed to encode.
/// Always a bug; the error page logs it with the request id and answers with a 500.
struct RenderError: Error, CustomStringConvertible {
    let template: String
    let reason: String

    var description: String { "template \(template): \(reason)" }
}
