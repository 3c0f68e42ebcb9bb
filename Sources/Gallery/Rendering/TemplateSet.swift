import Foundation

/// Every template under `Templates/`, compiled once at start-up into a render plan: partials
/// and parents are inlined, names are split into paths, and text is kept as UTF-8 bytes, so a
/// render is a walk over a flat list that appends bytes. A missing partial, an unclosed
/// section or a typo in a tag stops the start with the file and line.
///
/// Words a person reads are written `{{#t}}Sign in{{/t}}`, values inside as `{{name}}`: each
/// language gets its own plans, with its catalog's translation in place of the words, so a page
/// in German costs what a page in English does. Only text and values may stand inside.
struct TemplateSet: Sendable {
    /// One step of a compiled template.
    indirect enum Step: Sendable, Equatable {
        case text([UInt8])
        /// A value by its path (empty for `{{.}}`), HTML-escaped or not.
        case value([String], escaped: Bool)
        case section([String], [Step])
        case inverted([String], [Step])
    }

    /// Each language's plans, by its tag, then by template name.
    private let plans: [String: [String: [Step]]]

    /// The template names, as pages ask for them (`group`, `partials/folder-cards`).
    var names: [String] { plans["en"]?.keys.sorted() ?? [] }

    /// The name of the section that marks words to translate.
    static let words = "t"

    /// Compiles the `.mustache` files under `directory`, by their path without the extension.
    init(directory: String, languages: Languages = .englishOnly) throws {
        try self.init(sources: try Self.sources(directory: directory), languages: languages)
    }

    /// The `.mustache` files under `directory`, by their path without the extension.
    static func sources(directory: String) throws -> [String: String] {
        var sources: [String: String] = [:]
        // A folder linked to from elsewhere is walked as the folder it names.
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            throw TemplateError(template: directory, line: 0, message: "the templates folder cannot be read")
        }
        for case let relative as String in walker where relative.hasSuffix(".mustache") {
            let name = String(relative.dropLast(".mustache".count))
            sources[name] = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        }
        return sources
    }

    /// Compiles templates given as text, by name, once for each language.
    init(sources: [String: String], languages: Languages = .englishOnly) throws {
        var read: [String: [TemplateNode]] = [:]
        for (name, source) in sources { read[name] = try TemplateParser.parse(source, name: name) }
        let parsed = read
        // Each language's plans made on a core of their own: the start of the server waits for all.
        let all = languages.all
        let made = try all.mapOnEveryCore { language in
            var own: [String: [Step]] = [:]
            for name in parsed.keys {
                var compiler = Compiler(parsed: parsed, template: name, language: language)
                own[name] = try compiler.compile(parsed[name]!, overrides: [:], depth: 0)
            }
            return own
        }
        var plans: [String: [String: [Step]]] = [:]
        for (language, plan) in zip(all, made) { plans[language.tag] = plan }
        self.plans = plans
    }

    /// The plan of a template, for tests.
    func plan(_ name: String, language: String = "en") -> [Step]? { plans[language]?[name] }

    /// Renders `model` through the template `name` in `language`, its links under `base`, or nil
    /// when there is no such template.
    func render<Model: Encodable>(_ model: Model, template name: String, base: BasePath = .none, language: Language = .english) throws -> [UInt8]? {
        guard let plan = (plans[language.tag] ?? plans["en"])?[name] else { return nil }
        // Under the model, what every page's layout asks of its language.
        let page = ViewObject()
        page.set("lang", .text(language.tag))
        page.set("dir", .text(language.direction))
        var renderer = Renderer(stack: [.object(page), try ViewEncoder.encode(model, base: base, language: language)])
        renderer.out.reserveCapacity(16_384)
        renderer.run(plan)
        return renderer.out
    }
}

extension TemplateSet {
    /// The message of `{{#t}}…{{/t}}` as a catalog keys it: the text with its values as written
    /// (`{{name}}`), runs of white space as one space, trimmed; nil when it holds a section.
    static func message(_ body: [TemplateNode]) -> String? {
        var text = ""
        for node in body {
            switch node {
            case .text(let run): text += run
            case .variable(let name, let escaped): text += escaped ? "{{\(name)}}" : "{{{\(name)}}}"
            default: return nil
            }
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// The values a run of words shows, sorted, to check a translation shows the same.
    static func values(_ nodes: [TemplateNode]) -> [String]? {
        var names: [String] = []
        for node in nodes {
            switch node {
            case .text: continue
            case .variable(let name, let escaped): names.append((escaped ? "" : "&") + name)
            default: return nil
            }
        }
        return names.sorted()
    }
}

/// Inlines partials and parents into one flat plan.
private struct Compiler {
    let parsed: [String: [TemplateNode]]
    let template: String
    let language: Language
    /// Partials may include partials; a cycle would never end.
    static let maxDepth = 16

    mutating func compile(_ nodes: [TemplateNode], overrides: [String: [TemplateNode]], depth: Int) throws -> [TemplateSet.Step] {
        guard depth <= Self.maxDepth else {
            throw TemplateError(template: template, line: 0, message: "partials and blocks nest more than \(Self.maxDepth) deep (a cycle?)")
        }
        var steps: [TemplateSet.Step] = []
        func add(_ step: TemplateSet.Step) {
            // Neighbouring text becomes one step.
            if case .text(let more) = step, case .text(let before)? = steps.last {
                steps[steps.count - 1] = .text(before + more)
            } else {
                steps.append(step)
            }
        }
        for node in nodes {
            switch node {
            case .text(let text):
                add(.text(Array(text.utf8)))
            case .variable(let name, let escaped):
                add(.value(Self.path(name), escaped: escaped))
            case .section(TemplateSet.words, false, let body):
                for step in try compile(try words(body), overrides: overrides, depth: depth) { add(step) }
            case .section(let name, let inverted, let body):
                let inner = try compile(body, overrides: overrides, depth: depth)
                add(inverted ? .inverted(Self.path(name), inner) : .section(Self.path(name), inner))
            case .partial(let name):
                for step in try include(name, overrides: overrides, depth: depth) { add(step) }
            case .parent(let name, let own):
                // An override from further out wins over this template's own.
                let merged = own.merging(overrides) { _, outer in outer }
                for step in try include(name, overrides: merged, depth: depth) { add(step) }
            case .block(let name, let fallback):
                for step in try compile(overrides[name] ?? fallback, overrides: overrides, depth: depth + 1) { add(step) }
            }
        }
        return steps
    }

    /// The nodes of `{{#t}}…{{/t}}` in this compiler's language: its catalog's translation,
    /// when there is one with the same values in it, else the English as written.
    private func words(_ body: [TemplateNode]) throws -> [TemplateNode] {
        guard let id = TemplateSet.message(body) else {
            throw TemplateError(template: template, line: 0, message: "{{#t}} may hold only text and values")
        }
        guard let translation = language.translation(of: id),
              let nodes = try? TemplateParser.parse(translation, name: template),
              TemplateSet.values(nodes) == TemplateSet.values(body)
        else { return body }
        return nodes
    }

    private mutating func include(_ name: String, overrides: [String: [TemplateNode]], depth: Int) throws -> [TemplateSet.Step] {
        guard let nodes = parsed[name] else {
            throw TemplateError(template: template, line: 0, message: "it includes \(name).mustache, which does not exist")
        }
        return try compile(nodes, overrides: overrides, depth: depth + 1)
    }

    static func path(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Walks a plan over a context stack, appending bytes.
private struct Renderer {
    var stack: [ViewValue]
    var out: [UInt8] = []

    mutating func run(_ steps: [TemplateSet.Step]) {
        for step in steps {
            switch step {
            case .text(let bytes):
                out.append(contentsOf: bytes)
            case .value(let path, let escaped):
                switch lookup(path) {
                case .text(let text): escaped ? Self.appendEscaped(text, to: &out) : out.append(contentsOf: text.utf8)
                case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
                case .null, .list, .object: break
                }
            case .section(let path, let body):
                let value = lookup(path)
                switch value {
                case .null: break
                case .bool(let flag): if flag { run(body) }
                case .list(let list):
                    for item in list.items {
                        stack.append(item)
                        run(body)
                        stack.removeLast()
                    }
                case .text, .object:
                    stack.append(value)
                    run(body)
                    stack.removeLast()
                }
            case .inverted(let path, let body):
                switch lookup(path) {
                case .null, .bool(false): run(body)
                case .list(let list) where list.items.isEmpty: run(body)
                default: break
                }
            }
        }
    }

    /// The first name is looked up from the top of the stack down; the rest inside what it found.
    func lookup(_ path: [String]) -> ViewValue {
        guard let first = path.first else { return stack.last ?? .null }
        var found: ViewValue?
        for context in stack.reversed() {
            if case .object(let object) = context, let value = object.value(for: first) {
                found = value
                break
            }
        }
        guard var value = found else { return .null }
        for name in path.dropFirst() {
            guard case .object(let object) = value, let inner = object.value(for: name) else { return .null }
            value = inner
        }
        return value
    }

    /// Appends `text` with `& < > " '` escaped, copying the runs between them whole.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }
}
