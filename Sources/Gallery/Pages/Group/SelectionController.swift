import Catalog
import Foundation
import Hummingbird
import HummingbirdCore

/// The select form of a group page (`POST /actions/select`): the photos ticked, or every photo
/// of the group's query ("all N in this group"), and one action for all of them. Each catalog
/// action is one transaction; the answer is a 303 back to the page with a line saying what was
/// done, or the zip itself.
struct SelectionController: Sendable {
    let store: any PhotoQueries & CurationStore & TrashStore & AlbumStore & UndoStore & LikenessStore & PrivacyStore
    let source: any PhotoSource
    let flash: FlashMiddleware
    let readOnly: Bool

    /// At most this many ticked boxes a submit (a page holds far fewer; "all" has no such limit).
    static let maxIds = 5_000

    func register(with routes: Routes) {
        routes.viewer.form(.action(.select), use: act)
        routes.viewer.form(.action(.undo), use: undo)
    }

    /// What a `do` value needs of the visitor.
    static func role(for action: String) -> Role? {
        switch action {
        case "favorite", "unfavorite", "zip": .viewer
        case "tag", "untag", "rate-1", "rate-2", "rate-3", "rate-4", "rate-5", "album-add", "album-remove", "restore", "private", "public": .member
        case "trash": .admin
        default: nil
        }
    }

    @Sendable func act(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let action = try form.require("do")
        guard let needs = Self.role(for: action) else {
            throw HTTPError(.badRequest, message: "“\(action.prefix(20))” is not something a selection can do.")
        }
        guard context.visitor.can(needs) else {
            throw HTTPError(.forbidden, message: needs == .admin ? "Only an admin can move many photos to the trash at once."
                                                                  : "Your account can look at photos but not change them.")
        }
        if action == "restore" { return try await restore(form, context: context) }
        let viewer = context.visitor.viewer
        let sight = context.visitor.sight
        let (group, sort, title) = try await selectedGroup(form, viewer: viewer, sight: sight)
        var files = try await selectedFiles(form, group: group, sort: sort, sight: sight)
        // "Keep this one" on a burst's page: every shot of the burst but this one, to the trash.
        var kept: FileRef?
        if let raw = form["keep"] {
            guard action == "trash", let id = Int64(raw), let shot = files.first(where: { $0.id == id }) else {
                throw HTTPError(.badRequest, message: "That shot is no longer part of this burst: open the folder again.")
            }
            kept = shot
            files.removeAll { $0.id == id }
        }
        guard !files.isEmpty else {
            throw HTTPError(.badRequest, message: "No photo was selected: tick some photos, or “All … in this group”, then choose what to do.")
        }
        if action == "zip" { return ZipDownload.response(try await store.withCompanions(files, sight: sight), title: title, source: source) }

        var seen = Set<Int64>()
        let photoIds = files.map(\.photoId).filter { seen.insert($0).inserted }
        let count = photoIds.count
        let photos = Formatting.plural(count, "photo", "photos")
        let text: String
        // What the action is about to change, read first so that it can be put back.
        var undo: UndoStep?
        var changedAny = true
        switch action {
        case "favorite", "unfavorite":
            let on = action == "favorite"
            undo = try await store.undoStep(before: .favorites(viewer, becoming: on), photoIds: photoIds)
            let changed = try await store.setFavorite(photoIds: photoIds, viewer: viewer, on)
            changedAny = changed > 0
            text = Self.report(changed: changed, of: count,
                               done: on ? "Added {n} to your favorites." : "Removed {n} from your favorites.",
                               none: on ? "{all} already among your favorites." : "{all} not among your favorites.",
                               rest: on ? "the other {k} were already there." : "the other {k} were not among them.")
        case "tag", "untag":
            let raw = form["tag"] ?? ""
            let names: [String]
            do { names = try TagName.parseList(raw) } catch let error as CurationError {
                throw HTTPError(.badRequest, message: error.description)
            }
            guard let first = names.first else { throw HTTPError(.badRequest, message: "Type the tag to \(action == "tag" ? "add" : "remove") first.") }
            undo = try await store.undoStep(before: .tags(action == "tag" ? names : [first]), photoIds: photoIds)
            if action == "tag" {
                let list = names.map { "“\($0)”" }.joined(separator: ", ")
                let changed = try await store.addTags(photoIds: photoIds, names)
                changedAny = changed > 0
                text = Self.report(changed: changed, of: count, done: "Tagged {n} \(list).", none: "{all} already tagged \(list).",
                                   rest: "the other {k} had \(names.count == 1 ? "it" : "them") already.")
            } else {
                let changed = try await store.removeTag(photoIds: photoIds, first)
                changedAny = changed > 0
                text = Self.report(changed: changed, of: count, done: "Removed “\(first)” from {n}.", none: "{all} not tagged “\(first)”.",
                                   rest: "the other {k} did not carry it.")
            }
        case "album-add":
            let (album, made) = try await AlbumsController.albumNamed(form["album"] ?? "", store: store, creator: context.visitor.account?.id,
                                                                        sight: context.visitor.sight)
            undo = try await store.undoStep(before: .album(id: album.id), photoIds: photoIds)
            let added = try await AlbumsController.catching { try await store.addToAlbum(id: album.id, photoIds: photoIds, now: Date(), by: context.visitor.account?.id) }
            changedAny = added > 0
            text = (made ? "Made the album “\(album.name)”. " : "")
                + Self.report(changed: added, of: count, done: "Added {n} to “\(album.name)”.", none: "{all} already in “\(album.name)”.",
                              rest: "the other {k} were in it already.")
        case "album-remove":
            guard case .album(let id) = group.parts.base else {
                throw HTTPError(.badRequest, message: "Photos can be taken out of an album only on the album’s own page.")
            }
            undo = try await store.undoStep(before: .album(id: id), photoIds: photoIds)
            let removed = try await AlbumsController.catching { try await store.removeFromAlbum(id: id, photoIds: photoIds) }
            changedAny = removed > 0
            text = "Took \(Formatting.plural(removed, "photo", "photos")) out of the album; they stay in the library."
        case "private", "public":
            // Each member's own: what is private is theirs, and only they make it the household's again.
            guard let owner = context.visitor.account?.id else {
                throw HTTPError(.forbidden, message: "Sign in to keep photos private: a private photo is its account’s.")
            }
            let on = action == "private"
            let changed = try await store.setPrivate(photoIds: photoIds, owner: owner, on)
            changedAny = changed > 0
            text = Self.report(changed: changed, of: count,
                               done: on ? "Made {n} private: only you see them now." : "Made {n} the household’s again.",
                               none: on ? "{all} private already." : "{all} not private to you.",
                               rest: on ? "the other {k} were private already." : "the other {k} were not private to you.")
        case "trash":
            let (said, trashed) = try await trash(files)
            text = (kept.map { "Kept \(SourceKey.name(of: $0.key)). " } ?? "") + said
            undo = .trash(ids: trashed)
            changedAny = !trashed.isEmpty
        default:  // rate-1 ... rate-5
            let stars = Int(action.dropFirst(5))!
            undo = try await store.undoStep(before: .ratings, photoIds: photoIds)
            _ = try await store.setRating(photoIds: photoIds, stars)
            text = "Gave \(photos) \(Formatting.plural(stars, "star", "stars"))."
        }
        if action == "trash" { try await store.restackPending(limit: 64) }
        let back = form.returnPath(default: SiteURL.group(group, sort: sort))
        var response = Response.redirect(to: back, type: .normal)
        var token: String?
        if let undo, changedAny {
            token = SecretToken.make()
            try await store.keepUndo(UndoRecord(accountId: context.visitor.account?.id, label: text, back: back, step: undo, createdAt: Date()),
                                     tokenHash: SecretToken.hash(token!))
        }
        flash.set(text, undoToken: token, on: &response, context: context)
        return response
    }

    /// `POST /actions/undo`: puts back what an action of the last few minutes changed, once, for
    /// the person who did it, and goes back to the page it returned to.
    @Sendable func undo(_ request: Request, context: GalleryContext) async throws -> Response {
        let form = try await FormBody(request, context: context)
        let token = try form.require("token")
        let gone = HTTPError(.gone, message: "That can no longer be undone: an undo works once, for \(Int(UndoRecord.lifetime / 60)) minutes after the action.")
        guard FlashCookie.isToken(token) else { throw gone }
        // Who may use it is checked before it is taken, so a refused caller spends nothing.
        let (tokenHash, now) = (SecretToken.hash(token), Date())
        guard let found = try await store.undo(tokenHash: tokenHash, now: now) else { throw gone }
        guard found.accountId == context.visitor.account?.id, context.visitor.can(Self.role(undoing: found.step)) else {
            throw HTTPError(.forbidden, message: "Only the person who did it can undo it.")
        }
        guard let record = try await store.takeUndo(tokenHash: tokenHash, now: now) else { throw gone }
        let text: String
        if case .trash(let ids) = record.step {
            let restored = try await restore(trashIds: ids)
            text = "Undone: \(record.label) \(restored)"
        } else {
            do { try await store.apply(record.step) } catch AlbumError.unknownAlbum {
                throw HTTPError(.gone, message: "That can no longer be undone: the album has been deleted.")
            }
            text = "Undone: \(record.label)"
        }
        var response = Response.redirect(to: SiteURL.isLocal(record.back) ? record.back : SiteURL.home.path, type: .normal)
        flash.set(text, on: &response, context: context)
        return response
    }

    /// What undoing a step needs of the visitor, as the action did.
    static func role(undoing step: UndoStep) -> Role {
        switch step {
        case .favorites: .viewer
        case .ratings, .tags, .album: .member
        case .trash: .admin
        }
    }

    /// `do=restore` from the trash page: the ticked trash items, or all of them, back where they were.
    private func restore(_ form: FormBody, context: GalleryContext) async throws -> Response {
        let ids: [Int64]
        if form["all"] == "1" {
            ids = try await store.trashItems(sight: context.visitor.sight).map(\.id)
        } else {
            let raw = form.values("ids")
            guard raw.count <= Self.maxIds else { throw HTTPError(.contentTooLarge, message: "At most \(Self.maxIds) files can be ticked at once; use “All”.") }
            ids = try raw.map { value in
                guard let id = Int64(value), id > 0 else { throw HTTPError(.badRequest, message: "“\(value.prefix(20))” is not an item of the trash.") }
                return id
            }
        }
        guard !ids.isEmpty else { throw HTTPError(.badRequest, message: "No file was selected: tick some files, or “All”, then Restore.") }
        let text = try await restore(trashIds: ids)
        var response = Response.redirect(to: SiteURL.trash)
        flash.set(text, on: &response, context: context)
        return response
    }

    /// Restores trash items; says how many came back and which could not.
    private func restore(trashIds ids: [Int64]) async throws -> String {
        guard !readOnly, await source.isWritable() else {
            throw HTTPError(.conflict, message: "The library is read-only, so restoring files is not possible.")
        }
        var restored = 0
        var failed: [String] = []
        for id in ids {
            do {
                try await store.restore(trashId: id, source: source)
                restored += 1
            } catch let error as CurationError {
                if case .unknownTrashItem = error { continue }  // restored or destroyed since
                failed.append(error.description)
            }
        }
        // Shots of a burst that came back are stacked again at once.
        try await store.restackPending(limit: 64)
        let text = "Restored \(Formatting.plural(restored, "file", "files")) to where \(restored == 1 ? "it was" : "they were")."
        guard !failed.isEmpty else { return text }
        return text + " \(Formatting.plural(failed.count, "file", "files")) could not be restored (\(failed.prefix(2).joined(separator: "; ")))."
    }

    /// What an action did, in words: `done` with {n} ("3 photos", or "3 of 5 photos" when some
    /// were left as they were, followed by `rest` with {k}), or `none` with {all} when nothing changed.
    static func report(changed: Int, of count: Int, done: String, none: String, rest: String) -> String {
        if changed == 0 {
            return none.replacingOccurrences(of: "{all}", with: count == 1 ? "The photo was" : "All \(count) photos were")
        }
        if changed == count {
            return done.replacingOccurrences(of: "{n}", with: Formatting.plural(count, "photo", "photos"))
        }
        let sentence = done.replacingOccurrences(of: "{n}", with: "\(changed) of \(count) photos")
        return String(sentence.dropLast()) + "; " + rest.replacingOccurrences(of: "{k}", with: String(count - changed))
    }

    /// The group the form came from, with its filter and sort, and a title for a zip's name.
    private func selectedGroup(_ form: FormBody, viewer: Viewer, sight: Sight) async throws -> (PhotoGroup, PhotoSort, String) {
        guard let base = SelectionForm.group(try form.require("group"), viewer: viewer) else {
            throw HTTPError(.badRequest, message: "The form names no group of photos.")
        }
        let filter = try FilterQuery.parse(URI("/?" + (form["filter"] ?? "")), viewer: viewer)
        guard let sort = PhotoSort(field: form["sort"] ?? base.defaultSort.field.rawValue, order: form["order"] ?? base.defaultSort.orderName) else {
            throw HTTPError(.badRequest, message: "Unknown sort: use sort=taken, name, size, stars or added and order=asc or desc.")
        }
        guard sort.field != .album || base.defaultSort.field == .album else {
            throw HTTPError(.badRequest, message: "Only an album has an album order.")
        }
        let title: String
        switch base {
        case .folder(let path): title = path.isEmpty ? "Library" : String(path.split(separator: "/").last!)
        case .favorites: title = "Favorites"
        case .topRated: title = "Top rated"
        case .tag(let name): title = name
        case .recent: title = "Recently added"
        case .duplicates: title = "Duplicates"
        case .similar: title = "Similar"
        case .album(let id):
            guard let album = try await store.album(id: id, sight: sight) else { throw HTTPError(.notFound, message: AlbumError.unknownAlbum.description) }
            title = album.name
        case .all, .filtered: title = "Photos"
        }
        return (filter.isEmpty ? base : .filtered(base, filter), sort, title)
    }

    /// The files ticked, or all of the group's.
    private func selectedFiles(_ form: FormBody, group: PhotoGroup, sort: PhotoSort, sight: Sight) async throws -> [FileRef] {
        if form["all"] == "1" {
            return try await store.files(ids: try await store.fileIds(in: group, sort: sort, sight: sight), sight: sight)
        }
        let raw = form.values("ids")
        guard raw.count <= Self.maxIds else {
            throw HTTPError(.contentTooLarge, message: "At most \(Self.maxIds) photos can be ticked at once; use “All … in this group” for more.")
        }
        let ids = try raw.map { value -> Int64 in
            guard let id = Int64(value), id > 0 else { throw HTTPError(.badRequest, message: "“\(value.prefix(20))” is not a photo of this page.") }
            return id
        }
        return try await store.files(ids: ids, sight: sight)
    }

    /// Moves each file to the trash; says how many went and why any did not, and gives the trash
    /// items made (for the undo).
    private func trash(_ files: [FileRef]) async throws -> (String, [Int64]) {
        guard !readOnly, await source.isWritable() else {
            throw HTTPError(.conflict, message: "The library is read-only, so moving files to the trash is not possible. Stars, tags and favorites still work: they live in the catalog.")
        }
        var moved = 0
        var failed: [String] = []
        var movedKeys = Set<String>()
        for file in files {
            do {
                try await store.moveToTrash(key: file.key, source: source)
                moved += 1
                movedKeys.insert(file.key)
            } catch let error as CurationError {
                if case .alreadyInTrash = error { continue }
                failed.append(file.key)
            }
        }
        // The newest trash item of each key moved is the one this action made.
        var made: [Int64] = []
        var seen = Set<String>()
        for item in try await store.trashItems(sight: .everything) where movedKeys.contains(item.key) && seen.insert(item.key).inserted { made.append(item.id) }
        let text = "Moved \(Formatting.plural(moved, "file", "files")) to the trash; restore them from the Trash page."
        guard !failed.isEmpty else { return (text, made) }
        return (text + " \(Formatting.plural(failed.count, "file", "files")) could not be moved (\(failed.prefix(3).joined(separator: ", "))\(failed.count > 3 ? ", …" : ""))).", made)
    }
}
