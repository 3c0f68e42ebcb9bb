/// One thing in a member's WebDAV inbox, by the path the device sent it under. A photo or video
/// that arrived there is filed into the library (`libraryKey`); anything else is kept as a blob
/// by its content (`blob`). The inbox keeps listing what it received, so a backup app that
/// compares listings does not send it again.
public struct InboxItem: Sendable, Hashable {
    /// The member whose inbox this is.
    public var accountId: Int64
    /// Its path inside the inbox, segments joined by "/", without a leading or trailing "/";
    /// "" is the inbox itself, never stored.
    public var path: String
    public var isCollection: Bool
    public var size: Int64
    /// The SHA-256 of a file's bytes (lower-case hex); nil for a collection.
    public var sha256: String?
    public var contentType: String?
    /// Seconds since 1970.
    public var createdAt: Int64
    public var modifiedAt: Int64
    /// Where its photo or video is in the library (filed there, or found there already).
    public var libraryKey: String?
    /// Whether its bytes are kept as a blob of the inbox's own (not a photo or a video).
    public var isBlob: Bool
    /// The device that sent it (nil once that device is revoked, or for a collection made by hand).
    public var deviceId: Int64?
    /// Dead properties set with PROPPATCH (`DeadProperty`).
    public var properties: [DeadProperty]

    public init(accountId: Int64, path: String, isCollection: Bool, size: Int64 = 0, sha256: String? = nil, contentType: String? = nil,
                createdAt: Int64, modifiedAt: Int64, libraryKey: String? = nil, isBlob: Bool = false, deviceId: Int64? = nil,
                properties: [DeadProperty] = []) {
        self.accountId = accountId
        self.path = path
        self.isCollection = isCollection
        self.size = size
        self.sha256 = sha256
        self.contentType = contentType
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.libraryKey = libraryKey
        self.isBlob = isBlob
        self.deviceId = deviceId
        self.properties = properties
    }

    /// The folder it is in ("" for the inbox itself).
    public var parent: String { InboxPath.parent(of: path) }
    /// Its last segment.
    public var name: String { InboxPath.name(of: path) }
}

/// A property a client set on an inbox item: its expanded name and its value, an XML fragment
/// that declares every namespace it uses.
public struct DeadProperty: Sendable, Hashable, Codable {
    public var namespace: String
    public var name: String
    public var xml: String

    public init(namespace: String, name: String, xml: String) {
        (self.namespace, self.name, self.xml) = (namespace, name, xml)
    }
}

/// Paths inside an inbox: segments joined by "/".
public enum InboxPath {
    /// The folder `path` is in.
    public static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The last segment of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Whether `path` is `ancestor` or inside it ("" holds everything).
    public static func isWithin(_ path: String, _ ancestor: String) -> Bool {
        ancestor.isEmpty || path == ancestor || path.hasPrefix(ancestor + "/")
    }

    /// `path` with its `from` part replaced by `to` (`path` is within `from`).
    public static func moved(_ path: String, from: String, to: String) -> String {
        if path == from { return to }
        let rest = path.dropFirst(from.isEmpty ? 0 : from.count + 1)
        return to.isEmpty ? String(rest) : to + "/" + rest
    }
}
