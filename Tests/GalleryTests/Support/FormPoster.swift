import Foundation
import Hummingbird
import HummingbirdTesting

/// Submits forms the way a browser does: with the CSRF cookie from a page and the same token in the body.
struct FormPoster {
    let client: any TestClientProtocol
    let token: String

    /// Loads `page` to obtain the CSRF cookie.
    static func start(_ client: any TestClientProtocol, page: String = "/") async throws -> FormPoster {
        let response = try await client.execute(uri: page, method: .get)
        let cookie = response.headers[values: .setCookie].first { $0.hasPrefix("photolala_csrf=") } ?? ""
        let token = String(cookie.dropFirst("photolala_csrf=".count).prefix { $0 != ";" })
        return FormPoster(client: client, token: token)
    }

    /// POSTs url-encoded `fields` (plus `csrf` unless `csrf` is given), with the cookie unless `cookie` is false.
    func post(_ uri: String, _ fields: [(String, String)], csrf: String? = nil, cookie: Bool = true,
              headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var all = fields
        all.append(("csrf", csrf ?? token))
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if cookie { headers[.cookie] = "photolala_csrf=\(token)" }
        for field in extra { headers.append(field) }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func encode(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }
}
