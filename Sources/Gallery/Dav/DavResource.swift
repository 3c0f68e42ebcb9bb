import Catalog
import Foundation

/// One thing the door shows (a folder or a file), with the properties PROPFIND reports.
struct DavResource: Sendable {
    var href: String
    var isCollection: Bool
    var name: String
    var size: Int64 = 0
    /// Seconds since 1970.
    var created: Int64?
    var modified: Int64?
    var etag: String?
    var contentType: String?
    var properties: [DeadProperty] = []
    /// The live locks on it (inbox items only).
    var locks: [DavLock] = []
    /// Whether it can be locked (the inbox only; the rest is read-only).
    var lockable = false
    /// The inbox it is in (its member's name and the base path), to name a lock's root by.
    var inbox: (member: String, base: String)?

    /// The href of the path a lock was taken on (`<D:lockroot>`).
    func lockRoot(_ lock: DavLock) -> String {
        guard let inbox else { return href }
        return DavTarget.inboxHref(base: inbox.base, member: inbox.member, path: lock.path, collection: false)
    }
}

/// The caller of a WebDAV request: a member's device, known by its password.
struct DavCaller: Sendable {
    let account: Account
    let device: Device
    /// Whom reads are made for, as the pages make them for the same account.
    let visitor: Visitor

    /// Whether the library and the albums may be read (`Device.Scope.read`).
    var readsLibrary: Bool { device.scope == .read }
    /// Whether the inbox may be written: a member's or an admin's; a viewer reads.
    var writesInbox: Bool { account.role >= .member }

    /// Whether `member` (a path's first segment) names the caller's own inbox.
    func owns(_ member: String) -> Bool {
        member.compare(account.name, options: [.caseInsensitive]) == .orderedSame
    }
}

extension DavResource {
    /// An inbox file's ETag: its content and when it was last written; nil for a folder.
    static func etag(_ item: InboxItem) -> String? {
        item.sha256.map { "\"\($0.prefix(32))-\(item.modifiedAt)\"" }
    }

    /// An inbox item as a resource, under `base`.
    static func inbox(_ item: InboxItem, member: String, base: String, locks: [DavLock]) -> DavResource {
        DavResource(href: DavTarget.inboxHref(base: base, member: member, path: item.path, collection: item.isCollection),
                    isCollection: item.isCollection, name: item.name, size: item.size, created: item.createdAt, modified: item.modifiedAt,
                    etag: etag(item), contentType: item.contentType,
                    properties: item.properties, locks: locks.filter { $0.covers(item.path) }, lockable: true, inbox: (member, base))
    }

    /// The content type a file name suggests, for clients that show it.
    static func contentType(forName name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        return types[ext] ?? "application/octet-stream"
    }

    private static let types: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp", "heic": "image/heic",
        "heif": "image/heif", "avif": "image/avif", "tif": "image/tiff", "tiff": "image/tiff", "dng": "image/x-adobe-dng",
        "mp4": "video/mp4", "mov": "video/quicktime", "m4v": "video/x-m4v", "3gp": "video/3gpp", "webm": "video/webm",
        "mkv": "video/x-matroska", "avi": "video/x-msvideo", "txt": "text/plain", "xmp": "application/rdf+xml", "json": "application/json",
    ]
}
