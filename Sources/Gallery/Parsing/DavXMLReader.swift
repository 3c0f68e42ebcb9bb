import Foundation

/// Reads one document for `DavXML.parse` over bytes already checked to be UTF-8 text: a loop
/// over an explicit stack of open elements, so no input can make it recurse.
struct DavXMLReader {
    typealias Failure = DavXML.Failure

    /// An element whose end tag is still to come.
    struct Open {
        /// Where its name was written, to match the end tag byte for byte.
        var qname: Range<Int>
        var element: XMLElement
        /// Every prefix in scope ("" for the default namespace) to its namespace.
        var bindings: [String: String]
    }

    let bytes: [UInt8]
    let limits: DavXML.Limits
    var at = 0
    var open: [Open] = []
    var elementCount = 0
    /// Text (with CDATA and references) read since the last tag, so that comments and CDATA
    /// never split a run of text in two and a value written back reads as the same one run.
    var pending: [UInt8] = []

    /// A reader at the start of `bytes`.
    init(bytes: [UInt8], limits: DavXML.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The root element, once the whole document has been read.
    mutating func document() throws(Failure) -> XMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        var root: XMLElement?
        while at < bytes.count {
            let byte = bytes[at]
            if byte != UInt8(ascii: "<") {
                if open.isEmpty {
                    guard Self.isSpace(byte) else { throw Failure(reason: "text outside the root element") }
                    at += 1
                } else {
                    try text()
                }
                continue
            }
            guard at + 1 < bytes.count else { throw Failure(reason: "the document ends in a tag") }
            switch bytes[at + 1] {
            case UInt8(ascii: "?"):
                try instruction()
            case UInt8(ascii: "!"):
                try declaration()
            case UInt8(ascii: "/"):
                guard !open.isEmpty else { throw Failure(reason: "an end tag with no element open") }
                if let closed = try endTag() { root = closed }
            default:
                guard root == nil else { throw Failure(reason: "more than one root element") }
                if let closed = try startTag() { root = closed }
            }
        }
        guard open.isEmpty else { throw Failure(reason: "an element is not closed") }
        guard let root else { throw Failure(reason: "no root element") }
        return root
    }

    /// A start tag at `<`; answers the element when it is an empty root (`<a/>`), else nil.
    private mutating func startTag() throws(Failure) -> XMLElement? {
        flush()
        at += 1
        let qname = try name()
        var raw: [(name: QName, value: String)] = []
        var empty = false
        while true {
            let spaced = skipSpace()
            guard at < bytes.count else { throw Failure(reason: "the document ends in a tag") }
            if bytes[at] == UInt8(ascii: ">") { at += 1; break }
            if bytes[at] == UInt8(ascii: "/") {
                guard at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: ">") else { throw Failure(reason: "a stray / in a tag") }
                at += 2
                empty = true
                break
            }
            guard spaced else { throw Failure(reason: "attributes not separated by space") }
            let attribute = try name()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw Failure(reason: "an attribute without a value") }
            at += 1
            skipSpace()
            raw.append((attribute, try attributeValue()))
            guard raw.count <= limits.maxAttributes else { throw Failure(reason: "too many attributes") }
        }
        elementCount += 1
        guard elementCount <= limits.maxElements else { throw Failure(reason: "too many elements") }
        guard open.count < limits.maxDepth else { throw Failure(reason: "nested too deep") }
        let (element, bindings) = try resolve(qname, raw, in: open.last?.bindings ?? [:])
        if empty {
            guard !open.isEmpty else { return element }
            open[open.count - 1].element.children.append(.element(element))
        } else {
            open.append(Open(qname: qname.range, element: element, bindings: bindings))
        }
        return nil
    }

    /// An end tag at `</`; answers the root when it is the one closed, else nil.
    private mutating func endTag() throws(Failure) -> XMLElement? {
        flush()
        at += 2
        let qname = try name()
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw Failure(reason: "an end tag not closed by >") }
        at += 1
        guard let top = open.popLast(), bytes[top.qname].elementsEqual(bytes[qname.range]) else {
            throw Failure(reason: "an end tag that does not match its start tag")
        }
        guard !open.isEmpty else { return top.element }
        open[open.count - 1].element.children.append(.element(top.element))
        return nil
    }

    /// The element a start tag makes, its namespaces resolved (Namespaces in XML 1.0), and the
    /// prefixes in scope for its content.
    private func resolve(_ qname: QName, _ raw: [(name: QName, value: String)], in inherited: [String: String])
        throws(Failure) -> (XMLElement, [String: String]) {
        var declarations: [String: String] = [:]
        var plain: [(prefix: String, local: String, value: String)] = []
        for (attribute, value) in raw {
            let (prefix, local) = parts(attribute)
            let declared: String
            if prefix.isEmpty && local == "xmlns" {
                declared = ""
            } else if prefix == "xmlns" {
                guard !value.isEmpty else { throw Failure(reason: "a prefix undeclared") }
                declared = local
            } else {
                plain.append((prefix, local, value))
                continue
            }
            try Self.checkBinding(prefix: declared, namespace: value)
            guard declarations.updateValue(value, forKey: declared) == nil else { throw Failure(reason: "a namespace declared twice") }
        }
        // Most elements declare nothing and share their parent's scope without a copy.
        let bindings = declarations.isEmpty ? inherited : inherited.merging(declarations) { $1 }
        let (prefix, local) = parts(qname)
        let namespace = try Self.namespace(of: prefix, in: bindings, unprefixed: bindings[""] ?? "")
        var attributes: [XMLName: String] = [:]
        for (attributePrefix, attributeLocal, value) in plain {
            let name = XMLName(try Self.namespace(of: attributePrefix, in: bindings, unprefixed: ""), attributeLocal)
            guard attributes.updateValue(value, forKey: name) == nil else { throw Failure(reason: "an attribute given twice") }
        }
        let element = XMLElement(name: XMLName(namespace, local), attributes: attributes, declarations: declarations, prefix: prefix)
        return (element, bindings)
    }

    /// The text read since the last tag, as the open element's next child.
    private mutating func flush() {
        defer { pending.removeAll(keepingCapacity: true) }
        guard !pending.isEmpty, !open.isEmpty else { return }
        open[open.count - 1].element.children.append(.text(String(decoding: pending, as: UTF8.self)))
    }
}
