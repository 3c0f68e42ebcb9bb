import Foundation

/// The XML of WebDAV request bodies (RFC 4918): a small namespace-aware reader of hostile bytes
/// and a writer of dead property values. No DTD is read and no entity but the five predefined
/// ones is expanded, ever; every size that input controls is capped by `Limits`.
enum DavXML {
    /// Caps on what one body may make the reader do.
    struct Limits: Sendable {
        var maxBytes = 1 << 20
        var maxDepth = 32
        var maxElements = 10_000
        /// Per element, `xmlns` declarations included.
        var maxAttributes = 64
        /// In bytes, prefix included.
        var maxNameLength = 256

        /// The defaults above.
        init() {}
    }

    /// Why a body was refused; the reason is for logs, never for the client.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// WebDAV's own namespace.
    static let dav = "DAV:"
    /// The namespace the `xml` prefix is bound to without a declaration.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The namespace of `xmlns` declarations, which no prefix may be bound to.
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// The root element of `bytes`, or a failure for anything that is not a well-formed,
    /// namespace-well-formed UTF-8 document within `limits`.
    static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(Failure) -> XMLElement {
        guard bytes.count <= limits.maxBytes else { throw Failure(reason: "body over \(limits.maxBytes) bytes") }
        guard DavXMLReader.isValidText(bytes) else { throw Failure(reason: "not UTF-8 text made of XML characters") }
        var reader = DavXMLReader(bytes: bytes, limits: limits)
        return try reader.document()
    }
}
