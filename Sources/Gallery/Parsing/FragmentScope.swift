import Foundation

/// The namespaces of a fragment `DavXML.fragment` writes: one prefix per namespace, all declared
/// on its root. A prefix the value was written with is kept when no other namespace had it first
/// (a value may name prefixes in its text, as `xsi:type` does); the rest are `ns0`, `ns1`, ….
struct FragmentScope {
    /// The default namespace: the root's, when it was written unprefixed and no element in the
    /// tree is in no namespace.
    private(set) var defaultNamespace: String?
    /// Whether some element is in no namespace, so the default is undeclared (`xmlns=""`).
    private(set) var unqualified = false
    private var prefixOf: [String: String] = [:]
    private var namespaceOf: [String: String] = [:]

    /// The scope for the tree under `root`.
    init(_ root: XMLElement) {
        // Namespaces in document order; an attribute's needs a prefix even when it is the default.
        var needed: [(namespace: String, attribute: Bool)] = []
        var stack = [root]
        while let element = stack.popLast() {
            for (prefix, namespace) in element.declarations.sorted(by: { $0.key < $1.key }) { claim(prefix, namespace) }
            claim(element.prefix, element.name.namespace)
            if element.name.namespace.isEmpty { unqualified = true } else { needed.append((element.name.namespace, false)) }
            needed += element.attributes.keys.map(\.namespace).filter { !$0.isEmpty }.sorted().map { ($0, true) }
            stack += element.elements.reversed()
        }
        if root.prefix.isEmpty, !unqualified, !Self.reserved(root.name.namespace) { defaultNamespace = root.name.namespace }
        var next = 0
        for (namespace, attribute) in needed where prefixOf[namespace] == nil && !Self.reserved(namespace)
            && (attribute || namespace != defaultNamespace) {
            while namespaceOf["ns\(next)"] != nil { next += 1 }
            claim("ns\(next)", namespace)
        }
    }

    /// The declarations for the root's start tag, each with its leading space.
    var declarations: String {
        var out = ""
        if let defaultNamespace { out += " xmlns=\"" + DavXML.escape(defaultNamespace) + "\"" } else if unqualified { out += " xmlns=\"\"" }
        for (prefix, namespace) in namespaceOf.sorted(by: { $0.key < $1.key }) {
            out += " xmlns:" + prefix + "=\"" + DavXML.escape(namespace) + "\""
        }
        return out
    }

    /// `name` as written in the fragment: an attribute in no namespace, or an element in none or
    /// in the default one, unprefixed.
    func qualified(_ name: XMLName, attribute: Bool) -> String {
        if name.namespace.isEmpty || (!attribute && name.namespace == defaultNamespace) { return name.local }
        if name.namespace == DavXML.xmlNamespace { return "xml:" + name.local }
        guard let prefix = prefixOf[name.namespace] else { return name.local }
        return prefix + ":" + name.local
    }

    /// Gives `namespace` the prefix when neither is taken and the prefix may be declared.
    private mutating func claim(_ prefix: String, _ namespace: String) {
        guard !prefix.isEmpty, !Self.reserved(namespace), prefixOf[namespace] == nil, namespaceOf[prefix] == nil,
              !prefix.lowercased().hasPrefix("xml"), Self.isNCName(prefix) else { return }
        prefixOf[namespace] = prefix
        namespaceOf[prefix] = namespace
    }

    /// No namespace, or one only its fixed prefix may name.
    private static func reserved(_ namespace: String) -> Bool {
        namespace.isEmpty || namespace == DavXML.xmlNamespace || namespace == DavXML.xmlnsNamespace
    }

    /// Whether `text` reads as a name without a colon (a prefix made in code may not).
    private static func isNCName(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        guard let first = scalars.first, DavXMLReader.isNameStart(first) else { return false }
        return scalars.allSatisfy(DavXMLReader.isNameChar)
    }
}
