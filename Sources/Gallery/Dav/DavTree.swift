import Catalog
import Foundation

/// What the door shows at each target, read through the caller's scoped view of the catalog
/// (the library and the albums) or the caller's inbox: the one place that decides what a
/// device sees, so PROPFIND, GET and COPY cannot differ on it.
struct DavTree: Sendable {
    let inbox: any InboxStore
    let reads: CatalogReads
    let source: any PhotoSource
    let base: String

    /// The caller's view of the library, or 403 for a device that backs up only.
    func libraryView(_ caller: DavCaller) throws -> ScopedCatalog {
        guard caller.readsLibrary else { throw DavError(.forbidden, "a backup-only device reads nothing of the library") }
        return reads.view(for: caller.visitor.audience)
    }

    /// The resource at `target`; nil when there is none the caller may see.
    func resource(_ target: DavTarget, for caller: DavCaller, now: Int64) async throws -> DavResource? {
        switch target {
        case .root:
            return DavResource(href: base + "/dav/", isCollection: true, name: "dav")
        case .inbox(let member, let path):
            guard caller.owns(member) else { return nil }
            let locks = try await inbox.davLocks(accountId: caller.account.id, touching: path, now: now)
            if path.isEmpty {
                return DavResource(href: DavTarget.inboxHref(base: base, member: caller.account.name, path: "", collection: true),
                                   isCollection: true, name: caller.account.name, created: caller.account.createdAt,
                                   locks: locks.filter { $0.covers("") }, lockable: true, inbox: (caller.account.name, base))
            }
            guard let item = try await inbox.inboxItem(accountId: caller.account.id, path: path) else { return nil }
            return .inbox(item, member: caller.account.name, base: base, locks: locks)
        case .library(let path):
            let view = try libraryView(caller)
            let isFolder = path.isEmpty ? true : try await view.folder(at: path) != nil
            if isFolder {
                return DavResource(href: DavTarget.href(base: base, segments: [DavTarget.libraryName] + Self.split(path), collection: true),
                                   isCollection: true, name: path.isEmpty ? DavTarget.libraryName : InboxPath.name(of: path))
            }
            guard try await view.photo(key: path) != nil, let entry = try await source.entry(forKey: path) else { return nil }
            return DavResource(href: DavTarget.href(base: base, segments: [DavTarget.libraryName] + Self.split(path), collection: false),
                               isCollection: false, name: InboxPath.name(of: path), size: entry.size, modified: entry.mtimeNs / 1_000_000_000,
                               etag: "\"\(entry.size)-\(entry.mtimeNs)\"", contentType: DavResource.contentType(forName: path))
        case .albums(nil, _):
            _ = try libraryView(caller)
            return DavResource(href: base + "/dav/\(DavTarget.albumsName)/", isCollection: true, name: DavTarget.albumsName)
        case .albums(let name?, nil):
            guard try await albums(caller).contains(where: { $0.name == name }) else { return nil }
            return DavResource(href: DavTarget.href(base: base, segments: [DavTarget.albumsName, name], collection: true),
                               isCollection: true, name: name)
        case .albums(let name?, let file?):
            guard let album = try await albums(caller).first(where: { $0.name == name }),
                  let found = try await albumFiles(album.id, caller).first(where: { $0.name == file }) else { return nil }
            return try await libraryFile(found.file.key, shownAs: [DavTarget.albumsName, name, file])
        }
    }

    /// The resources directly inside a collection target.
    func children(_ target: DavTarget, for caller: DavCaller, now: Int64) async throws -> [DavResource] {
        switch target {
        case .root:
            var out = [DavResource(href: DavTarget.inboxHref(base: base, member: caller.account.name, path: "", collection: true),
                                   isCollection: true, name: caller.account.name, created: caller.account.createdAt, lockable: true)]
            if caller.readsLibrary {
                out.append(DavResource(href: base + "/dav/\(DavTarget.libraryName)/", isCollection: true, name: DavTarget.libraryName))
                out.append(DavResource(href: base + "/dav/\(DavTarget.albumsName)/", isCollection: true, name: DavTarget.albumsName))
            }
            return out
        case .inbox(let member, let path):
            guard caller.owns(member) else { return [] }
            let locks = try await inbox.davLocks(accountId: caller.account.id, touching: path, now: now)
            return try await inbox.inboxChildren(accountId: caller.account.id, of: path)
                .map { .inbox($0, member: caller.account.name, base: base, locks: locks) }
        case .library(let path):
            let view = try libraryView(caller)
            var out = try await view.folders(in: path).map { folder in
                DavResource(href: DavTarget.href(base: base, segments: [DavTarget.libraryName] + Self.split(folder.path), collection: true),
                            isCollection: true, name: folder.name)
            }
            for file in try await view.filesWithCompanions(in: .folder(path), sort: PhotoSort(field: .name, descending: false))
            where InboxPath.parent(of: file.key) == path {
                out.append(DavResource(href: DavTarget.href(base: base, segments: [DavTarget.libraryName] + Self.split(file.key), collection: false),
                                       isCollection: false, name: InboxPath.name(of: file.key), size: file.size, contentType: DavResource.contentType(forName: file.key)))
            }
            return out
        case .albums(nil, _):
            return try await albums(caller).map {
                DavResource(href: DavTarget.href(base: base, segments: [DavTarget.albumsName, $0.name], collection: true), isCollection: true, name: $0.name)
            }
        case .albums(let name?, nil):
            guard let album = try await albums(caller).first(where: { $0.name == name }) else { return [] }
            return try await albumFiles(album.id, caller).map { found in
                DavResource(href: DavTarget.href(base: base, segments: [DavTarget.albumsName, name, found.name], collection: false),
                            isCollection: false, name: found.name, size: found.file.size, contentType: DavResource.contentType(forName: found.name))
            }
        case .albums:
            return []
        }
    }

    /// The library key a file target is read from, when the caller may read it.
    func libraryKey(_ target: DavTarget, for caller: DavCaller) async throws -> String? {
        switch target {
        case .library(let path):
            guard !path.isEmpty, try await libraryView(caller).photo(key: path) != nil else { return nil }
            return path
        case .albums(let name?, let file?):
            guard let album = try await albums(caller).first(where: { $0.name == name }) else { return nil }
            return try await albumFiles(album.id, caller).first(where: { $0.name == file })?.file.key
        default:
            return nil
        }
    }

    /// The albums the caller sees, each under a name of its own (a second album of the same name
    /// is shown with its number).
    private func albums(_ caller: DavCaller) async throws -> [(id: Int64, name: String)] {
        var seen = Set<String>()
        return try await libraryView(caller).albums().map { album in
            var name = Self.safeName(album.name)
            if !seen.insert(name.lowercased()).inserted { name += " (\(album.id))"; seen.insert(name.lowercased()) }
            return (album.id, name)
        }
    }

    /// An album's files with their companions, each under a name of its own.
    private func albumFiles(_ id: Int64, _ caller: DavCaller) async throws -> [(name: String, file: FileRef)] {
        var seen = Set<String>()
        return try await libraryView(caller).filesWithCompanions(in: .album(id), sort: PhotoSort(field: .album, descending: false)).map { file in
            var name = InboxPath.name(of: file.key)
            if !seen.insert(name.lowercased()).inserted {
                let ext = (name as NSString).pathExtension
                name = (name as NSString).deletingPathExtension + " (\(file.id))" + (ext.isEmpty ? "" : "." + ext)
                seen.insert(name.lowercased())
            }
            return (name, file)
        }
    }

    private func libraryFile(_ key: String, shownAs segments: [String]) async throws -> DavResource? {
        guard let entry = try await source.entry(forKey: key) else { return nil }
        return DavResource(href: DavTarget.href(base: base, segments: segments, collection: false), isCollection: false,
                           name: segments.last ?? key, size: entry.size, modified: entry.mtimeNs / 1_000_000_000,
                           etag: "\"\(entry.size)-\(entry.mtimeNs)\"", contentType: DavResource.contentType(forName: key))
    }

    /// An album's name as one path segment: no "/" and no control characters.
    static func safeName(_ name: String) -> String {
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map { $0 == "/" || $0 == "\\" || $0.value < 0x20 ? "-" : $0 }))
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "album" : cleaned
    }

    static func split(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }
}
