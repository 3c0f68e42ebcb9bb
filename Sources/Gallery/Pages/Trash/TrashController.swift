import Catalog
import Foundation
import Hummingbird

/// Delete to trash (with a confirmation step), the trash page, restore, and empty trash.
struct TrashController: Sendable {
    let store: CatalogStore
    let source: LocalFolderSource
    let trashFolder: String
    /// Renditions of destroyed photos are deleted with them.
    let thumbnails: ThumbnailStore
    let renderer: PageRenderer
    let chrome: ChromeBuilder

    /// When true, the library is treated as read-only whatever the mount says.
    let readOnly: Bool

    func register(with routes: Routes) {
        routes.member.get("/delete", use: confirmDelete)
        routes.member.post(RouterPath(Paths.Action.delete.path), use: delete)
        routes.member.get(RouterPath(Paths.trash), use: trash)
        routes.member.post(RouterPath(Paths.Action.restore.path), use: restore)
        routes.admin.get(RouterPath(Paths.confirmEmptyTrash), use: confirmEmpty)
        routes.admin.post(RouterPath(Paths.Action.emptyTrash.path), use: empty)
        for action in [Paths.Action.delete, .restore] {
            routes.member.get(RouterPath(action.path), use: CurationController.getNotAllowed)
        }
        routes.admin.get(RouterPath(Paths.Action.emptyTrash.path), use: CurationController.getNotAllowed)
    }

    /// Refuses with 409 when files cannot be moved in or out of the library.
    private func requireWritableLibrary(_ doing: String) throws {
        guard !readOnly, source.isWritable() else {
            throw HTTPError(.conflict, message: "The library is read-only, so \(doing) is not possible. Stars, tags and favorites still work: they live in the catalog.")
        }
    }

    @Sendable func confirmDelete(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = request.uri.queryParameters["key"].map(String.init), SourceKey.isValid(key),
              let photo = try await store.photo(key: key) else {
            throw HTTPError(.notFound, message: CurationError.unknownPhoto.description)
        }
        try requireWritableLibrary("moving files to the trash")
        let model = ConfirmView(chrome: chrome.chrome(title: "Move to trash?", for: context), heading: "Move “\(photo.card.name)” to the trash?",
                                message: "The file leaves the library folder and waits in the trash, with its stars and tags, until you restore it or empty the trash.",
                                image: ThumbImage(sha256: photo.card.sha256, alt: photo.card.name),
                                action: Paths.Action.delete.path, dataAction: "delete", button: "Move to trash",
                                csrf: context.csrfToken, key: key, cancelURL: Paths.photo(key))
        return renderer.response("confirm", model)
    }

    @Sendable func delete(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let key = try form.require("key")
        guard SourceKey.isValid(key) else { throw HTTPError(.notFound, message: CurationError.unknownPhoto.description) }
        try requireWritableLibrary("moving files to the trash")
        let folder = SourceKey.folder(of: key)
        do {
            try store.moveToTrash(key: key, source: source, trashFolder: trashFolder)
        } catch let error as CurationError {
            throw HTTPError(Self.status(error), message: error.description)
        }
        let back = try await store.folder(at: folder) != nil ? Paths.folder(folder) : Paths.home
        return .redirect(to: back, type: .normal)
    }

    @Sendable func trash(_ request: Request, context: GalleryContext) async throws -> Response {
        let isAdmin = context.visitor.can(.admin)  // only admins may fetch a trashed photo's renditions
        let items = try store.trashItems().map { item in
            TrashView.Item(id: item.id, key: item.key, name: SourceKey.name(of: item.key),
                           image: isAdmin ? ThumbImage(sha256: item.sha256, alt: SourceKey.name(of: item.key)) : nil,
                           trashedText: Formatting.cameraDate(item.trashedAt) + " UTC")
        }
        let model = TrashView(chrome: chrome.chrome(title: "Trash", crumbs: [Crumb(name: "Trash", url: nil)], for: context), items: items,
                              hasItems: !items.isEmpty, summary: Formatting.plural(items.count, "file", "files"),
                              csrf: context.csrfToken, restoreAction: Paths.Action.restore.path, emptyURL: Paths.confirmEmptyTrash)
        return renderer.response("trash", model)
    }

    @Sendable func restore(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        guard let id = Int64(try form.require("id")) else { throw HTTPError(.badRequest, message: "That is not a trash item.") }
        try requireWritableLibrary("restoring files")
        do {
            try store.restore(trashId: id, source: source, trashFolder: trashFolder)
        } catch let error as CurationError {
            throw HTTPError(Self.status(error), message: error.description)
        }
        return .redirect(to: Paths.trash, type: .normal)
    }

    @Sendable func confirmEmpty(_ request: Request, context: GalleryContext) async throws -> Response {
        let count = try store.trashItems().count
        let model = ConfirmView(chrome: chrome.chrome(title: "Empty the trash?", for: context),
                                heading: "Delete \(Formatting.plural(count, "file", "files")) for good?",
                                message: "Emptying the trash destroys these files. This cannot be undone.",
                                image: nil, action: Paths.Action.emptyTrash.path, dataAction: "empty-trash",
                                button: "Empty trash", csrf: context.csrfToken, key: "", cancelURL: Paths.trash)
        return renderer.response("confirm", model)
    }

    @Sendable func empty(_ request: Request, context: GalleryContext) async throws -> Response {
        _ = try await FormBody(request, context: context)
        let destroyed = try store.contentOnlyInTrash()
        try store.emptyTrash(trashFolder: trashFolder)
        await thumbnails.forget(destroyed)
        return .redirect(to: Paths.trash, type: .normal)
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
