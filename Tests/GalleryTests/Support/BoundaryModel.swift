import Catalog
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Imaging
import TestSupport
@testable import Gallery

/// What a household's library holds and what each of its share links should reach, kept by the
/// model-based boundary test beside the server and never asked of it. Steps run one at a time.
final class BoundaryModel: @unchecked Sendable {
    enum Kind: Equatable {
        case folder(String), tag(String), album(Int64), search, favorites

        var form: String {
            switch self {
            case .folder: "folder"
            case .tag: "tag"
            case .album: "album"
            case .search: "search"
            case .favorites: "favorites"
            }
        }
    }

    struct Link {
        var token: String
        var id: Int64
        var kind: Kind
        var password: Bool
        var uploads: Bool
        /// Its maker let it show where photos were taken.
        var places = false
        /// Its group ended (album deleted, tag on no photo, folder gone): 410 for good.
        var ended = false
    }

    private var random: SeededGenerator
    /// Listed files (not in the trash) and their content; a clip paired to a still by its key.
    var files: [String: Int] = [:]
    var clips: [String: (still: String, content: Int)] = [:]
    var trashed: [String: Int] = [:]
    var trashedClips: [String: (still: String, content: Int)] = [:]
    /// Curation, on content.
    var tags: [Int: Set<String>] = [:]
    var ratings: [Int: Int] = [:]
    var favorites: Set<Int> = []
    /// Albums that exist, by id.
    var albums: [Int64: Set<Int>] = [:]
    var latestAlbum: Int64?
    var links: [Link] = []
    var sha: [Int: String] = [:]
    /// Contents whose files say where they were taken, in any of the places a file can say it.
    var located: Set<Int> = []
    /// Contents that are motion photos (a JPEG with its clip inside).
    var motion: Set<Int> = []
    /// What max keeps private: contents, folders (what arrives in them is his), albums (what is put in them is his).
    var privateContents: Set<Int> = []
    var privateFolders: Set<String> = []
    var privateAlbums: Set<Int64> = []
    private var nextContent = 1_000
    private var counter = 0
    private var catalog: (any PhotoCatalog)?
    var failures: [String] = []
    var log: [String] = []
    var checks = 0
    /// Answers checked about something private (that it did not reach someone else).
    var privateChecks = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[next(values.count)] }

    private func store(_ f: GalleryFixture) async throws -> any PhotoCatalog {
        if let catalog { return catalog }
        let opened = try await f.openCatalog()
        catalog = opened
        return opened
    }

    static func folder(of key: String) -> String { key.split(separator: "/").dropLast().joined(separator: "/") }

    private func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
        checks += 1
        if !ok { failures.append(what()) }
    }

    // MARK: household steps

    func curate(_ max: FormPoster, tag: String, on key: String) async throws {
        expect(try await max.post("/actions/tag", [("key", key), ("tags", tag)]).status == .seeOther, "tag \(key)")
        tags[files[key]!, default: []].insert(tag)
    }

    func rate(_ max: FormPoster, _ key: String, _ stars: Int) async throws {
        expect(try await max.post("/actions/rate", [("key", key), ("rating", String(stars))]).status == .seeOther, "rate \(key)")
        ratings[files[key]!] = stars
    }

    func favorite(_ max: FormPoster, _ key: String) async throws {
        expect(try await max.post("/actions/favorite", [("key", key), ("value", "on")]).status == .seeOther, "favorite \(key)")
        favorites.insert(files[key]!)
    }

    func makeAlbum(_ max: FormPoster, _ f: GalleryFixture, with keys: [String]) async throws {
        counter += 1
        let name = "Album \(counter)"
        for key in keys { _ = try await max.post("/actions/album-add", [("key", key), ("album", name)]) }
        let album = try await store(f).album(named: name)
        expect(album != nil, "album \(name) made")
        guard let album else { return }
        albums[album.id] = Set(keys.compactMap { files[$0] })
        latestAlbum = album.id
        log.append("made album \(album.id) of \(keys)")
    }

    func makeLink(_ max: FormPoster, _ f: GalleryFixture, kind: Kind, value: String, extra: [(String, String)]) async throws {
        let made = try await max.post("/actions/share", [("kind", kind.form), ("value", value), ("expires", "0")] + extra)
        expect(made.status == .seeOther, "link \(kind) made")
        guard let location = made.headers[.location] else { return }
        let list = try await max.keeping("photolala_new_share", from: made).get(location).text
        guard let token = list.firstMatch(of: #/share/([A-Za-z0-9_-]{43})/#).map({ String($0.output.1) }),
              let link = try await store(f).share(token: token) else { return expect(false, "link \(kind) listed") }
        links.append(Link(token: token, id: link.id, kind: kind, password: extra.contains { $0.0 == "password" },
                          uploads: extra.contains { $0.0 == "uploads" }, places: extra.contains { $0 == ("places", "1") }))
    }

    func linkLatestAlbum(_ max: FormPoster, _ f: GalleryFixture, password: Bool) async throws {
        guard let id = latestAlbum, albums[id] != nil else { return }
        try await makeLink(max, f, kind: .album(id), value: String(id),
                           extra: [("uploads", "1")] + (password ? [("password", "lighthouse keeper")] : []))
    }

    func deleteAndRemakeAlbum(_ max: FormPoster, _ f: GalleryFixture) async throws {
        if let id = pick(albums.keys.sorted()) {
            expect(try await max.post("/actions/album-delete", [("album", String(id)), ("confirm", "1")]).status == .seeOther, "delete album \(id)")
            albums[id] = nil
            privateAlbums.remove(id)
            log.append("deleted album \(id)")
        }
        let keys = files.keys.sorted()
        guard let first = pick(keys) else { return }
        try await makeAlbum(max, f, with: [first] + (pick(keys).map { [$0] } ?? []))
        if next(2) == 0 { try await linkLatestAlbum(max, f, password: false) }
    }

    func uploadThroughALink(_ client: any TestClientProtocol, _ f: GalleryFixture) async throws {
        guard let link = pick(links.filter { !$0.ended && $0.uploads && !$0.password && !isKept($0) }), case .album(let id) = link.kind else { return }
        let holder = try await FormPoster.start(client, page: "/share/\(link.token)")
        nextContent += 1
        let content = nextContent
        // (carrying the keyword of a tag that has a link, and five stars: neither may reach the household)
        let curated = ["-XMP-dc:Subject=beach", "-IPTC:Keywords=beach", "-XMP-xmp:Rating=5"]
        var sent: [(String, Data)] = [("n\(content).jpg", Data(try TestImages.jpeg(seed: content, exif: curated)))]
        if let copy = pick(files.keys.sorted().filter { $0.hasSuffix(".jpg") }), next(2) == 0, let bytes = try await f.bytes(copy) { sent.append(("copy-\(content).jpg", bytes)) }
        let answer = try await holder.upload(sent, csrf: holder.token, to: "/share/\(link.token)/upload")
        expect(answer.status == .ok, "upload through link \(link.id): \(answer.status)")
        guard answer.status == .ok else { return }
        let key = UploadController.linkFolder(link.id) + "/n\(content).jpg"
        files[key] = content
        albums[id]?.insert(content)
        if inPrivateFolder(key) { privateContents.insert(content) }
        log.append("uploaded \(sent.map(\.0)) through link \(link.id)")
    }

    func trashOne(_ ada: FormPoster, _ f: GalleryFixture) async throws {
        guard let key = pick(files.keys.sorted()) else { return }
        // (an admin who does not see private photos finds nothing to delete there)
        if privateContents.contains(files[key]!) {
            expect(try await ada.post("/actions/delete", [("key", key)]).status == .notFound, "trash private \(key)")
            return
        }
        expect(try await ada.post("/actions/delete", [("key", key)]).status == .seeOther, "trash \(key)")
        trashed[key] = files.removeValue(forKey: key)
        for (clip, pair) in clips where pair.still == key {
            trashedClips[clip] = clips.removeValue(forKey: clip)
        }
        log.append("trashed \(key)")
    }

    func restoreOne(_ ada: FormPoster, _ f: GalleryFixture) async throws {
        guard let key = pick(trashed.keys.sorted()),
              let item = try await store(f).trashItems().first(where: { $0.key == key }) else { return }
        expect(try await ada.post("/actions/restore", [("id", String(item.id))]).status == .seeOther, "restore \(key)")
        files[key] = trashed.removeValue(forKey: key)
        for (clip, pair) in trashedClips where pair.still == key {
            clips[clip] = trashedClips.removeValue(forKey: clip)
        }
        // Back in a private folder: private, as anything arriving there.
        for restored in [key] + clips.filter({ $0.value.still == key }).map(\.key) where inPrivateFolder(restored) {
            privateContents.insert(content(of: restored)!)
        }
        log.append("restored \(key)")
    }

    func emptyTrash(_ ada: FormPoster) async throws {
        expect(try await ada.post("/actions/empty-trash", []).status == .seeOther, "empty the trash")
        trashed = [:]
        trashedClips = [:]
        log.append("emptied the trash")
    }

    func untagEverywhere(_ max: FormPoster) async throws {
        let carried = Set(files.values.flatMap { tags[$0] ?? [] }).sorted()
        guard let tag = pick(carried) else { return }
        for (key, content) in files.sorted(by: { $0.key < $1.key }) where tags[content]?.contains(tag) == true {
            expect(try await max.post("/actions/untag", [("key", key), ("tag", tag)]).status == .seeOther, "untag \(key)")
            tags[content]?.remove(tag)
        }
        log.append("took \(tag) off every listed photo")
    }

    func tagOne(_ max: FormPoster) async throws {
        guard let key = pick(files.keys.sorted()) else { return }
        try await curate(max, tag: "beach", on: key)
        log.append("tagged \(key) beach")
    }

    /// Renames one of the household's top folders on disk (the caller rescans).
    func moveFolder(_ f: GalleryFixture) async throws {
        let tops = Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) }).subtracting([UploadController.linkFolderRoot])
        guard let top = pick(tops.sorted()) else { return }
        counter += 1
        let moved = top.split(separator: "-").first.map(String.init)! + "-\(counter)"
        try FileManager.default.moveItem(atPath: f.library + "/" + top, toPath: f.library + "/" + moved)
        func rekey(_ key: String) -> String { key.hasPrefix(top + "/") ? moved + key.dropFirst(top.count) : key }
        files = Dictionary(uniqueKeysWithValues: files.map { (rekey($0.key), $0.value) })
        clips = Dictionary(uniqueKeysWithValues: clips.map { (rekey($0.key), (still: rekey($0.value.still), content: $0.value.content)) })
        log.append("moved \(top) to \(moved)")
    }

    // MARK: private photos

    /// The content of a listed file or clip.
    private func content(of key: String) -> Int? { files[key] ?? clips[key]?.content }

    /// Whether a key lies in (or below) a folder max keeps private.
    private func inPrivateFolder(_ key: String) -> Bool {
        let folder = Self.folder(of: key)
        return privateFolders.contains { folder == $0 || folder.hasPrefix($0 + "/") }
    }

    /// Every key, listed or a clip, holding this content.
    private func keys(of content: Int) -> [String] {
        (files.filter { $0.value == content }.map(\.key) + clips.filter { $0.value.content == content }.map(\.key)).sorted()
    }

    /// A content with the other files of its shots (a still's clip, a clip's still).
    private func shot(_ content: Int) -> Set<Int> {
        var out: Set<Int> = [content]
        for key in keys(of: content) {
            for (_, pair) in clips where pair.still == key { out.insert(pair.content) }
            if let pair = clips[key], let still = files[pair.still] { out.insert(still) }
        }
        return out
    }

    /// Gives contents back to the household, but for those still in a private folder or album.
    private func giveBack(_ contents: Set<Int>) {
        for content in contents {
            privateContents.remove(content)
            if keys(of: content).contains(where: inPrivateFolder) || albums.contains(where: { privateAlbums.contains($0.key) && $0.value.contains(content) }) {
                privateContents.insert(content)
            }
        }
    }

    /// Whether a link's folder or album is kept private, so that the link answers as one not there.
    func isKept(_ link: Link) -> Bool {
        switch link.kind {
        case .folder(let folder): privateFolders.contains { folder == $0 || folder.hasPrefix($0 + "/") }
        case .album(let id): privateAlbums.contains(id)
        default: false
        }
    }

    /// Max keeps the photo at `key` private (with the rest of its shot).
    func keepPrivate(_ max: FormPoster, _ key: String) async throws {
        guard let content = files[key] else { return }
        expect(try await max.post("/actions/private", [("key", key), ("value", "on")]).status == .seeOther, "keep \(key) private")
        privateContents.formUnion(shot(content))
        log.append("kept \(key) private")
    }

    /// Max keeps a folder private: what is in it now and what arrives in it later.
    func keepFolderPrivate(_ max: FormPoster, _ folder: String) async throws {
        expect(try await max.post("/actions/private-folder", [("path", folder), ("value", "on")]).status == .seeOther, "keep \(folder) private")
        privateFolders.insert(folder)
        for key in (Array(files.keys) + Array(clips.keys)) where inPrivateFolder(key) { privateContents.insert(content(of: key)!) }
        log.append("kept folder \(folder) private")
    }

    /// Max keeps a photo private, or a folder, or an album, or gives one of them back.
    func changePrivacy(_ max: FormPoster) async throws {
        switch next(6) {
        case 0, 1:
            guard let key = pick(files.keys.sorted()) else { return }
            try await keepPrivate(max, key)
        case 2:
            // (not where uploads land: everyone's, so not to be kept private as a folder)
            let folders = Set(files.keys.map(Self.folder(of:))).subtracting([""])
                .filter { !$0.hasPrefix(UploadController.linkFolderRoot) }.sorted()
            guard let folder = pick(folders) else { return }
            try await keepFolderPrivate(max, folder)
        case 3:
            guard let id = pick(albums.keys.sorted()) else { return }
            let on = !privateAlbums.contains(id)
            expect(try await max.post("/actions/private-album", [("album", String(id)), ("value", on ? "on" : "off")]).status == .seeOther,
                   "album \(id) private \(on)")
            if on {
                privateAlbums.insert(id)
                privateContents.formUnion(albums[id] ?? [])
            } else {
                privateAlbums.remove(id)
                giveBack((albums[id] ?? []).intersection(privateContents))
            }
            log.append("album \(id) private: \(on)")
        case 4:
            guard let folder = pick(privateFolders.sorted()) else { return }
            let above = privateFolders.contains { folder.hasPrefix($0 + "/") }
            let answer = try await max.post("/actions/private-folder", [("path", folder), ("value", "off")]).status
            // (a folder gone from the library is not there to give back; one inside another kept private stays so)
            let there = files.keys.contains { Self.folder(of: $0) == folder || Self.folder(of: $0).hasPrefix(folder + "/") }
            expect(answer == (!there ? .notFound : above ? .badRequest : .seeOther), "give back folder \(folder): \(answer)")
            guard there, !above else { return }
            privateFolders = privateFolders.filter { $0 != folder && !$0.hasPrefix(folder + "/") }
            let inside = (Array(files.keys) + Array(clips.keys)).filter { Self.folder(of: $0) == folder || Self.folder(of: $0).hasPrefix(folder + "/") }
            giveBack(Set(inside.compactMap(content(of:))).intersection(privateContents))
            log.append("gave back folder \(folder)")
        default:
            guard let key = pick(files.filter { privateContents.contains($0.value) }.keys.sorted()), let content = files[key] else { return }
            expect(try await max.post("/actions/private", [("key", key), ("value", "off")]).status == .seeOther, "give back \(key)")
            giveBack(shot(content).intersection(privateContents))
            log.append("gave back \(key)")
        }
    }

    /// The second invariant: nothing max keeps private reaches eve (a member) or ada (an admin, the
    /// household not letting admins see private photos) through any page, file or rendition; max
    /// reaches all of it; the catalog keeps private exactly what the model says.
    func checkPrivacy(_ f: GalleryFixture, max: FormPoster, others: [FormPoster]) async throws {
        let everything = files.merging(clips.mapValues(\.content)) { a, _ in a }
        for (key, content) in everything where sha[content] == nil {
            sha[content] = try await store(f).photo(key: key)?.card.sha256
        }
        let live = Set(everything.values)
        // (asked of each photo's row: this process's catalog never hears the server's changes, so its caches would be stale)
        var kept = Set<Int>()
        for (key, content) in everything where try await store(f).photo(key: key, viewer: .guest, sight: .everything)?.card.privateTo != nil {
            kept.insert(content)
        }
        expect(kept == privateContents.intersection(live),
               "the catalog keeps \(kept.sorted()) private, the model \(privateContents.intersection(live).sorted())")
        let hiddenKeys = everything.filter { privateContents.contains($0.value) }.keys.sorted()
        let hiddenShas = Set(privateContents.intersection(live).compactMap { sha[$0] })
        var pages = ["/", "/search", "/search?q=jpg", "/timeline", "/tags", "/albums", "/places", SiteURL.group(.duplicates).path,
                     SiteURL.group(.recent).path, SiteURL.group(.topRated).path, "/search?favorite=1", "/trash"]
        var folders: Set<String> = []
        for key in everything.keys {
            var folder = Self.folder(of: key)
            while !folder.isEmpty {
                folders.insert(folder)
                folder = Self.folder(of: folder)
            }
        }
        pages += folders.sorted().map { SiteURL.folder($0).path } + albums.keys.sorted().map { SiteURL.album($0).path }
        for other in others {
            for page in pages {
                let body = try await other.get(page).text
                privateChecks += hiddenKeys.count
                let leaked = hiddenShas.filter { body.contains($0) }.count + hiddenKeys.filter { body.contains(SiteURL.photo($0).path + "\"") }.count
                expect(leaked == 0, "\(page) shows \(leaked) of \(hiddenKeys) to another account")
            }
            for key in hiddenKeys {
                for path in [SiteURL.photo(key).path, SiteURL.Scope.gallery.original(key).path] {
                    privateChecks += 1
                    let status = try await other.get(path).status
                    expect(status == .notFound, "\(path) answers \(status) to another account")
                }
            }
            for hash in hiddenShas.sorted() {
                privateChecks += 1
                let status = try await other.get(SiteURL.Scope.gallery.thumbnail(Picture(sha256: hash), .grid).path).status
                expect(status == .notFound, "the thumbnail of a private photo answers \(status) to another account")
            }
            // (and what is not private, they reach)
            for key in files.keys.sorted() where !privateContents.contains(files[key]!) {
                let status = try await other.get(SiteURL.photo(key).path).status
                expect(status == .ok, "\(key), not private, answers \(status) to another account")
            }
        }
        for key in files.keys.sorted() where privateContents.contains(files[key]!) {
            let status = try await max.get(SiteURL.photo(key).path).status
            expect(status == .ok, "max's own private \(key) answers him \(status)")
        }
    }

    // MARK: the WebDAV door

    /// Device passwords that read the library, by account name (max's own among them).
    var readers: [String: String] = [:]
    /// Max's phone, which backs up only.
    var backupOnly = ""

    /// Gives max, ada and eve a device that reads the library, and max a phone that backs up only.
    func makeDevices(_ f: GalleryFixture) async throws {
        let store = try await store(f)
        for name in ["max", "ada", "eve"] {
            guard let account = try await store.account(named: name)?.account else { continue }
            let secret = DeviceSecret.make()
            try await store.addDevice(accountId: account.id, label: "laptop", secretHash: DeviceSecret.hash(secret), scope: .read, now: 1)
            readers[name] = secret
            if name == "max" {
                backupOnly = DeviceSecret.make()
                try await store.addDevice(accountId: account.id, label: "phone", secretHash: DeviceSecret.hash(backupOnly), scope: .backup, now: 1)
            }
        }
    }

    /// The door's side of the privacy invariant: through /dav/, no one else lists or reads what
    /// max keeps private, max reads his own, everyone reads what is not private, and his
    /// backup-only phone reads nothing of the library at all.
    func checkDoor(_ client: any TestClientProtocol) async throws {
        let hiddenKeys = files.filter { privateContents.contains($0.value) }.keys.sorted()
        let hiddenShas = Set(privateContents.compactMap { sha[$0] })
        var folders: Set<String> = [""]
        for key in files.keys {
            var folder = Self.folder(of: key)
            while !folder.isEmpty { folders.insert(folder); folder = Self.folder(of: folder) }
        }
        func href(_ key: String) -> String { key.split(separator: "/").map { DavTarget.encode(String($0)) }.joined(separator: "/") }
        for (name, secret) in readers.sorted(by: { $0.key < $1.key }) {
            let isMax = name == "max"
            for folder in folders.sorted() {
                let listing = try await DavRouteTests.dav(client, "PROPFIND", "/dav/library/" + href(folder), as: name, secret,
                                                          headers: [("Depth", "1")]).text
                for key in hiddenKeys where Self.folder(of: key) == folder {
                    privateChecks += 1
                    expect(listing.contains("/dav/library/" + href(key) + "</D:href>") == isMax,
                           "the door's listing of \(folder) \(isMax ? "hides" : "shows") \(key) to \(name)")
                }
            }
            for (key, content) in files.sorted(by: { $0.key < $1.key }) {
                let status = try await DavRouteTests.dav(client, "HEAD", "/dav/library/" + href(key), as: name, secret).status
                let expected: HTTPResponse.Status = privateContents.contains(content) && !isMax ? .notFound : .ok
                privateChecks += privateContents.contains(content) ? 1 : 0
                expect(status == expected, "the door answers \(name) \(status) for \(key)")
            }
            let albums = try await DavRouteTests.dav(client, "PROPFIND", "/dav/albums/", as: name, secret, headers: [("Depth", "1")])
            for match in albums.text.matches(of: #/<D:href>(/dav/albums/[^<]+/)</D:href>/#) {
                let listing = try await DavRouteTests.dav(client, "PROPFIND", String(match.output.1), as: name, secret, headers: [("Depth", "1")]).text
                // (each photo an album lists is fetched and known by its bytes' hash)
                for file in listing.matches(of: #/<D:href>(/dav/albums/[^<]+[^/])</D:href>/#) where !isMax {
                    let body = try await DavRouteTests.dav(client, "GET", String(file.output.1), as: name, secret).body
                    let hash = Hex.lowercase(SHA256.hash(data: Array(body.readableBytesView)))
                    privateChecks += 1
                    expect(!hiddenShas.contains(hash), "an album on the door hands \(name) a private photo (\(file.output.1))")
                }
            }
        }
        for path in ["/dav/library/", "/dav/albums/"] + files.keys.sorted().map({ "/dav/library/" + href($0) }) {
            let status = try await DavRouteTests.dav(client, "GET", path, as: "max", backupOnly).status
            expect(status == .forbidden, "max's backup-only phone answers \(status) for \(path)")
        }
    }

    // MARK: the JSON API

    /// API tokens that read, by account name, and frame tokens of max's links, by link id.
    var apiReaders: [String: String] = [:]
    var frames: [Int64: String] = [:]
    var albumFrames: [Int64: String] = [:]

    /// Gives max, ada and eve a token that reads the library.
    func makeTokens(_ f: GalleryFixture) async throws {
        let store = try await store(f)
        for name in ["max", "ada", "eve"] {
            guard let account = try await store.account(named: name)?.account else { continue }
            let secret = APITokenSecret.make()
            try await store.addToken(accountId: account.id, label: "script", secretHash: APITokenSecret.hash(secret), scopes: [.read], frame: nil, now: 1)
            apiReaders[name] = secret
        }
    }

    /// The API's side of the boundary: a member's token lists every photo the model says they
    /// see and no other (max's private ones for max alone), and a frame token of each of max's
    /// links lists exactly what that link shows, and nothing once the link has ended or its group
    /// is kept private.
    func checkAPI(_ client: any TestClientProtocol, _ f: GalleryFixture) async throws {
        let store = try await store(f)
        guard let max = try await store.account(named: "max")?.account else { return }
        func ids(_ path: String, _ token: String) async throws -> (status: HTTPResponse.Status, ids: Set<String>) {
            var found: Set<String> = []
            var next: String?
            for _ in 0..<100 {
                let response = try await APIRouteTests.call(client, .get, path + (next.map { "&cursor=" + $0 } ?? ""), token)
                guard response.status == .ok else { return (response.status, found) }
                let page = try APIRouteTests.object(response)
                found.formUnion(((page["photos"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
                next = page["next"] as? String
                if next == nil { break }
            }
            return (.ok, found)
        }
        for (name, token) in apiReaders.sorted(by: { $0.key < $1.key }) {
            let expected = Set(files.values.filter { name == "max" || !privateContents.contains($0) }.compactMap { sha[$0] })
            let (status, seen) = try await ids("/api/v1/photos?group=all&limit=7", token)
            privateChecks += privateContents.count
            expect(status == .ok && seen == expected, "the API lists \(name) \(seen.subtracting(expected).count) photos too many, \(expected.subtracting(seen).count) too few")
            for content in privateContents.sorted() where name != "max" {
                guard let hash = sha[content] else { continue }
                let status = try await APIRouteTests.call(client, .get, "/api/v1/photos/\(hash)/original", token).status
                expect(status == .notFound, "the API hands \(name) max's private photo \(content): \(status)")
            }
        }
        // An album's frame token reads its album's photos that are nobody's private ones, and
        // nothing while the album is kept private or once it is gone.
        for (id, contents) in albums.sorted(by: { $0.key < $1.key }) {
            if albumFrames[id] == nil {
                let secret = APITokenSecret.make()
                try await store.addToken(accountId: max.id, label: "album frame \(id)", secretHash: APITokenSecret.hash(secret), scopes: [.read],
                                         frame: .album(id), now: 1)
                albumFrames[id] = secret
            }
            let (status, seen) = try await ids("/api/v1/photos?limit=5", albumFrames[id]!)
            if privateAlbums.contains(id) {
                expect(status == .forbidden && seen.isEmpty, "a frame of max's private album \(id) answers \(status)")
                continue
            }
            let expected = Set(contents.filter { !privateContents.contains($0) && files.values.contains($0) }.compactMap { sha[$0] })
            expect(status == .ok && seen == expected,
                   "a frame of album \(id) lists \(seen.subtracting(expected).count) photos outside it, misses \(expected.subtracting(seen).count)")
        }
        for (id, secret) in albumFrames where albums[id] == nil {
            let status = try await APIRouteTests.call(client, .get, "/api/v1/photos", secret).status
            expect(status == .forbidden, "a frame of the deleted album \(id) answers \(status)")
        }
        for link in links {
            if frames[link.id] == nil {
                let secret = APITokenSecret.make()
                try await store.addToken(accountId: max.id, label: "frame \(link.id)", secretHash: APITokenSecret.hash(secret), scopes: [.read],
                                         frame: .share(link.id), now: 1)
                frames[link.id] = secret
            }
            let (status, seen) = try await ids("/api/v1/photos?limit=5", frames[link.id]!)
            if link.ended || isKept(link) {
                expect(status != .ok && seen.isEmpty, "a frame of link \(link.id) (\(link.kind), ended or kept) answers \(status)")
                continue
            }
            let expected = Set(listed(link).compactMap { files[$0] }.filter { !privateContents.contains($0) }.compactMap { sha[$0] })
            expect(status == .ok && seen == expected,
                   "a frame of link \(link.id) (\(link.kind)) lists \(seen.subtracting(expected).count) photos outside it, misses \(expected.subtracting(seen).count)")
            let all = try await APIRouteTests.call(client, .get, "/api/v1/photos?group=all", frames[link.id]!).status
            expect(all == .notFound, "a frame of link \(link.id) reads the whole library: \(all)")
        }
    }

    // MARK: the check

    /// Ends the links whose group the model says ended.
    private func settle() {
        let folders = Set(files.keys.map(Self.folder(of:)))
        let carried = Set(tags.values.flatMap { $0 })
        for i in links.indices {
            switch links[i].kind {
            case .folder(let folder) where !folder.isEmpty && !folders.contains(folder): links[i].ended = true
            case .tag(let tag) where !carried.contains(tag): links[i].ended = true
            case .album(let id) where albums[id] == nil: links[i].ended = true
            default: break
            }
        }
    }

    /// The listed files a live link's group holds. A folder shows each of its files; every other
    /// group shows each photo once (one of its listed files), so for those this is every candidate.
    private func listed(_ link: Link) -> Set<String> {
        Set(files.filter { key, content in
            switch link.kind {
            case .folder(let folder): Self.folder(of: key) == folder
            case .tag(let tag): tags[content]?.contains(tag) == true
            case .album(let id): albums[id]?.contains(content) == true
            case .search: (ratings[content] ?? 0) >= 4
            case .favorites: favorites.contains(content)
            }
        }.keys)
    }

    /// Every link, through every part of it, reaches what the model says and nothing else.
    func check(_ client: any TestClientProtocol, _ f: GalleryFixture) async throws {
        settle()
        let everything = files.merging(clips.mapValues(\.content)) { a, _ in a }
        for (key, content) in everything where sha[content] == nil {
            sha[content] = try await store(f).photo(key: key)?.card.sha256
        }
        for link in links {
            let scope = SiteURL.Scope.share(link.token)
            var holder = try await FormPoster.start(client, page: "/")
            if link.ended {
                for path in ["/share/\(link.token)", "/share/\(link.token)/zip"] + everything.keys.prefix(2).map({ scope.original($0).path }) {
                    let status = try await holder.get(path).status
                    expect(status == .gone, "ended link \(link.id) (\(link.kind)) answers \(status) for \(path)")
                }
                continue
            }
            if isKept(link) {
                for path in ["/share/\(link.token)", "/share/\(link.token)/zip"] {
                    let status = try await holder.get(path).status
                    expect(status == .notFound, "link \(link.id) (\(link.kind)) of what is private answers \(status) for \(path)")
                }
                continue
            }
            if link.password {
                let opened = try await holder.post("/share/\(link.token)", [("password", "lighthouse keeper")])
                expect(opened.status == .seeOther, "link \(link.id) unlocks: \(opened.status)")
                holder = holder.keeping("photolala_share_unlock", from: opened)
            }
            // The listed files it opens: all of a folder's, one of each photo's for the rest.
            let candidates = listed(link).filter { !privateContents.contains(files[$0]!) }
            var shown: Set<String> = []
            for key in files.keys.sorted() {
                let page = try await holder.get(scope.photo(key, in: nil).path).status
                let original = try await holder.get(scope.original(key).path).status
                expect(page == original && [.ok, .notFound].contains(page), "link \(link.id) (\(link.kind)) \(key): page \(page), original \(original)")
                if page == .ok { shown.insert(key) }
            }
            expect(shown.isSubset(of: candidates), "link \(link.id) (\(link.kind)) opens \(shown.subtracting(candidates).sorted()), outside its group")
            try await checkFrameView(holder, link, shown: shown)
            // Where a photo was taken reaches a link's holders only when its maker said so: not
            // on its page, not in its original's bytes.
            // Every byte that leaves through a link that hides places (originals, motion clips)
            // goes to exiftool, the oracle, which must read no position and no place name there.
            var leaving: [(name: String, bytes: [UInt8])] = []
            for key in shown.sorted() where located.contains(files[key] ?? -1) {
                let page = try await holder.get(scope.photo(key, in: nil).path).text
                // (the page shows a position where the scan read one: a JPEG's EXIF)
                if key.hasSuffix(".jpg"), !motion.contains(files[key] ?? -1) {
                    expect(page.contains("<dt>Position</dt>") == link.places, "link \(link.id) (\(link.kind)) \(key): position shown \(!link.places)")
                }
                let original = try await holder.get(scope.original(key).path)
                expect(original.status == .ok, "link \(link.id) (\(link.kind)) \(key): the original answers \(original.status)")
                let bytes = Array(original.body.readableBytesView)
                if link.places {
                    let whole = try await f.bytes(key).map(Array.init)
                    expect(bytes == whole, "link \(link.id) (\(link.kind)) \(key): the original is not whole")
                } else {
                    leaving.append(("\(leaving.count)-" + (key.split(separator: "/").last.map(String.init) ?? key), bytes))
                    if motion.contains(files[key] ?? -1) {
                        let clip = try await holder.get(scope.motion(key).path)
                        expect(clip.status == .ok, "link \(link.id) (\(link.kind)) \(key): its motion clip answers \(clip.status)")
                        leaving.append(("\(leaving.count)-clip.mp4", Array(clip.body.readableBytesView)))
                    }
                }
            }
            if case .folder = link.kind {
                expect(shown == candidates, "link \(link.id) (\(link.kind)) misses \(candidates.subtracting(shown).sorted())")
            } else {
                let photos = Dictionary(grouping: candidates, by: { files[$0]! })
                for (content, keys) in photos {
                    let open = keys.filter(shown.contains)
                    expect(open.count == 1, "link \(link.id) (\(link.kind)) opens \(open.sorted()) of photo \(content)'s files \(keys.sorted())")
                }
            }
            let companions = Set(clips.filter { shown.contains($0.value.still) && !privateContents.contains($0.value.content) }.keys)
            let reach = shown.union(companions)
            for clip in clips.keys.sorted() {
                let status = try await holder.get(scope.original(clip).path).status
                expect(status == (reach.contains(clip) ? .ok : .notFound), "link \(link.id) (\(link.kind)) clip \(clip): \(status)")
            }
            for clip in clips.keys.sorted() where !reach.contains(clip) {
                let status = try await holder.get(scope.play(clip).path).status
                expect(status == .notFound, "link \(link.id) (\(link.kind)) play \(clip): \(status)")
            }
            let reachable = Set(reach.compactMap { everything[$0] })
            for (content, hash) in sha.sorted(by: { $0.key < $1.key }) where !reachable.contains(content) {
                let status = try await holder.get(scope.thumbnail(Picture(sha256: hash), .grid).path).status
                expect(status == .notFound, "link \(link.id) (\(link.kind)) thumbnail of \(content): \(status)")
            }
            let zip = try await holder.get("/share/\(link.token)/zip")
            if reach.isEmpty {
                expect(zip.status == .notFound, "link \(link.id) (\(link.kind)) empty zip: \(zip.status)")
            } else {
                let names = Set(Self.zipNames(zip.body).map { String($0.split(separator: "/").last ?? "") }).subtracting(["Not included.txt"])
                let byName = Dictionary(reach.map { (String($0.split(separator: "/").last!), everything[$0]!) }) { a, _ in a }
                expect(names.isSubset(of: byName.keys), "link \(link.id) (\(link.kind)) zip holds \(names.subtracting(byName.keys).sorted())")
                expect(Set(names.compactMap { byName[$0] }) == reachable, "link \(link.id) (\(link.kind)) zip misses some of \(reach.sorted())")
                if !link.places {
                    for entry in Self.zipEntries(zip.body) where entry.name != "Not included.txt" {
                        leaving.append(("\(leaving.count)-" + (entry.name.split(separator: "/").last.map(String.init) ?? "entry"), entry.bytes))
                    }
                }
            }
            for (name, said) in try ExifOracle.places(in: leaving) {
                expect(false, "link \(link.id) (\(link.kind)) hands out \(name) saying where: \(said.prefix(3))")
            }
            checks += leaving.count
        }
    }

    /// A link's frame view (its slideshow, for a tablet on a shelf) goes round exactly the photos
    /// the link opens, each once, and every address it names is inside the link; it opens no
    /// photo the link does not, however the address is written.
    private func checkFrameView(_ holder: FormPoster, _ link: Link, shown: Set<String>) async throws {
        let scope = SiteURL.Scope.share(link.token)
        let prefix = SiteURL.share(link.token).path + "/"
        if let outside = files.keys.sorted().first(where: { !shown.contains($0) }) {
            let status = try await holder.get(scope.slideshow(outside, in: nil, frame: true).path).status
            expect(status == .notFound, "link \(link.id) (\(link.kind)) frame view of \(outside), outside it: \(status)")
        }
        guard let start = shown.sorted().first else { return }
        var at = scope.slideshow(start, in: nil, frame: true).path
        var visited: [String] = []
        for _ in 0..<shown.count {
            let page = try await holder.get(at)
            expect(page.status == .ok, "link \(link.id) (\(link.kind)) frame view \(at): \(page.status)")
            guard page.status == .ok else { return }
            guard let key = scope.slideshowKey(fromPath: String(at.prefix { $0 != "?" })) else { return }
            visited.append(key)
            let addresses = page.text.matches(of: #/(?:href|src|url)=\"?([^">]+)/#).map { String($0.output.1) }.filter { !$0.hasPrefix("/static/") }
            expect(addresses.allSatisfy { $0.hasPrefix(prefix) }, "link \(link.id) (\(link.kind)) frame view names \(addresses.filter { !$0.hasPrefix(prefix) })")
            guard let next = page.text.firstMatch(of: #/http-equiv="refresh" content="[0-9]+;url=([^"]+)"/#).map({ String($0.output.1) }) else {
                expect(shown.count == 1, "link \(link.id) (\(link.kind)) frame view stops at \(key)")
                break
            }
            at = next.replacingOccurrences(of: "&amp;", with: "&")
        }
        expect(Set(visited) == shown && visited.count == shown.count,
               "link \(link.id) (\(link.kind)) frame view goes round \(visited), not \(shown.sorted())")
    }

    /// The entries of a zip (stored, as ours are), names and bytes, from its central directory.
    static func zipEntries(_ buffer: ByteBuffer) -> [(name: String, bytes: [UInt8])] {
        let bytes = Array(buffer.readableBytesView)
        func u16(_ i: Int) -> Int { i + 2 <= bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : 0 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        guard bytes.count >= 22, let end = (0...(bytes.count - 22)).reversed().first(where: { u32($0) == 0x0605_4b50 }) else { return [] }
        var entries: [(String, [UInt8])] = []
        var at = u32(end + 16)
        for _ in 0..<u16(end + 10) where at + 46 <= bytes.count && u32(at) == 0x0201_4b50 {
            let (length, size, local) = (u16(at + 28), u32(at + 20), u32(at + 42))
            guard at + 46 + length <= bytes.count, local + 30 <= bytes.count else { break }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + length)], as: UTF8.self)
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            if start + size <= bytes.count { entries.append((name, Array(bytes[start..<start + size]))) }
            at += 46 + length + u16(at + 30) + u16(at + 32)
        }
        return entries
    }

    /// The entry names of a zip, from its central directory.
    static func zipNames(_ buffer: ByteBuffer) -> [String] {
        let bytes = Array(buffer.readableBytesView)
        func u16(_ i: Int) -> Int { i + 2 <= bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : 0 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        guard bytes.count >= 22, let end = (0...(bytes.count - 22)).reversed().first(where: { u32($0) == 0x0605_4b50 }) else { return [] }
        var names: [String] = []
        var at = u32(end + 16)
        for _ in 0..<u16(end + 10) where at + 46 <= bytes.count && u32(at) == 0x0201_4b50 {
            let length = u16(at + 28)
            guard at + 46 + length <= bytes.count else { break }
            names.append(String(decoding: bytes[(at + 46)..<(at + 46 + length)], as: UTF8.self))
            at += 46 + length + u16(at + 30) + u16(at + 32)
        }
        return names
    }
}
