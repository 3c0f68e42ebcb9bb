import Foundation

/// One object a listing names.
public struct S3Object: Sendable, Equatable {
    /// The whole object key, prefix included.
    public var key: String
    public var size: Int64
    /// `LastModified` as the server wrote it (`2009-10-12T17:50:30.000Z`).
    public var lastModified: String
    /// The ETag without its quotes.
    public var etag: String

    public init(key: String, size: Int64, lastModified: String, etag: String) {
        (self.key, self.size, self.lastModified, self.etag) = (key, size, lastModified, etag)
    }
}

/// One page of a ListObjectsV2 answer.
public struct ListObjectsPage: Sendable, Equatable {
    public var objects: [S3Object]
    public var isTruncated: Bool
    /// What to send as `continuation-token` for the next page; nil on the last.
    public var nextContinuationToken: String?

    public init(objects: [S3Object], isTruncated: Bool, nextContinuationToken: String?) {
        self.objects = objects
        self.isTruncated = isTruncated
        self.nextContinuationToken = nextContinuationToken
    }
}

/// An S3 error answer: `<Error><Code>NoSuchBucket</Code><Message>…</Message></Error>`.
public struct S3ErrorBody: Sendable, Equatable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// Readers of the XML an S3 server answers with, pure and total: bytes that are not what is
/// expected give nil, never a trap (fuzzed: `Tests/Fuzz`, target `s3xml`).
public enum S3XML {
    /// A ListObjectsV2 page (`<ListBucketResult>`), or nil when the bytes are not one: not
    /// well-formed, an object without a key or a size, a size that is not a whole number from 0,
    /// or a truncated page without a continuation token (which could only be asked for again).
    public static func listPage(_ bytes: [UInt8]) -> ListObjectsPage? {
        guard let events = XMLScanner.events(bytes), events.first == .open("ListBucketResult") else { return nil }
        var objects: [S3Object] = []
        var truncated: Bool?
        var token: String?
        var path: [String] = []
        var current: [String: String] = [:]
        for event in events {
            switch event {
            case .open(let name):
                path.append(name)
                if path == ["ListBucketResult", "Contents"] { current = [:] }
            case .text(let text):
                if path.count == 3, path[1] == "Contents" {
                    current[path[2], default: ""] += text
                } else if path == ["ListBucketResult", "IsTruncated"] {
                    truncated = (truncated ?? false) || text.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
                } else if path == ["ListBucketResult", "NextContinuationToken"] {
                    token = (token ?? "") + text
                }
            case .close:
                if path == ["ListBucketResult", "Contents"] {
                    guard let key = current["Key"], !key.isEmpty,
                          let size = current["Size"].flatMap({ Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }), size >= 0
                    else { return nil }
                    let etag = (current["ETag"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\" \n\t\r"))
                    let modified = (current["LastModified"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                    objects.append(S3Object(key: key, size: size, lastModified: modified, etag: etag))
                }
                if !path.isEmpty { path.removeLast() }
            }
        }
        let isTruncated = truncated ?? false
        if let given = token, given.isEmpty { token = nil }
        if isTruncated && token == nil { return nil }
        return ListObjectsPage(objects: objects, isTruncated: isTruncated, nextContinuationToken: isTruncated ? token : nil)
    }

    /// An error answer's code and message, or nil when the bytes are not one (an empty body, say).
    public static func error(_ bytes: [UInt8]) -> S3ErrorBody? {
        guard let events = XMLScanner.events(bytes), events.first == .open("Error") else { return nil }
        var fields: [String: String] = [:]
        var path: [String] = []
        for event in events {
            switch event {
            case .open(let name): path.append(name)
            case .close: if !path.isEmpty { path.removeLast() }
            case .text(let text): if path.count == 2 { fields[path[1], default: ""] += text }
            }
        }
        guard let code = fields["Code"]?.trimmingCharacters(in: .whitespacesAndNewlines), !code.isEmpty else { return nil }
        return S3ErrorBody(code: code, message: fields["Message"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    }

    /// The `UploadId` of an InitiateMultipartUploadResult, or nil when the bytes are not one.
    public static func uploadId(_ bytes: [UInt8]) -> String? {
        guard let events = XMLScanner.events(bytes), events.first == .open("InitiateMultipartUploadResult") else { return nil }
        var path: [String] = []
        var id = ""
        for event in events {
            switch event {
            case .open(let name): path.append(name)
            case .close: if !path.isEmpty { path.removeLast() }
            case .text(let text): if path.count == 2 && path[1] == "UploadId" { id += text }
            }
        }
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.utf8.count > 1024 ? nil : trimmed
    }

    /// Text with XML's five special characters escaped, for a request body.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
