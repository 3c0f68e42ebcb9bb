import SourceContract

/// Where an S3 library is: a bucket and a key prefix, from `s3://bucket/prefix`.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    /// The bucket's name, checked against S3's naming rules.
    public let bucket: String
    /// The prefix every key of the library starts with: `""` for the whole bucket, else ending in `/`.
    public let prefix: String

    /// A location from its parts; `prefix` is taken as given (see `parse(_:)` for the checks).
    public init(bucket: String, prefix: String) {
        (self.bucket, self.prefix) = (bucket, prefix)
    }

    /// `s3://bucket/prefix` (no trailing slash, as people write it).
    public var description: String { "s3://\(bucket)" + (prefix.isEmpty ? "" : "/" + prefix.dropLast()) }

    /// Whether `text` is meant as an S3 location (it starts with `s3://`), right or wrong.
    public static func isS3(_ text: String) -> Bool { text.lowercased().hasPrefix("s3://") }

    /// Reads `s3://bucket` or `s3://bucket/some/prefix` (a trailing `/` is allowed); throws a
    /// problem that says what is wrong, as the end of a sentence naming the flag.
    public static func parse(_ text: String) throws(S3LocationProblem) -> S3Location {
        guard text.hasPrefix("s3://") else { throw S3LocationProblem("must start with s3:// (s3://bucket/prefix), not “\(text)”") }
        let rest = text.dropFirst(5)
        let bucketPart = rest.prefix { $0 != "/" }
        let bucket = String(bucketPart)
        if let problem = bucketProblem(bucket) { throw S3LocationProblem("names a bucket that \(problem): “\(text)”") }
        var prefix = String(rest.dropFirst(bucketPart.count).dropFirst())
        if prefix.hasSuffix("/") { prefix.removeLast() }
        if !prefix.isEmpty {
            guard SourceKey.isValid(prefix), !prefix.contains("?"), !prefix.contains("#") else {
                throw S3LocationProblem("has a prefix that is not a clean path (no empty, . or .. parts, no ? or #): “\(text)”")
            }
            prefix += "/"
        }
        return S3Location(bucket: bucket, prefix: prefix)
    }

    /// Why `name` cannot be an S3 bucket, or nil when it can: 3-63 characters of lowercase letters,
    /// digits, dots and hyphens, starting and ending with a letter or digit, no `..`, not an IP address.
    public static func bucketProblem(_ name: String) -> String? {
        if name.isEmpty { return "is missing" }
        guard (3...63).contains(name.count) else { return "is not 3 to 63 characters long" }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
        guard name.allSatisfy({ allowed.contains($0) }) else { return "may only hold lowercase letters, digits, dots and hyphens" }
        let alnum = Set("abcdefghijklmnopqrstuvwxyz0123456789")
        guard let first = name.first, let last = name.last, alnum.contains(first), alnum.contains(last) else {
            return "must start and end with a letter or digit"
        }
        if name.contains("..") { return "may not hold two dots in a row" }
        let parts = name.split(separator: ".")
        if parts.count == 4, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) { return "may not look like an IP address" }
        return nil
    }
}

/// What is wrong with an `s3://` location or endpoint, as the end of a sentence.
public struct S3LocationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
