import Foundation
import Hummingbird

// usage: floor PORT PAGE-FILE [THUMBNAIL-FOLDER [STYLESHEET]]
// GET /hello: "hello"; GET /page: the bytes of PAGE-FILE (read once) as text/html; with a
// thumbnail folder (Photolala's, `xx/<sha256>-256.jpg`), GET /thumbs/256/<sha256>.jpg: that file's
// bytes, read once at start, as image/jpeg (404 for any other); with a stylesheet, GET /style.css:
// its bytes, read once, as text/css; nothing else.
let arguments = CommandLine.arguments
guard (3...5).contains(arguments.count), let port = Int(arguments[1]), let page = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: floor PORT PAGE-FILE [THUMBNAIL-FOLDER [STYLESHEET]]\n".utf8))
    exit(2)
}
let pageBytes = ByteBuffer(bytes: page)
let styleBytes = arguments.count == 5 ? FileManager.default.contents(atPath: arguments[4]).map { ByteBuffer(bytes: $0) } : nil
let thumbnails = loadThumbnails()
func loadThumbnails() -> [String: ByteBuffer] {
    guard arguments.count >= 4, let walker = FileManager.default.enumerator(atPath: arguments[3]) else { return [:] }
    var found: [String: ByteBuffer] = [:]
    for case let path as String in walker where path.hasSuffix("-256.jpg") {
        guard let bytes = FileManager.default.contents(atPath: arguments[3] + "/" + path) else { continue }
        found[String((path as NSString).lastPathComponent.dropLast("-256.jpg".count)) + ".jpg"] = ByteBuffer(bytes: bytes)
    }
    return found
}
let router = Router()
router.get("hello") { _, _ in "hello" }
router.get("page") { _, _ in
    Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: pageBytes))
}
router.get("style.css") { _, _ in
    guard let styleBytes else { return Response(status: .notFound) }
    return Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8"], body: .init(byteBuffer: styleBytes))
}
router.get("thumbs/256/:name") { _, context in
    guard let name = context.parameters.get("name"), let bytes = thumbnails[name] else { return Response(status: .notFound) }
    return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: bytes))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
