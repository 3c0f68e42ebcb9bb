import Hummingbird
import Mustache

/// `render serve TEMPLATES PORT ours|swift-mustache`: a bare Hummingbird server that renders the
/// group page (`/group`) or the photo page (`/photo`) on every request, through one renderer, and
/// sends it as Photolala sends a page (in English; swift-mustache over the templates with their
/// words unmarked, as the in-process check reads them). No catalog, sessions or middleware: what a
/// request that renders a page costs beyond them, for Benchmarks/render.sh to load with wrk.
func servePages(templates folder: String, port: Int, renderer: String) async throws {
    let group = Fixture.group(), photo = Fixture.photo()
    let headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "private, no-cache", .vary: "Cookie"]
    let router = Router()
    switch renderer {
    case "ours":
        let templates = try TemplateSet(directory: folder)
        router.get("group") { _, _ in
            Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try templates.render(group, template: "group") ?? [])))
        }
        router.get("photo") { _, _ in
            Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try templates.render(photo, template: "photo") ?? [])))
        }
    case "swift-mustache":
        let library = try await unmarkedLibrary(folder)
        router.get("group") { _, _ in
            Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: library.render(group, withTemplate: "group") ?? "")))
        }
        router.get("photo") { _, _ in
            Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: library.render(photo, withTemplate: "photo") ?? "")))
        }
    default:
        fail("serve: the renderer is ours or swift-mustache, not \(renderer)")
    }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "render"))
    try await app.runService()
}
