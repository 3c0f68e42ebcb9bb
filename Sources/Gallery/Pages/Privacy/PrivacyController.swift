import Catalog
import Hummingbird

/// `POST /actions/private`, `/actions/private-folder` and `/actions/private-album`: a member keeps
/// a photo (with the rest of its shot), a folder or an album to themselves, or gives it back to the
/// household. Each answers with a 303 back and says what it did. Only the owner gives back what is
/// theirs; an admin who sees private photos (`--admins-see-private`) may give back what a deleted
/// account kept.
struct PrivacyController: Sendable {
    let store: any PrivacyStore & CurationStore & AlbumStore
    /// What a form's photo or folder is read through: the visitor's view.
    let reads: CatalogReads
    let flash: FlashMiddleware
    /// Where uploads land: everyone's, so none of it can be kept private as a folder.
    let uploads: UploadNaming

    func register(with routes: Routes) {
        routes.member.form(.action(.privatePhoto), use: photo)
        routes.member.form(.action(.privateFolder), use: folder)
        routes.member.form(.action(.privateAlbum), use: album)
    }

    @Sendable func photo(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, owner, on) = try await read(request, context)
        let key = try form.require("key")
        guard SourceKey.isValid(key), let photo = try await reads.view(for: context.visitor.audience).photo(key: key) else {
            throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
        }
        let acting = try Self.owner(owner, holder: photo.card.privateTo, on: on, context, what: "This photo")
        let changed = try await store.setPrivate(photoIds: [photo.photoId], owner: acting, on)
        let stays = !on && photo.card.privateTo != nil && changed == 0
        let text = if changed > 0 {
            on ? Phrase("Made this photo private: only you see it now.") : Phrase("Made this photo the household’s again.")
        } else if on {
            Phrase("This photo is private already.")
        } else {
            stays ? Phrase("This photo stays private: it is in a private folder or album.") : Phrase("This photo is the household’s already.")
        }
        return done(text, back: form.returnPath(default: SiteURL.photo(key)), context)
    }

    @Sendable func folder(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, owner, on) = try await read(request, context)
        let path = try form.require("path")
        guard SourceKey.isValid(path), let folder = try await reads.view(for: context.visitor.audience).folder(at: path) else {
            throw PageError(.notFound, message: Phrase(PrivacyError.unknownFolder))
        }
        if on, Self.takesUploads(folder.path, uploads) {
            let name = folder.name
            throw PageError(.badRequest, message: Phrase("Uploads land in “\(name)” for everyone, so it can’t be private as a folder (what arrives would be yours): select its photos and keep them private instead."))
        }
        let changed = try await Self.catching { try await store.setFolderPrivate(path: folder.path, owner: owner, on) }
        let name = folder.name
        let text = on
            ? Phrase(count: changed, "Made “\(name)” private: its \(changed) photo and every photo that arrives in it later are yours alone.", "Made “\(name)” private: its \(changed) photos and every photo that arrives in it later are yours alone.")
            : Phrase(count: changed, "Made “\(name)” the household’s again, with \(changed) photo.", "Made “\(name)” the household’s again, with \(changed) photos.")
        return done(text, back: form.returnPath(default: SiteURL.folder(path)), context)
    }

    @Sendable func album(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, owner, on) = try await read(request, context)
        guard let raw = form["album"], let id = Int64(raw), id > 0, let album = try await reads.view(for: context.visitor.audience).album(id: id) else {
            throw PageError(.notFound, message: Phrase(AlbumError.unknownAlbum))
        }
        // An album is the household's, made by one of them: only its maker keeps it to themselves.
        if on, album.createdBy?.lowercased() != context.visitor.account?.name.lowercased() {
            throw PageError(.forbidden, message: Phrase("Only the person who made “\(album.name)” can make it private."))
        }
        let changed = try await Self.catching { try await store.setAlbumPrivate(id: id, owner: owner, on) }
        let name = album.name
        let text = on
            ? Phrase(count: changed, "Made the album “\(name)” private: it and its \(changed) photo are yours alone, and so is every photo put in it.", "Made the album “\(name)” private: it and its \(changed) photos are yours alone, and so is every photo put in it.")
            : Phrase(count: changed, "Made the album “\(name)” the household’s again, with \(changed) photo.", "Made the album “\(name)” the household’s again, with \(changed) photos.")
        return done(text, back: form.returnPath(default: SiteURL.album(id)), context)
    }

    /// Whether uploads land in `path` or below it, or it holds where they land: the household's
    /// uploads folder and the share links' (a private folder takes what arrives in it).
    static func takesUploads(_ path: String, _ uploads: UploadNaming) -> Bool {
        uploads.reaches(path) || path == UploadController.linkFolderRoot || UploadController.isLinkUpload(path)
    }

    /// The form, the account acting, and whether it asks for private (`value=on`) or not (`off`).
    private func read(_ request: Request, _ context: GalleryContext) async throws -> (FormBody, Int64, Bool) {
        let form = try await FormBody(request, context: context)
        guard let account = context.visitor.account else {
            throw PageError(.forbidden, message: Phrase("Sign in to keep photos private: what is private is an account’s."))
        }
        let value = try form.require("value")
        guard value == "on" || value == "off" else { throw PageError(.badRequest, message: Phrase("Private is either on or off.")) }
        return (form, account.id, value == "on")
    }

    /// Whose privacy a change is made as: the visitor's own, or, to give back what a deleted
    /// account kept, that former owner's, for an admin who sees it.
    static func owner(_ owner: Int64, holder: Int64?, on: Bool, _ context: GalleryContext, what: String) throws -> Int64 {
        guard !on, let holder, holder != owner else { return owner }
        if holder == formerAccountOwner, context.visitor.sight == .everything { return holder }
        throw PageError(.forbidden, message: Phrase(PrivacyError.notYours(what)))
    }

    private func done(_ text: Phrase, back: String, _ context: GalleryContext) -> Response {
        var response = Response.redirect(to: back, type: .normal)
        flash.set(text, on: &response, context: context)
        return response
    }

    /// Privacy refusals as the pages' errors: 404 for what is gone, 403 for someone else's, else 400.
    static func catching<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as PrivacyError {
            switch error {
            case .unknownFolder, .unknownAlbum: throw PageError(.notFound, message: Phrase(error))
            case .notYours: throw PageError(.forbidden, message: Phrase(error))
            case .rootFolder, .insidePrivateFolder: throw PageError(.badRequest, message: Phrase(error))
            }
        }
    }
}
