import Catalog
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import Gallery

/// A model-based test of the WebDAV door: a phone makes folders and sends photos, copies of
/// them and other files, moves and deletes what it sent, and has its password revoked and made
/// anew, in a random order from a fixed seed. After each step
/// the inbox lists exactly what the model holds, each file gives back its bytes, every photo sent
/// is in the library once, in the layout's folder, with its page in the gallery, and nothing is
/// left staged. `PHOTOLALA_MODEL_STEPS` (default 24) and `PHOTOLALA_MODEL_SEED` as for the links' model.
@Suite(.serialized) struct DavDoorModelTests {
    static var steps: Int { ProcessInfo.processInfo.environment["PHOTOLALA_MODEL_STEPS"].flatMap(Int.init).map { max($0, 24) } ?? 24 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["PHOTOLALA_MODEL_SEED"].flatMap(UInt64.init) ?? 20_261_206 }

    enum Entry: Equatable {
        case folder
        case file(content: Int)
    }

    final class Model: @unchecked Sendable {
        var random: SeededGenerator
        var inbox: [String: Entry] = [:]
        /// Each photo's content → the key the library filed it under.
        var filed: [Int: String] = [:]
        var bytes: [Int: [UInt8]] = [:]
        var media: Set<Int> = []
        var next = 1
        var log: [String] = []
        /// The phone's device password now, and how many it has had.
        var secret = ""
        var devices = 1

        init(seed: UInt64) { random = SeededGenerator(seed: seed) }
        func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[roll(values.count)] }
        var folders: [String] { [""] + inbox.filter { $0.value == .folder }.keys.sorted() }
        var files: [String] { inbox.filter { $0.value != .folder }.keys.sorted() }

        /// A new photo taken in one of three months, or a note.
        func make(photo: Bool) throws -> Int {
            let content = next
            next += 1
            if photo {
                let month = 1 + roll(3)
                bytes[content] = try TestImages.jpeg(seed: content, exif: ["-DateTimeOriginal=2021:0\(month):1\(roll(9)) 10:00:00"])
                media.insert(content)
            } else {
                bytes[content] = Array("note \(content)\n".utf8)
            }
            return content
        }

        func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
    }

    @Test func theInboxAndTheLibraryFollowTheModelAfterEveryStep() async throws {
        // given max, a member, with a phone's device password
        let f = try GalleryFixture(.folder)
        f.guestRole = nil
        let account = try await f.addAccount("max", role: .member)
        let store = try await f.openCatalog()
        let model = Model(seed: Self.seed)
        model.secret = DeviceSecret.make()
        try await store.addDevice(accountId: account.id, label: "phone 1", secretHash: DeviceSecret.hash(model.secret), scope: .backup, now: 1)
        let app = try await buildApplication(f.config())
        // In process, with no socket between: a loaded machine slows the steps but never times
        // them out. (PUTs cut off on a real socket, and a server killed during one, are the
        // end-to-end tests' `test_dav_clients.py`.)
        try await app.test(.router) { client in
            let max = try await FormPoster.signIn(client, "max")
            func dav(_ method: String, _ path: String, body: [UInt8] = [], headers: [(String, String)] = [], as password: String? = nil) async throws -> TestResponse {
                try await DavRouteTests.dav(client, method, "/dav/max/" + path.split(separator: "/").map { DavTarget.encode(String($0)) }.joined(separator: "/"),
                                            as: "max", password ?? model.secret, body: body, headers: headers)
            }
            for step in 0..<Self.steps {
                switch model.roll(7) {
                case 0, 1:
                    // a new photo, or a note, in some folder (a name sent before is replaced)
                    let photo = model.roll(4) != 0
                    let content = try model.make(photo: photo)
                    let folder = model.pick(model.folders) ?? ""
                    let path = model.join(folder, photo ? "IMG_\(content).JPG" : "note\(content).txt")
                    let answer = try await dav("PUT", path, body: model.bytes[content]!)
                    #expect(answer.status == .created, "PUT \(path): \(answer.status)")
                    model.inbox[path] = .file(content: content)
                    model.log.append("put \(path)")
                case 2:
                    // a photo the library holds already, under another name
                    guard let content = model.pick(model.filed.keys.sorted()) else { continue }
                    let path = model.join(model.pick(model.folders) ?? "", "copy-\(model.next)-\(content).jpg")
                    model.next += 1
                    #expect(try await dav("PUT", path, body: model.bytes[content]!).status == .created)
                    model.inbox[path] = .file(content: content)
                    model.log.append("put again \(path)")
                case 3:
                    let path = model.join(model.pick(model.folders) ?? "", "F\(model.next)")
                    model.next += 1
                    #expect(try await dav("MKCOL", path).status == .created)
                    model.inbox[path] = .folder
                    model.log.append("mkcol \(path)")
                case 4:
                    // something moves to a new name in some folder not inside it, over whatever was there
                    guard let from = model.pick(model.inbox.keys.sorted()) else { continue }
                    let targets = model.folders.filter { !InboxPath.isWithin($0, from) }
                    let to = model.join(model.pick(targets) ?? "", "moved\(model.next)" + (model.inbox[from] == .folder ? "" : ".jpg"))
                    model.next += 1
                    let answer = try await dav("MOVE", from, headers: [("Destination", "http://localhost/dav/max/" + to)])
                    #expect(answer.status == .created, "MOVE \(from) → \(to): \(answer.status)")
                    for (path, entry) in model.inbox where InboxPath.isWithin(path, from) {
                        model.inbox[path] = nil
                        model.inbox[InboxPath.moved(path, from: from, to: to)] = entry
                    }
                    model.log.append("move \(from) → \(to)")
                case 5:
                    guard let path = model.pick(model.inbox.keys.sorted()) else { continue }
                    #expect(try await dav("DELETE", path).status == .noContent)
                    for key in model.inbox.keys where InboxPath.isWithin(key, path) { model.inbox[key] = nil }
                    model.log.append("delete \(path)")
                default:
                    // the phone's password is revoked: refused at once; a new one works
                    let devices = try await store.devices(accountId: account.id)
                    for device in devices { try await store.revokeDevice(id: device.id, accountId: account.id) }
                    // (refused: 401, or 429 once the wrong tries from this address pass the throttle's bound)
                    let refused = try await dav("PROPFIND", "", headers: [("Depth", "0")]).status
                    #expect(refused == .unauthorized || refused == .tooManyRequests, "a revoked password answers \(refused)")
                    model.devices += 1
                    model.secret = DeviceSecret.make()
                    try await store.addDevice(accountId: account.id, label: "phone \(model.devices)", secretHash: DeviceSecret.hash(model.secret),
                                              scope: .backup, now: 1)
                    model.log.append("revoked; phone \(model.devices)")
                }
                // then the library holds each photo sent once, where the layout puts it
                for (path, entry) in model.inbox {
                    if case .file(let content) = entry, model.media.contains(content), model.filed[content] == nil {
                        let folder = try Self.month(of: model.bytes[content]!)
                        model.filed[content] = "Phones/max/2021/\(folder)/" + InboxPath.name(of: path)
                    }
                }
                let phones = try await f.keys().filter { $0.hasPrefix("Phones/") }
                #expect(Set(phones) == Set(model.filed.values), "step \(step) \(model.log.last ?? ""): the library has \(phones)")
                for key in model.filed.values.sorted() {
                    #expect(try await max.get(SiteURL.photo(key).path).status == .ok, "step \(step): the page of \(key)")
                }
                // and the inbox lists exactly the model, each file with its own bytes
                let listed = try await Self.walk("", dav)
                #expect(listed == Set(model.inbox.keys), "step \(step) \(model.log.last ?? ""): listed \(listed.sorted()), model \(model.inbox.keys.sorted())")
                for path in model.files {
                    guard case .file(let content)? = model.inbox[path] else { continue }
                    let got = try await dav("GET", path)
                    #expect(Array(got.body.readableBytesView) == model.bytes[content]!, "step \(step): GET \(path)")
                }
                // and nothing is left staged
                #expect(Self.staged(f).isEmpty)
            }
            print("door model: \(Self.steps) steps from seed \(Self.seed): \(model.log)")
            #expect(model.filed.count >= 3, "the model filed \(model.filed.count) photos")
        }
    }

    /// Every path in the inbox, by PROPFIND at depth 1 from `folder` down.
    static func walk(_ folder: String, _ dav: (String, String, [UInt8], [(String, String)], String?) async throws -> TestResponse) async throws -> Set<String> {
        let answer = try await dav("PROPFIND", folder, [], [("Depth", "1")], nil)
        var found = Set<String>()
        for match in answer.text.matches(of: #/<D:href>/dav/max/([^<]*)</D:href>/#) {
            let raw = String(match.output.1)
            let path = (raw.hasSuffix("/") ? String(raw.dropLast()) : raw).removingPercentEncoding ?? raw
            guard path != folder, !path.isEmpty else { continue }
            found.insert(path)
            if raw.hasSuffix("/") { found.formUnion(try await walk(path, dav)) }
        }
        return found
    }

    /// The two digits of the month a JPEG's EXIF says it was taken in.
    static func month(of bytes: [UInt8]) throws -> String {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let match = try #require(text.firstMatch(of: #/2021:(0[1-3]):/#))
        return String(match.output.1)
    }

    static func staged(_ f: GalleryFixture) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: f.data + "/dav-incoming")) ?? []
    }

    /// Polls `condition` until it holds, for at most a minute (a bound, not a timing assertion).
    static func until(_ condition: () -> Bool) async throws {
        let end = ContinuousClock.now + .seconds(60)
        while !condition() && ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(20)) }
        #expect(condition())
    }
}
