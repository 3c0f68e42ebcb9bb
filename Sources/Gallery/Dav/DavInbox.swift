import Catalog
import Crypto
import Foundation
import Hummingbird
import Imaging
import Logging

/// Writes to a member's inbox: PUT (streamed to the data folder, synced, then filed), MKCOL,
/// DELETE, COPY, MOVE and PROPPATCH. Every write passes `DavLocking.guardWrite` first, so no
/// method can skip the If header or a lock.
struct DavInbox: Sendable {
    let store: any PhotoCatalog
    let tree: DavTree
    let locking: DavLocking
    let filing: InboxFiling
    let blobs: InboxBlobs
    let settings: DavSettings
    let logger: Logger

    // MARK: PUT

    func put(_ request: Request, path: String, caller: DavCaller, now: Int64) async throws -> Response {
        guard !path.isEmpty else { throw DavError(.methodNotAllowed, "PUT to the inbox itself") }
        let account = caller.account.id
        try await requireFolder(InboxPath.parent(of: path), account: account)
        let existing = try await store.inboxItem(accountId: account, path: path)
        if existing?.isCollection == true { throw DavError(.methodNotAllowed, "PUT to a folder") }
        try await locking.guardWrite(request, caller: caller, paths: existing == nil ? [path, InboxPath.parent(of: path)] : [path], now: now)
        try checkConditions(request, etag: existing.flatMap(DavResource.etag))
        if settings.readOnly { throw DavError(.forbidden, "the library is read-only") }
        let announced = request.headers[.contentLength].flatMap { Int64($0) }
        let room = try await room(for: account, replacing: existing?.size ?? 0)
        if let announced, announced > room { throw DavError(DavError.insufficientStorage, "no room for \(announced) bytes") }
        let staged = try await stage(request.body, room: room)
        // Whatever took the staged file (the blob store, a folder source) moved it away; a source
        // that copied it (a bucket) leaves it here to go.
        defer { unlink(staged.path) }
        let filed = try await filing.file(staged: staged.path, sha256: staged.sha256, size: staged.size, sentName: InboxPath.name(of: path),
                                          inboxFolder: InboxPath.parent(of: path), caller: caller)
        let item = InboxItem(accountId: account, path: path, isCollection: false, size: staged.size, sha256: staged.sha256,
                             contentType: request.headers[.contentType] ?? DavResource.contentType(forName: path),
                             createdAt: existing?.createdAt ?? now, modifiedAt: now, libraryKey: filed.libraryKey, isBlob: filed.isBlob,
                             deviceId: caller.device.id, properties: existing?.properties ?? [])
        let created = try await filing.commit(filed, item: item, caller: caller)
        if let old = existing { await forgetBlobs(of: [old]) }
        logger.info("webdav put", metadata: ["member": "\(caller.account.name)", "device": "\(caller.device.label)", "path": "\(path)",
                                             "bytes": "\(staged.size)", "filed": "\(filed.outcome)"])
        var headers = HTTPFields()
        headers[.eTag] = DavResource.etag(item)
        headers[.contentLength] = "0"
        return Response(status: created ? .created : .noContent, headers: headers)
    }

    /// How many bytes a PUT may bring: what the member's allowance leaves (the file it replaces
    /// counted free) and what the free-space floor leaves on the data folder's and the library's
    /// file systems.
    private func room(for account: Int64, replacing: Int64) async throws -> Int64 {
        var room = Int64.max
        if let allowance = settings.allowance {
            room = max(0, allowance - (try await store.inboxUsage(accountId: account)) + replacing)
        }
        for folder in [settings.stagingFolder, settings.libraryFolder].compactMap({ $0 }) {
            if let free = Self.freeBytes(folder) { room = min(room, max(0, free - settings.freeSpaceFloor)) }
        }
        return room
    }

    /// The bytes free to an unprivileged writer on the file system holding `folder`.
    static func freeBytes(_ folder: String) -> Int64? {
        var stats = statvfs()
        var probe = folder
        // The staging folder may not be made yet: ask its nearest existing parent.
        while statvfs(probe, &stats) != 0 {
            guard probe.count > 1 else { return nil }
            probe = (probe as NSString).deletingLastPathComponent
        }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    /// How many bytes of a body are written before they are handed to the disk together.
    static let writeBackStride: Int64 = 8 << 20

    struct Staged {
        var path: String
        var size: Int64
        var sha256: String
    }

    /// Streams a body to a new file in the staging folder, hashing it on the way. It is not synced
    /// here: whatever keeps it (the library, as a photo or an inbox blob) goes through the source's
    /// `add`, which syncs the bytes before the file has its name, and a file nothing keeps is
    /// removed. A body cut off, or one past `room`, leaves nothing behind.
    private func stage(_ body: RequestBody, room: Int64) async throws -> Staged {
        try FileManager.default.createDirectory(atPath: settings.stagingFolder, withIntermediateDirectories: true)
        let path = settings.stagingFolder + "/" + UUID().uuidString
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DavError(DavError.insufficientStorage, "the staging file could not be made") }
        var hasher = SHA256()
        var size: Int64 = 0
        var handedOn: Int64 = 0
        do {
            for try await chunk in body {
                // The bytes start for the disk as they come (Linux starts the write-back of the
                // dirty pages a DONTNEED names), so the sync before the file takes its name finds
                // them mostly written rather than waiting for all of them.
                if size - handedOn >= Self.writeBackStride {
                    _ = posix_fadvise(fd, off_t(handedOn), off_t(size - handedOn), POSIX_FADV_DONTNEED)
                    handedOn = size
                }
                size += Int64(chunk.readableBytes)
                guard size <= room else { throw DavError(DavError.insufficientStorage, "the body outgrew the room left") }
                try chunk.withUnsafeReadableBytes { raw in
                    hasher.update(bufferPointer: raw)
                    var offset = 0
                    while offset < raw.count {
                        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                        if n < 0 && errno == EINTR { continue }
                        guard n > 0 else { throw DavError(DavError.insufficientStorage, "the data folder is full") }
                        offset += n
                    }
                }
            }
            // The rest too, while the file is examined and its place found.
            _ = posix_fadvise(fd, off_t(handedOn), 0, POSIX_FADV_DONTNEED)
            close(fd)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        return Staged(path: path, size: size, sha256: Hex.lowercase(hasher.finalize()))
    }

    /// `If-Match` and `If-None-Match` against the item's ETag (nil: no item there).
    func checkConditions(_ request: Request, etag: String?) throws {
        if let match = request.headers[.ifMatch] {
            let wanted = match.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let etag, wanted.contains("*") || wanted.contains(etag) else { throw DavError(.preconditionFailed, "If-Match") }
        }
        if let none = request.headers[.ifNoneMatch] {
            let unwanted = none.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let etag, unwanted.contains("*") || unwanted.contains(etag) { throw DavError(.preconditionFailed, "If-None-Match") }
        }
    }

    // MARK: MKCOL, DELETE

    func mkcol(_ request: Request, path: String, caller: DavCaller, now: Int64) async throws -> Response {
        guard !path.isEmpty else { throw DavError(.methodNotAllowed, "the inbox is there") }
        if !(try await Self.smallBody(request)).isEmpty { throw DavError(.unsupportedMediaType, "MKCOL with a body") }
        let account = caller.account.id
        if try await store.inboxItem(accountId: account, path: path) != nil { throw DavError(.methodNotAllowed, "something is there") }
        try await requireFolder(InboxPath.parent(of: path), account: account)
        try await locking.guardWrite(request, caller: caller, paths: [path, InboxPath.parent(of: path)], now: now)
        try await store.putInboxItem(InboxItem(accountId: account, path: path, isCollection: true, createdAt: now, modifiedAt: now,
                                               deviceId: caller.device.id))
        return Self.empty(.created)
    }

    func delete(_ request: Request, path: String, caller: DavCaller, now: Int64) async throws -> Response {
        guard !path.isEmpty else { throw DavError(.forbidden, "the inbox itself cannot go") }
        if request.uri.string.contains("#") { throw DavError(.badRequest, "a fragment") }
        let account = caller.account.id
        guard let item = try await store.inboxItem(accountId: account, path: path) else { throw DavError.notFound }
        try await locking.guardWrite(request, caller: caller, paths: [path, InboxPath.parent(of: path)], deep: item.isCollection, now: now)
        try checkConditions(request, etag: DavResource.etag(item))
        // The inbox forgets what it received; a photo filed into the library stays there (the
        // inbox is a backup's record, and a phone freeing space must not empty the library).
        let removed = try await store.deleteInboxTree(accountId: account, at: path)
        await forgetBlobs(of: removed)
        return Self.empty(.noContent)
    }

    // MARK: COPY, MOVE

    func copyOrMove(_ request: Request, path: String, caller: DavCaller, move: Bool, now: Int64) async throws -> Response {
        let account = caller.account.id
        guard !path.isEmpty else { throw DavError(.forbidden, "the inbox itself cannot be copied or moved") }
        guard let header = request.headers[.destination] else { throw DavError(.badRequest, "no Destination") }
        let destination = try locking.inboxPath(ofHref: header, caller: caller, forDestination: true, requestHost: request.head.authority)
        guard !destination.isEmpty, destination != path else { throw DavError(.forbidden, "the destination is the source") }
        guard !InboxPath.isWithin(destination, path) else { throw DavError(.forbidden, "into itself") }
        guard let overwrite = DavHeaders.overwrite(request.headers[.overwrite]) else { throw DavError(.badRequest, "Overwrite is T or F") }
        // (a file's copy or move has no depth; a folder's must say infinity, or 0 for a copy)
        let depth = DavDepth.parse(request.headers[.depth], absent: .infinity)
        guard let source = try await store.inboxItem(accountId: account, path: path) else { throw DavError.notFound }
        if source.isCollection {
            guard depth == .infinity || (!move && depth == .zero) else { throw DavError(.badRequest, "Depth for a folder's \(move ? "MOVE" : "COPY")") }
        }
        try await requireFolder(InboxPath.parent(of: destination), account: account)
        let existing = try await store.inboxItem(accountId: account, path: destination)
        if existing != nil && !overwrite { throw DavError(.preconditionFailed, "the destination is there and Overwrite is F") }
        var guarded = [destination, InboxPath.parent(of: destination)]
        if move { guarded += [path, InboxPath.parent(of: path)] }
        try await locking.guardWrite(request, caller: caller, paths: guarded, deep: true, now: now)
        if existing != nil { await forgetBlobs(of: try await store.deleteInboxTree(accountId: account, at: destination)) }
        if move {
            try await store.moveInboxTree(accountId: account, from: path, to: destination, now: now)
        } else {
            let items = source.isCollection && depth == .zero ? [source] : try await store.inboxTree(accountId: account, at: path)
            for var item in items {
                item.path = InboxPath.moved(item.path, from: path, to: destination)
                item.createdAt = now
                try await store.putInboxItem(item)
            }
        }
        return Self.empty(existing == nil ? .created : .noContent)
    }

    // MARK: PROPPATCH

    func proppatch(_ request: Request, path: String, caller: DavCaller, now: Int64) async throws -> Response {
        let account = caller.account.id
        guard var item = try await store.inboxItem(accountId: account, path: path) else {
            throw path.isEmpty ? DavError(.forbidden, "the inbox keeps no properties of its own") : DavError.notFound
        }
        let root: XMLElement
        do { root = try DavXML.parse(try await Self.smallBody(request)) } catch { throw DavError(.badRequest, "PROPPATCH of XML that is not") }
        guard root.name == XMLName(namespace: DavXML.dav, local: "propertyupdate") else { throw DavError(.badRequest, "no propertyupdate") }
        try await locking.guardWrite(request, caller: caller, paths: [path], now: now)
        var properties = item.properties
        var names: [XMLName] = []
        var refused = false
        for step in root.elements {
            let set = step.name == XMLName(namespace: DavXML.dav, local: "set")
            guard set || step.name == XMLName(namespace: DavXML.dav, local: "remove") else { continue }
            for prop in step.all(XMLName(namespace: DavXML.dav, local: "prop")) {
                for property in prop.elements {
                    names.append(property.name)
                    if property.name.namespace == DavXML.dav && DavProperties.live.contains(property.name.local) { refused = true; continue }
                    properties.removeAll { $0.namespace == property.name.namespace && $0.name == property.name.local }
                    if set { properties.append(DeadProperty(namespace: property.name.namespace, name: property.name.local, xml: DavXML.fragment(property))) }
                }
            }
        }
        var found: [String] = [], failed: [String] = [], dependent: [String] = []
        for name in names {
            let element = DavProperties.empty(name)
            if name.namespace == DavXML.dav && DavProperties.live.contains(name.local) { failed.append(element) }
            else if refused { dependent.append(element) } else { found.append(element) }
        }
        if !refused {
            item.properties = properties
            try await store.putInboxItem(item)
        }
        var body = "<D:response><D:href>\(DavXML.escape(DavTarget.inboxHref(base: settings.base, member: caller.account.name, path: path, collection: item.isCollection)))</D:href>"
        if !found.isEmpty { body += DavProperties.propstat(found, "200 OK") }
        if !failed.isEmpty { body += DavProperties.propstat(failed, "403 Forbidden") }
        if !dependent.isEmpty { body += DavProperties.propstat(dependent, "424 Failed Dependency") }
        return Self.xml(DavProperties.multistatus([body + "</D:response>"]), status: DavError.multiStatus)
    }

    // MARK: Shared steps

    /// 409 unless `path` is the inbox or a folder in it.
    func requireFolder(_ path: String, account: Int64) async throws {
        guard !path.isEmpty else { return }
        guard let folder = try await store.inboxItem(accountId: account, path: path), folder.isCollection else {
            throw DavError(.conflict, "no folder \(path)")
        }
    }

    /// Removes the blobs that no item names any more.
    func forgetBlobs(of items: [InboxItem]) async {
        for item in items where item.isBlob {
            guard let sha = item.sha256, (try? await store.inboxBlobInUse(sha256: sha)) == false else { continue }
            await blobs.remove(sha)
        }
    }

    /// Where an inbox item's photo is in the library now, as the caller may read it: where it
    /// was filed, or, when that file moved or went, another file with its bytes.
    func libraryKey(of item: InboxItem, caller: DavCaller) async throws -> String? {
        let view = tree.reads.view(for: caller.visitor.audience)
        if let key = item.libraryKey, try await view.photo(key: key) != nil { return key }
        guard let sha = item.sha256 else { return nil }
        return try await view.file(ofContent: sha)?.key
    }

    /// A request body small enough to read whole (XML): at most 1 MiB, else 413.
    static func smallBody(_ request: Request) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in request.body {
            guard bytes.count + chunk.readableBytes <= 1 << 20 else { throw DavError(.contentTooLarge, "an XML body past 1 MiB") }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }

    static func xml(_ text: String, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/xml; charset=utf-8"
        headers[.contentLength] = String(text.utf8.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func empty(_ status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentLength] = "0"
        return Response(status: status, headers: headers)
    }
}
