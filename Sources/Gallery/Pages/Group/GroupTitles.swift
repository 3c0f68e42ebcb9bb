import Catalog

/// Human names of groups, for headings, crumbs and back links.
enum GroupTitles {
    static func title(_ group: PhotoGroup) -> String {
        switch group {
        case .folder(let path): return path.isEmpty ? "Library root" : SourceKey.name(of: path)
        case .favorites: return "My favorites"
        case .topRated: return "Top rated"
        case .tag(let name): return "Tag: \(name)"
        case .recent: return "Recently added"
        case .duplicates: return "Duplicates"
        case .similar: return "Similar"
        case .all: return "Search"
        case .album: return "Album"
        case .filtered(let base, _): return title(base)
        }
    }

    static func emptyText(_ group: PhotoGroup) -> String {
        switch group {
        case .folder: return "This folder holds no photos."
        case .favorites: return "No favorites yet: open a photo and press “Add to favorites”."
        case .topRated: return "No photo has four or five stars yet."
        case .tag: return "No photo carries this tag any more."
        case .recent: return "The library is empty so far."
        case .duplicates: return "No duplicates: every photo is stored once."
        case .similar: return "No photo looks this much like another (photos are compared in the background after a scan)."
        case .all: return "The library is empty so far."
        case .album: return "This album is empty: select photos anywhere and choose “Add to album”, or add one from its photo page."
        case .filtered: return "No photo matches these filters."
        }
    }
}
