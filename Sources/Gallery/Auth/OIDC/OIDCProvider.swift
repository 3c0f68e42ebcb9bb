import AsyncHTTPClient
import Catalog
import Crypto
import Foundation
import Hummingbird
import JWTKit
import NIOCore
import NIOHTTP1

/// How this gallery signs people in through an OpenID provider, from the settings table.
struct OIDCSettings: Sendable {
    var issuer: String
    var clientId: String
    /// Nil for a public client (PKCE alone).
    var clientSecret: String?
    /// What the sign-in page's button calls the provider.
    var name: String
    /// The claim whose value names an existing account to link at a first sign-in; nil links none.
    var linkClaim: String?
    var createAccounts: Bool
    var role: Role
    var groupsClaim: String
    var adminGroup, memberGroup, viewerGroup: String?
    var autoRedirect: Bool
    var passwordSignIn: Bool
    /// Where the provider sends people back (`/oidc/callback` under the public address).
    var redirectURI: String
    /// Where the provider sends people once signed out there (the sign-in page).
    var postLogoutURI: String

    /// An issuer as it is kept: without trailing slashes.
    static func canonical(_ issuer: String) -> String {
        var text = issuer
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether any group decides roles (and someone in none is refused).
    var mapsGroups: Bool { adminGroup != nil || memberGroup != nil || viewerGroup != nil }

    /// The role `groups` gives; nil for someone in none of the groups named.
    func role(groups: [String]) -> Role? {
        if let adminGroup, groups.contains(adminGroup) { return .admin }
        if let memberGroup, groups.contains(memberGroup) { return .member }
        if let viewerGroup, groups.contains(viewerGroup) { return .viewer }
        return nil
    }
}

/// Why a sign-in through the provider did not happen, in words for the person.
struct OIDCRefusal: Error, Sendable {
    let status: HTTPResponse.Status
    let reason: Phrase
    /// What the log says (never shown: it may name the provider's insides).
    let detail: String
}

/// The provider as this gallery talks to it: its discovery document and keys (kept, and fetched
/// again when they are an hour old, or when a token names a key not seen yet, at most once every
/// 5 seconds), the code exchange, and the ID token's verification.
actor OIDCProvider {
    struct Discovery: Decodable, Sendable {
        var issuer: String
        var authorizationEndpoint: String
        var tokenEndpoint: String
        var jwksURI: String
        var endSessionEndpoint: String?

        enum CodingKeys: String, CodingKey {
            case issuer, authorizationEndpoint = "authorization_endpoint", tokenEndpoint = "token_endpoint", jwksURI = "jwks_uri",
                 endSessionEndpoint = "end_session_endpoint"
        }
    }

    /// What a verified ID token says: its subject and every claim, as sent.
    struct Identity: Sendable {
        var subject: String
        var claims: [String: ClaimValue]
    }

    /// A claim's value, as far as sign-in reads them.
    enum ClaimValue: Sendable, Equatable {
        case text(String), flag(Bool), list([String]), other

        var text: String? { if case .text(let value) = self { value } else { nil } }
        var list: [String] {
            switch self {
            case .list(let values): values
            case .text(let value): [value]
            default: []
            }
        }
    }

    let settings: OIDCSettings
    private let http: HTTPClient
    private var discovery: (value: Discovery, at: Date)?
    private var keys: (value: JWTKeyCollection, kids: Set<String>, at: Date)?
    /// How far the provider's clock and this one may disagree.
    static let leeway: TimeInterval = 120

    init(settings: OIDCSettings, http: HTTPClient = .shared) {
        (self.settings, self.http) = (settings, http)
    }

    /// The provider's discovery document, whose issuer must be the one configured.
    func discovered() async throws -> Discovery {
        if let discovery, discovery.at.timeIntervalSinceNow > -3_600 { return discovery.value }
        let url = OIDCSettings.canonical(settings.issuer) + "/.well-known/openid-configuration"
        let body = try await fetch(url)
        guard let found = try? JSONDecoder().decode(Discovery.self, from: body) else {
            throw Self.unavailable("the discovery document at \(url) is not one")
        }
        guard OIDCSettings.canonical(found.issuer) == OIDCSettings.canonical(settings.issuer) else {
            throw Self.unavailable("the discovery document names the issuer \(found.issuer), not \(settings.issuer)")
        }
        discovery = (found, Date())
        return found
    }

    /// Where to send someone to sign in.
    func authorizationURL(state: String, nonce: String, challenge: String) async throws -> String {
        let found = try await discovered()
        var parts = URLComponents(string: found.authorizationEndpoint) ?? URLComponents()
        parts.queryItems = (parts.queryItems ?? []) + [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: settings.clientId),
            URLQueryItem(name: "redirect_uri", value: settings.redirectURI), URLQueryItem(name: "scope", value: settings.mapsGroups ? "openid profile email groups" : "openid profile email"),
            URLQueryItem(name: "state", value: state), URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: challenge), URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        guard let url = parts.url?.absoluteString else { throw Self.unavailable("its authorization endpoint is not an address") }
        return url
    }

    /// Exchanges the code the provider sent back for its ID token, verified: signed by one of
    /// the provider's keys, issued by it, for this client, not expired (within the leeway), and
    /// carrying the sign-in's nonce.
    func identity(code: String, verifier: String, nonce: String) async throws -> (identity: Identity, idToken: String) {
        let found = try await discovered()
        var request = HTTPClientRequest(url: found.tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", settings.redirectURI), ("code_verifier", verifier)]
        if let secret = settings.clientSecret {
            // client_secret_basic: the client names itself in the header alone
            let pair = SiteURL.encodeSegment(settings.clientId) + ":" + SiteURL.encodeSegment(secret)
            request.headers.add(name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString())
        } else {
            form.append(("client_id", settings.clientId))
        }
        request.body = .bytes(ByteBuffer(string: form.map { SiteURL.encodeSegment($0.0) + "=" + SiteURL.encodeSegment($0.1) }.joined(separator: "&")))
        let response: HTTPClientResponse
        do { response = try await http.execute(request, timeout: .seconds(15)) } catch {
            throw Self.unavailable("its token endpoint did not answer: \(error)")
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok,
              let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any],
              let idToken = object["id_token"] as? String else {
            throw OIDCRefusal(status: .badGateway, reason: Phrase("The sign-in provider did not accept this sign-in. Please start again."),
                              detail: "the token endpoint answered \(response.status.code): \(String(buffer: body).prefix(300))")
        }
        return (try await verify(idToken, nonce: nonce, issuer: found.issuer), idToken)
    }

    /// Verifies an ID token as `identity(code:…)` says, fetching the keys again once when its key
    /// is not among those kept (the provider rotated them).
    func verify(_ idToken: String, nonce: String, issuer: String, now: Date = Date()) async throws -> Identity {
        // A key not among those kept: the provider rotated its keys, and they are fetched again
        // (at most once every 5 seconds, whatever tokens arrive). A key kept that does not verify
        // the signature is a forgery, and asks for nothing.
        var collection = try await keyCollection(refresh: false)
        if let kid = Self.keyId(of: idToken), let kept = keys, !kept.kids.contains(kid), kept.at.timeIntervalSinceNow < -5 {
            collection = try await keyCollection(refresh: true)
        }
        do {
            _ = try await collection.verify(idToken, as: SignatureOnly.self)
        } catch {
            throw OIDCRefusal(status: .badRequest, reason: Self.untrusted, detail: "the ID token's signature did not verify: \(error)")
        }
        let claims = try Self.claims(of: idToken)
        func refuse(_ why: String) -> OIDCRefusal { OIDCRefusal(status: .badRequest, reason: Self.untrusted, detail: "the ID token " + why) }
        guard case .text(let tokenIssuer)? = claims.raw["iss"], OIDCSettings.canonical(tokenIssuer) == OIDCSettings.canonical(issuer) else {
            throw refuse("was issued by someone else")
        }
        guard claims.audience.contains(settings.clientId) else { throw refuse("is for another client") }
        if claims.audience.count > 1, let azp = claims.raw["azp"]?.text, azp != settings.clientId { throw refuse("names another party") }
        let seconds = now.timeIntervalSince1970
        guard let expires = claims.numbers["exp"], expires + Self.leeway > seconds else { throw refuse("has expired") }
        if let issued = claims.numbers["iat"], issued - Self.leeway > seconds { throw refuse("was issued in the future") }
        guard claims.raw["nonce"]?.text == nonce else { throw refuse("does not carry this sign-in's nonce") }
        guard let subject = claims.raw["sub"]?.text, !subject.isEmpty, subject.utf8.count <= 255 else { throw refuse("names nobody") }
        return Identity(subject: subject, claims: claims.raw)
    }

    static let untrusted = Phrase("The sign-in provider’s answer could not be trusted, so you were not signed in. Please start again.")

    /// The provider's end-session address for someone signing out, or nil where it has none.
    func endSessionURL(idToken: String?) async -> String? {
        guard let found = try? await discovered(), let endpoint = found.endSessionEndpoint,
              var parts = URLComponents(string: endpoint) else { return nil }
        var query = parts.queryItems ?? []
        if let idToken { query.append(URLQueryItem(name: "id_token_hint", value: idToken)) }
        query += [URLQueryItem(name: "client_id", value: settings.clientId),
                  URLQueryItem(name: "post_logout_redirect_uri", value: settings.postLogoutURI)]
        parts.queryItems = query
        return parts.url?.absoluteString
    }

    // MARK: keys, requests, claims

    private func keyCollection(refresh: Bool) async throws -> JWTKeyCollection {
        if !refresh, let keys, keys.at.timeIntervalSinceNow > -3_600 { return keys.value }
        let found = try await discovered()
        let body = try await fetch(found.jwksURI)
        let collection = JWTKeyCollection()
        let kids: Set<String>
        do {
            let jwks = try JSONDecoder().decode(JWKS.self, from: body)
            try await collection.add(jwks: jwks)
            kids = Set(jwks.keys.compactMap { $0.keyIdentifier?.string })
        } catch {
            throw Self.unavailable("its keys at \(found.jwksURI) could not be read: \(error)")
        }
        keys = (collection, kids, Date())
        return collection
    }

    private func fetch(_ url: String) async throws -> Data {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let response = try await http.execute(request, timeout: .seconds(15))
            guard response.status == .ok else { throw Self.unavailable("\(url) answered \(response.status.code)") }
            return Data(buffer: try await response.body.collect(upTo: 1 << 20))
        } catch let refusal as OIDCRefusal {
            throw refusal
        } catch {
            throw Self.unavailable("\(url) did not answer: \(error)")
        }
    }

    static func unavailable(_ detail: String) -> OIDCRefusal {
        OIDCRefusal(status: .badGateway, reason: Phrase("The sign-in provider could not be reached just now. Please try again in a moment."),
                    detail: detail)
    }

    /// The claims of a token whose signature was verified: every one as sent, the audience as a
    /// list and the times as numbers.
    static func claims(of token: String) throws -> (raw: [String: ClaimValue], audience: [String], numbers: [String: Double]) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Data(base64URL: String(parts[1])),
              let object = try? JSONDecoder().decode([String: JSONClaim].self, from: payload) else {
            throw OIDCRefusal(status: .badRequest, reason: untrusted, detail: "the ID token is not a JWT")
        }
        var raw: [String: ClaimValue] = [:]
        var numbers: [String: Double] = [:]
        for (name, value) in object {
            switch value {
            case .text(let text): raw[name] = .text(text)
            case .flag(let flag): raw[name] = .flag(flag)
            case .number(let number): numbers[name] = number; raw[name] = .other
            case .list(let list): raw[name] = .list(list)
            case .other: raw[name] = .other
            }
        }
        return (raw, raw["aud"]?.list ?? [], numbers)
    }

    /// The `kid` a token's header names, if any.
    static func keyId(of token: String) -> String? {
        guard let header = token.split(separator: ".", omittingEmptySubsequences: false).first, let data = Data(base64URL: String(header)),
              let object = try? JSONDecoder().decode([String: JSONClaim].self, from: data), case .text(let kid)? = object["kid"] else { return nil }
        return kid
    }
}

/// One claim as JSON has it: booleans told apart from numbers, lists of strings kept.
private enum JSONClaim: Decodable {
    case text(String), flag(Bool), number(Double), list([String]), other

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let flag = try? value.decode(Bool.self) { self = .flag(flag) }
        else if let number = try? value.decode(Double.self) { self = .number(number) }
        else if let text = try? value.decode(String.self) { self = .text(text) }
        else if let list = try? value.decode([JSONClaimItem].self) { self = .list(list.compactMap(\.text)) }
        else { self = .other }
    }
}

/// An item of a list claim: its text, when it is one.
private struct JSONClaimItem: Decodable {
    var text: String?
    init(from decoder: any Decoder) throws { text = try? decoder.singleValueContainer().decode(String.self) }
}

/// A payload jwt-kit verifies the signature of and nothing else: the claims are checked by
/// `OIDCProvider.verify`, with the leeway and the nonce it knows.
private struct SignatureOnly: JWTPayload {
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension Data {
    /// Base64url without padding, as JWTs write it.
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
