import Imaging

/// The catalog as one audience may read it: the one place where what a person or a link may see
/// is decided. Private photos of others, a link's group, trash, companions and look-alikes are
/// left out here, so a page, a download, a zip or a rendition that reads through it cannot show
/// more than its audience may see, and no handler filters for itself.
///
/// The gallery's handlers hold `CatalogReads`, which hands out views and nothing else; the
/// catalog itself is reached only by the composition root and by the server's own work.
public struct ScopedCatalog: Sendable {
    private let catalog: any PhotoCatalog
    /// Whom this view reads for.
    public let audience: Audience

    /// A view of `catalog` for `audience`.
    public init(_ catalog: any PhotoCatalog, for audience: Audience) {
        (self.catalog, self.audience) = (catalog, audience)
    }

    /// Which private photos are shown: a link's holders see none.
    public var sight: Sight {
        switch audience {
        case .household(_, let sight): sight
        case .link: .publicOnly
        }
    }

    /// Whose favorites pages show: a link's holders are nobody.
    public var viewer: Viewer {
        switch audience {
        case .household(let viewer, _): viewer
        case .link(_, let maker, _): .shareLink(owner: maker)
        }
    }

    /// The group a link's holders are kept to; nil for the household.
    public var boundary: PhotoGroup? {
        if case .link(let group, _, _) = audience { return group }
        return nil
    }

    /// Whether where each photo was taken may be said and handed out.
    public var showsPlaces: Bool {
        switch audience {
        case .household: true
        case .link(_, _, let shows): shows
        }
    }

    /// The catalog's version, which what is kept of its answers is keyed on.
    public var version: Int { catalog.version }
    /// The look-alikes' version, which pages showing them key on too.
    public var likenessVersion: Int { catalog.likenessVersion }

    /// The photo at `key` (or the still a companion at `key` belongs to, as its page shows it);
    /// nil when this audience may not see it: private to someone else, or outside a link's group.
    public func photo(key: String) async throws -> PhotoDetail? {
        guard let photo = try await catalog.photo(key: key, viewer: viewer, sight: sight) else { return nil }
        if let boundary, !(try await catalog.group(boundary, containsKey: key, sight: sight)) { return nil }
        return photo
    }

    /// Whether a picture with these bytes is one this audience sees (renditions and playable
    /// copies are named by hash): in a link's group, or anywhere in the library that is not
    /// private to someone else.
    public func sees(sha256: String) async throws -> Bool {
        if let boundary { return try await catalog.group(boundary, containsSha256: sha256, sight: sight) }
        return try await catalog.fileForContent(sha256: sha256, sight: sight) != nil
    }

    /// `group` as this audience may read it: the household any group; a link's holders their
    /// link's group, or a filter of it, and nothing else (nil).
    public func readable(_ group: PhotoGroup) -> PhotoGroup? {
        guard let boundary else { return group }
        if group == boundary { return group }
        if case .filtered(let base, _) = group, base == boundary.parts.base, boundary.parts.filter.isEmpty { return group }
        return nil
    }

    /// A page of `group`; nil when the audience may not read it or there is no such page.
    public func page(_ group: PhotoGroup, sort: PhotoSort, number: Int, perPage: Int) async throws -> PhotoPage? {
        guard let group = readable(group) else { return nil }
        return try await catalog.page(group, sort: sort, number: number, perPage: perPage, viewer: viewer, sight: sight)
    }

    /// Where `photo` stands in `group`; `OutsideScope` when this audience may not read it.
    public func neighbors(of photo: PhotoDetail, in group: PhotoGroup, sort: PhotoSort, perPage: Int) async throws -> PhotoNeighbors {
        guard let group = readable(group) else { throw OutsideScope() }
        return try await catalog.neighbors(of: photo, in: group, sort: sort, perPage: perPage, sight: sight)
    }

    /// How many photos `group` shows this audience (0 for a group it may not read).
    public func count(_ group: PhotoGroup) async throws -> Int {
        guard let group = readable(group) else { return 0 }
        return try await catalog.count(group, sight: sight)
    }

    /// The folder at `path` with what this audience sees of it; nil for one it does not see
    /// (a link's holders see no folder of the library as such).
    public func folder(at path: String) async throws -> FolderSummary? {
        guard boundary == nil else { return nil }
        return try await catalog.folder(at: path, sight: sight)
    }

    /// The subfolders of `parent` with what this audience sees of them (none for a link).
    public func folders(in parent: String) async throws -> [FolderSummary] {
        guard boundary == nil else { return [] }
        return try await catalog.folders(in: parent, sight: sight)
    }

    /// The picture that stands for `group` to this audience (nil for a group it may not read).
    public func cover(_ group: PhotoGroup) async throws -> Picture? {
        guard let group = readable(group) else { return nil }
        return try await catalog.cover(group, sight: sight)
    }

    /// The household's tags with how many photos this audience sees under each (none for a link).
    public func tagCounts() async throws -> [TagCount] {
        guard boundary == nil else { return [] }
        return try await catalog.tagCounts(sight: sight)
    }

    /// The months this audience's photos were taken in (none for a link).
    public func timeline() async throws -> (months: [TimelineMonth], undated: Int) {
        guard boundary == nil else { return ([], 0) }
        return try await catalog.timeline(sight: sight)
    }

    /// Photos taken on this day in earlier years that this audience sees (none for a link).
    public func onThisDay(month: Int, day: Int, before year: Int, limit: Int) async throws -> [(card: PhotoCard, year: Int)] {
        guard boundary == nil else { return [] }
        return try await catalog.onThisDay(month: month, day: day, before: year, limit: limit, sight: sight)
    }

    /// A file of the picture with these bytes that this audience sees, and its format; nil for none.
    public func file(ofContent sha256: String) async throws -> (key: String, format: ImageFormat)? {
        if boundary != nil, !(try await sees(sha256: sha256)) { return nil }
        return try await catalog.fileForContent(sha256: sha256, sight: sight)
    }

    /// The ids of every file `group` shows this audience, in `sort`'s order.
    public func fileIds(in group: PhotoGroup, sort: PhotoSort) async throws -> [Int64] {
        guard let group = readable(group) else { return [] }
        return try await catalog.fileIds(in: group, sort: sort, sight: sight)
    }

    /// The files with these ids that this audience sees, in the order asked (a link's holders:
    /// only those its group shows).
    public func files(ids: [Int64]) async throws -> [FileRef] {
        let files = try await catalog.files(ids: ids, sight: sight)
        guard boundary != nil else { return files }
        var kept: [FileRef] = []
        for file in files where try await photo(key: file.key) != nil { kept.append(file) }
        return kept
    }

    /// `files`, each followed by the files that belong to it that this audience sees.
    public func withCompanions(_ files: [FileRef]) async throws -> [FileRef] {
        try await catalog.withCompanions(files, sight: sight)
    }

    /// The album with this id, when this audience sees it (a link's holders: their link's album).
    public func album(id: Int64) async throws -> Album? {
        if let boundary, boundary.parts.base != .album(id) { return nil }
        return try await catalog.album(id: id, sight: sight)
    }

    /// The household's albums this audience sees (none for a link).
    public func albums() async throws -> [Album] {
        guard boundary == nil else { return [] }
        return try await catalog.albums(sight: sight)
    }

    /// The id of the photo at `key`, when this audience sees it.
    public func photoId(forKey key: String) async throws -> Int64? {
        guard boundary == nil else { return try await photo(key: key)?.photoId }
        return try await catalog.photoId(forKey: key, sight: sight)
    }

    /// What is in the trash that this audience sees (nothing for a link).
    public func trashItems() async throws -> [TrashItem] {
        guard boundary == nil else { return [] }
        return try await catalog.trashItems(sight: sight)
    }

    /// How many photos this audience sees in each place (none for a link).
    public func placeCounts() async throws -> [PlaceCount] {
        guard boundary == nil else { return [] }
        return try await catalog.placeCounts(sight: sight)
    }

    /// Every file `group` shows, in `sort`'s order, each followed by the files that belong to it
    /// (a Live Photo's clip, its RAW) that this audience sees: what a zip of the group holds.
    public func filesWithCompanions(in group: PhotoGroup, sort: PhotoSort) async throws -> [FileRef] {
        guard let group = readable(group) else { return [] }
        let ids = try await catalog.fileIds(in: group, sort: sort, sight: sight)
        return try await catalog.withCompanions(try await catalog.files(ids: ids, sight: sight), sight: sight)
    }
}

/// A group asked of a view whose audience may not read it.
public struct OutsideScope: Error, Sendable {}
