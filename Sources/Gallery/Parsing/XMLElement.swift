import Foundation

/// One element of a document read by `DavXML.parse`, with what is needed to write it back.
struct XMLElement: Sendable, Equatable {
    var name: XMLName
    /// Attributes by expanded name; `xmlns` declarations are in `declarations` instead.
    var attributes: [XMLName: String]
    var children: [XMLNode]
    /// Prefix ("" for the default namespace) to namespace URI, as declared on this element.
    var declarations: [String: String]
    /// The prefix the element was written with ("" for none).
    var prefix: String

    /// An element named `name`; the rest empty unless given.
    init(name: XMLName, attributes: [XMLName: String] = [:], children: [XMLNode] = [],
         declarations: [String: String] = [:], prefix: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.declarations = declarations
        self.prefix = prefix
    }

    /// The first child element named `name`.
    func first(_ name: XMLName) -> XMLElement? {
        for case .element(let child) in children where child.name == name { return child }
        return nil
    }

    /// Every child element named `name`, in order.
    func all(_ name: XMLName) -> [XMLElement] {
        elements.filter { $0.name == name }
    }

    /// The child elements, in order, without the text between them.
    var elements: [XMLElement] {
        children.compactMap { if case .element(let child) = $0 { child } else { nil } }
    }

    /// The direct text children joined (a child element's text is not included).
    var text: String {
        children.reduce(into: "") { if case .text(let run) = $1 { $0 += run } }
    }
}
