import Foundation

extension DavXML {
    /// `element` (a dead property's value, stored and sent back later) as a self-contained
    /// fragment: every namespace it uses declared on its root, with the prefixes it was written
    /// with where they do not clash, so that reading it again gives the same names, attributes
    /// and text (under limits that allow its root one declaration per namespace of the tree, and
    /// names a made-up prefix longer). Written from an explicit stack, so no tree is too deep.
    static func fragment(_ element: XMLElement) -> String {
        let scope = FragmentScope(element)
        /// What is left to write, last first.
        enum Step { case element(XMLElement, root: Bool), text(String), end(String) }
        var out = ""
        var steps: [Step] = [.element(element, root: true)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                out += escape(text)
            case .end(let qname):
                out += "</" + qname + ">"
            case .element(let element, let root):
                let qname = scope.qualified(element.name, attribute: false)
                out += "<" + qname
                if root { out += scope.declarations }
                let attributes = element.attributes.sorted { ($0.key.namespace, $0.key.local) < ($1.key.namespace, $1.key.local) }
                for (name, value) in attributes {
                    out += " " + scope.qualified(name, attribute: true) + "=\"" + escape(value) + "\""
                }
                guard !element.children.isEmpty else { out += "/>"; continue }
                out += ">"
                steps.append(.end(qname))
                for child in element.children.reversed() {
                    switch child {
                    case .element(let child): steps.append(.element(child, root: false))
                    case .text(let text): steps.append(.text(text))
                    }
                }
            }
        }
        return out
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as references, safe as text and as an attribute value.
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&apos;".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
