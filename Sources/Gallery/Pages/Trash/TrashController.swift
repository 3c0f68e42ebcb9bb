import Catalog
import Foundation
import Hummingbird

/// Delete to trash (with a confirmation step), the trash page, restore, and empty trash.
struct TrashController: Sendable {
    let store: any TrashStore & CurationStore
    /// What a form's photo or folder is read through: the visitor's view.
    let reads: CatalogReads
    let source: any PhotoSource
    /// Deletes the renditions of destroyed photos, on every instance (`Renditions.forget`).
    let forgetRenditions: @Sendable (Set<String>) async -> Void
    let pages: PageKit
    /// Says so when emptying the trash kept files whose bytes could not be deleted.
    let flash: FlashMiddleware

    /// When true, the library is treated as read-only whatever the mount says.
    let readOnly: Bool

    func register(with routes: Routes) {
        routes.member.get(.confirmDelete, use: confirmDelete)
        routes.member.form(.action(.delete), use: delete)
        routes.member.get(.trash, use: trash)
        routes.member.form(.action(.restore), use: restore)
        routes.admin.get(.confirmEmptyTrash, use: confirmEmpty)
        routes.admin.form(.action(.emptyTrash), use: empty)
    }

    /// What needs files moved in or out of the library.
    enum FileMove { case toTrash, restore }

    /// Refuses with 409 when files cannot be moved in or out of the library.
    func requireWritableLibrary(_ move: FileMove) async throws {
        guard !readOnly, await source.isWritable() else {
            switch move {
            case .toTrash:
                throw PageError(.conflict, message: Phrase("The library is read-only, so moving files to the trash is not possible. Stars, tags and favorites still work: they live in the catalog."))
            case .restore:
                throw PageError(.conflict, message: Phrase("The library is read-only, so restoring files is not possible. Stars, tags and favorites still work: they live in the catalog."))
            }
        }
    }

    @Sendable func confirmDelete(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = request.uri.queryParameters["key"].map(String.init), SourceKey.isValid(key),
              let photo = try await reads.view(for: context.visitor.audience).photo(key: key) else {
            throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
        }
        try await requireWritableLibrary(.toTrash)
        let model = ConfirmView(chrome: pages.chrome(title: Phrase("Move to trash?"), for: context),
                                heading: Phrase("Move “\(photo.card.name)” to the trash?"),
                                message: Phrase("The file leaves the library folder and waits in the trash, with its stars and tags, until you restore it or empty the trash."),
                                image: ThumbImage(photo.card.picture, alt: .verbatim(photo.card.name)),
                                action: SiteURL.Action.delete.url, dataAction: "delete", button: Phrase("Move to trash"),
                                csrf: context.csrfToken, key: key, cancelURL: SiteURL.photo(key))
        return try pages.response(model, for: context)
    }

    @Sendable func delete(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let key = try form.require("key")
        guard SourceKey.isValid(key) else { throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto)) }
        // A photo private to someone else is not there to be deleted.
        if try await reads.everythingForServerWork.photoId(forKey: key) != nil, try await reads.view(for: context.visitor.audience).photoId(forKey: key) == nil {
            throw PageError(.notFound, message: Phrase(CurationError.unknownPhoto))
        }
        try await requireWritableLibrary(.toTrash)
        let folder = SourceKey.folder(of: key)
        do {
            try await store.moveToTrash(key: key, source: source)
        } catch let error as CurationError {
            throw PageError(Self.status(error), message: Phrase(error))
        }
        let back = try await reads.view(for: context.visitor.audience).folder(at: folder) != nil ? SiteURL.folder(folder) : SiteURL.home
        return .redirect(to: back)
    }

    @Sendable func trash(_ request: Request, context: GalleryContext) async throws -> Response {
        let model = TrashView(chrome: pages.chrome(title: Phrase("Trash"), crumbs: [Crumb(name: Phrase("Trash"), url: nil)], for: context),
                              items: try await reads.view(for: context.visitor.audience).trashItems(), forAdmin: context.visitor.can(.admin), csrf: context.csrfToken,
                              zone: context.timeZone)
        return try pages.response(model, for: context)
    }

    @Sendable func restore(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let id = Int64(try form.require("id")) else { throw PageError(.badRequest, message: Phrase("That is not a trash item.")) }
        try await requireWritableLibrary(.restore)
        do {
            try await store.restore(trashId: id, sight: context.visitor.sight, source: source)
        } catch let error as CurationError {
            throw PageError(Self.status(error), message: Phrase(error))
        }
        return .redirect(to: SiteURL.trash)
    }

    @Sendable func confirmEmpty(_ request: Request, context: GalleryContext) async throws -> Response {
        let count = try await reads.view(for: context.visitor.audience).trashItems().count
        let model = ConfirmView(chrome: pages.chrome(title: Phrase("Empty the trash?"), for: context),
                                heading: Phrase(count: count, "Delete \(count) file for good?", "Delete \(count) files for good?"),
                                message: Phrase("Emptying the trash destroys these files. This cannot be undone."),
                                image: nil, action: SiteURL.Action.emptyTrash.url, dataAction: "empty-trash",
                                button: Phrase("Empty trash"), csrf: context.csrfToken, key: "", cancelURL: SiteURL.trash)
        return try pages.response(model, for: context)
    }

    @Sendable func empty(_ request: Request, context: GalleryContext) async throws -> Response {
        _ = try await FormBody(request, context: context)
        var destroyed = try await store.contentOnlyInTrash()
        let emptied = try await store.emptyTrash(source: source)
        // A file kept in the trash keeps its renditions: its bytes are still there.
        if emptied.kept > 0 { destroyed.subtract(try await store.contentOnlyInTrash()) }
        await forgetRenditions(destroyed)
        var response = Response.redirect(to: SiteURL.trash)
        if emptied.kept > 0 {
            let kept = emptied.kept
            let text = Phrase(count: kept, "\(kept) file could not be deleted now and stayed in the trash; empty the trash again later.", "\(kept) files could not be deleted now and stayed in the trash; empty the trash again later.")
            flash.set(text, on: &response, context: context)
        }
        return response
    }

    static func status(_ error: CurationError) -> HTTPResponse.Status {
        switch error {
        case .unknownPhoto, .unknownTrashItem: return .notFound
        case .alreadyInTrash, .restoreTargetTaken: return .conflict
        case .invalidRating, .invalidTag: return .badRequest
        case .fileOperationFailed: return .conflict
        }
    }
}
