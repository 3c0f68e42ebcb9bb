import Foundation

/// A household member who signs in.
public struct Account: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var role: Role
    public var createdAt: Int64
    /// How this person last chose to see group pages (a `ViewMode` name), nil until they chose.
    public var viewLayout: String?
    /// The language this person chose for pages (a language tag such as `de`), nil to follow the browser.
    public var language: String?

    public init(id: Int64, name: String, role: Role, createdAt: Int64, viewLayout: String? = nil, language: String? = nil) {
        (self.id, self.name, self.role, self.createdAt, self.viewLayout) = (id, name, role, createdAt, viewLayout)
        self.language = language
    }

    /// Account names: 1 to 32 letters, digits, `.`, `_` or `-`, so they are safe on a command line.
    /// Names no account may take: the WebDAV door's read-only folders (`/dav/library/`,
    /// `/dav/albums/`) sit where a member's inbox (`/dav/<name>/`) would.
    public static let reservedNames: Set<String> = ["library", "albums"]

    public static func validName(_ raw: String) -> String? {
        let name = normalized(raw)
        guard (1...32).contains(name.count),
              name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) })
        else { return nil }
        return name
    }

    /// A name as stored and looked up: NFKC-normalised, so look-alikes (fullwidth letters, the
    /// “ﬁ” ligature) are the same name and cannot be made as a second account; case is folded by
    /// the catalog's `NOCASE` comparison.
    public static func normalized(_ raw: String) -> String {
        raw.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespaces)
    }
}

/// Why an account change was refused.
public enum AccountError: Error, Equatable, CustomStringConvertible {
    case invalidName
    /// A name the WebDAV door keeps for its own folders (`Account.reservedNames`).
    case reservedName(String)
    case nameTaken(String)
    case notFound(String)
    case lastAdmin

    public var description: String {
        switch self {
        case .invalidName: return "An account name is 1 to 32 letters, digits, dots, dashes or underscores."
        case .reservedName(let name): return "“\(name)” names a folder of the WebDAV door (/dav/\(name)/): choose another name."
        case .nameTaken(let name): return "There is already an account called “\(name)”."
        case .notFound(let name): return "There is no account called “\(name)”."
        case .lastAdmin: return "This is the last admin account: make another admin first, so someone can still manage the gallery."
        }
    }
}
