import Foundation

/// Where requests for a bucket go: a server named by `--s3-endpoint` (MinIO, Garage, moto),
/// addressed path-style (`http://host:9000/bucket/key`), or AWS itself, addressed by virtual host
/// (`https://bucket.s3.region.amazonaws.com/key`).
public struct S3Endpoint: Sendable, Equatable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int?
    /// Whether the bucket is the path's first part rather than part of the host name.
    public let pathStyle: Bool

    /// Path-style addressing of the server at `url` (`http://127.0.0.1:9000`); throws a problem
    /// unless it is an http or https address with a host and nothing after it but `/`.
    public static func custom(_ url: String) throws(S3LocationProblem) -> S3Endpoint {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = parsed.host, !host.isEmpty, parsed.query == nil, parsed.fragment == nil, parsed.user == nil,
              parsed.path.isEmpty || parsed.path == "/" else {
            throw S3LocationProblem("must be an http or https address such as http://127.0.0.1:9000, with nothing after the port, not “\(url)”")
        }
        return S3Endpoint(scheme: scheme, host: host, port: parsed.port, pathStyle: true)
    }

    /// AWS's endpoint for `bucket` in `region`.
    public static func aws(bucket: String, region: String) -> S3Endpoint {
        S3Endpoint(scheme: "https", host: "\(bucket).s3.\(region).amazonaws.com", port: nil, pathStyle: false)
    }

    /// The `Host` header's value.
    public var hostHeader: String {
        guard let port, port != (scheme == "https" ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }

    /// `http://127.0.0.1:9000`.
    public var description: String { "\(scheme)://\(hostHeader)" }

    /// The canonical (percent-encoded) path of `key` in `bucket`, or of the bucket itself.
    public func path(bucket: String, key: String?) -> String {
        let encoded = key.map { SigV4.uriEncode($0, keepSlash: true) }
        if pathStyle { return "/" + bucket + (encoded.map { "/" + $0 } ?? "") }
        return "/" + (encoded ?? "")
    }
}
