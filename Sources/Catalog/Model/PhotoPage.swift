/// One numbered page of a group.
public struct PhotoPage: Sendable, Equatable {
    public var photos: [PhotoCard]
    /// 1-based page number.
    public var number: Int
    public var pageCount: Int
    public var total: Int
    /// On the Similar collection: the page's photos as runs of look-alikes, in order, covering
    /// every photo; nil on other groups.
    public var lookAlikes: [LookAlikeRun]? = nil
}

/// Where one photo sits in its group under a sort.
public struct PhotoNeighbors: Sendable, Equatable {
    public var previous: PhotoCard?
    public var next: PhotoCard?
    /// 1-based position.
    public var position: Int
    public var total: Int
    /// The group's page that holds it, where pages are not all of one size (the Similar
    /// collection keeps each group of look-alikes on one page); nil where page N holds the
    /// photos (N - 1) × page size + 1 onwards.
    public var page: Int? = nil
}
