import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing
@testable import Gallery

@Suite struct RenderErrorRouteTests {
    @Test func aPageThatCannotBeRenderedIsLoggedWithTheRequestIdAndAnsweredWithTheErrorPage() async throws {
        // given a gallery whose tags template is missing
        let f = try GalleryFixture()
        try f.addJPEG("a.jpg", seed: 1)
        try await f.scan()
        let resources = f.root + "/resources"
        try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: GalleryFixture.resources + "/Templates", toPath: resources + "/Templates")
        try FileManager.default.removeItem(atPath: resources + "/Templates/tags.mustache")
        var config = f.config()
        config.resourcesPath = resources
        let box = LogRecorder.Box()
        let app = try await buildApplication(config, logger: Logger(label: "test") { _ in LogRecorder(box: box) })
        try await app.test(.router) { client in
            // when the tags page is asked for
            let response = try await client.execute(uri: "/tags", method: .get)

            // then the usual error page answers 500 and quotes the request id, without the error itself
            #expect(response.status == .internalServerError)
            let id = try #require(response.headers[AccessLog.requestIdHeader])
            #expect(response.text.contains("<h1>Something went wrong</h1>") && response.text.contains("logged as request \(id)"))
            #expect(!response.text.contains("template") && !response.text.contains("mustache"))
            // and the log has the template and the same request id
            let entry = try #require(box.entries.first { $0.message == "page could not be rendered" })
            #expect(entry.level == .error && entry.metadata["hb.request.id"] == id)
            #expect(entry.metadata["error"] == "template tags: there is no such template")
            // and every other page still renders
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
        }
    }

    @Test func aViewModelThatFailsToEncodeIsARenderError() throws {
        // given a view model whose encoding fails
        struct Broken: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "broken on purpose"))
            }
        }
        let renderer = try PageRenderer(resourcesPath: GalleryFixture.resources)

        // when it is rendered, then the error names the template
        let error = try #require(throws: RenderError.self) { try renderer.render("tags", Broken(), in: .english) }
        #expect(error.template == "tags" && error.reason.contains("broken on purpose"))
    }
}
