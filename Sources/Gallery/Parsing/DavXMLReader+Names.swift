import Foundation

extension DavXMLReader {
    /// Where a qualified name was written, and its colon if it has a prefix.
    struct QName {
        var range: Range<Int>
        var colon: Int?
    }

    /// The name at the current position: one NCName, or two joined by one colon, each starting
    /// with a name-start character, at most `maxNameLength` bytes in all.
    mutating func name() throws(Failure) -> QName {
        let start = at
        var colon: Int?
        var partStart = true
        while at < bytes.count {
            let (scalar, width) = scalar(at: at)
            if scalar == 0x3A {
                guard !partStart, colon == nil else { throw Failure(reason: "a misplaced colon in a name") }
                colon = at
                partStart = true
                at += 1
                continue
            }
            if !Self.isNameStart(scalar) {
                guard Self.isNameChar(scalar) else { break }
                guard !partStart else { throw Failure(reason: "a name starting with a digit, - or .") }
            }
            partStart = false
            at += width
            guard at - start <= limits.maxNameLength else { throw Failure(reason: "a name too long") }
        }
        guard !partStart else { throw Failure(reason: "a name missing") }
        return QName(range: start..<at, colon: colon)
    }

    /// A qualified name's prefix ("" when none) and local part.
    func parts(_ qname: QName) -> (prefix: String, local: String) {
        guard let colon = qname.colon else { return ("", String(decoding: bytes[qname.range], as: UTF8.self)) }
        let prefix = String(decoding: bytes[qname.range.lowerBound..<colon], as: UTF8.self)
        return (prefix, String(decoding: bytes[(colon + 1)..<qname.range.upperBound], as: UTF8.self))
    }

    /// The namespace `prefix` stands for; `unprefixed` when it is "" (the default namespace for
    /// an element, none for an attribute).
    static func namespace(of prefix: String, in bindings: [String: String], unprefixed: String) throws(Failure) -> String {
        switch prefix {
        case "": return unprefixed
        case "xml": return DavXML.xmlNamespace
        case "xmlns": throw Failure(reason: "the xmlns prefix on a name")
        default:
            guard let namespace = bindings[prefix] else { throw Failure(reason: "a prefix not declared") }
            return namespace
        }
    }

    /// Refuses the declarations Namespaces in XML 1.0 forbids: `xml` bound elsewhere, `xmlns`
    /// declared, or either namespace given another prefix (or made the default).
    static func checkBinding(prefix: String, namespace: String) throws(Failure) {
        let reserved = namespace == DavXML.xmlNamespace || namespace == DavXML.xmlnsNamespace
        if prefix == "xml" {
            guard namespace == DavXML.xmlNamespace else { throw Failure(reason: "the xml prefix bound elsewhere") }
        } else if prefix == "xmlns" || reserved {
            throw Failure(reason: "a reserved prefix or namespace declared")
        }
    }
}
