import HTTPTypes
import Hummingbird

/// Security headers on every response: no inline script, no framing, no MIME sniffing, and
/// referrers only within the site. Applied by `ResponseMiddleware`.
enum SecurityHeaders {
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")!
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The three fields, made (and their values checked) once rather than on every response.
    static let fields = [HTTPField(name: .contentSecurityPolicy, value: contentSecurityPolicy),
                         HTTPField(name: .xContentTypeOptions, value: "nosniff"),
                         HTTPField(name: referrerPolicy, value: "same-origin")]

    /// Puts the three fields on a response's headers.
    static func apply(to headers: inout HTTPFields) {
        // No route sets these itself; one that did would have its own replaced.
        for field in fields {
            if headers[field.name] != nil { headers[field.name] = nil }
            headers.append(field)
        }
    }
}
