import Foundation
import Catalog
import Hummingbird

/// The single-photo view: a screen-sized rendition, neighbours, facts, download.
struct PhotoController: Sendable {
    let store: CatalogStore
    let renderer: PageRenderer
    let chrome: ChromeBuilder
    let pageSize: Int

    func register(with router: Router<BasicRequestContext>) {
        router.get("/photos/**", use: show)
    }

    @Sendable func show(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let key = Paths.decodeKey(rawPath: request.uri.path, prefix: "/photos/"),
              let photo = try store.photo(key: key) else {
            throw HTTPError(.notFound, message: "This photo is not in the library (it may have been moved or removed).")
        }
        let query = try GroupQuery(request.uri)
        let sort = query.sort
        let around = try store.neighbors(of: photo, sort: sort)
        let groupPage = (around.position - 1) / pageSize + 1
        let folderName = photo.folder.isEmpty ? "Library root" : SourceKey.name(of: photo.folder)
        let fitted = fittedSize(width: photo.card.width, height: photo.card.height, box: Paths.Rendition.screen.rawValue)
        var crumbs = chrome.crumbs(forFolder: photo.folder, linkLast: true)
        if photo.folder.isEmpty { crumbs.append(Crumb(name: "Library root", url: Paths.folder(""))) }
        crumbs.append(Crumb(name: photo.card.name, url: nil))
        let page = PhotoView(
            chrome: chrome.chrome(title: photo.card.name, crumbs: crumbs),
            name: photo.card.name,
            imageURL: Paths.thumbnail(photo.card.sha256, .screen),
            width: fitted.width, height: fitted.height,
            previousURL: around.previous.map { Paths.photo($0.key, sort: sort) },
            nextURL: around.next.map { Paths.photo($0.key, sort: sort) },
            positionText: "\(Formatting.count(around.position)) of \(Formatting.count(around.total))",
            backURL: Paths.folder(photo.folder, sort: sort, page: groupPage) + "#p\(photo.card.fileId)",
            backLabel: "Back to \(folderName)" + (groupPage > 1 ? " (page \(groupPage))" : ""),
            facts: facts(photo, folderName: folderName),
            downloadURL: Paths.original(photo.card.key),
            downloadName: photo.card.name)
        return renderer.response("photo", page)
    }

    private func facts(_ photo: PhotoDetail, folderName: String) -> [PhotoView.Fact] {
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
