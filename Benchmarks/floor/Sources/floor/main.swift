import Foundation
import Hummingbird

// usage: floor PORT PAGE-FILE
// GET /hello: "hello"; GET /page: the bytes of PAGE-FILE (read once) as text/html; nothing else.
let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]), let page = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: floor PORT PAGE-FILE\n".utf8))
    exit(2)
}
let pageBytes = ByteBuffer(bytes: page)
let router = Router()
router.get("hello") { _, _ in "hello" }
router.get("page") { _, _ in
    Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: pageBytes))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
