import Foundation
import Testing
@testable import Catalog
@testable import Gallery

/// The parts of sign-in through an OpenID provider that need no provider: reading a token's
/// claims, roles from groups, names for new accounts, and the settings that must go together.
/// The flow itself runs against a real provider in the end-to-end tests (test_single_sign_on.py).
@Suite struct OIDCTests {
    static func token(header: String, payload: String) -> String {
        func encode(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return encode(header) + "." + encode(payload) + ".c2ln"
    }

    @Test func claimsTellFlagsFromNumbersAndAudiencesFromLists() throws {
        let single = Self.token(header: #"{"alg":"RS256","kid":"k-2"}"#,
                                payload: #"{"iss":"https://id.example","aud":"gallery","exp":1700000000,"email_verified":true,"groups":["a",3,"b"],"x":{"y":1}}"#)
        let claims = try OIDCProvider.claims(of: single)
        #expect(claims.audience == ["gallery"])
        #expect(claims.raw["email_verified"] == .flag(true))
        #expect(claims.numbers["exp"] == 1_700_000_000)
        #expect(claims.raw["groups"]?.list == ["a", "b"])
        #expect(claims.raw["x"] == .other)
        #expect(OIDCProvider.keyId(of: single) == "k-2")
        let listed = Self.token(header: #"{"alg":"RS256"}"#, payload: #"{"aud":["gallery","other"],"email_verified":1}"#)
        #expect(try OIDCProvider.claims(of: listed).audience == ["gallery", "other"])
        // (a number is no "true": an e-mail it vouches for is not verified)
        #expect(try OIDCProvider.claims(of: listed).raw["email_verified"] != .flag(true))
        #expect(OIDCProvider.keyId(of: listed) == nil)
        for broken in ["", "a.b", "a.!!!.c", Self.token(header: "{}", payload: "[1]")] {
            #expect(throws: OIDCRefusal.self) { try OIDCProvider.claims(of: broken) }
        }
    }

    @Test func groupsGiveTheHighestRoleNamedAndNoneRefuses() {
        var settings = OIDCSettings(issuer: "https://id.example", clientId: "g", clientSecret: nil, name: "ID", linkClaim: nil, createAccounts: false,
                                    role: .viewer, groupsClaim: "groups", adminGroup: "admins", memberGroup: "family", viewerGroup: nil,
                                    autoRedirect: false, passwordSignIn: true, redirectURI: "", postLogoutURI: "")
        #expect(settings.mapsGroups)
        #expect(settings.role(groups: ["family", "admins"]) == .admin)
        #expect(settings.role(groups: ["family"]) == .member)
        #expect(settings.role(groups: ["friends"]) == nil)
        settings.viewerGroup = "friends"
        #expect(settings.role(groups: ["friends"]) == .viewer)
        (settings.adminGroup, settings.memberGroup, settings.viewerGroup) = (nil, nil, nil)
        #expect(!settings.mapsGroups)
    }

    @Test func aNewAccountsNameKeepsWhatAnAccountNameMayHold() {
        #expect(AuthController.accountName(from: "anna.k") == "anna.k")
        #expect(AuthController.accountName(from: "Zoë Smith!") == "ZoSmith")
        #expect(AuthController.accountName(from: "…") == "member")
        #expect(AuthController.accountName(from: ".hidden") == "member")
        #expect(AuthController.accountName(from: String(repeating: "a", count: 80)).count == 32)
        for wanted in ["x y", "名前", "a/b", "root"] { #expect(Account.validName(AuthController.accountName(from: wanted)) != nil) }
    }

    @Test func theSettingsGoTogether() throws {
        func config(_ flags: [String: String], env: [String: String] = [:]) throws -> GalleryConfig {
            let root = NSTemporaryDirectory() + "photolala-oidc-\(UUID().uuidString)"
            return try ServeSettings.config(library: root + "/library", data: root + "/data",
                                     flags: flags, environment: env)
        }
        let made = try config(["oidc-issuer": "https://id.example", "oidc-client-id": "gallery"], env: ["PHOTOLALA_OIDC_CLIENT_SECRET": " s3cret\n"])
        #expect(made.oidcClientSecret == "s3cret" && made.oidcIssuer?.host == "id.example")
        #expect(throws: ConfigError.self) { try config(["oidc-issuer": "https://id.example"]) }
        #expect(throws: ConfigError.self) { try config(["oidc-client-id": "gallery"]) }
        #expect(throws: ConfigError.self) { try config(["password-sign-in": "false"]) }
        #expect(throws: ConfigError.self) { try config(["oidc-issuer": "ftp://id.example", "oidc-client-id": "g"]) }
        #expect(SecurityHeaders.origin(of: "https://Auth.Example.org:8443/realms/home") == "https://auth.example.org:8443")
        #expect(SecurityHeaders.contentSecurityPolicy(formTargets: ["https://id.example"]).contains("form-action 'self' https://id.example;"))
    }
}
