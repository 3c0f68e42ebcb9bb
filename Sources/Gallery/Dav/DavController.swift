import Catalog
import Foundation
import Hummingbird
import Logging

/// The WebDAV door (RFC 4918, class 1 and 2) under `/dav/`: a member's inbox, read and
/// written by their devices, and the library and albums, read-only, through the same scoped
/// view as the pages. Only a device password opens it (HTTP Basic); a session cookie never does,
/// so no web page can ride on a visitor's session. Answered before the router, through the
/// outer layer alone (proxy headers, log, security headers), as the shortcuts are.
struct DavController: Sendable {
    let store: any PhotoCatalog
    let tree: DavTree
    let inbox: DavInbox
    let locking: DavLocking
    let originals: OriginalController
    let throttle: LoginThrottle
    let slowdownScale: Double
    let settings: DavSettings
    let logger: Logger
    /// The devices already warned about in the log for coming over plain HTTP from outside.
    let plainHTTP = PlainHTTPNotices()

    /// The methods the door answers, as `Allow` lists them.
    static let methods = "OPTIONS, GET, HEAD, PUT, DELETE, MKCOL, COPY, MOVE, PROPFIND, PROPPATCH, LOCK, UNLOCK"

    func respond(to request: Request, target: DavTarget, context: GalleryContext) async throws -> Response {
        do {
            let caller = try await authenticate(request, context: context)
            var context = context
            context.visitor = caller.visitor
            return try await dispatch(request, target: target, caller: caller, context: context)
        } catch let refusal as DavError {
            if refusal.status.code >= 500 { logger.error("webdav", metadata: ["refused": "\(refusal.reason)", "path": "\(request.uri.path)"]) }
            var response = refusal.response
            if refusal.status == .unauthorized {
                response.headers[.wwwAuthenticate] = "Basic realm=\"Photolala\", charset=\"UTF-8\""
            }
            return response
        }
    }

    private func dispatch(_ request: Request, target: DavTarget, caller: DavCaller, context: GalleryContext) async throws -> Response {
        let now = Int64(Date().timeIntervalSince1970)
        switch request.method.rawValue {
        case "OPTIONS":
            var headers = HTTPFields()
            headers[.dav] = "1, 2"
            headers[.allow] = Self.methods
            headers[.msAuthorVia] = "DAV"
            headers[.contentLength] = "0"
            return Response(status: .ok, headers: headers)
        case "PROPFIND": return try await propfind(request, target: target, caller: caller, now: now)
        case "GET", "HEAD": return try await get(request, target: target, caller: caller, context: context, now: now)
        default: break
        }
        guard case .inbox(let member, let path) = target else {
            throw DavError.readOnly(target == .root ? "the door's root" : "the library")
        }
        guard caller.owns(member) else { throw DavError(.forbidden, "another member's inbox") }
        guard caller.writesInbox else { throw DavError(.forbidden, "a viewer's devices read only") }
        switch request.method.rawValue {
        case "PUT": return try await inbox.put(request, path: path, caller: caller, now: now)
        case "MKCOL": return try await inbox.mkcol(request, path: path, caller: caller, now: now)
        case "DELETE": return try await inbox.delete(request, path: path, caller: caller, now: now)
        case "COPY", "MOVE": return try await inbox.copyOrMove(request, path: path, caller: caller, move: request.method.rawValue == "MOVE", now: now)
        case "PROPPATCH": return try await inbox.proppatch(request, path: path, caller: caller, now: now)
        case "LOCK": return try await locking.lock(request, path: path, caller: caller, now: now)
        case "UNLOCK": return try await locking.unlock(request, path: path, caller: caller, now: now)
        default:
            var response = DavError(.methodNotAllowed, "no such method").response
            response.headers[.allow] = Self.methods
            return response
        }
    }

    /// The device behind the request's Basic credentials: the account's name and one of its
    /// device passwords. Throttled as sign-in is, per name and address; 401 otherwise.
    private func authenticate(_ request: Request, context: GalleryContext) async throws -> DavCaller {
        guard let header = request.headers[.authorization], let (name, secret) = Self.basic(header) else {
            throw DavError(.unauthorized, "no credentials")
        }
        // A device password is 256 random bits: a right one is let in at once, and only wrong
        // ones are counted (per name and address) and slowed, as sign-in's are.
        let found = secret.isEmpty ? nil : try await store.device(secretHash: DeviceSecret.hash(secret))
        guard let (device, account) = found, account.name.compare(name, options: .caseInsensitive) == .orderedSame else {
            let attempt = await throttle.reserve(name: "device:" + name.lowercased(), address: context.remoteAddress)
            do {
                try await attempt.proceed(slowdownScale: slowdownScale, tooMany: Phrase("Too many wrong passwords. Please wait a few minutes."))
            } catch {
                throw DavError(.tooManyRequests, "too many wrong device passwords")
            }
            await throttle.settle(attempt, succeeded: false)
            throw DavError(.unauthorized, "no such device password")
        }
        let now = Int64(Date().timeIntervalSince1970)
        // (a note of its use once a minute at most: most requests write nothing)
        if now - (device.lastUsedAt ?? 0) >= 60 { try? await store.touchDevice(id: device.id, now: now) }
        if !context.isHTTPS, !LocalNetwork.contains(context.remoteAddress), await plainHTTP.first(device.id) {
            logger.warning("a device password came over plain HTTP from outside the local network: serve the gallery over HTTPS",
                           metadata: ["member": "\(account.name)", "device": "\(device.label)", "address": "\(context.remoteAddress)"])
        }
        let visitor = Visitor(account: account, role: account.role, sessionHash: nil, adminsSeePrivate: settings.adminsSeePrivate)
        return DavCaller(account: account, device: device, visitor: visitor)
    }

    /// The name and password of a `Basic` Authorization header; nil for anything else.
    static func basic(_ header: String) -> (String, String)? {
        guard header.count < 4096, header.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: header.dropFirst(6).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private func propfind(_ request: Request, target: DavTarget, caller: DavCaller, now: Int64) async throws -> Response {
        // (a Depth that is none of 0, 1 and infinity is refused as infinity is)
        let depth = DavDepth.parse(request.headers[.depth], absent: .infinity) ?? .infinity
        guard depth != .infinity else {
            throw DavError(.forbidden, "PROPFIND of infinite depth", condition: "propfind-finite-depth")
        }
        let asked = try DavProperties.request(try await DavInbox.smallBody(request))
        guard let resource = try await tree.resource(target, for: caller, now: now) else { throw DavError.notFound }
        var responses = [DavProperties.response(resource, asked: asked)]
        if depth == .one, resource.isCollection {
            for child in try await tree.children(target, for: caller, now: now) { responses.append(DavProperties.response(child, asked: asked)) }
        }
        return DavInbox.xml(DavProperties.multistatus(responses), status: DavError.multiStatus)
    }

    private func get(_ request: Request, target: DavTarget, caller: DavCaller, context: GalleryContext, now: Int64) async throws -> Response {
        guard let resource = try await tree.resource(target, for: caller, now: now) else { throw DavError.notFound }
        if resource.isCollection {
            // A folder has no body of its own; its listing is PROPFIND's.
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            let text = "This is a WebDAV folder: open it with a WebDAV client.\n"
            headers[.contentLength] = String(text.utf8.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        let etag = resource.etag ?? "\"\(resource.size)\""
        var headers = RangeAnswer.headers(type: resource.contentType ?? "application/octet-stream", etag: etag, maxAge: 0)
        headers[.cacheControl] = "private, no-cache"
        if let modified = resource.modified { headers[.lastModified] = DavDates.http(modified) }
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        let answer = try RangeAnswer(request, size: Int(resource.size), etag: etag, headers: &headers)
        if resource.size == 0 || request.method == .head { return Response(status: answer.status, headers: headers) }
        let body: ResponseBody
        if case .inbox(_, let path) = target {
            guard let item = try await store.inboxItem(accountId: caller.account.id, path: path) else { throw DavError.notFound }
            if item.isBlob, let sha = item.sha256 {
                body = try await originals.body(key: InboxBlobs.key(sha), range: answer.range, context)
            } else if let key = try await inbox.libraryKey(of: item, caller: caller) {
                body = try await originals.body(key: key, range: answer.range, context)
            } else {
                throw DavError(.notFound, "its photo left the library")
            }
        } else if let key = try await tree.libraryKey(target, for: caller) {
            body = try await originals.body(key: key, range: answer.range, context)
        } else {
            throw DavError.notFound
        }
        return Response(status: answer.status, headers: headers, body: body)
    }
}

/// Which devices were warned about once already, so the log says it once a device, not once a request.
actor PlainHTTPNotices {
    private var warned: Set<Int64> = []

    /// Whether this is the first time for `device`.
    func first(_ device: Int64) -> Bool { warned.insert(device).inserted }
}
