@testable import Catalog
import Foundation
import Imaging
import Mustache
import Testing
@testable import Gallery

@Suite struct TemplateSetTests {
    private struct Item: Encodable {
        var name: String
        var url: String?
        var on: Bool
    }

    private struct Model: Encodable {
        var title: String
        var items: [Item]
        var empty: [Item] = []
        var note: String?
        var blank = ""
        var count = 0
        var flag = true
        var inner: Inner? = Inner(label: "in", url: "/inner")
    }

    private struct Inner: Encodable {
        var label: String
        var url: String
    }

    private func render(_ source: String, _ model: some Encodable, partials: [String: String] = [:]) throws -> String {
        let set = try TemplateSet(sources: partials.merging(["page": source]) { a, _ in a })
        return String(decoding: try #require(try set.render(model, template: "page")), as: UTF8.self)
    }

    private let model = Model(
        title: "A <b> & \"quoted\" 'x'",
        items: [Item(name: "one", url: "/1", on: true), Item(name: "two", url: nil, on: false)],
        note: nil)

    @Test func variablesAreEscapedUnlessAskedNotTo() throws {
        #expect(try render("{{title}}|{{{title}}}|{{& title}}", model)
            == "A &lt;b&gt; &amp; &quot;quoted&quot; &#39;x&#39;|A <b> & \"quoted\" 'x'|A <b> & \"quoted\" 'x'")
        #expect(try render("{{count}} {{flag}} [{{note}}] [{{missing}}] {{inner.label}}", model) == "0 true [] [] in")
    }

    @Test func sectionsFollowSwiftMustacheTruthiness() throws {
        #expect(try render("{{#items}}<{{name}}>{{/items}}", model) == "<one><two>")
        #expect(try render("{{#empty}}x{{/empty}}{{^empty}}none{{/empty}}", model) == "none")
        #expect(try render("{{#note}}x{{/note}}{{^note}}no note{{/note}}", model) == "no note")
        // Any text and any number is truthy, even empty text and zero (as in swift-mustache).
        #expect(try render("{{#blank}}b{{/blank}}{{#count}}c{{/count}}{{^blank}}x{{/blank}}", model) == "bc")
        #expect(try render("{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}", model) == "yes")
        #expect(try render("{{#inner}}{{label}} {{url}}{{/inner}}", model) == "in /inner")
        #expect(try render("{{#items}}{{#on}}[{{name}}]{{/on}}{{/items}}", model) == "[one]")
        #expect(try render("{{#title}}{{.}}{{/title}}", Model(title: "t", items: [])) == "t")
    }

    @Test func aNilFieldStopsTheLookupInsteadOfFallingThrough() throws {
        // `two` has url nil: the outer `inner` has no `url`, but the model's own `inner.url` must not leak in.
        #expect(try render("{{#items}}{{name}}={{#url}}{{url}}{{/url}}{{^url}}none{{/url}};{{/items}}", model) == "one=/1;two=none;")
        // A name missing from the item is found further down the stack.
        #expect(try render("{{#items}}{{title}}|{{/items}}", Model(title: "T", items: [Item(name: "a", on: false)])) == "T|")
    }

    @Test func dottedNamesLookOnlyInsideWhatTheFirstNameFound() throws {
        #expect(try render("{{#items}}[{{inner.label}}]{{/items}}", Model(title: "", items: [Item(name: "a", on: true)])) == "[in]")
        #expect(try render("{{#inner}}[{{inner.nothing}}][{{title.x}}]{{/inner}}", model) == "[][]")
    }

    @Test func standaloneTagsTakeTheirLineWithThem() throws {
        let source = "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n  {{/items}}\n  {{! a comment }}\n</ul>\n"
        #expect(try render(source, model) == "<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n")
        #expect(try render("a {{#flag}}b{{/flag}} c\n", model) == "a b c\n")
    }

    @Test func partialsAndParentsWithBlocksAreInlined() throws {
        let partials = [
            "layout": "<title>{{$title}}Default{{/title}}</title>\n<main>{{$content}}{{/content}}</main>\n",
            "partials/item": "<i>{{name}}</i>",
        ]
        let page = "{{<layout}}\n{{$content}}\n{{#items}}{{> partials/item}}{{/items}}\n{{/content}}\n{{/layout}}\n"
        #expect(try render(page, model, partials: partials) == "<title>Default</title>\n<main><i>one</i><i>two</i>\n</main>\n")
        let set = try TemplateSet(sources: partials.merging(["page": page]) { a, _ in a })
        // Neighbouring text is merged into one step once the partials are inlined.
        let plan = try #require(set.plan("page"))
        #expect(plan.count == 3)
    }

    @Test func brokenTemplatesAreRefusedWithTheirLine() throws {
        func error(_ source: String, _ others: [String: String] = [:]) -> TemplateError? {
            do { _ = try TemplateSet(sources: others.merging(["page": source]) { a, _ in a }); return nil } catch let error as TemplateError {
                return error
            } catch { return nil }
        }
        #expect(error("a\n{{#items}}\nb") == TemplateError(template: "page", line: 2, message: "{{items}} is never closed"))
        #expect(error("{{#a}}\n\n{{/b}}") == TemplateError(template: "page", line: 3, message: "{{/b}} closes {{a}}"))
        #expect(error("{{/b}}") == TemplateError(template: "page", line: 1, message: "{{/b}} closes nothing"))
        #expect(error("x {{title") == TemplateError(template: "page", line: 1, message: "a tag is opened with {{ and never closed"))
        #expect(error("{{=<% %>=}}")?.message == "changing delimiters ({{=…=}}) is not supported")
        #expect(error("{{> partials/nothing}}")?.message == "it includes partials/nothing.mustache, which does not exist")
        #expect(error("{{> loop}}", ["loop": "x{{> loop}}"])?.message.contains("a cycle") == true)
        #expect(error("{{}}")?.message == "a tag has no name")
    }

    @Test func everyShippedTemplateCompiles() throws {
        let set = try TemplateSet(directory: Self.templatesFolder)
        for page in ["home", "group", "photo", "scan", "error", "login", "account", "users", "upload", "shared", "tags", "trash", "confirm", "burst"] {
            #expect(set.plan(page) != nil, "\(page).mustache")
        }
    }

    /// The same view models through swift-mustache (which reads them by reflection) and through
    /// the compiled plans give the same page, up to the whitespace of standalone partials.
    @Test func shippedPagesMatchSwiftMustache() async throws {
        let ours = try TemplateSet(directory: Self.templatesFolder)
        // swift-mustache reads the templates with their words unmarked (they are English there),
        // and has no language beneath the model
        let unmarked = FileManager.default.temporaryDirectory.appendingPathComponent("unmarked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: unmarked) }
        for (name, source) in try TemplateSet.sources(directory: Self.templatesFolder) {
            let file = unmarked.appendingPathComponent(name + ".mustache")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.replacingOccurrences(of: "{{#t}}", with: "").replacingOccurrences(of: "{{/t}}", with: "")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        let reference = try await MustacheLibrary(directory: unmarked.path)
        func same(_ template: String, _ model: some Encodable) throws {
            let mine = String(decoding: try #require(try ours.render(model, template: template)), as: UTF8.self)
                .replacingOccurrences(of: "lang=\"en\" dir=\"ltr\"", with: "lang=\"\" dir=\"\"")
            let theirs = try #require(reference.render(model, withTemplate: template))
            #expect(Self.squeezed(mine) == Self.squeezed(theirs), "\(template)")
            #expect(mine.count > 500)
        }
        let chrome = PageChrome(
            title: .verbatim("Trip <2024>"), crumbs: [Crumb(name: .verbatim("2024"), url: "/folders/2024"), Crumb(name: .verbatim("Trip & co"), url: nil)],
            banner: ScanBanner(text: .verbatim("Scanning 40%"), failed: false), refreshSeconds: nil,
            nav: NavBar(menuLabel: .verbatim("ada"), scanURL: "/scan", uploadURL: "/upload", sharedURL: "/shared",
                        usersURL: "/users", accountURL: "/account", loginURL: nil, logout: LogoutForm(csrf: "tok")))
        let tiles = (1...3).map { n in
            let card = PhotoCard(fileId: Int64(n), key: "a/\(n).jpg", name: "IMG \(n).jpg", sha256: String(repeating: "ab", count: 32),
                                 width: n == 1 ? 4000 : 120, height: n == 1 ? 3000 : 160, rotation: n == 3 ? Rotation.right : Rotation.none)
            return PhotoTile(url: "/photos/a/\(n).jpg", anchor: "p\(n)", fileId: Int64(n), name: "IMG \"\(n)\".jpg",
                      image: RowImage(card, alt: .verbatim("IMG \(n)")),
                      favorite: n == 2 ? nil : TileFavorite(csrf: "tok", key: "a/\(n).jpg", back: "/folders/a#p\(n)", value: "on", on: n == 3, label: .verbatim("Favorite"), otherLabel: .verbatim("Unfavorite")))
        }
        let folders = [FolderCard(url: "/folders/a", name: .verbatim("a <b>"), countText: .verbatim("3 photos"), dateText: .verbatim("2024"), cover: ThumbImage(Picture(sha256: "cd"), alt: .verbatim("a"))),
                       FolderCard(url: "/folders/b", name: .verbatim("b"), countText: .verbatim("0 photos"), dateText: nil, cover: nil)]
        let pagination = Pagination(
            previousURL: "/folders/a?page=1", nextURL: nil,
            links: [.init(label: .verbatim("1"), url: "/folders/a?page=1", current: false, gap: false), .init(label: .verbatim("…"), url: nil, current: false, gap: true),
                    .init(label: .verbatim("2"), url: nil, current: true, gap: false)],
            summary: .verbatim("Page 2 of 2"))
        let group = GroupView(
            chrome: chrome, heading: .verbatim("Trip"), summary: .verbatim("3 photos"), folders: folders, photos: tiles, hasFolders: true, hasPhotos: true,
            sorts: [SortChoice(label: .verbatim("Date"), url: "/x?sort=taken", current: true), SortChoice(label: .verbatim("Name"), url: "/x?sort=name", current: false)],
            orders: [SortChoice(label: .verbatim("Asc"), url: "/x", current: true)], pagination: pagination, emptyMessage: nil,
            filterForm: FilterForm(base: .folder("a"), filter: SearchFilter(text: "sea", minRating: 3), sort: PhotoSort(field: .name, descending: false), tagNames: ["beach", "kids"]),
            share: nil)
        try same("group", group)
        var selecting = group
        selecting.photos = tiles.map { var tile = $0; tile.selecting = true; tile.favorite = nil; return tile }
        selecting.selection = SelectionForm(base: .folder("a"), filter: SearchFilter(tag: "kids"), sort: .default, page: 2, total: 70,
                                            visitor: Visitor(account: nil, role: .member, sessionHash: nil), csrf: "tok")
        try same("group", selecting)
        try same("home", HomeView(chrome: chrome, collections: .init(folders: folders), folders: folders, summary: .verbatim("2 folders"), emptyMessage: nil))
        try same("error", ErrorView(chrome: chrome, status: 404, heading: .verbatim("Not found"), message: .verbatim("There is no <such> folder.")))
        try same("tags", TagsView(chrome: chrome, tags: [.init(name: .verbatim("beach"), url: "/tags/beach", countText: .verbatim("4"))], summary: .verbatim("1 tag"), emptyMessage: nil))
        try same("confirm", ConfirmView(chrome: chrome, heading: .verbatim("Delete?"), message: .verbatim("It goes to the trash."), image: ThumbImage(Picture(sha256: "ef"), alt: .verbatim("x")),
                                        action: "/actions/delete", dataAction: "delete", button: .verbatim("Delete"), csrf: "tok", key: "a/1.jpg", cancelURL: "/photos/a/1.jpg"))
    }

    static func squeezed(_ html: String) -> String {
        html.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static var templatesFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Templates").standardizedFileURL.path
    }
}
