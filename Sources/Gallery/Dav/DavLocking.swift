import Catalog
import Foundation
import Hummingbird

/// Locks (RFC 4918 §6–7) and the `If` header (§10.4), decided here once for every write to an
/// inbox: `guardWrite` evaluates the If header (412 when no list holds) and refuses a write to a
/// locked path whose lock's token was not submitted (423).
struct DavLocking: Sendable {
    let store: any InboxStore
    let settings: DavSettings

    /// Checks a write that touches `paths` of the caller's inbox (and everything inside each
    /// when `deep`). Throws 400 for a malformed If header, 412 when it is false, 423 when a
    /// lock's token is missing.
    func guardWrite(_ request: Request, caller: DavCaller, paths: [String], deep: Bool = false, now: Int64) async throws {
        let account = caller.account.id
        var submitted: Set<String> = []
        if let header = request.headers[.davIf] {
            guard let parsed = DavIf.parse(header) else { throw DavError(.badRequest, "a malformed If header") }
            guard try await holds(parsed, caller: caller, requestPath: paths.first ?? "", now: now) else {
                throw DavError(.preconditionFailed, "the If header does not hold")
            }
            submitted = Set(parsed.tokens)
        }
        for (index, path) in paths.enumerated() {
            // The first path is the one written; the others are folders whose membership changes,
            // which only a lock on the folder itself (or deep above it) protects.
            let locks = try await store.davLocks(accountId: account, touching: path, now: now)
                .filter { $0.covers(path) || (deep && index == 0 && InboxPath.isWithin($0.path, path)) }
            if let missing = locks.first(where: { !submitted.contains($0.token) }) {
                let root = DavTarget.inboxHref(base: settings.base, member: caller.account.name, path: missing.path, collection: false)
                throw DavError(DavError.locked, "locked", condition: "lock-token-submitted", hrefs: [root])
            }
        }
    }

    /// Whether any list of an If header holds: each of its conditions (a state token among the
    /// live locks on the list's resource, or its ETag) as it says, Not or not.
    private func holds(_ header: DavIf, caller: DavCaller, requestPath: String, now: Int64) async throws -> Bool {
        for list in header.lists {
            let path: String?
            if let resource = list.resource { path = try? inboxPath(ofHref: resource, caller: caller, forDestination: false) } else { path = requestPath }
            guard let path else { continue }
            let locks = try await store.davLocks(accountId: caller.account.id, touching: path, now: now).filter { $0.covers(path) }
            var etag: String?
            if list.conditions.contains(where: { if case .etag = $0 { true } else { false } }),
               let item = try await store.inboxItem(accountId: caller.account.id, path: path) {
                etag = DavResource.etag(item)
            }
            let all = list.conditions.allSatisfy { condition in
                switch condition {
                case .token(let token, let not): locks.contains { $0.token == token } != not
                case .etag(let wanted, let not): (etag == wanted) != not
                }
            }
            if all { return true }
        }
        return false
    }

    /// The inbox path an href names (an absolute URI or path, as `Destination` and tagged If
    /// lists carry): 400 when it names nothing, 502 for another server (a host that is neither
    /// the request's nor one this server answers to), 403 for a place outside the caller's inbox
    /// (the read-only library among them).
    func inboxPath(ofHref href: String, caller: DavCaller, forDestination: Bool, requestHost: String? = nil) throws -> String {
        guard let components = URLComponents(string: href) else { throw DavError(.badRequest, "an href that is no URI") }
        if let host = components.host, !host.isEmpty {
            let authority = host.contains(":") ? "[\(host)]" : host
            let named = authority + (components.port.map { ":\($0)" } ?? "")
            let ours = requestHost.map { $0.caseInsensitiveCompare(named) == .orderedSame || $0.caseInsensitiveCompare(authority) == .orderedSame } ?? false
            guard ours || settings.names.accepts(named) else { throw DavError(.badGateway, "another server's address") }
        }
        var path = components.percentEncodedPath
        if !settings.base.isEmpty {
            guard path.hasPrefix(settings.base + "/") else { throw DavError(.badGateway, "another server's path") }
            path.removeFirst(settings.base.count)
        }
        guard let target = try DavTarget.parse(path: path) else { throw DavError(.badGateway, "a path outside the door") }
        guard case .inbox(let member, let inboxPath) = target, caller.owns(member) else {
            throw DavError(.forbidden, "outside the caller's inbox")
        }
        return inboxPath
    }

    // MARK: LOCK and UNLOCK

    func lock(_ request: Request, path: String, caller: DavCaller, now: Int64) async throws -> Response {
        let account = caller.account.id
        let body = try await DavInbox.smallBody(request)
        // An hour unless the client asks for a time this door reads (none, or none above nothing).
        let asked = DavHeaders.timeout(request.headers[.timeout], maximum: Int(settings.maxLockSeconds)) ?? 0
        let timeout = asked > 0 ? Int64(asked) : 3600
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            // A refresh: the lock named in the If header, on this path.
            guard let header = request.headers[.davIf], let parsed = DavIf.parse(header) else {
                throw DavError(.badRequest, "a LOCK with neither a body nor a lock to refresh")
            }
            let locks = try await store.davLocks(accountId: account, touching: path, now: now).filter { $0.covers(path) }
            guard var lock = locks.first(where: { parsed.tokens.contains($0.token) }) else {
                throw DavError(.preconditionFailed, "no such lock here", condition: "lock-token-matches-request-uri")
            }
            lock.timeout = timeout
            lock.expiresAt = now + timeout
            try await store.refreshDavLock(token: lock.token, timeout: timeout, expiresAt: lock.expiresAt)
            return lockAnswer(lock, status: .ok, header: false, caller: caller)
        }
        let info: XMLElement
        do { info = try DavXML.parse(body) } catch { throw DavError(.badRequest, "a LOCK body that is not XML") }
        guard info.name == XMLName(namespace: DavXML.dav, local: "lockinfo"),
              let scope = info.first(XMLName(namespace: DavXML.dav, local: "lockscope"))?.elements.first?.name.local,
              scope == "exclusive" || scope == "shared",
              info.first(XMLName(namespace: DavXML.dav, local: "locktype"))?.first(XMLName(namespace: DavXML.dav, local: "write")) != nil else {
            throw DavError(.badRequest, "a lockinfo this door does not grant")
        }
        let depth = DavDepth.parse(request.headers[.depth], absent: .infinity)
        guard depth == .infinity || depth == .zero else { throw DavError(.badRequest, "a LOCK's Depth is 0 or infinity") }
        let deep = depth == .infinity
        let owner = info.first(XMLName(namespace: DavXML.dav, local: "owner")).map(DavXML.fragment) ?? ""
        var created = false
        if !path.isEmpty, try await store.inboxItem(accountId: account, path: path) == nil {
            // Locking a name that is free makes an empty file there (RFC 4918 §7.3).
            let parent = InboxPath.parent(of: path)
            if !parent.isEmpty, try await store.inboxItem(accountId: account, path: parent)?.isCollection != true {
                throw DavError(.conflict, "no folder for it")
            }
            try await guardWrite(request, caller: caller, paths: [path, parent], now: now)
            try await store.putInboxItem(InboxItem(accountId: account, path: path, isCollection: false, sha256: Self.emptySHA256,
                                                   contentType: DavResource.contentType(forName: path), createdAt: now, modifiedAt: now,
                                                   isBlob: false, deviceId: caller.device.id))
            created = true
        }
        let lock = DavLock(token: "urn:uuid:" + UUID().uuidString.lowercased(), accountId: account, path: path, deep: deep,
                           exclusive: scope == "exclusive", owner: owner, timeout: timeout, expiresAt: now + timeout)
        guard try await store.addDavLock(lock, now: now) else {
            throw DavError(DavError.locked, "a lock there conflicts", condition: "no-conflicting-lock")
        }
        return lockAnswer(lock, status: created ? .created : .ok, header: true, caller: caller)
    }

    func unlock(_ request: Request, path: String, caller: DavCaller, now: Int64) async throws -> Response {
        guard let token = DavHeaders.lockToken(request.headers[.lockToken]) else { throw DavError(.badRequest, "no Lock-Token") }
        guard let lock = try await store.davLock(token: token, now: now), lock.accountId == caller.account.id, lock.covers(path) else {
            throw DavError(.conflict, "no such lock on this path", condition: "lock-token-matches-request-uri")
        }
        try await store.removeDavLock(token: lock.token)
        return DavInbox.empty(.noContent)
    }

    private func lockAnswer(_ lock: DavLock, status: HTTPResponse.Status, header: Bool, caller: DavCaller) -> Response {
        let root = DavTarget.inboxHref(base: settings.base, member: caller.account.name, path: lock.path, collection: false)
        var response = DavInbox.xml("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:prop xmlns:D=\"DAV:\"><D:lockdiscovery>"
                                    + DavProperties.activeLock(lock, root: root) + "</D:lockdiscovery></D:prop>", status: status)
        if header { response.headers[.lockToken] = "<\(lock.token)>" }
        return response
    }

    /// The SHA-256 of no bytes, the content of a file a LOCK made.
    static let emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
}
