import Catalog
import Foundation

/// Human names of groups, for headings, crumbs and back links.
enum GroupTitles {
    static func title(_ group: PhotoGroup) -> Phrase {
        switch group {
        case .folder(let path): return path.isEmpty ? Phrase("All folders") : .verbatim(SourceKey.name(of: path))
        case .favorites: return Phrase("My favorites")
        case .topRated: return Phrase("Top rated")
        case .tag(let name): return Phrase("Tag: \(name)")
        case .recent: return Phrase("Recently added")
        case .duplicates: return Phrase("Duplicates")
        case .similar: return Phrase("Similar")
        case .all: return Phrase("Search")
        case .album: return Phrase("Album")
        case .filtered(.all, let filter): return monthTitle(filter) ?? Phrase("Search")
        case .filtered(let base, _): return title(base)
        }
    }

    /// "June 2024" for a search that is exactly one month of camera dates (a month of the
    /// timeline); nil for any other.
    static func monthTitle(_ filter: SearchFilter) -> Phrase? {
        guard let from = filter.takenFrom else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: TimeInterval(from)))
        guard let year = c.year, let month = c.month, filter == TimelinePage.monthFilter(year: year, month: month) else { return nil }
        return Phrase.date(from, .month)
    }

    static func emptyText(_ group: PhotoGroup) -> Phrase {
        switch group {
        case .folder: return Phrase("This folder holds no photos.")
        case .favorites: return Phrase("No favorites yet: open a photo and press “Add to favorites”.")
        case .topRated: return Phrase("No photo has four or five stars yet.")
        case .tag: return Phrase("No photo carries this tag any more.")
        case .recent: return Phrase("The library is empty so far.")
        case .duplicates: return Phrase("No duplicates: every photo is stored once.")
        case .similar: return Phrase("No photo looks this much like another (photos are compared in the background after a scan).")
        case .all: return Phrase("The library is empty so far.")
        case .album: return Phrase("This album is empty: select photos anywhere and choose “Add to album”, or add one from its photo page.")
        case .filtered: return Phrase("No photo matches these filters.")
        }
    }
}
