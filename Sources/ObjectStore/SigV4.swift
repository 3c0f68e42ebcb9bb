import Crypto
import Foundation
import Imaging

/// AWS Signature Version 4, pure: the canonical request, the string to sign, the signing key and
/// the `Authorization` header for one request, from its parts and a time. No I/O, no clock.
public struct SigV4: Sendable {
    /// Who signs.
    public struct Credentials: Sendable, Equatable {
        public var accessKey: String
        public var secretKey: String
        /// For temporary credentials; sent as `x-amz-security-token`.
        public var sessionToken: String?

        /// Credentials from their parts.
        public init(accessKey: String, secretKey: String, sessionToken: String? = nil) {
            self.accessKey = accessKey
            self.secretKey = secretKey
            self.sessionToken = sessionToken
        }
    }

    /// The hash of an empty body, which every GET, HEAD and DELETE signs.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    public let credentials: Credentials
    public let region: String
    public let service: String

    /// A signer for `service` (`s3`) in `region`.
    public init(credentials: Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The `Authorization` header value for a request whose `headers` (names in any case) already
    /// hold `host` and `x-amz-date` and everything else to sign. `path` is the canonical URI
    /// (already percent-encoded); `query` holds raw names and values, encoded here.
    public func authorization(method: String, path: String, query: [(String, String)], headers: [(String, String)],
                              payloadHash: String, date: Date) -> String {
        let canonical = Self.canonicalRequest(method: method, path: path, query: query, headers: headers, payloadHash: payloadHash)
        let day = String(Self.timestamp(date).prefix(8))
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let toSign = Self.stringToSign(canonicalRequest: canonical.text, date: date, scope: scope)
        let key = Self.signingKey(secret: credentials.secretKey, day: day, region: region, service: service)
        let signature = Hex.lowercase(HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: key))
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKey)/\(scope),SignedHeaders=\(canonical.signedHeaders),Signature=\(signature)"
    }

    /// The headers an S3 request needs besides its own (`x-amz-date`, `x-amz-content-sha256`, the
    /// session token, `Authorization`), with `host` and `extra` signed.
    public func signedHeaders(method: String, host: String, path: String, query: [(String, String)],
                              extra: [(String, String)] = [], payloadHash: String = SigV4.emptyPayloadHash,
                              date: Date) -> [(String, String)] {
        var headers = extra + [("x-amz-date", Self.timestamp(date)), ("x-amz-content-sha256", payloadHash)]
        if let token = credentials.sessionToken { headers.append(("x-amz-security-token", token)) }
        let authorization = authorization(method: method, path: path, query: query, headers: headers + [("host", host)],
                                          payloadHash: payloadHash, date: date)
        return headers + [("Authorization", authorization)]
    }

    // MARK: the steps, each checked against AWS's published examples

    /// The canonical request and the `;`-joined signed header names.
    public static func canonicalRequest(method: String, path: String, query: [(String, String)], headers: [(String, String)],
                                        payloadHash: String) -> (text: String, signedHeaders: String) {
        let encoded: [(name: String, value: String)] = query.map { pair in
            (uriEncode(pair.0, keepSlash: false), uriEncode(pair.1, keepSlash: false))
        }
        let sorted = encoded.sorted { a, b in a.name == b.name ? a.value < b.value : a.name < b.name }
        let canonicalQuery = sorted.map { pair in pair.name + "=" + pair.value }.joined(separator: "&")
        var byName: [String: [String]] = [:]
        for (name, value) in headers { byName[name.lowercased(), default: []].append(trimmed(value)) }
        let names = byName.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(byName[$0]!.joined(separator: ","))\n" }.joined()
        let signed = names.joined(separator: ";")
        let text = [method, path, canonicalQuery, canonicalHeaders, signed, payloadHash].joined(separator: "\n")
        return (text, signed)
    }

    /// `AWS4-HMAC-SHA256`, the time, the scope and the canonical request's hash.
    public static func stringToSign(canonicalRequest: String, date: Date, scope: String) -> String {
        ["AWS4-HMAC-SHA256", timestamp(date), scope, sha256Hex(Data(canonicalRequest.utf8))].joined(separator: "\n")
    }

    /// The day's key: HMACs of the day, region, service and `aws4_request`, from `AWS4` + the secret.
    public static func signingKey(secret: String, day: String, region: String, service: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data(("AWS4" + secret).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// `20130524T000000Z`.
    public static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    /// Percent-encodes everything but `A-Za-z0-9-._~` (and `/` when `keepSlash`), as SigV4 wants.
    public static func uriEncode(_ text: String, keepSlash: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepSlash:
                out.append("/")
            default:
                let digits = Array("0123456789ABCDEF")
                out += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return out
    }

    /// The lowercase hex SHA-256 of `data`.
    public static func sha256Hex(_ data: Data) -> String { Hex.lowercase(SHA256.hash(data: data)) }

    /// A header value with its ends trimmed and runs of spaces made one.
    static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }
}
