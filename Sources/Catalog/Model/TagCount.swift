/// A tag and how many photos in the library carry it.
public struct TagCount: Sendable, Equatable {
    public var name: String
    public var count: Int

    /// Creates a count.
    public init(name: String, count: Int) { (self.name, self.count) = (name, count) }
}
