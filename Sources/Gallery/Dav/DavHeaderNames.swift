import HTTPTypes

/// The request and answer headers RFC 4918 adds, named once.
extension HTTPField.Name {
    static let dav = HTTPField.Name("DAV")!
    static let depth = HTTPField.Name("Depth")!
    static let destination = HTTPField.Name("Destination")!
    static let overwrite = HTTPField.Name("Overwrite")!
    static let davIf = HTTPField.Name("If")!
    static let lockToken = HTTPField.Name("Lock-Token")!
    static let timeout = HTTPField.Name("Timeout")!
    static let msAuthorVia = HTTPField.Name("MS-Author-Via")!
}
