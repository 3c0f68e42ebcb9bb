import Foundation

/// Every template under `Templates/`, compiled once at start-up into a render plan: partials
/// and parents are inlined, names are split into paths, and text is kept as UTF-8 bytes, so a
/// render is a walk over a flat list that appends bytes. A missing partial, an unclosed
/// section or a typo in a tag stops the start with the file and line.
struct TemplateSet: Sendable {
    /// One step of a compiled template.
    indirect enum Step: Sendable, Equatable {
        case text([UInt8])
        /// A value by its path (empty for `{{.}}`), HTML-escaped or not.
        case value([String], escaped: Bool)
        case section([String], [Step])
        case inverted([String], [Step])
    }

    private let plans: [String: [Step]]

    /// The template names, as pages ask for them (`group`, `partials/folder-cards`).
    var names: [String] { plans.keys.sorted() }

    /// Compiles the `.mustache` files under `directory`, by their path without the extension.
    init(directory: String) throws {
        var sources: [String: String] = [:]
        let root = URL(fileURLWithPath: directory)
        guard let walker = FileManager.default.enumerator(atPath: directory) else {
            throw TemplateError(template: directory, line: 0, message: "the templates folder cannot be read")
        }
        for case let relative as String in walker where relative.hasSuffix(".mustache") {
            let name = String(relative.dropLast(".mustache".count))
            sources[name] = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        }
        try self.init(sources: sources)
    }

    /// Compiles templates given as text, by name.
    init(sources: [String: String]) throws {
        var parsed: [String: [TemplateNode]] = [:]
        for (name, source) in sources { parsed[name] = try TemplateParser.parse(source, name: name) }
        var plans: [String: [Step]] = [:]
        for name in parsed.keys {
            var compiler = Compiler(parsed: parsed, template: name)
            plans[name] = try compiler.compile(parsed[name]!, overrides: [:], depth: 0)
        }
        self.plans = plans
    }

    /// The plan of a template, for tests.
    func plan(_ name: String) -> [Step]? { plans[name] }

    /// Renders `model` through the template `name`, its links under `base`, or nil when there is
    /// no such template.
    func render<Model: Encodable>(_ model: Model, template name: String, base: BasePath = .none) throws -> [UInt8]? {
        guard let plan = plans[name] else { return nil }
        var renderer = Renderer(stack: [try ViewEncoder.encode(model, base: base)])
        renderer.out.reserveCapacity(16_384)
        renderer.run(plan)
        return renderer.out
    }
}

/// Inlines partials and parents into one flat plan.
private struct Compiler {
    let parsed: [String: [TemplateNode]]
    let template: String
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
