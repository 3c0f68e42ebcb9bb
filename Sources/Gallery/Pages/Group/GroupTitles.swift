import Catalog
import Foundation

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
        case .filtered(.all, let filter): return monthTitle(filter) ?? "Search"
        case .filtered(let base, _): return title(base)
        }
    }

    /// "June 2024" for a search that is exactly one month of camera dates (a month of the
    /// timeline); nil for any other.
    static func monthTitle(_ filter: SearchFilter) -> String? {
        guard let from = filter.takenFrom else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: TimeInterval(from)))
        guard let year = c.year, let month = c.month, filter == TimelinePage.monthFilter(year: year, month: month) else { return nil }
        return "\(TimelinePage.monthNames[month - 1]) \(year)"
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
