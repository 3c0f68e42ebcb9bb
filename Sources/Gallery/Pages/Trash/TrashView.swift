import Foundation
import Catalog

/// The trash, with restore buttons.
struct TrashView: PageModel {
    static let template = "trash"
    struct Item: Encodable {
        var id: Int64
        var key, name: String
        var image: ThumbImage?  // admins only: a trashed photo's renditions are theirs to fetch
        var trashedText: Phrase
    }
    var chrome: PageChrome
    var items: [Item]
    var hasItems: Bool
    var summary: Phrase
    var csrf: String
    var restoreAction, emptyURL: SiteURL
    /// Restoring many at once goes through the selection form.
    let selectAction = SiteURL.Action.select.url
}

extension TrashView {
    /// The trash page of `items` for a visitor; only an admin's shows their pictures (a trashed
    /// photo's renditions are admins' alone to fetch), each one's time as a clock in `zone` read it.
    init(chrome: PageChrome, items: [TrashItem], forAdmin: Bool, csrf: String, zone: TimeZone) {
        self.init(chrome: chrome, items: items.map { item in
                      Item(id: item.id, key: item.key, name: SourceKey.name(of: item.key),
                           image: forAdmin ? ThumbImage(item.picture, alt: .verbatim(SourceKey.name(of: item.key))) : nil,
                           trashedText: .instant(item.trashedAt, in: zone))
                  },
                  hasItems: !items.isEmpty, summary: Phrase(count: items.count, "\(items.count) file", "\(items.count) files"), csrf: csrf,
                  restoreAction: SiteURL.Action.restore.url, emptyURL: SiteURL.confirmEmptyTrash)
    }
}
