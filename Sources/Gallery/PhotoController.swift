import Foundation
import Catalog
import Hummingbird
import HummingbirdCore

/// The single-photo view: a screen-sized rendition, neighbours, facts, download.
struct PhotoController: Sendable {
    let store: CatalogStore
    let renderer: PageRenderer
    let chrome: ChromeBuilder
    let pageSize: Int

    func register(with router: Router<GalleryContext>) {
        router.get("/photos/**", use: show)
    }

    @Sendable func show(_ request: Request, context: GalleryContext) async throws -> Response {
        guard let key = Paths.decodeKey(rawPath: request.uri.path, prefix: "/photos/"),
              let photo = try store.photo(key: key) else {
            throw HTTPError(.notFound, message: "This photo is not in the library (it may have been moved or removed).")
        }
        let group = try Self.group(from: request.uri, photo: photo)
        let query = try GroupQuery(request.uri, defaultSort: group.defaultSort)
        let sort = query.sort
        let around = try store.neighbors(of: photo, in: group, sort: sort)
        let groupPage = (around.position - 1) / pageSize + 1
        let groupTitle = GroupTitles.title(group) + (group.parts.filter.isEmpty ? "" : " (filtered)")
        let inGroup: PhotoGroup? = { if case .folder = group { return nil } else { return group } }()  // filtered folders keep their filters
        let fitted = fittedSize(width: photo.card.width, height: photo.card.height, box: Paths.Rendition.screen.rawValue)
        var crumbs: [Crumb]
        if case .folder = group.parts.base, group.parts.filter.isEmpty {
            crumbs = chrome.crumbs(forFolder: photo.folder, linkLast: true)
            if photo.folder.isEmpty { crumbs.append(Crumb(name: "Library root", url: Paths.folder(""))) }
        } else {
            crumbs = [Crumb(name: groupTitle, url: Paths.group(group, sort: sort))]
        }
        crumbs.append(Crumb(name: photo.card.name, url: nil))
        let selfURL = Paths.photo(photo.card.key, sort: sort, in: inGroup)
        let page = PhotoView(
            chrome: chrome.chrome(title: photo.card.name, crumbs: crumbs),
            name: photo.card.name,
            imageURL: Paths.thumbnail(photo.card.sha256, .screen),
            width: fitted.width, height: fitted.height,
            previousURL: around.previous.map { Paths.photo($0.key, sort: sort, in: inGroup) },
            nextURL: around.next.map { Paths.photo($0.key, sort: sort, in: inGroup) },
            positionText: "\(Formatting.count(around.position)) of \(Formatting.count(around.total))",
            backURL: Paths.group(group, sort: sort, page: groupPage) + "#p\(photo.card.fileId)",
            backLabel: "Back to \(groupTitle)" + (groupPage > 1 ? " (page \(groupPage))" : ""),
            facts: facts(photo),
            downloadURL: Paths.original(photo.card.key),
            downloadName: photo.card.name,
            curation: CurationPanel(photo: photo, csrf: context.csrfToken, back: selfURL))
        return renderer.response("photo", page)
    }

    /// The group a photo is shown in: `?in=` when given, else its folder.
    static func group(from uri: URI, photo: PhotoDetail) throws -> PhotoGroup {
        var base = PhotoGroup.folder(photo.folder)
        if let raw = uri.queryParameters["in"].map(String.init) {
            guard let group = PhotoGroup(queryValue: raw, userId: 0) else {
                throw HTTPError(.badRequest, message: "Unknown group “\(raw)”.")
            }
            base = group
        }
        let filter = try FilterQuery.parse(uri)
        return filter.isEmpty ? base : .filtered(base, filter)
    }

    private func facts(_ photo: PhotoDetail) -> [PhotoView.Fact] {
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
        facts.append(.init(label: "File size", value: Formatting.bytes(photo.fileSize)))
        facts.append(.init(label: "Format", value: photo.format.rawValue.uppercased()))
        facts.append(.init(label: "Folder", value: photo.folder.isEmpty ? "Library root" : photo.folder, url: Paths.folder(photo.folder)))
        for copy in photo.copies {
            facts.append(.init(label: "Same bytes at", value: copy, url: Paths.photo(copy)))
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

    private func fittedSize(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(box) / Double(max(width, height, 1)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
