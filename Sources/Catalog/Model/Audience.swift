/// Who a request reads the catalog for, decided once from the request (`ScopedCatalog`).
public enum Audience: Sendable, Hashable {
    /// The household: a guest, a viewer, a member or an admin, with whose favorites pages show
    /// (`viewer`) and which private photos they may see (`sight`).
    case household(viewer: Viewer, sight: Sight)
    /// A share link's holders (of a link `maker` made): the link's group alone, nobody's private
    /// photo, the favorites of nobody; where each photo was taken only when the maker chose to
    /// show it.
    case link(group: PhotoGroup, maker: Int64, showsPlaces: Bool)
}
