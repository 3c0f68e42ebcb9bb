/// A file the scan could not read, and why.
public struct ScanIssue: Sendable, Equatable {
    /// The file's key in the source.
    public var key: String
    /// Why it could not be read, for people.
    public var reason: String

    /// Creates an issue.
    public init(key: String, reason: String) { (self.key, self.reason) = (key, reason) }
}
