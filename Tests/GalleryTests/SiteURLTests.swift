import Testing
@testable import Gallery

@Suite struct SiteURLTests {
    struct Model: Encodable {
        var link: SiteURL
        var maybe: SiteURL?
        var links: [SiteURL]
        var text: String
    }

    @Test func pagesWriteLinksWithTheBasePathAndNothingElse() throws {
        // given a view model with links and a text that looks like a path
        let model = Model(link: .folder("a b"), maybe: .home, links: [.tags], text: "/folders")
        let set = try TemplateSet(sources: ["page": "{{link}} {{maybe}} {{#links}}{{.}}{{/links}} {{text}}"])

        // when it is rendered under /photos and under no prefix
        let prefixed = String(decoding: try #require(try set.render(model, template: "page", base: BasePath(prefix: "/photos"))), as: UTF8.self)
        let bare = String(decoding: try #require(try set.render(model, template: "page")), as: UTF8.self)

        // then only the links carry the prefix
        #expect(prefixed == "/photos/folders/a%20b /photos/ /photos/tags /folders")
        #expect(bare == "/folders/a%20b / /tags /folders")
    }

    @Test func theBasePathComesOffRequestsAndGoesOnRedirectsInOnePlace() {
        // given a gallery under /photos
        let base = BasePath(prefix: "/photos")

        // then requests inside it lose the prefix and others are outside
        #expect(base.strip("/photos") == "/" && base.strip("/photos/") == "/" && base.strip("/photos?page=2") == "/?page=2")
        #expect(base.strip("/photos/folders/a") == "/folders/a")
        #expect(base.strip("/photosx") == nil && base.strip("/other") == nil && base.strip("/") == nil)
        // and root-relative redirects gain it, while anything else is left alone
        #expect(base.applyToLocation("/folders/a") == "/photos/folders/a")
        #expect(base.applyToLocation("//evil.example/") == "//evil.example/" && base.applyToLocation("https://a.example/") == "https://a.example/")
        #expect(BasePath.none.apply(to: "/tags") == "/tags" && BasePath.none.strip("/tags") == "/tags")
    }

    @Test func keyedRequestPathsGiveBackTheirKeys() {
        // given keys with spaces, ampersands and accents
        for key in ["trip/day 1/a.jpg", "odd & name/é.jpg"] {
            // then a photo's, an original's and a share's paths decode to the key again
            #expect(SiteURL.Scope.gallery.photoKey(fromPath: SiteURL.photo(key).path) == key)
            #expect(SiteURL.Scope.gallery.originalKey(fromPath: SiteURL.original(key).path) == key)
            let share = SiteURL.Scope.share("tok")
            #expect(share.photoKey(fromPath: share.photo(key, in: nil).path) == key)
            #expect(share.originalKey(fromPath: share.original(key).path) == key)
        }
        #expect(SiteURL.folderPath(fromPath: SiteURL.folder("").path) == "" && SiteURL.folderPath(fromPath: SiteURL.folder("a/b").path) == "a/b")
        #expect(SiteURL.folderPath(fromPath: "/folders/../x") == nil)
    }
}
