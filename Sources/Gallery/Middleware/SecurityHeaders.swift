import Foundation
import HTTPTypes
import Hummingbird

/// Security headers on every response: no inline script, no framing, no MIME sniffing, and
/// referrers only within the site. Applied by `ResponseMiddleware`.
struct SecurityHeaders: Sendable {
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")!

    /// Forms post to this site alone, and to `formTargets` besides: the OpenID provider, where
    /// signing out sends the browser on (a form's redirect to another origin is held to it too).
    static func contentSecurityPolicy(formTargets: [String] = []) -> String {
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action " + (["'self'"] + formTargets).joined(separator: " ") + "; frame-ancestors 'none'"
    }

    /// The three fields, made (and their values checked) once rather than on every response.
    let fields: [HTTPField]

    init(formTargets: [String] = []) {
        fields = [HTTPField(name: .contentSecurityPolicy, value: Self.contentSecurityPolicy(formTargets: formTargets)),
                  HTTPField(name: .xContentTypeOptions, value: "nosniff"),
                  HTTPField(name: Self.referrerPolicy, value: "same-origin")]
    }

    /// The origin of an address (`https://auth.example.org:8443`), for `formTargets`; nil for none.
    static func origin(of address: String) -> String? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host?.lowercased() else { return nil }
        return scheme + "://" + (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? "")
    }

    /// Puts the three fields on a response's headers.
    func apply(to headers: inout HTTPFields) {
        // No route sets these itself; one that did would have its own replaced.
        for field in fields {
            // (`contains`: a look-up by name that makes no string of the values, as `[name]` does)
            if headers.contains(field.name) { headers[field.name] = nil }
            headers.append(field)
        }
    }
}
