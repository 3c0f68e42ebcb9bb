import Foundation
import Catalog
import Hummingbird
import HummingbirdCore

/// The single-photo view: a screen-sized rendition, neighbours, facts, download.
struct PhotoController: Sendable {
    let store: any PhotoQueries & AlbumStore
    let pages: PageKit
    let pageSize: Int
    /// Playable renditions of videos browsers cannot play; nil offers none.
    var playable: PlayableStore?
    /// Photo pages kept between requests, like group pages.
    var cache = PageCache()

    func register(with routes: Routes) {
        routes.viewer.get(.photo, use: show)
    }

    @Sendable func show(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = SiteURL.Scope.gallery.photoKey(fromPath: request.uri.path) else { throw Self.notFound }
        return try await render(key: key, shared: nil, request, context)
    }

    static let notFound = HTTPError(.notFound, message: "This photo is not in the library (it may have been moved or removed).")

    /// The photo page; with `shared`, inside a share link: only that group's photos, no way out.
    /// Kept like a group page (`PageCache`), but for a video's, whose playable rendition may be
    /// under way.
    func render(key: String, shared: (group: PhotoGroup, title: String, scope: SiteURL.Scope)?, _ request: Request,
                _ context: GalleryContext) async throws -> Response {
        let cacheKey = PageCache.Key(version: store.version, request, context, chrome: pages.chromeBuilder, visitor: context.visitor, layout: "")
        return try await cache.response(cacheKey, request, context) { try await page(key: key, shared: shared, request, $0) }
    }

    private func page(key: String, shared: (group: PhotoGroup, title: String, scope: SiteURL.Scope)?, _ request: Request,
                      _ context: GalleryContext) async throws -> (bytes: ByteBuffer, keep: Bool) {
        guard let photo = try await store.photo(key: key, viewer: context.visitor.viewer) else { throw Self.notFound }
        // A Live Photo's clip or a RAW beside its JPEG is part of that shot: its page is the shot's.
        if let owner = photo.pairedToKey, owner != key { return try await page(key: owner, shared: shared, request, context) }
        let scope = shared?.scope ?? .gallery
        let group: PhotoGroup
        if let shared {
            guard try await store.group(shared.group, containsKey: key) else { throw Self.notFound }
            group = shared.group
        } else {
            group = try Self.group(from: request.uri, photo: photo, viewer: context.visitor.viewer)
        }
        let query = try GroupQuery(request.uri, defaultSort: group.defaultSort)
        let sort = query.sort
        let around = try await store.neighbors(of: photo, in: group, sort: sort, perPage: pageSize)
        let groupPage = (around.position - 1) / pageSize + 1
        let groupTitle = shared?.title ?? (GroupTitles.title(group) + (group.parts.filter.isEmpty ? "" : " (filtered)"))
        let inGroup = group.linkContext  // filtered folders keep their filters
        let fitted = Self.fittedSize(width: photo.card.width, height: photo.card.height, box: SiteURL.Rendition.screen.rawValue)
        var crumbs: [Crumb]
        if shared != nil {
            crumbs = [Crumb(name: groupTitle, url: scope.group(group, sort: sort))]
        } else if case .folder = group.parts.base, group.parts.filter.isEmpty {
            crumbs = pages.crumbs(forFolder: photo.folder, linkLast: true)
            if photo.folder.isEmpty { crumbs.append(Crumb(name: "Library root", url: SiteURL.folder(""))) }
        } else {
            crumbs = [Crumb(name: groupTitle, url: SiteURL.group(group, sort: sort))]
        }
        crumbs.append(Crumb(name: photo.card.name, url: nil))
        let selfURL = SiteURL.photo(photo.card.key, sort: sort, in: inGroup)
        var pageChrome = pages.chrome(title: photo.card.name, crumbs: crumbs, for: context)
        if shared != nil {
            pageChrome = pages.sharedChrome(title: photo.card.name)
            pageChrome.crumbs = crumbs
        }
        let photoURL = { (key: String) in scope.photo(key, sort: sort, in: inGroup, sharedGroup: group) }
        let page = PhotoView(
            chrome: pageChrome,
            name: photo.card.name,
            imageURL: scope.thumbnail(photo.card.picture, .screen),
            width: fitted.width, height: fitted.height,
            previousURL: around.previous.map { photoURL($0.key) },
            nextURL: around.next.map { photoURL($0.key) },
            positionText: "\(Formatting.count(around.position)) of \(Formatting.count(around.total))",
            backURL: scope.group(group, sort: sort, page: groupPage).fragment("p\(photo.card.fileId)"),
            backLabel: "Back to \(groupTitle)" + (groupPage > 1 ? " (page \(groupPage))" : ""),
            facts: facts(photo, shared: shared != nil),
            downloadURL: scope.original(photo.card.key),
            downloadName: photo.card.name,
            curation: shared != nil || !context.visitor.can(.viewer) ? nil
                : CurationPanel(photo: photo, csrf: context.csrfToken, back: selfURL.path, canCurate: context.visitor.can(.member),
                                albums: try await store.albums(containing: photo.photoId),
                                albumNames: context.visitor.can(.member) ? try await store.albums().map(\.name) : []),
            nextImage: around.next.map { scope.thumbnail($0.picture, .screen) },
            caption: photo.caption.isEmpty ? nil : photo.caption,
            slideshowURL: shared != nil ? nil : SiteURL.slideshow(photo.card.key, sort: sort, in: inGroup),
            video: photo.card.kind == .video ? VideoPlayer(photo, scope: scope, rendition: await playable?.state(sha256: photo.card.sha256)) : nil,
            live: try await livePlayer(photo, scope: scope, viewer: context.visitor.viewer),
            alsoDownloads: alsoDownloads(photo, scope: scope))
        // A video's page (or a Live photo's) may offer a playable rendition that is still being made.
        return (try pages.render(PhotoView.template, page), photo.card.kind != .video && !photo.companions.contains { $0.role == .live })
    }

    /// The player of a Live photo's clip (the video beside it) or a motion photo's (inside it),
    /// with the still as its poster; nil for neither.
    private func livePlayer(_ photo: PhotoDetail, scope: SiteURL.Scope, viewer: Viewer) async throws -> VideoPlayer? {
        if let clip = photo.companions.first(where: { $0.role == .live }),
           let detail = try await store.photo(key: clip.key, viewer: viewer), detail.card.kind == .video {
            var player = VideoPlayer(detail, scope: scope, rendition: await playable?.state(sha256: detail.card.sha256))
            player.poster = scope.thumbnail(photo.card.picture, .screen)
            return player
        }
        return photo.card.motionLength == nil ? nil : VideoPlayer(motionOf: photo, scope: scope)
    }

    /// The other files of the shot, each to download: its RAW, its Live clip, a motion photo's clip.
    private func alsoDownloads(_ photo: PhotoDetail, scope: SiteURL.Scope) -> [PhotoView.Download] {
        var out = photo.companions.map { file in
            let what = file.role == .raw ? "RAW" : "Live clip"
            return PhotoView.Download(label: "Download \(what) (\(file.format.rawValue.uppercased()), \(Formatting.bytes(file.size)))",
                                      url: scope.original(file.key), name: file.name)
        }
        if let length = photo.card.motionLength {
            let stem = photo.card.name.lastIndex(of: ".").map { String(photo.card.name[..<$0]) } ?? photo.card.name
            out.append(PhotoView.Download(label: "Download motion clip (MP4, \(Formatting.bytes(length)))",
                                          url: scope.motion(photo.card.key), name: stem + ".mp4"))
        }
        return out
    }

    /// The group a photo is shown in: `?in=` when given, else its folder.
    static func group(from uri: URI, photo: PhotoDetail, viewer: Viewer) throws -> PhotoGroup {
        var base = PhotoGroup.folder(photo.folder)
        if let raw = uri.queryParameters["in"].map(String.init) {
            guard let group = PhotoGroup(queryValue: raw, viewer: viewer) else {
                throw HTTPError(.badRequest, message: "Unknown group “\(raw)”.")
            }
            base = group
        }
        let filter = try FilterQuery.parse(uri, viewer: viewer)
        return filter.isEmpty ? base : .filtered(base, filter)
    }

    private func facts(_ photo: PhotoDetail, shared: Bool) -> [PhotoView.Fact] {
        var facts: [PhotoView.Fact] = []
        if let taken = photo.takenAt {
            facts.append(.init(label: "Taken", value: Formatting.cameraDate(taken)))
        } else {
            facts.append(.init(label: "Taken", value: "Unknown (file modified \(Formatting.cameraDate(photo.mtimeNs / 1_000_000_000)) UTC)"))
        }
        if let camera = cameraName(make: photo.cameraMake, model: photo.cameraModel) {
            facts.append(.init(label: "Camera", value: camera))
        }
        let w = photo.card.width, h = photo.card.height
        let megapixels = Double(w * h) / 1_000_000
        facts.append(.init(label: "Dimensions", value: "\(w) × \(h) (\(megapixels < 10 ? String(format: "%.1f", megapixels) : String(Int(megapixels.rounded()))) MP)"))
        if photo.card.kind == .video {
            facts.append(.init(label: "Length", value: photo.card.durationMs.map { Formatting.playTime(milliseconds: $0) } ?? "Unknown"))
            let codecs = [photo.videoCodec.map { "\($0.uppercased()) video" }, photo.audioCodec.map { "\($0.uppercased()) sound" }]
            facts.append(.init(label: "Codecs", value: codecs.compactMap { $0 }.joined(separator: ", ")))
        }
        facts.append(.init(label: "File size", value: Formatting.bytes(photo.fileSize)))
        facts.append(.init(label: "Format", value: photo.format.rawValue.uppercased()))
        for file in photo.companions {
            facts.append(.init(label: file.role == .raw ? "RAW file" : "Live clip", value: "\(file.name) (\(Formatting.bytes(file.size)))"))
        }
        if let length = photo.card.motionLength {
            facts.append(.init(label: "Motion clip", value: "inside the file (\(Formatting.bytes(length)))"))
        }
        if shared { return facts }  // a share link shows nothing of the library around the photo
        facts.append(.init(label: "Folder", value: photo.folder.isEmpty ? "Library root" : photo.folder, url: SiteURL.folder(photo.folder)))
        for copy in photo.copies {
            facts.append(.init(label: "Same bytes at", value: copy, url: SiteURL.photo(copy)))
        }
        return facts
    }

    /// "Canon EOS R6" rather than "Canon Canon EOS R6".
    func cameraName(make: String?, model: String?) -> String? {
        switch (make, model) {
        case (nil, nil): return nil
        case (let m?, nil): return m
        case (nil, let model?): return model
        case (let m?, let model?):
            let brand = m.split(separator: " ").first.map(String.init) ?? m
            return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(m) \(model)"
        }
    }

    static func fittedSize(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(box) / Double(max(width, height, 1)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
