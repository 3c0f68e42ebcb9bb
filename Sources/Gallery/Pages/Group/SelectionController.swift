import Catalog
import Foundation
import Hummingbird
import HummingbirdCore

/// The select form of a group page (`POST /actions/select`): the photos ticked, or every photo
/// of the group's query ("all N in this group"), and one action for all of them. Each catalog
/// action is one transaction; the answer is a 303 back to the page with a line saying what was
/// done, or the zip itself.
struct SelectionController: Sendable {
    let store: any CurationStore & TrashStore & AlbumStore & UndoStore & LikenessStore & PrivacyStore
    /// What a selection's photos are read through: the visitor's view.
    let reads: CatalogReads
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
            throw PageError(.badRequest, message: Phrase("“\(action.prefix(20))” is not something a selection can do."))
        }
        guard context.visitor.can(needs) else {
            throw PageError(.forbidden, message: needs == .admin ? Phrase("Only an admin can move many photos to the trash at once.")
                                                                 : Phrase("Your account can look at photos but not change them."))
        }
        if action == "restore" { return try await restore(form, context: context) }
        let viewer = context.visitor.viewer
        let view = reads.view(for: context.visitor.audience)
        let (group, sort, title) = try await selectedGroup(form, viewer: viewer, view: view)
        var files = try await selectedFiles(form, group: group, sort: sort, view: view)
        // "Keep this one" on a burst's page (every shot of the burst but this one, to the
        // trash), and "Keep the best" among look-alikes (the ticked photos but this one).
        var kept: FileRef?
        if let raw = form["keep"] {
            guard action == "trash", let id = Int64(raw), let shot = files.first(where: { $0.id == id }) else {
                throw PageError(.badRequest, message: form["all"] == "1"
                    ? Phrase("That shot is no longer part of this burst: open the folder again.")
                    : Phrase("That photo is no longer in the library: open the page again."))
            }
            kept = shot
            files.removeAll { $0.id == id }
        }
        guard !files.isEmpty else {
            throw PageError(.badRequest, message: Phrase("No photo was selected: tick some photos, or “All … in this group”, then choose what to do."))
        }
        if action == "zip" {
            return ZipDownload.response(try await view.withCompanions(files), title: title, source: source, language: context.language)
        }

        var seen = Set<Int64>()
        let photoIds = files.map(\.photoId).filter { seen.insert($0).inserted }
        // How many photos the action is for, and below, how many it changed.
        let n = photoIds.count
        let text: Phrase
        // What the action is about to change, read first so that it can be put back.
        var undo: UndoStep?
        var changedAny = true
        switch action {
        case "favorite", "unfavorite":
            let on = action == "favorite"
            undo = try await store.undoStep(before: .favorites(viewer, becoming: on), photoIds: photoIds)
            let k = try await store.setFavorite(photoIds: photoIds, viewer: viewer, on)
            changedAny = k > 0
            // (a count's two forms stay on one line: the catalog's tool reads them so)
            text = on
                ? Self.report(changed: k, of: n,
                    done: Phrase(count: n, "Added \(n) photo to your favorites.", "Added \(n) photos to your favorites."),
                    none: n == 1 ? Phrase("The photo was already among your favorites.")
                        : Phrase(count: n, "All \(n) photo was already among your favorites.", "All \(n) photos were already among your favorites."),
                    some: Phrase(count: n, "Added \(k) of \(n) photo to your favorites; the other \(n - k) were already there.", "Added \(k) of \(n) photos to your favorites; the other \(n - k) were already there."))
                : Self.report(changed: k, of: n,
                    done: Phrase(count: n, "Removed \(n) photo from your favorites.", "Removed \(n) photos from your favorites."),
                    none: n == 1 ? Phrase("The photo was not among your favorites.")
                        : Phrase(count: n, "All \(n) photo was not among your favorites.", "All \(n) photos were not among your favorites."),
                    some: Phrase(count: n, "Removed \(k) of \(n) photo from your favorites; the other \(n - k) were not among them.", "Removed \(k) of \(n) photos from your favorites; the other \(n - k) were not among them."))
        case "tag", "untag":
            let raw = form["tag"] ?? ""
            let names: [String]
            do { names = try TagName.parseList(raw) } catch let error as CurationError {
                throw PageError(.badRequest, message: Phrase(error))
            }
            guard let first = names.first else {
                throw PageError(.badRequest, message: action == "tag" ? Phrase("Type the tag to add first.") : Phrase("Type the tag to remove first."))
            }
            undo = try await store.undoStep(before: .tags(action == "tag" ? names : [first]), photoIds: photoIds)
            if action == "tag" {
                // (the tags' names, each quoted: a list of names, not words to translate)
                let list = names.map { "“\($0)”" }.joined(separator: ", ")
                let k = try await store.addTags(photoIds: photoIds, names)
                changedAny = k > 0
                text = Self.report(changed: k, of: n,
                    done: Phrase(count: n, "Tagged \(n) photo \(list).", "Tagged \(n) photos \(list)."),
                    none: n == 1 ? Phrase("The photo was already tagged \(list).")
                        : Phrase(count: n, "All \(n) photo was already tagged \(list).", "All \(n) photos were already tagged \(list)."),
                    some: names.count == 1
                        ? Phrase(count: n, "Tagged \(k) of \(n) photo \(list); the other \(n - k) had it already.", "Tagged \(k) of \(n) photos \(list); the other \(n - k) had it already.")
                        : Phrase(count: n, "Tagged \(k) of \(n) photo \(list); the other \(n - k) had them already.", "Tagged \(k) of \(n) photos \(list); the other \(n - k) had them already."))
            } else {
                let k = try await store.removeTag(photoIds: photoIds, first)
                changedAny = k > 0
                text = Self.report(changed: k, of: n,
                    done: Phrase(count: n, "Removed “\(first)” from \(n) photo.", "Removed “\(first)” from \(n) photos."),
                    none: n == 1 ? Phrase("The photo was not tagged “\(first)”.")
                        : Phrase(count: n, "All \(n) photo was not tagged “\(first)”.", "All \(n) photos were not tagged “\(first)”."),
                    some: Phrase(count: n, "Removed “\(first)” from \(k) of \(n) photo; the other \(n - k) did not carry it.", "Removed “\(first)” from \(k) of \(n) photos; the other \(n - k) did not carry it."))
            }
        case "album-add":
            let (album, made) = try await AlbumsController.albumNamed(form["album"] ?? "", store: store, creator: context.visitor.account?.id,
                                                                        in: reads.view(for: context.visitor.audience))
            undo = try await store.undoStep(before: .album(id: album.id), photoIds: photoIds)
            let k = try await AlbumsController.catching {
                try await store.addToAlbum(id: album.id, photoIds: photoIds, now: Date(), by: context.visitor.account?.id)
            }
            changedAny = k > 0
            let name = album.name
            let report = Self.report(changed: k, of: n,
                done: Phrase(count: n, "Added \(n) photo to “\(name)”.", "Added \(n) photos to “\(name)”."),
                none: n == 1 ? Phrase("The photo was already in “\(name)”.")
                    : Phrase(count: n, "All \(n) photo was already in “\(name)”.", "All \(n) photos were already in “\(name)”."),
                some: Phrase(count: n, "Added \(k) of \(n) photo to “\(name)”; the other \(n - k) were in it already.", "Added \(k) of \(n) photos to “\(name)”; the other \(n - k) were in it already."))
            text = made ? Phrase("Made the album “\(name)”. \(report)") : report
        case "album-remove":
            guard case .album(let id) = group.parts.base else {
                throw PageError(.badRequest, message: Phrase("Photos can be taken out of an album only on the album’s own page."))
            }
            undo = try await store.undoStep(before: .album(id: id), photoIds: photoIds)
            let removed = try await AlbumsController.catching { try await store.removeFromAlbum(id: id, photoIds: photoIds) }
            changedAny = removed > 0
            text = Phrase(count: removed, "Took \(removed) photo out of the album; they stay in the library.", "Took \(removed) photos out of the album; they stay in the library.")
        case "private", "public":
            // Each member's own: what is private is theirs, and only they make it the household's again.
            guard let owner = context.visitor.account?.id else {
                throw PageError(.forbidden, message: Phrase("Sign in to keep photos private: a private photo is its account’s."))
            }
            let on = action == "private"
            let k = try await store.setPrivate(photoIds: photoIds, owner: owner, on)
            changedAny = k > 0
            text = on
                ? Self.report(changed: k, of: n,
                    done: Phrase(count: n, "Made \(n) photo private: only you see them now.", "Made \(n) photos private: only you see them now."),
                    none: n == 1 ? Phrase("The photo was private already.")
                        : Phrase(count: n, "All \(n) photo was private already.", "All \(n) photos were private already."),
                    some: Phrase(count: n, "Made \(k) of \(n) photo private: only you see them now; the other \(n - k) were private already.", "Made \(k) of \(n) photos private: only you see them now; the other \(n - k) were private already."))
                : Self.report(changed: k, of: n,
                    done: Phrase(count: n, "Made \(n) photo the household’s again.", "Made \(n) photos the household’s again."),
                    none: n == 1 ? Phrase("The photo was not private to you.")
                        : Phrase(count: n, "All \(n) photo was not private to you.", "All \(n) photos were not private to you."),
                    some: Phrase(count: n, "Made \(k) of \(n) photo the household’s again; the other \(n - k) were not private to you.", "Made \(k) of \(n) photos the household’s again; the other \(n - k) were not private to you."))
        case "trash":
            let (said, trashed) = try await trash(files)
            text = kept.map { Phrase("Kept \(SourceKey.name(of: $0.key)). \(said)") } ?? said
            undo = .trash(ids: trashed)
            changedAny = !trashed.isEmpty
        default:  // rate-1 ... rate-5
            let stars = Int(action.dropFirst(5))!
            undo = try await store.undoStep(before: .ratings, photoIds: photoIds)
            _ = try await store.setRating(photoIds: photoIds, stars)
            let photos = Phrase(count: n, "\(n) photo", "\(n) photos")
            text = Phrase(count: stars, "Gave \(photos) \(stars) star.", "Gave \(photos) \(stars) stars.")
        }
        if action == "trash" { try await store.restackPending(limit: 64) }
        let back = form.returnPath(default: SiteURL.group(group, sort: sort))
        var response = Response.redirect(to: back, type: .normal)
        var token: String?
        if let undo, changedAny {
            token = SecretToken.make()
            // The label is kept as the visitor's language says it: its undo says it again to the same person.
            let label = context.language.say(text)
            try await store.keepUndo(UndoRecord(accountId: context.visitor.account?.id, label: label, back: back, step: undo, createdAt: Date()),
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
        let minutes = Int(UndoRecord.lifetime / 60)
        let gone = PageError(.gone, message: Phrase(count: minutes, "That can no longer be undone: an undo works once, for \(minutes) minute after the action.", "That can no longer be undone: an undo works once, for \(minutes) minutes after the action."))
        guard FlashCookie.isToken(token) else { throw gone }
        // Who may use it is checked before it is taken, so a refused caller spends nothing.
        let (tokenHash, now) = (SecretToken.hash(token), Date())
        guard let found = try await store.undo(tokenHash: tokenHash, now: now) else { throw gone }
        guard found.accountId == context.visitor.account?.id, context.visitor.can(Self.role(undoing: found.step)) else {
            throw PageError(.forbidden, message: Phrase("Only the person who did it can undo it."))
        }
        guard let record = try await store.takeUndo(tokenHash: tokenHash, now: now) else { throw gone }
        let text: Phrase
        if case .trash(let ids) = record.step {
            let restored = try await restore(trashIds: ids, sight: context.visitor.sight)
            text = Phrase("Undone: \(record.label) \(restored)")
        } else {
            do { try await store.apply(record.step) } catch AlbumError.unknownAlbum {
                throw PageError(.gone, message: Phrase("That can no longer be undone: the album has been deleted."))
            }
            text = Phrase("Undone: \(record.label)")
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
            ids = try await reads.view(for: context.visitor.audience).trashItems().map(\.id)
        } else {
            let raw = form.values("ids")
            guard raw.count <= Self.maxIds else {
                throw PageError(.contentTooLarge, message: Phrase("At most \(Self.maxIds) files can be ticked at once; use “All”."))
            }
            ids = try raw.map { value in
                guard let id = Int64(value), id > 0 else {
                    throw PageError(.badRequest, message: Phrase("“\(value.prefix(20))” is not an item of the trash."))
                }
                return id
            }
        }
        guard !ids.isEmpty else { throw PageError(.badRequest, message: Phrase("No file was selected: tick some files, or “All”, then Restore.")) }
        let text = try await restore(trashIds: ids, sight: context.visitor.sight)
        var response = Response.redirect(to: SiteURL.trash)
        flash.set(text, on: &response, context: context)
        return response
    }

    /// Restores the trash items `sight` sees; says how many came back and which could not.
    private func restore(trashIds ids: [Int64], sight: Sight) async throws -> Phrase {
        guard !readOnly, await source.isWritable() else {
            throw PageError(.conflict, message: Phrase("The library is read-only, so restoring files is not possible."))
        }
        var restored = 0
        var failed: [Phrase] = []
        for id in ids {
            do {
                try await store.restore(trashId: id, sight: sight, source: source)
                restored += 1
            } catch let error as CurationError {
                if case .unknownTrashItem = error { continue }  // restored or destroyed since
                failed.append(Phrase(error))
            }
        }
        // Shots of a burst that came back are stacked again at once.
        try await store.restackPending(limit: 64)
        let text = Phrase(count: restored, "Restored \(restored) file to where it was.", "Restored \(restored) files to where they were.")
        guard !failed.isEmpty else { return text }
        let reasons = Phrase.joined(Array(failed.prefix(2)), separator: "; ")
        let failure = Phrase(count: failed.count, "\(failed.count) file could not be restored (\(reasons)).", "\(failed.count) files could not be restored (\(reasons)).")
        return Phrase("\(text) \(failure)")
    }

    /// What an action did, in words: `done` when it changed every photo, `some` when it left
    /// some as they were ("3 of 5 photos…; the other 2…"), `none` when it changed nothing
    /// ("The photo was…", "All 5 photos were…"): each one whole message.
    static func report(changed: Int, of count: Int, done: Phrase, none: Phrase, some: Phrase) -> Phrase {
        changed == 0 ? none : changed == count ? done : some
    }

    /// The group the form came from, with its filter and sort, and a title for a zip's name (in English: a file name, sent in a header).
    private func selectedGroup(_ form: FormBody, viewer: Viewer, view: ScopedCatalog) async throws -> (PhotoGroup, PhotoSort, String) {
        guard let base = SelectionForm.group(try form.require("group"), viewer: viewer) else {
            throw PageError(.badRequest, message: Phrase("The form names no group of photos."))
        }
        let filter = try FilterQuery.parse(URI("/?" + (form["filter"] ?? "")), viewer: viewer)
        guard let sort = PhotoSort(field: form["sort"] ?? base.defaultSort.field.rawValue, order: form["order"] ?? base.defaultSort.orderName) else {
            throw PageError(.badRequest, message: Phrase("Unknown sort: use sort=taken, name, size, stars or added and order=asc or desc."))
        }
        guard sort.field != .album || base.defaultSort.field == .album else {
            throw PageError(.badRequest, message: Phrase("Only an album has an album order."))
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
            guard let album = try await view.album(id: id) else { throw PageError(.notFound, message: Phrase(AlbumError.unknownAlbum)) }
            title = album.name
        case .all, .filtered: title = "Photos"
        }
        return (filter.isEmpty ? base : .filtered(base, filter), sort, title)
    }

    /// The files ticked, or all of the group's.
    private func selectedFiles(_ form: FormBody, group: PhotoGroup, sort: PhotoSort, view: ScopedCatalog) async throws -> [FileRef] {
        if form["all"] == "1" {
            return try await view.files(ids: try await view.fileIds(in: group, sort: sort))
        }
        let raw = form.values("ids")
        guard raw.count <= Self.maxIds else {
            throw PageError(.contentTooLarge, message: Phrase("At most \(Self.maxIds) photos can be ticked at once; use “All … in this group” for more."))
        }
        let ids = try raw.map { value -> Int64 in
            guard let id = Int64(value), id > 0 else { throw PageError(.badRequest, message: Phrase("“\(value.prefix(20))” is not a photo of this page.")) }
            return id
        }
        return try await view.files(ids: ids)
    }

    /// Moves each file to the trash; says how many went and why any did not, and gives the trash
    /// items made (for the undo).
    private func trash(_ files: [FileRef]) async throws -> (Phrase, [Int64]) {
        guard !readOnly, await source.isWritable() else {
            throw PageError(.conflict,
                            message: Phrase("The library is read-only, so moving files to the trash is not possible. Stars, tags and favorites still work: they live in the catalog."))
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
        for item in try await reads.everythingForServerWork.trashItems() where movedKeys.contains(item.key) && seen.insert(item.key).inserted { made.append(item.id) }
        let text = Phrase(count: moved, "Moved \(moved) file to the trash; restore them from the Trash page.", "Moved \(moved) files to the trash; restore them from the Trash page.")
        guard !failed.isEmpty else { return (text, made) }
        // (the files' keys: names, not words to translate)
        let keys = failed.prefix(3).joined(separator: ", ") + (failed.count > 3 ? ", …" : "")
        let failure = Phrase(count: failed.count, "\(failed.count) file could not be moved (\(keys)).", "\(failed.count) files could not be moved (\(keys)).")
        return (Phrase("\(text) \(failure)"), made)
    }
}
