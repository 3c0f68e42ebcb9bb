import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport

/// Submits forms the way a browser does: with the CSRF cookie from a page, the page's form token
/// in the body, and the page's own `Origin`.
struct FormPoster {
    let client: any TestClientProtocol
    /// The CSRF cookie's value.
    let token: String
    /// The session cookie value once signed in.
    var session: String?
    /// The token the signed-in pages' forms carry (bound to the session), when it differs from the cookie's.
    var formToken: String?
    /// Other cookies a response set that this visitor sends back (`name=value`), such as a new share link's.
    var otherCookies: [String] = []
    /// The `Origin` a browser sends with the form; the test client addresses the server as `localhost`.
    static let origin = "http://localhost"

    /// Loads `page` to obtain the CSRF cookie.
    static func start(_ client: any TestClientProtocol, page: String = "/") async throws -> FormPoster {
        let response = try await client.execute(uri: page, method: .get)
        let cookie = response.headers[values: .setCookie].first { $0.hasPrefix("photolala_csrf=") } ?? ""
        let token = String(cookie.dropFirst("photolala_csrf=".count).prefix { $0 != ";" })
        return FormPoster(client: client, token: token)
    }

    /// Signs in through the real form (under `base`, a gallery's base path) and keeps the session cookie.
    static func signIn(_ client: any TestClientProtocol, _ name: String, password: String = "correct horse", base: String = "") async throws -> FormPoster {
        var poster = try await start(client, page: base + "/login")
        let response = try await poster.post(base + "/login", [("name", name), ("password", password), ("next", "/")])
        guard response.status == .seeOther else { throw SignInFailed(status: response.status.code) }
        poster.session = Self.cookie("photolala_session", in: response)
        let csrf = Self.cookie("photolala_csrf", in: response) ?? poster.token
        var signedIn = FormPoster(client: client, token: csrf, session: poster.session)
        signedIn.formToken = Self.formToken(in: try await signedIn.get(base + "/account").text)
        return signedIn
    }

    /// The `csrf` field's value in a page's first form.
    static func formToken(in html: String) -> String? {
        html.firstMatch(of: #/name="csrf" value="([0-9a-f]+)"/#).map { String($0.output.1) }
    }

    struct SignInFailed: Error { var status: Int }

    /// A cookie's value from a response's Set-Cookie headers.
    static func cookie(_ name: String, in response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix(name + "=") }
            .map { String($0.dropFirst(name.count + 1).prefix { $0 != ";" }) }
    }

    /// The Cookie header this visitor sends.
    var cookieHeader: String {
        var cookies = ["photolala_csrf=\(token)"]
        if let session { cookies.append("photolala_session=\(session)") }
        return (cookies + otherCookies).joined(separator: "; ")
    }

    /// This visitor, also sending back the cookie `name` that `response` set.
    func keeping(_ name: String, from response: TestResponse) -> FormPoster {
        var copy = self
        if let value = Self.cookie(name, in: response) { copy.otherCookies.append("\(name)=\(value)") }
        return copy
    }

    /// The undo token the flash of `response` offers, read from the page it leads to.
    func undoToken(after response: TestResponse, page: String) async throws -> String? {
        let html = try await keeping("photolala_flash", from: response).get(page).text
        return html.firstMatch(of: #/data-action="undo"><input type="hidden" name="csrf" value="[^"]*"><input type="hidden" name="token" value="([A-Za-z0-9_-]{43})"/#)
            .map { String($0.output.1) }
    }

    /// A GET with this visitor's cookies.
    func get(_ uri: String, method: HTTPRequest.Method = .get, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers: HTTPFields = [.cookie: cookieHeader]
        for field in extra { headers.append(field) }
        return try await client.execute(uri: uri, method: method, headers: headers)
    }

    /// POSTs url-encoded `fields` (plus `csrf` unless `csrf` is given), with the cookie unless `cookie` is false.
    func post(_ uri: String, _ fields: [(String, String)], csrf: String? = nil, cookie: Bool = true,
              headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var all = fields
        all.append(("csrf", csrf ?? formToken ?? token))
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if cookie { headers[.cookie] = cookieHeader }
        if extra[.origin] == nil { headers[.origin] = Self.origin }
        for field in extra { headers.append(field) }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func encode(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }
}
