import Catalog
import Foundation
import Hummingbird
import HummingbirdCore

/// Read-only share links: made from a group page, listed on "Shared links", and opened by
/// anyone holding `/share/<token>`, who sees that group's pages, photos, thumbnails and
/// originals and nothing else.
struct ShareController: Sendable {
    /// The links themselves, their albums and what is private: never a photo read.
    let store: any ShareStore & AlbumStore & PrivacyStore
    /// Every photo, file and group a link reaches is read through its view (`OpenLink.view`).
    let reads: CatalogReads
    let pages: PageKit
    let groupPage: GroupPage
    /// The start of the copyable full link (`GalleryConfig.linkBase`), never taken from a request's Host.
    let linkBase: String
    /// Cookie flags, for the one-time cookie that shows a new link's token to its maker.
    let sessions: SessionSettings
    let photos: PhotoController
    /// The link's slideshow and frame view.
    let slideshows: SlideshowController
    let thumbnails: ThumbnailController
    let originals: OriginalController
    /// Playable renditions of the link's videos that browsers cannot play.
    let playable: PlayableController
    /// An album's link may take photos: they arrive as uploads do.
    let uploads: UploadController
    /// Share-link passwords are bcrypt hashes, checked as slowly as sign-ins and throttled like them.
    let gate: PasswordGate
    /// New links' tokens, and the addresses their makers see again (`ShareTokens`).
    let tokens: ShareTokens

    func register(with routes: Routes) {
        routes.member.form(.action(.share), use: create)
        routes.member.form(.action(.unshare), use: revoke)
        routes.member.get(.shared, use: list)
        routes.member.get(.confirmUnshare, use: confirmRevoke)
        routes.open.get(.share, use: group)
        routes.open.post(.share, use: unlock)
        routes.open.get(.sharePhoto, use: photo)
        routes.open.get(.shareSlideshow, use: slideshow)
        routes.open.get(.shareThumbnail, use: thumbnail)
        routes.open.get(.shareOriginal, use: original)
        routes.open.get(.shareMotion, use: motion)
        routes.open.get(.sharePlay, use: play)
        routes.open.get(.sharePlayable, use: playableRendition)
        routes.open.post(.shareUpload, use: upload)
        routes.open.get(.shareZip, use: zip)
    }

    /// `GET /share/TOKEN/zip`: every photo the link shows, as one zip streamed as it is made.
    @Sendable func zip(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        let files = try await open.view.filesWithCompanions(in: open.group, sort: open.group.defaultSort)
        guard !files.isEmpty else { throw PageError(.notFound, message: Phrase("This shared group holds no photos to download.")) }
        // The zip's file name is the title's English, as the gallery's other file names are.
        guard !open.view.showsPlaces else {
            return ZipDownload.response(files, title: open.title.english, source: originals.source, language: context.language)
        }
        // Without places: each file as the link's original download would hand it out.
        let (view, source) = (open.view, originals.source)
        return ZipDownload.response(files, title: open.title.english, source: source, language: context.language) { entry in
            guard let photo = try? await view.photo(key: entry.key) else { return .withheld }
            return await PlaceTreatment.of(photo.format, entry: entry, source: source, for: view)
        }
    }

    /// How many photos an album's link may add, all told, when its maker lets it take photos.
    static let linkUploads = 200

    // MARK: the holder's side

    @Sendable func group(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: true)
        let (link, token, group, title) = (open.link, open.token, open.group, open.title)
        if let locked = link.passwordHash, !Self.isUnlocked(request, token: token, hash: locked) {
            return try unlockPage(token: token, context: context, error: nil, status: .ok)
        }
        let query = try GroupQuery(request.uri, defaultSort: group.defaultSort)
        var holders = LinkHolders(token: token)
        if link.kind == .album, link.uploadsLeft > 0, let action = holders.scope.upload {
            holders.upload = ShareUploadBox(action: action, left: link.uploadsLeft, limitText: .bytes(Int64(uploads.limit)))
        }
        holders.album = open.album.map(AlbumPanel.forHolders)
        var spec = GroupSpec(base: group, title: title, audience: holders, view: open.view)
        spec.summaryPrefix = Phrase("Shared by \(link.ownerName)")
        spec.summarySuffix = link.expiresAt.map { Phrase("link open until \(Phrase.instant($0, in: context.timeZone))") }
        return try await groupPage.response(spec, query: query, request, context)
    }

    /// `POST /share/TOKEN/upload`: a link holder adds photos to the shared album, as many as the
    /// link has left, each no larger than an upload may be. They are filed in the link's own
    /// folder (`UploadController.linkFolder`), never beside the household's files, and join the
    /// album as added through the link; a photo the household already keeps adds nothing.
    @Sendable func upload(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        let (link, token, title) = (open.link, open.token, open.title)
        // A link that does not take photos (any more) has no upload address.
        guard link.kind == .album, let albumId = Int64(link.value), link.uploadsLeft > 0 else {
            throw PageError(.notFound, message: Phrase("This link does not take photos, or has taken all it may. Ask the person who shared it."))
        }
        // What this request may add is reserved before a byte is read, so requests at once (on
        // any instance) share what is left and never add more; what it did not use goes back.
        let reserved = try await store.takeShareUploads(id: link.id, count: min(uploads.fileLimit, link.uploadsLeft))
        guard reserved > 0 else {
            let busy = Phrase("Other photos are being added through this link right now and take what it has left. Try again in a moment.")
            throw PageError(.conflict, message: busy)
        }
        let scope = SiteURL.Scope.share(token)
        let result: UploadView.Result
        do {
            result = try await place(request, context, open: open, albumId: albumId, fileLimit: reserved)
        } catch {
            try await store.returnShareUploads(id: link.id, count: reserved)
            throw error
        }
        try await store.returnShareUploads(id: link.id, count: reserved - min(reserved, result.added.count))
        let left = try await store.share(token: token)?.uploadsLeft ?? 0
        var model = UploadView(chrome: pages.sharedChrome(title: Phrase("Add photos to \(title)")), csrf: context.csrfToken, readOnly: left == 0,
                               limitText: .bytes(Int64(uploads.limit)),
                               hint: Phrase(count: left, "Photos you add join the album “\(title)”, shown as added through this link. \(left) more can be added.", "Photos you add join the album “\(title)”, shown as added through this link. \(left) more can be added."),
                               result: result.finished())
        model.action = scope.upload ?? SiteURL.upload
        model.heading = Phrase("Add photos to “\(title)”")
        model.dataAction = "share-upload"
        model.back = scope.group(.album(albumId))
        let status: HTTPResponse.Status = result.added.isEmpty && result.skipped.isEmpty ? .unprocessableContent : .ok
        return try pages.response(model, status: status, for: context)
    }

    /// Receives a link's upload into its own folder and adds the new photos to its album. A copy
    /// of a photo the album holds is said to be there; a copy of one the household keeps elsewhere
    /// is not added and names nothing of the household's (no path, no page).
    private func place(_ request: Request, _ context: GalleryContext, open: OpenLink, albumId: Int64,
                       fileLimit: Int) async throws -> UploadView.Result {
        let (link, scope) = (open.link, open.scope)
        // What the upload itself filed is read as the server's own work: it is not the holders' to see yet.
        let filed = reads.everythingForServerWork
        let received = try await uploads.receive(request, context: context, fileLimit: fileLimit, into: .link(id: link.id))
        var result = UploadView.Result()
        var photoIds: [Int64] = []
        for item in received {
            switch item {
            case .added(let sent, let key):
                if let photo = try await filed.photo(key: key) { photoIds.append(photo.photoId) }
                result.added.append(.init(name: sent, detail: Phrase("added to the album"), url: scope.photo(key, in: nil)))
            case .duplicate(let sent, let key, _):
                if let key, try await open.view.photo(key: key) != nil {
                    result.skipped.append(.init(name: sent, detail: Phrase("already in this album"), url: scope.photo(key, in: nil)))
                } else {
                    let detail = key == nil ? Phrase("the same photo as another in this upload")
                        : Phrase("not added: a photo with the same bytes is already kept here; ask the person who shared the link")
                    result.skipped.append(.init(name: sent, detail: detail, url: nil))
                }
            case .refused(let sent, let reason):
                // Where the household keeps it is not the link's holders' to read.
                result.refused.append(.init(name: sent, detail: reason.id.hasPrefix("was saved as") ? Phrase("could not be read") : reason, url: nil))
            }
        }
        _ = try await AlbumsController.catching { try await store.addToAlbum(id: albumId, photoIds: photoIds, now: Date(), throughShare: link.id) }
        return result
    }

    @Sendable func photo(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        guard let key = open.scope.photoKey(fromPath: request.uri.path) else { throw PhotoController.notFound }
        var visitor = context
        visitor.visitor = .nobody  // a share page never shows the holder's own favorites or forms
        return try await photos.render(key: key, in: open.view, shared: (open.title, open.scope), request, visitor)
    }

    /// `GET /share/TOKEN/slideshow/KEY`: the link's photos one at a time, or its frame view
    /// (`frame=1`) for a tablet on a shelf: in the link's group, every link inside the link.
    @Sendable func slideshow(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        guard let key = open.scope.slideshowKey(fromPath: request.uri.path) else { throw PhotoController.notFound }
        var visitor = context
        visitor.visitor = .nobody
        return try await slideshows.render(key: key, in: open.view, scope: open.scope, request, visitor)
    }

    @Sendable func thumbnail(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        let (size, picture, encoding) = try ThumbnailController.parse(context)
        guard try await open.view.sees(sha256: picture.sha256) else {
            throw PageError(.notFound, message: Phrase("No such thumbnail in this shared group."))
        }
        return try await thumbnails.respond(size: size, picture: picture, encoding: encoding, request, context)
    }

    @Sendable func original(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        guard let key = open.scope.originalKey(fromPath: request.uri.path), try await open.view.photo(key: key) != nil else {
            throw PageError(.notFound, message: Phrase("This file is not part of the shared group."))
        }
        return try await originals.respond(key: key, in: open.view, request, context)
    }

    @Sendable func motion(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        guard let key = open.scope.motionKey(fromPath: request.uri.path) else { throw OriginalController.noMotion }
        return try await originals.respondMotion(key: key, in: open.view, request, context)
    }

    @Sendable func play(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        guard let key = open.scope.playKey(fromPath: request.uri.path) else { throw PlayableController.noVideo }
        var visitor = context
        visitor.visitor = .nobody
        // Work is counted against the link, whoever holds it; what came through a link waits for the household.
        return try await playable.play(key: key, in: open.view, scope: open.scope, requester: "link:\(open.link.id)",
                                       mayStart: !UploadController.isLinkUpload(key), request, visitor)
    }

    @Sendable func playableRendition(_ request: Request, context: GalleryContext) async throws -> Response {
        let open = try await resolve(request, context, page: false)
        guard let sha = PlayableController.sha256(context) else { throw PlayableController.noRendition }
        return try await playable.serve(sha: sha, in: open.view, request, context)
    }

    /// The live link named in the URL, opened: its token, its group, its title and the view its
    /// holders read through; 404 when unknown, 410 when expired. A link with a password opens its
    /// pages only in a browser that gave it (the unlock cookie); its first page asks for it,
    /// everything else of it is refused until then.
    private func resolve(_ request: Request, _ context: GalleryContext, page: Bool) async throws -> OpenLink {
        let found = try await resolveLink(context)
        if !page, let locked = found.link.passwordHash, !Self.isUnlocked(request, token: found.token, hash: locked) {
            throw PageError(.forbidden, message: Phrase("This shared link asks for a password: open its first page and enter it."))
        }
        return found
    }

    private func resolveLink(_ context: GalleryContext) async throws -> OpenLink {
        guard let token = context.parameters.get("token"), SecretToken.isWellFormed(token),
              let link = try await store.share(token: token) else {
            throw PageError(.notFound, message: Phrase("This share link does not exist or was revoked."))
        }
        let (group, title, shown) = try await Self.standing(link, store: store, reads: reads)
        return OpenLink(link, token: token, group: group, title: title, album: shown, reads: reads)
    }

    /// What a link shows as it stands now: its group, its title and its album; refused when it
    /// expired or ended, or its folder or album has since been kept private. Whoever opens a
    /// link (its page, a frame token reading it) asks here.
    static func standing(_ link: ShareLink, store: any PrivacyStore, reads: CatalogReads) async throws -> (PhotoGroup, Phrase, Album?) {
        guard link.isLive(at: Int64(Date().timeIntervalSince1970)) else {
            throw PageError(.gone, message: Phrase("This share link has expired. Ask the person who shared it for a new one."))
        }
        guard link.endedAt == nil else { throw Self.ended }
        var (group, title) = try Self.group(of: link)
        var shown: Album?
        // A folder or an album its maker (or anyone) has since kept private is no one's to see
        // through a link, not even by its name, for as long as it stays private.
        let hiding = try await store.hiding(.publicOnly)
        if case .folder(let path) = group.parts.base, hiding.hides(folder: path) { throw Self.kept }
        if case .album(let id) = group.parts.base {
            if hiding.hides(albumId: id) { throw Self.kept }
            guard let album = try await reads.view(for: .household(viewer: .guest, sight: .publicOnly)).album(id: id) else { throw Self.ended }
            (title, shown) = (.verbatim(album.name), album)
        }
        return (group, title, shown)
    }

    /// A link whose folder or album is private now answers as a link that is not there.
    static let kept = PageError(.notFound, message: Phrase("This share link does not exist or was revoked."))

    /// A link whose group ended (`ShareLink.endedAt`) answers this, whatever took the group's place.
    static let ended = PageError(.gone, message: Phrase("What this link showed is gone: its album was deleted, or its tag or folder no longer holds photos. Ask the person who shared it for a new link."))

    /// What a link shows, rebuilt from what was stored, and its title; an album's title is its
    /// name, read where the album may be seen (`resolveLink`, `named(_:in:)`), else this says why not.
    static func group(of link: ShareLink) throws -> (PhotoGroup, Phrase) {
        let filter = try FilterQuery.parse(URI("/?" + link.filter), viewer: .account(link.accountId))
        let base: PhotoGroup
        let title: Phrase
        switch link.kind {
        case .folder:
            (base, title) = (.folder(link.value), link.value.isEmpty ? Phrase("Photos") : .verbatim(link.value.replacingOccurrences(of: "/", with: " / ")))
        case .tag: (base, title) = (.tag(link.value), .verbatim(link.value))
        case .favorites: (base, title) = (.favorites(.account(link.accountId)), Phrase("Favorites of \(link.ownerName)"))
        case .search: (base, title) = (.all, filter.text.map { Phrase("Photos matching “\($0)”") } ?? Phrase("Selected photos"))
        case .album: (base, title) = (.album(Int64(link.value) ?? 0), link.endedAt == nil ? Phrase("An album you cannot see") : Phrase("A deleted album"))
        }
        return (filter.isEmpty ? base : .filtered(base, filter), title)
    }

    // MARK: the sharer's side

    @Sendable func create(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("Sign in with an account to share: a link is listed under its owner."))
        }
        guard let kind = form["kind"].flatMap(ShareLink.Kind.init(rawValue:)) else {
            throw PageError(.badRequest, message: Phrase("Only a folder, a tag, an album, your favorites or a search can be shared."))
        }
        let days = Int(form["expires"] ?? "0") ?? -1
        let (id, token) = try await makeLink(for: account, audience: context.visitor.audience, kind: kind, value: form["value"] ?? "",
                                             filter: form["filter"] ?? "", days: days, password: form["password"] ?? "",
                                             uploads: form["uploads"] == "1", places: form["places"] == "1")
        // The list derives the token again (`ShareTokens`). It also goes to its maker once, in a
        // short-lived cookie the list page reads and clears (never in a URL or the browser's
        // history), for an instance of a shared catalog whose data folder has another secret.
        var response = Response.redirect(to: SiteURL.shared.appending([("new", String(id))]).fragment("share-\(id)"))
        response.setCookie(newLinkCookie(token, maxAge: 600, context: context))
        return response
    }

    /// Makes a share link of `account`'s, as `audience` sees the library: what it shows must be
    /// there for them (a folder, a tag with photos, an album they see, a search), it lasts 1, 7,
    /// 30 or 365 days or until revoked (0), and only an album's link takes photos. The share
    /// form and the API both make links here. Returns the link's id and its token.
    func makeLink(for account: Account, audience: Audience, kind: ShareLink.Kind, value: String, filter filterText: String, days: Int,
                  password: String, uploads: Bool, places: Bool) async throws -> (id: Int64, token: String) {
        let filter = try FilterQuery.parse(URI("/?" + filterText), viewer: .account(account.id))
        let canonical = SiteURL.queryString(FilterQuery.pairs(filter))
        switch kind {
        case .folder:
            guard SourceKey.isValid(value) || value.isEmpty, try await reads.view(for: audience).folder(at: value) != nil else {
                throw PageError(.notFound, message: Phrase("There is no such folder to share."))
            }
        case .tag:
            guard try await reads.view(for: audience).count(.tag(TagName.normalize(value))) > 0 else {
                throw PageError(.notFound, message: Phrase("No photo carries this tag."))
            }
        case .favorites:
            guard value.isEmpty else { throw PageError(.badRequest, message: Phrase("Only your own favorites can be shared.")) }
        case .album:
            guard let id = Int64(value), try await reads.view(for: audience).album(id: id) != nil else {
                throw PageError(.notFound, message: Phrase("There is no such album to share."))
            }
        case .search:
            guard !filter.isEmpty else { throw PageError(.badRequest, message: Phrase("Search for something first: the whole library cannot be shared.")) }
        }
        guard [0, 1, 7, 30, 365].contains(days) else { throw PageError(.badRequest, message: Phrase("A link lasts 1, 7, 30 or 365 days, or until revoked.")) }
        let now = Int64(Date().timeIntervalSince1970)
        let (token, nonce) = tokens.make()
        guard !uploads || kind == .album else {
            throw PageError(.badRequest, message: Phrase("Only an album's link can take photos."))
        }
        if !password.isEmpty, let problem = Passwords.problem(password) {
            throw PageError(.badRequest, message: Phrase("The link's password: \(problem)"))
        }
        let id = try await store.createShare(token: token, nonce: nonce, accountId: account.id, kind: kind,
                                       value: kind == .tag ? TagName.normalize(value) : value, filter: canonical,
                                       expiresAt: days == 0 ? nil : now + Int64(days) * 86_400, now: now)
        if !password.isEmpty { try await store.setSharePassword(id: id, passwordHash: try await gate.passwords.hash(password)) }
        if uploads { try await store.setShareUploads(id: id, count: Self.linkUploads) }
        if places { try await store.setSharePlaces(id: id, shown: true) }
        return (id, token)
    }

    static let newLinkCookieName = "photolala_new_share"

    // MARK: passwords

    static let unlockCookieName = "photolala_share_unlock"

    /// The unlock cookie's value: a hash of the token and the password's hash, so it opens only
    /// this link, only while its password stays the same, and says nothing about either.
    static func unlockValue(token: String, hash: String) -> String { TokenHash.of(token + "\n" + hash) }

    static func isUnlocked(_ request: Request, token: String, hash: String) -> Bool {
        guard let sent = request.cookie(unlockCookieName) else { return false }
        return FormBody.constantTimeEqual(sent, unlockValue(token: token, hash: hash))
    }

    private func unlockPage(token: String, context: GalleryContext, error: Phrase?, status: HTTPResponse.Status) throws -> Response {
        let model = ShareUnlockView(chrome: pages.sharedChrome(title: Phrase("Password needed")), action: SiteURL.share(token), csrf: context.csrfToken,
                                    error: error)
        return try pages.response(model, status: status, for: context)
    }

    /// `POST /share/TOKEN`: the password form of a protected link.
    @Sendable func unlock(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let open = try await resolveLink(context)
        let (link, token) = (open.link, open.token)
        guard let hash = link.passwordHash else { return .redirect(to: SiteURL.share(token).path, type: .normal) }
        let password = form["password"] ?? ""
        guard try await gate.admits(password, name: "share:\(link.id)", address: context.remoteAddress,
                                    tooMany: Phrase("Too many wrong passwords for this link."), hash: { hash }) else {
            return try unlockPage(token: token, context: context, error: Phrase("That password is not the one this link asks for."), status: .forbidden)
        }
        var response = Response.redirect(to: SiteURL.share(token).path, type: .normal)
        let lifetime = link.expiresAt.map { Int($0 - Int64(Date().timeIntervalSince1970)) } ?? 30 * 86_400
        response.setCookie(Cookie(name: Self.unlockCookieName, value: Self.unlockValue(token: token, hash: hash), maxAge: max(60, lifetime),
                                  path: sessions.cookiePath(for: SiteURL.share(token)), secure: sessions.secureCookies || context.isHTTPS,
                                  httpOnly: true, sameSite: .lax))
        return response
    }

    /// The one-time cookie carrying a new link's token to the list page.
    func newLinkCookie(_ token: String, maxAge: Int, context: GalleryContext) -> Cookie {
        Cookie(name: Self.newLinkCookieName, value: token, maxAge: maxAge, path: sessions.cookiePath,
               secure: sessions.secureCookies || context.isHTTPS, httpOnly: true, sameSite: .strict)
    }
}

/// The page a protected share link shows first: its password form.
struct ShareUnlockView: PageModel {
    static let template = "share-unlock"
    var chrome: PageChrome
    var action: SiteURL
    var csrf: String
    var error: Phrase?
}
