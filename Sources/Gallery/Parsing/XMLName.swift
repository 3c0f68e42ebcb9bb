import Foundation

/// A namespace-qualified name: the namespace URI ("" for none) and the local part.
struct XMLName: Hashable, Sendable {
    var namespace: String
    var local: String
}

extension XMLName {
    /// The name `local` in `namespace`, unlabelled for the many names written in code.
    init(_ namespace: String, _ local: String) {
        self.init(namespace: namespace, local: local)
    }
}
