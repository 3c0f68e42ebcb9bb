import Catalog
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import PhotolalaAPI

/// The JSON API under `/api/v1`, answered before the router as the WebDAV door is: through the
/// outer layer only (proxy headers, log, security headers). No session, CSRF or flash layer sees
/// it, and no cookie is read: an API token (`Authorization: Bearer`) is the only credential, so
/// no web page can ride on a visitor's session.
///
/// Each request: the token is looked up afresh (a revoked one is refused at once, on every
/// instance), its bucket is charged (`APIRateLimit`), what it may do is checked against the one
/// table (`APIAction`), and its view of the catalog is made once (`APICaller.view`).
struct APIDoor: Sendable {
    static let prefix = "/api/v1/"
    static let documentPath = "/api/v1/openapi.yaml"

    let store: any PhotoCatalog
    let reads: CatalogReads
    let thumbnails: ThumbnailController
    let originals: OriginalController
    let limit: APIRateLimit
    let adminsSeePrivate: Bool
    let logger: Logger
    /// The generated operations, registered on a router of their own.
    private let operations: any HTTPResponder<GalleryContext>
    /// The document, as served at `openapi.yaml`.
    private let document: ByteBuffer?
    /// Its paths and their methods, for 405.
    private let paths: APIPaths
    /// Listings and photos as last answered, for the same view of the same catalog.
    private let answers = APIAnswers()

    init(store: any PhotoCatalog, reads: CatalogReads, trash: TrashController, uploads: UploadController, shares: ShareController,
         thumbnails: ThumbnailController, originals: OriginalController,
         limit: APIRateLimit, adminsSeePrivate: Bool, base: String, linkBase: String, documentPath: String, logger: Logger) throws {
        (self.store, self.reads, self.thumbnails, self.originals, self.limit, self.adminsSeePrivate, self.logger)
            = (store, reads, thumbnails, originals, limit, adminsSeePrivate, logger)
        let router = Router(context: GalleryContext.self)
        let handler = APIHandler(store: store, trash: trash, uploads: uploads, shares: shares, base: base, linkBase: linkBase)
        try handler.registerHandlers(on: router, serverURL: URL(string: "/api/v1")!,
                                     configuration: Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]),
                                     middlewares: [APIAccessMiddleware()])
        operations = router.buildResponder()
        let bytes = FileManager.default.contents(atPath: documentPath)
        document = bytes.map { ByteBuffer(bytes: $0) }
        paths = APIPaths(document: bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    func respond(to request: Request, context: GalleryContext) async -> Response {
        let path = request.uri.path
        if path == Self.documentPath, request.method == .get || request.method == .head {
            guard let document else { return APIProblem(.notFound, "The document is not installed with this server.").response }
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            headers[.cacheControl] = "public, max-age=300"
            headers[.contentLength] = String(document.readableBytes)
            return Response(status: .ok, headers: headers, body: request.method == .head ? .init() : .init(byteBuffer: document))
        }
        do {
            let caller = try await authenticate(request)
            if let wait = await limit.take(caller.token.id) {
                var response = APIProblem(.tooManyRequests, "This token asked too often: wait \(wait) s.").response
                response.headers[.retryAfter] = String(wait)
                return response
            }
            var context = context
            context.visitor = caller.visitor
            if let (photo, file) = Self.fileRoute(path), request.method == .get || request.method == .head {
                if let refusal = APIAction.refusal(operation: file == .thumbnail ? "getThumbnail" : "getOriginal", for: caller) { throw refusal }
                return try await serve(file, of: photo, request, caller: caller, context: context)
            }
            // A listing or a photo asked again of an unchanged catalog: its answer as it was,
            // once what the token may do is checked as the generated operation would.
            var kept: APIAnswers.Key?
            if request.method == .get, APIAnswers.keeps(path) {
                if let refusal = APIAction.refusal(operation: path == Self.prefix + "photos" ? "listPhotos" : "getPhoto", for: caller) { throw refusal }
                let key = APIAnswers.Key(audience: caller.view.audience, uri: request.uri.description, version: caller.view.version,
                                         likeness: caller.view.likenessVersion)
                if let answer = answers.answer(key) { return answer }
                kept = key
            }
            return try await APICaller.$current.withValue(caller) {
                var response = try await operations.respond(to: request, context: context)
                // The router's own refusals (no such path, no such method) say so in the API's words.
                if response.status.code >= 400, response.headers[.contentType] == nil {
                    if let allowed = paths.methods(for: String(path.dropFirst(Self.prefix.count - 1))), !allowed.contains(request.method.rawValue) {
                        var refusal = APIProblem(.methodNotAllowed, "This path answers \(allowed.joined(separator: ", ")).").response
                        refusal.headers[.allow] = allowed.joined(separator: ", ")
                        return refusal
                    }
                    return APIProblem(response.status, response.status == .notFound ? "There is no such operation in this API."
                                                                                     : response.status.reasonPhrase).response
                }
                if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
                if let kept { return try await answers.keep(response, for: kept) }
                return response
            }
        } catch {
            let problem = Self.problem(for: error)
            if problem.status.code >= 500 {
                logger.error("api", metadata: ["path": "\(path)", "error": "\(String(reflecting: error).prefix(2000))"])
            }
            var response = problem.response
            if problem.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer realm=\"Photolala\"" }
            return response
        }
    }

    /// The token behind the request's `Authorization: Bearer`, with its account as it is now.
    private func authenticate(_ request: Request) async throws -> APICaller {
        guard let header = request.headers[.authorization], header.count < 512, header.lowercased().hasPrefix("bearer ") else {
            throw APIProblem(.unauthorized, "Send an API token: Authorization: Bearer plt_…")
        }
        let secret = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        guard APITokenSecret.isWellFormed(secret), let (token, account) = try await store.token(secretHash: APITokenSecret.hash(secret)) else {
            throw APIProblem(.unauthorized, "That API token is not known here: it may have been revoked.")
        }
        let now = Int64(Date().timeIntervalSince1970)
        // (a note of its use once a minute at most: most requests write nothing)
        if now - (token.lastUsedAt ?? 0) >= 60 { try? await store.touchToken(id: token.id, now: now) }
        let visitor = Visitor(account: account, role: account.role, sessionHash: nil, adminsSeePrivate: adminsSeePrivate)
        return APICaller(token: token, account: account, visitor: visitor, view: try await view(of: token, visitor: visitor))
    }

    /// What a token reads through: its member's view, or for a frame token its album's or its
    /// link's alone, as a link's holders read it (no private photo, no favorites, no places
    /// unless the link shows them). An album the member can no longer see, or a link that ended,
    /// leaves the frame reading nothing.
    private func view(of token: APIToken, visitor: Visitor) async throws -> ScopedCatalog {
        switch token.frame {
        case nil:
            return reads.view(for: visitor.audience)
        case .album(let id):
            guard try await reads.view(for: visitor.audience).album(id: id) != nil else {
                throw APIProblem(.forbidden, "The album this frame token reads is gone, or its member can no longer see it.")
            }
            // A frame shows its album as a link would: not while the album is kept private.
            if try await store.hiding(.publicOnly).hides(albumId: id) {
                throw APIProblem(.forbidden, "The album this frame token reads is kept private now.")
            }
            return reads.view(for: .link(group: .album(id), maker: token.accountId, showsPlaces: false))
        case .share(let id):
            guard let link = try await store.shares(accountId: token.accountId).first(where: { $0.id == id }) else {
                throw APIProblem(.forbidden, "The share link this frame token reads was revoked.")
            }
            let (group, _, _) = try await ShareController.standing(link, store: store, reads: reads)
            return reads.view(for: .link(group: group, maker: link.accountId, showsPlaces: link.showsPlaces))
        }
    }

    // MARK: a photo's bytes

    enum FileRoute { case thumbnail, original }

    /// `photos/{id}/thumbnail` and `photos/{id}/original`, answered by the gallery's own file
    /// controllers (ranges, ETags, place redaction); nil for any other path.
    static func fileRoute(_ path: String) -> (String, FileRoute)? {
        guard path.hasPrefix(prefix + "photos/") else { return nil }
        let parts = path.dropFirst(prefix.count + 7).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        switch parts[1] {
        case "thumbnail": return (String(parts[0]), .thumbnail)
        case "original": return (String(parts[0]), .original)
        default: return nil
        }
    }

    private func serve(_ file: FileRoute, of id: String, _ request: Request, caller: APICaller, context: GalleryContext) async throws -> Response {
        let photo = try await APIHandler.photo(id, in: caller.view)
        switch file {
        case .original:
            return try await originals.respond(key: photo.card.key, in: caller.view, request, context)
        case .thumbnail:
            let name = request.uri.queryParameters["size"].map(String.init) ?? "row"
            guard let size = Self.sizes[name] else {
                throw APIProblem(.badRequest, "size is one of grid, grid2x, row, row2x and screen.")
            }
            // (the photo was found through the view's `file(ofContent:)`, which is what it sees)
            return try await thumbnails.respond(size: size, picture: photo.card.picture, request, context)
        }
    }

    static let sizes: [String: SiteURL.Rendition] = ["grid": .grid, "grid2x": .grid2x, "row": .row, "row2x": .row2x, "screen": .screen]

    // MARK: errors

    /// What the client is told of `error`: its own problem, a refused request's status with what
    /// was wrong with it, and for anything else a 500 that says nothing of the server's insides.
    static func problem(for error: any Error) -> APIProblem {
        switch error {
        case let problem as APIProblem:
            return problem
        case let error as ServerError:
            if let inner = error.underlyingError as? APIProblem { return inner }
            if error.underlyingError is DecodingError {
                return APIProblem(.badRequest, "The request is not what the document describes (\(error.operationID): \(error.causeDescription.prefix(200))).")
            }
            if !(error.underlyingError is ServerError), error.httpStatus.code < 500, error.underlyingError as? PageError == nil {
                return APIProblem(error.httpStatus, "The request is not what the document describes: \(error.causeDescription.prefix(300))")
            }
            return problem(for: error.underlyingError)
        case let error as PageError:
            return APIProblem(error.status, error.message?.english ?? error.status.reasonPhrase)
        case let error as HTTPError:
            return APIProblem(error.status, error.status == .notFound ? "There is no such operation in this API." : error.status.reasonPhrase)
        case is DecodingError:
            return APIProblem(.badRequest, "The request's body is not what the document describes.")
        case let error as CurationError:
            return APIProblem(TrashController.status(error), error.description)
        default:
            return APIProblem(.internalServerError, "Something went wrong on the server; its log says what.")
        }
    }
}

/// Refuses an operation the token may not call, before its handler runs: the scope and role
/// `APIAction` names for its `operationId`, and nothing at all for an operation the table
/// does not name.
struct APIAccessMiddleware: ServerMiddleware {
    func intercept(_ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        guard let caller = APICaller.current else { throw APIProblem(.unauthorized, "No API token was given.") }
        if let refusal = APIAction.refusal(operation: operationID, for: caller) { throw refusal }
        return try await next(request, body, metadata)
    }
}
