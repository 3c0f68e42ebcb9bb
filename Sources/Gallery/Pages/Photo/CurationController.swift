import Catalog
import Hummingbird

/// The favorite, rate, tag, untag, caption and rotate forms: POST, CSRF-checked, answered with a 303 back to
/// where the person was, so reload and the back button never resubmit.
struct CurationController: Sendable {
    let store: any CurationStore
    /// What a form's photo is read through: the visitor's view.
    let reads: CatalogReads

    func register(with routes: Routes) {
        // Favorites are personal: viewers keep their own. Stars and tags are the household's.
        routes.viewer.form(.action(.favorite), use: favorite)
        routes.member.form(.action(.rate), use: rate)
        routes.member.form(.action(.tag), use: tag)
        routes.member.form(.action(.untag), use: untag)
        routes.member.form(.action(.caption), use: caption)
        routes.member.form(.action(.rotate), use: rotate)
    }

    @Sendable func favorite(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, photoId, back) = try await read(request, context)
        let value = try form.require("value")
        guard value == "on" || value == "off" else { throw PageError(.badRequest, message: Phrase("A favorite is either on or off.")) }
        try await store.setFavorite(photoId: photoId, viewer: context.visitor.viewer, value == "on")
        return .redirect(to: back, type: .normal)
    }

    @Sendable func rate(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, photoId, back) = try await read(request, context)
        let raw = try form.require("rating")
        guard let rating = Int(raw), (0...5).contains(rating) else {
            throw PageError(.badRequest, message: Phrase(CurationError.invalidRating(String(raw.prefix(20)))))
        }
        try await store.setRating(photoId: photoId, rating)
        return .redirect(to: back, type: .normal)
    }

    @Sendable func tag(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, photoId, back) = try await read(request, context)
        let names: [String]
        do { names = try TagName.parseList(try form.require("tags")) } catch let error as CurationError {
            throw PageError(.badRequest, message: Phrase(error))
        }
        try await store.addTags(photoId: photoId, names)
        return .redirect(to: back, type: .normal)
    }

    @Sendable func untag(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, photoId, back) = try await read(request, context)
        let name = TagName.normalize(try form.require("tag"))
        guard !name.isEmpty else { throw PageError(.badRequest, message: Phrase("Which tag should be removed?")) }
        try await store.removeTag(photoId: photoId, name)
        return .redirect(to: back, type: .normal)
    }

    @Sendable func caption(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, photoId, back) = try await read(request, context)
        let text = form["caption"] ?? ""
        guard text.count <= CaptionText.maxLength * 2 else {
            throw PageError(.contentTooLarge, message: Phrase("A caption can be at most \(CaptionText.maxLength) characters."))
        }
        try await store.setCaption(photoId: photoId, text)
        return .redirect(to: back, type: .normal)
    }

    /// A quarter turn, `turn=left` or `turn=right`: kept on the content, every rendition follows.
    @Sendable func rotate(_ request: Request, context: GalleryContext) async throws -> Response {
        let (form, photoId, back) = try await read(request, context)
        // A video plays as it was shot: turning it would turn only its poster.
        if try await reads.view(for: context.visitor.audience).photo(key: try form.require("key"))?.card.kind == .video {
            throw PageError(.badRequest, message: Phrase("A video plays as it was shot, so it cannot be turned."))
        }
        let turn = try form.require("turn")
        guard turn == "left" || turn == "right" else { throw PageError(.badRequest, message: Phrase("Turn a photo left or right.")) }
        do { try await store.rotate(photoId: photoId, clockwise: turn == "right") } catch CurationError.unknownPhoto {
            throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
        }
        return .redirect(to: back, type: .normal)
    }

    /// Reads the form, checks CSRF, and finds the photo it is about.
    private func read(_ request: Request, _ context: GalleryContext) async throws -> (FormBody, Int64, String) {
        let form = try await FormBody(request, context: context)
        let key = try form.require("key")
        guard SourceKey.isValid(key), let photoId = try await reads.view(for: context.visitor.audience).photoId(forKey: key) else {
            throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
        }
        return (form, photoId, form.returnPath(default: SiteURL.photo(key)))
    }
}
