import Catalog
import Foundation
import OpenAPIRuntime
import PhotolalaAPI

/// The JSON API's operations (`APIProtocol`, generated from the document): thin adapters over
/// the same scoped view, stores and rules as the pages. Which token may call which operation is
/// decided before any of these runs (`APIAction`); what a token sees, by its view.
struct APIHandler: APIProtocol {
    let store: any PhotoCatalog
    let trash: TrashController
    let uploads: UploadController
    let shares: ShareController
    /// Where the gallery is served (`--base-path`), for the links it hands out.
    let base: String
    /// Where links to the gallery start (`GalleryConfig.linkBase`), for a share link's address.
    let linkBase: String

    /// The caller `APIDoor` set for this request.
    var caller: APICaller {
        get throws {
            guard let caller = APICaller.current else { throw APIProblem(.unauthorized, "No API token was given.") }
            return caller
        }
    }

    // MARK: account

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let caller = try caller
        let role = Components.Schemas.Account.RolePayload(rawValue: caller.account.role.rawValue) ?? .viewer
        let scopes = caller.token.scopes.sorted().compactMap { Components.Schemas.Token.ScopesPayloadPayload(rawValue: $0.rawValue) }
        return .ok(.init(body: .json(.init(account: .init(name: caller.account.name, role: role),
                                           token: .init(label: caller.token.label, scopes: scopes, frame: caller.token.frame?.text)))))
    }

    // MARK: photos

    func listPhotos(_ input: Operations.ListPhotos.Input) async throws -> Operations.ListPhotos.Output {
        let caller = try caller
        let query = input.query
        let view = caller.view
        let base: PhotoGroup
        switch (query.group, query.folder) {
        case (.some, .some): throw APIProblem(.badRequest, "Ask for a group or a folder, not both.")
        case (.some(let name), nil):
            guard let group = PhotoGroup(queryValue: name, viewer: caller.visitor.viewer), group.parts.filter.isEmpty else {
                throw APIProblem(.badRequest, "“\(name.prefix(100))” is not a group: use all, recent, favorites, top-rated, duplicates, tag:NAME or album:ID.")
            }
            base = group
        case (nil, .some(let folder)):
            guard folder.isEmpty || SourceKey.isValid(folder) else { throw APIProblem(.badRequest, "That is not a folder's path.") }
            base = .folder(folder)
        case (nil, nil):
            base = view.boundary ?? .all
        }
        var filter = SearchFilter()
        if let q = query.q?.trimmingCharacters(in: .whitespaces), !q.isEmpty { filter.text = String(q.prefix(200)) }
        if let tag = query.tag.map(TagName.normalize), !tag.isEmpty { filter.tag = tag }
        if let rating = query.minRating {
            guard (1...5).contains(rating) else { throw APIProblem(.badRequest, "minRating is 1 to 5.") }
            filter.minRating = rating
        }
        if let kind = query.kind { filter.kind = SearchFilter.Kind(rawValue: kind.rawValue) }
        do {
            if let from = query.takenFrom { filter.takenFrom = try FilterQuery.day(from, "takenFrom") }
            if let to = query.takenTo { filter.takenTo = try FilterQuery.day(to, "takenTo") + 86_400 }
        } catch {
            throw APIProblem(.badRequest, "takenFrom and takenTo are days, as 2024-05-31.")
        }
        if let code = query.place {
            // Which photos were taken somewhere says where they were taken.
            guard view.showsPlaces else { throw APIProblem(.forbidden, "This token may not know where photos were taken.") }
            guard let scope = PlaceScope(code: code) else {
                throw APIProblem(.badRequest, "place is a country's code (FR), a region's (FR.11) or a place's id.")
            }
            filter.place = scope
        }
        if query.favorite == true { filter.favoritesOf = caller.visitor.viewer }
        let group = filter.isEmpty ? base : .filtered(base, filter)
        guard view.readable(group) != nil else { throw APIProblem.notFound }
        let isAlbum: Bool = if case .album = base { true } else { false }
        let field = query.sort.map { PhotoSort.Field(rawValue: $0.rawValue) ?? .taken } ?? (isAlbum ? .album : .taken)
        let sort = PhotoSort(field: field, descending: query.order == .desc)
        let limit = query.limit ?? 60
        guard (1...500).contains(limit) else { throw APIProblem(.badRequest, "limit is 1 to 500.") }
        let number = try APICursor.page(query.cursor)
        guard let page = try await view.page(group, sort: sort, number: number, perPage: limit) else {
            // Past the last page (the group shrank since the cursor was made), or an empty group.
            return .ok(.init(body: .json(.init(photos: [], total: try await view.count(group)))))
        }
        return .ok(.init(body: .json(.init(photos: page.photos.map { summary($0, in: view) }, total: page.total,
                                           next: page.number < page.pageCount ? APICursor.text(page.number + 1) : nil))))
    }

    func getPhoto(_ input: Operations.GetPhoto.Input) async throws -> Operations.GetPhoto.Output {
        let caller = try caller
        let photo = try await Self.photo(input.path.photoId, in: caller.view)
        return .ok(.init(body: .json(detail(photo, in: caller.view))))
    }

    func updatePhoto(_ input: Operations.UpdatePhoto.Input) async throws -> Operations.UpdatePhoto.Output {
        let caller = try caller
        guard case .json(let change) = input.body else { throw APIProblem(.unsupportedMediaType, "Send the change as JSON.") }
        let photo = try await Self.photo(input.path.photoId, in: caller.view)
        let touchesHousehold = change.rating != nil || change.caption != nil || change.addTags != nil || change.removeTags != nil
        if touchesHousehold, let refusal = APIAction.curate.refusal(for: caller) { throw refusal }
        guard change.favorite != nil || touchesHousehold else { throw APIProblem(.badRequest, "Say what to change.") }
        // Everything is checked before anything is written, so a refused change changes nothing.
        if let rating = change.rating, !(0...5).contains(rating) { throw APIProblem(.badRequest, "A rating is 0 to 5 stars.") }
        if let caption = change.caption, caption.count > CaptionText.maxLength {
            throw APIProblem(.contentTooLarge, "A caption can be at most \(CaptionText.maxLength) characters.")
        }
        let added = try (change.addTags ?? []).flatMap { raw in
            do { return try TagName.parseList(raw) } catch { throw APIProblem(.badRequest, "“\(raw.prefix(100))” is not a tag.") }
        }
        let removed = (change.removeTags ?? []).map(TagName.normalize).filter { !$0.isEmpty }
        guard added.count <= 50, removed.count <= 50 else { throw APIProblem(.badRequest, "At most 50 tags at a time.") }
        if let favorite = change.favorite { try await store.setFavorite(photoId: photo.photoId, viewer: caller.visitor.viewer, favorite) }
        if let rating = change.rating { try await store.setRating(photoId: photo.photoId, rating) }
        if let caption = change.caption { try await store.setCaption(photoId: photo.photoId, caption) }
        if !added.isEmpty { try await store.addTags(photoId: photo.photoId, added) }
        for name in removed { try await store.removeTag(photoId: photo.photoId, name) }
        let now = try await Self.photo(input.path.photoId, in: caller.view)
        return .ok(.init(body: .json(detail(now, in: caller.view))))
    }

    func trashPhoto(_ input: Operations.TrashPhoto.Input) async throws -> Operations.TrashPhoto.Output {
        let caller = try caller
        let sha256 = try Self.photoId(input.path.photoId)
        guard try await caller.view.file(ofContent: sha256) != nil else { throw APIProblem.notFound }
        try await trash.requireWritableLibrary(.toTrash)
        // Every file with these bytes that the token sees goes: the photo is its content.
        var moved: Set<String> = []
        while let file = try await caller.view.file(ofContent: sha256), !moved.contains(file.key), moved.count < 1_000 {
            moved.insert(file.key)
            try await store.moveToTrash(key: file.key, source: trash.source)
        }
        return .noContent(.init())
    }

    // MARK: library

    func listFolders(_ input: Operations.ListFolders.Input) async throws -> Operations.ListFolders.Output {
        let caller = try caller
        let path = input.query.path ?? ""
        guard path.isEmpty || SourceKey.isValid(path), let folder = try await caller.view.folder(at: path) else { throw APIProblem.notFound }
        let children = try await caller.view.folders(in: path)
        return .ok(.init(body: .json(.init(folder: Self.folder(folder), folders: children.map(Self.folder)))))
    }

    func listTags(_ input: Operations.ListTags.Input) async throws -> Operations.ListTags.Output {
        let tags = try await caller.view.tagCounts()
        return .ok(.init(body: .json(.init(tags: tags.map { .init(name: $0.name, count: $0.count) }))))
    }

    func getTimeline(_ input: Operations.GetTimeline.Input) async throws -> Operations.GetTimeline.Output {
        let (months, undated) = try await caller.view.timeline()
        return .ok(.init(body: .json(.init(months: months.map { .init(year: $0.year, month: $0.month, count: $0.count) }, undated: undated))))
    }

    func listPlaces(_ input: Operations.ListPlaces.Input) async throws -> Operations.ListPlaces.Output {
        let view = try caller.view
        let places = view.showsPlaces ? try await view.placeCounts() : []
        return .ok(.init(body: .json(.init(places: places.map { .init(id: $0.placeId, country: $0.country, region: $0.region, count: $0.count) }))))
    }

    // MARK: albums

    func listAlbums(_ input: Operations.ListAlbums.Input) async throws -> Operations.ListAlbums.Output {
        let albums = try await caller.view.albums()
        return .ok(.init(body: .json(.init(albums: albums.map(Self.album)))))
    }

    func getAlbum(_ input: Operations.GetAlbum.Input) async throws -> Operations.GetAlbum.Output {
        .ok(.init(body: .json(Self.album(try await album(input.path.albumId)))))
    }

    func createAlbum(_ input: Operations.CreateAlbum.Input) async throws -> Operations.CreateAlbum.Output {
        let caller = try caller
        guard case .json(let draft) = input.body else { throw APIProblem(.unsupportedMediaType, "Send the album as JSON.") }
        guard let name = AlbumRules.name(draft.name) else { throw APIProblem(.badRequest, AlbumError.invalidName.description) }
        do {
            let made = try await store.createAlbum(name: name, description: AlbumRules.description(draft.description ?? ""),
                                                   createdBy: caller.account.id, now: Date())
            return .created(.init(body: .json(Self.album(made))))
        } catch let error as AlbumError {
            throw Self.problem(error)
        }
    }

    func addToAlbum(_ input: Operations.AddToAlbum.Input) async throws -> Operations.AddToAlbum.Output {
        let caller = try caller
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "Send the photos as JSON.") }
        let album = try await album(input.path.albumId)
        guard (1...500).contains(body.photos.count) else { throw APIProblem(.badRequest, "Add 1 to 500 photos at a time.") }
        var ids: [Int64] = []
        // The album is there; a photo the body names that the token does not see is the body's fault.
        for id in body.photos {
            guard let photo = try? await Self.photo(id, in: caller.view) else {
                throw APIProblem(.unprocessableContent, "There is no photo \(id.prefix(64)) that this token sees.")
            }
            ids.append(photo.photoId)
        }
        do {
            _ = try await store.addToAlbum(id: album.id, photoIds: ids, now: Date(), by: caller.account.id)
        } catch let error as AlbumError {
            throw Self.problem(error)
        }
        return .ok(.init(body: .json(Self.album(try await self.album(album.id)))))
    }

    func removeFromAlbum(_ input: Operations.RemoveFromAlbum.Input) async throws -> Operations.RemoveFromAlbum.Output {
        let caller = try caller
        let album = try await album(input.path.albumId)
        let photo = try await Self.photo(input.path.photoId, in: caller.view)
        guard try await store.removeFromAlbum(id: album.id, photoIds: [photo.photoId]) == 1 else {
            throw APIProblem(.notFound, AlbumError.notInAlbum.description)
        }
        return .noContent(.init())
    }

    func moveInAlbum(_ input: Operations.MoveInAlbum.Input) async throws -> Operations.MoveInAlbum.Output {
        let caller = try caller
        guard case .json(let body) = input.body, let move = AlbumMove(rawValue: body.to.rawValue) else {
            throw APIProblem(.unsupportedMediaType, "Send where to as JSON.")
        }
        let album = try await album(input.path.albumId)
        let photo = try await Self.photo(input.path.photoId, in: caller.view)
        do { try await store.moveInAlbum(id: album.id, photoId: photo.photoId, move) } catch let error as AlbumError {
            throw Self.problem(error)
        }
        return .noContent(.init())
    }

    /// The album with this id, when the token sees it.
    private func album(_ id: Int64) async throws -> Album {
        guard id > 0, let album = try await caller.view.album(id: id) else { throw APIProblem.notFound }
        return album
    }

    // MARK: trash

    func listTrash(_ input: Operations.ListTrash.Input) async throws -> Operations.ListTrash.Output {
        let items = try await caller.view.trashItems()
        return .ok(.init(body: .json(.init(items: items.map {
            .init(id: $0.id, path: $0.key, photo: $0.sha256, trashedAt: Date(timeIntervalSince1970: TimeInterval($0.trashedAt)))
        }))))
    }

    func restoreFromTrash(_ input: Operations.RestoreFromTrash.Input) async throws -> Operations.RestoreFromTrash.Output {
        let caller = try caller
        guard input.path.trashId > 0, caller.view.boundary == nil else { throw APIProblem.notFound }
        try await trash.requireWritableLibrary(.restore)
        do {
            try await store.restore(trashId: input.path.trashId, sight: caller.view.sight, source: trash.source)
        } catch let error as CurationError {
            throw APIProblem(TrashController.status(error), error.description)
        }
        return .noContent(.init())
    }

    // MARK: what the schemas say

    /// A photo id as the document writes it: 64 lower-case hex digits; 404 for anything else.
    static func photoId(_ raw: String) throws -> String {
        guard raw.utf8.count == 64, raw.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw APIProblem.notFound
        }
        return raw
    }

    /// The photo with these bytes, as `view` shows it; 404 when it does not.
    static func photo(_ id: String, in view: ScopedCatalog) async throws -> PhotoDetail {
        guard let file = try await view.file(ofContent: try photoId(id)), let photo = try await view.photo(key: file.key),
              photo.card.sha256 == id else { throw APIProblem.notFound }
        return photo
    }

    private func links(_ sha256: String) -> Components.Schemas.PhotoLinks {
        let at = base + "/api/v1/photos/" + sha256
        return .init(_self: at, thumbnail: at + "/thumbnail", original: at + "/original")
    }

    /// Where a file lies, as the token may know it: its path for the household, its name alone
    /// for a frame token, which knows nothing of the library's folders.
    private static func path(_ key: String, name: String, in view: ScopedCatalog) -> String {
        view.boundary == nil ? key : name
    }

    func summary(_ card: PhotoCard, in view: ScopedCatalog) -> Components.Schemas.PhotoSummary {
        .init(id: card.sha256, name: card.name, path: Self.path(card.key, name: card.name, in: view), kind: card.kind == .video ? .video : .photo,
              width: card.width, height: card.height, takenAt: card.takenAt.flatMap(Self.cameraTime), rating: card.rating,
              favorite: card.isFavorite, live: card.isLive, durationMs: card.durationMs, links: links(card.sha256))
    }

    func detail(_ photo: PhotoDetail, in view: ScopedCatalog) -> Components.Schemas.Photo {
        let card = photo.card
        let location: Components.Schemas.Location? = view.showsPlaces ? photo.location.map {
            .init(latitude: $0.latitude, longitude: $0.longitude, region: $0.place?.region, country: $0.place?.country)
        } : nil
        return .init(id: card.sha256, name: card.name, path: Self.path(card.key, name: card.name, in: view),
                     folder: view.boundary == nil ? photo.folder : "", kind: card.kind == .video ? .video : .photo,
                     format: photo.format.rawValue, size: photo.fileSize, width: card.width, height: card.height,
                     takenAt: photo.takenAt.flatMap(Self.cameraTime), takenOffsetMinutes: photo.takenOffset,
                     cameraMake: photo.cameraMake, cameraModel: photo.cameraModel, rating: photo.rating, favorite: photo.isFavorite,
                     live: card.isLive, durationMs: card.durationMs, tags: photo.tags, caption: photo.caption,
                     copies: view.boundary == nil ? photo.copies : [], addedAt: Date(timeIntervalSince1970: TimeInterval(photo.addedAt)),
                     location: location, links: links(card.sha256))
    }

    static func folder(_ folder: FolderSummary) -> Components.Schemas.Folder {
        .init(path: folder.path, name: folder.name, photoCount: folder.photoCount, totalCount: folder.totalCount,
              folderCount: folder.folderCount, cover: folder.cover?.sha256)
    }

    static func album(_ album: Album) -> Components.Schemas.Album {
        .init(id: album.id, name: album.name, description: album.description, photoCount: album.photoCount,
              cover: album.cover?.sha256, createdBy: album.createdBy, _private: album.privateTo != nil)
    }

    static func problem(_ error: AlbumError) -> APIProblem {
        switch error {
        case .invalidName, .full: APIProblem(.badRequest, error.description)
        case .nameTaken: APIProblem(.conflict, error.description)
        case .unknownAlbum, .notInAlbum: APIProblem(.notFound, error.description)
        }
    }

    /// The camera's clock as it wrote it: kept as if it were UTC, so written back the same way.
    /// Days to a civil date by arithmetic (no calendar or formatter: a listing asks it 60 times).
    static func cameraTime(_ seconds: Int64) -> String? {
        let (days, rest) = (seconds.quotientAndRemainder(dividingBy: 86_400))
        let (day, second) = rest < 0 ? (days - 1, rest + 86_400) : (days, rest)
        // Howard Hinnant's days_from_civil, the other way
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        guard (1...9999).contains(y) else { return nil }
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(y)
        return String(repeating: "0", count: 4 - year.count) + year + "-" + two(m) + "-" + two(d) + "T" + two(second / 3_600) + ":"
            + two(second % 3_600 / 60) + ":" + two(second % 60)
    }
}

/// The cursor of a page: opaque to clients, the page's number here.
enum APICursor {
    static func text(_ page: Int) -> String { "p\(page)" }

    /// The page a cursor names (1 without one); 400 for one this server did not make.
    static func page(_ cursor: String?) throws -> Int {
        guard let cursor else { return 1 }
        guard cursor.hasPrefix("p"), cursor.count <= 12, let page = Int(cursor.dropFirst()), page >= 1, page <= 10_000_000 else {
            throw APIProblem(.badRequest, "That cursor was not made by this server.")
        }
        return page
    }
}
