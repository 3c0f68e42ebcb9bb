/// One numbered page of a group.
public struct PhotoPage: Sendable, Equatable {
    public var photos: [PhotoCard]
    /// 1-based page number.
    public var number: Int
    public var pageCount: Int
    public var total: Int
}

/// Where one photo sits in its group under a sort.
public struct PhotoNeighbors: Sendable, Equatable {
    public var previous: PhotoCard?
    public var next: PhotoCard?
    /// 1-based position.
    public var position: Int
    public var total: Int
}
